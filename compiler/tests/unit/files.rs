use std::path::{Path, PathBuf};

use fairy_magic::stages::files::*;

#[test]
fn the_write_touches_only_its_target() {
    let dir = std::env::temp_dir().join(format!("fairy-magic-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("mod.rs");
    let neighbours = ["mod.rs.tmp", ".mod.rs.tmp", "mod.tmp", "mod.rs~"];
    for n in neighbours {
        std::fs::write(dir.join(n), n).unwrap();
    }
    // A name the writer would try first is taken: it must pick another, not replace it.
    let taken = dir.join(format!(".mod.rs.{}-0.tmp", std::process::id()));
    std::fs::write(&taken, "taken").unwrap();
    write_atomically(&target, "new").unwrap();
    write_atomically(&target, "newer").unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "newer");
    for n in neighbours {
        assert_eq!(std::fs::read_to_string(dir.join(n)).unwrap(), n, "{n} survives");
    }
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "taken");
    let count = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(count, neighbours.len() + 2, "nothing is left beside the target");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh folder of its own for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairy-magic-files-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_replaced_target_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("mode");
    let target = dir.join("mod.rs");
    for mode in [0o600, 0o640, 0o755] {
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode)).unwrap();
        write_atomically(&target, "new").unwrap();
        let now = std::fs::metadata(&target).unwrap().permissions().mode() & 0o7777;
        assert_eq!((now, std::fs::read_to_string(&target).unwrap().as_str()), (mode, "new"));
    }
    // Root replacing another user's file leaves it theirs. Only root may give a file away;
    // the folder is owned by whoever runs this.
    use std::os::unix::fs::MetadataExt;
    if std::fs::metadata(&dir).unwrap().uid() == 0 {
        std::os::unix::fs::chown(&target, Some(4321), Some(4321)).unwrap();
        write_atomically(&target, "newer").unwrap();
        let m = std::fs::metadata(&target).unwrap();
        assert_eq!((m.uid(), m.gid()), (4321, 4321));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_or_linked_target_is_refused_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("refused");
    let target = dir.join("mod.rs");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    let e = write_atomically(&target, "new").unwrap_err();
    assert!(e.to_string().contains("read-only"), "{e}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o444);

    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::hard_link(&target, dir.join("other.rs")).unwrap();
    let e = write_atomically(&target, "new").unwrap_err();
    assert!(e.to_string().contains("2 hard links"), "{e}");
    assert_eq!(std::fs::read_to_string(dir.join("other.rs")).unwrap(), "old");
    assert_eq!(names(&dir), ["mod.rs", "other.rs"], "no temporary file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_target_of_the_longest_name_is_written() {
    let dir = folder("long");
    for (name, len) in [("x".repeat(251) + ".rs", 254), ("é".repeat(125) + ".rs", 253)] {
        assert_eq!(name.len(), len);
        let target = dir.join(&name);
        write_atomically(&target, "new").unwrap();
        write_atomically(&target, "newer").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "newer");
        assert_eq!(names(&dir), std::slice::from_ref(&name));
        std::fs::remove_file(&target).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_watcher_hears_of_the_temporary_file_and_its_end() {
    let dir = folder("watch");
    let target = dir.join("mod.rs");
    let mut heard = Vec::new();
    write_atomically_watched(&target, "new", &mut |t| {
        heard.push(match t {
            Temporary::Created(tmp) => {
                assert!(tmp.exists() && tmp.parent() == Some(dir.as_path()), "{}", tmp.display());
                "created"
            }
            Temporary::Gone => "gone",
        })
    })
    .unwrap();
    assert_eq!(heard, ["created", "gone"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_file_under_two_names_is_the_same_file() {
    let dir = folder("same");
    let a = dir.join("a.variant");
    std::fs::write(&a, "a").unwrap();
    std::fs::write(dir.join("b.variant"), "a").unwrap();
    assert!(same_file(&a, &dir.join(".").join("a.variant")));
    assert!(!same_file(&a, &dir.join("b.variant")), "the same text is not the same file");
    assert!(!same_file(&a, &dir.join("missing")));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&a, dir.join("link")).unwrap();
        std::fs::hard_link(&a, dir.join("hard")).unwrap();
        assert!(same_file(&a, &dir.join("link")) && same_file(&a, &dir.join("hard")));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_name_is_cut_on_a_character_boundary() {
    assert_eq!(cut("abc", 2), "ab");
    assert_eq!(cut("abc", 9), "abc");
    assert_eq!(cut("aé", 2), "a");
    assert_eq!(cut("é", 1), "");
}

#[test]
fn an_endless_input_is_cut_at_the_cap() {
    let e = read_capped(Path::new("/dev/zero")).unwrap_err();
    assert!(e.to_string().contains("16 MiB"), "{e}");
}
