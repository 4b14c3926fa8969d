//! The command line's conventions: exit codes, errors on standard error, -q and -v.

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn exit_codes_say_who_was_wrong() {
    let (code, out, _) = run(&["--version"]);
    assert_eq!((code, out.starts_with("fairy-magic ")), (Some(0), true));
    let (code, out, _) = run(&["compile", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Example: fairy-magic compile"), "{out}");
    for sub in ["moves", "show"] {
        let (_, out, _) = run(&[sub, "--help"]);
        assert!(out.contains("Example: fairy-magic"), "{sub}: {out}");
    }
    let (code, _, err) = run(&["compile", "--no-such-flag"]);
    assert_eq!(code, Some(1), "{err}");
    let (code, out, err) = run(&["compile", "missing.variant"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.contains("cannot read missing.variant"), "{err}");
}

#[test]
fn compile_writes_the_module_and_is_quiet_or_verbose_on_request() {
    let path = std::env::temp_dir().join(format!("fairy-magic-cli-{}.rs", std::process::id()));
    let target = path.display().to_string();
    let (code, out, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &target]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "", ""));
    let module = std::fs::read_to_string(&path).unwrap();
    // The header's command is run in the module's folder: the paths are relative to it.
    let command = format!("/variants/chess.variant -o fairy-magic-cli-{}.rs`", std::process::id());
    assert!(module.contains("pub fn attacks(") && module.contains(&command), "{}", &module[..400]);
    let (code, _, err) = run(&["-v", "compile", "variants/chess.variant", "-o", &target]);
    assert_eq!(code, Some(0));
    assert!(err.contains("fairy-magic: compiling variants/chess.variant:"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

/// A fresh folder of its own for one test, removed when dropped.
struct Folder(std::path::PathBuf);

impl Folder {
    fn new(test: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("fairy-magic-cli-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    /// A path in the folder, as text for an argument.
    fn at(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// The names in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `script` in `sh` with the binary as `$0` and `args` after it, from the repository.
fn shell(script: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new("sh")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["-c", script, env!("CARGO_BIN_EXE_fairy-magic")])
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Past `ulimit -f` a write fails with EFBIG, which is reported (exit 1), and the temporary file
/// is removed: the signal SIGXFSZ used to kill the command silently, leaving it behind.
#[test]
fn a_write_past_the_file_size_limit_is_an_error_and_leaves_nothing() {
    let dir = Folder::new("ulimit");
    let out = dir.at("chess.rs");
    // The chess module is about 230 KB, past 100 blocks of 1 KiB.
    let (code, _, err) = shell(r#"ulimit -f 100 && exec "$0" -q compile variants/chess.variant -o "$1""#, &[&out]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains(&format!("cannot write {out}: File too large")), "{err}");
    assert!(dir.names().is_empty(), "{:?}", dir.names());
    let (code, _, err) = shell(r#"ulimit -f 100 && exec "$0" -q compile variants/chess.variant > "$1""#, &[&out]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot write to standard output: File too large"), "{err}");
}

/// A module printed on a standard output that was closed (`>&-`) is lost: that is an error.
#[test]
fn a_closed_standard_output_is_an_error() {
    for args in [&["compile", "variants/chess.variant"][..], &["moves", "N", "--from", "d4"], &["moves", "--batch"]] {
        let (code, _, err) = shell(r#"exec "$0" "$@" >&- </dev/null"#, args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output: it was closed when the command started"), "{err}");
    }
    // /dev/null is a place to write to, not a closed output.
    let (code, _, err) = shell(r#"exec "$0" moves N --from d4 >/dev/null"#, &[]);
    assert_eq!(code, Some(0), "{err}");
}

/// SIGINT or SIGTERM while the module is being written removes the temporary file, and the
/// command ends as killed by the signal. The signal is sent as soon as the temporary file is
/// seen; of several tries, at least one must land before the rename (the target never
/// appears), and none may leave a file behind.
///
/// The write lasts well under a millisecond. On a quiet machine the first try or two land; on
/// a loaded one this thread, watching the folder, is often off the CPU through the whole write
/// (20 tries out of 20 have missed with CPU-bound tests on both cores). So the tries go on, up
/// to `TRIES`, until one lands.
#[cfg(unix)]
#[test]
fn a_signal_during_the_write_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    const TRIES: usize = 100;
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut landed = false;
        for attempt in 0..TRIES {
            let dir = Folder::new(&format!("signal-{signal}-{attempt}"));
            let target = dir.at("chess.rs");
            let mut child = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
                .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
                .args(["-q", "compile", "variants/chess.variant", "-o", &target])
                .spawn()
                .unwrap();
            let mut seen = false;
            while child.try_wait().unwrap().is_none() {
                if dir.names().iter().any(|n| n.ends_with(".tmp")) {
                    // SAFETY: kill only sends a signal to the child, whose id this is.
                    unsafe { libc::kill(child.id() as libc::pid_t, signal) };
                    seen = true;
                    break;
                }
            }
            let status = child.wait().unwrap();
            let names = dir.names();
            assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{signal}: {names:?} left");
            if seen && status.signal() == Some(signal) && names.is_empty() {
                landed = true;
                break;
            }
        }
        assert!(landed, "signal {signal} never landed during a write in {TRIES} tries");
    }
}

/// `-o` naming the input, under any name, is refused and nothing is written.
#[cfg(unix)]
#[test]
fn the_output_never_replaces_the_input() {
    let dir = Folder::new("input");
    let variant = dir.at("x.variant");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.variant")).unwrap();
    std::fs::write(&variant, &text).unwrap();
    std::os::unix::fs::symlink(&variant, dir.0.join("link.rs")).unwrap();
    for out in [variant.clone(), dir.at("./x.variant"), dir.at("link.rs")] {
        let (code, _, err) = run(&["compile", &variant, "-o", &out]);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains(&format!("cannot write {out}: it is the input file {variant}")), "{err}");
        for html in [&["show", &variant, "--html", &out][..], &["show", &variant, "K", "--svg", &out]] {
            let (code, _, err) = run(html);
            assert_eq!(code, Some(1), "{err}");
        }
    }
    assert_eq!(std::fs::read_to_string(&variant).unwrap(), text);
    let ini = dir.at("fsf.ini");
    let ini_text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf-example.ini")).unwrap();
    std::fs::write(&ini, &ini_text).unwrap();
    let (code, _, err) = run(&["import", &ini, "--section", "capablanca-like", "-o", &dir.at("./fsf.ini")]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("it is the input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&ini).unwrap(), ini_text);
    assert_eq!(dir.names(), ["fsf.ini", "link.rs", "x.variant"]);
}

/// A replaced module keeps its permissions; a read-only or hard-linked one is refused and kept
/// (see `files::write_atomically_watched` for why).
#[cfg(unix)]
#[test]
fn a_target_keeps_its_mode_and_read_only_or_linked_targets_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Folder::new("mode");
    let target = dir.at("chess.rs");
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o700)).unwrap();
    let (code, _, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &target]);
    assert_eq!((code, mode(&target)), (Some(0), 0o700), "{err}");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::write(dir.0.join("readonly.rs"), "old").unwrap();
    std::fs::set_permissions(dir.0.join("readonly.rs"), std::fs::Permissions::from_mode(0o444)).unwrap();
    let (code, _, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &dir.at("readonly.rs")]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("it is read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.0.join("readonly.rs")).unwrap(), "old");
    std::fs::write(dir.0.join("linked.rs"), "old").unwrap();
    std::fs::hard_link(dir.0.join("linked.rs"), dir.0.join("other.rs")).unwrap();
    let (code, _, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &dir.at("linked.rs")]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("it has 2 hard links"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.0.join("other.rs")).unwrap(), "old");
    assert_eq!(dir.names(), ["chess.rs", "linked.rs", "other.rs", "readonly.rs"]);
}

/// A name of 254 bytes is a valid name; the temporary file's must be too.
#[test]
fn a_target_with_a_long_name_is_written() {
    let dir = Folder::new("long");
    let name = "m".repeat(251) + ".rs";
    let (code, _, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &dir.at(&name)]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(dir.names(), [name]);
}
