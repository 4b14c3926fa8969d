//! Reading and writing the user's files within bounds: an input is read up to a cap, and an
//! output replaces its target atomically without touching any other file.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The largest input file read, in bytes: the largest variant file of any known variant is a
/// few KiB; the cap keeps `compile /dev/zero` from reading until memory runs out.
pub const MAX_INPUT: u64 = 16 << 20;

/// The bytes of `file`, or why it cannot be read: the system's error, or `InvalidData` when
/// it is longer than [`MAX_INPUT`] bytes (only that much plus one byte is ever read).
pub fn read_capped(file: &Path) -> std::io::Result<Vec<u8>> {
    let opened = std::fs::File::open(file)?;
    let mut bytes = Vec::new();
    opened.take(MAX_INPUT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is longer than the limit of {} MiB for an input file", MAX_INPUT >> 20),
        ));
    }
    Ok(bytes)
}

/// Whether `a` and `b` name one file: the same device and inode (through links and symbolic
/// links alike), so that `-o ./x.variant` is caught for input `x.variant` as `-o x.variant` is.
/// A path that does not exist is no file's.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => identity(&a) == identity(&b),
        _ => false,
    }
}

#[cfg(unix)]
fn identity(m: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

// Elsewhere no identity is known, and two unknowns are not taken for one file.
#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// What a write does with its temporary file, told to a watcher as it happens: a command that
/// may be stopped by a signal removes the file its watcher last heard of as created.
#[derive(Clone, Copy, Debug)]
pub enum Temporary<'a> {
    /// The file was just created, exclusively, under this name: it is the writer's alone.
    Created(&'a Path),
    /// The file no longer has that name: renamed onto the target, or removed.
    Gone,
}

/// Writes `text` to `path` through a temporary file beside it and a rename, so that a reader
/// never sees half a file (see [`write_atomically_watched`]).
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomically_watched(path, text, &mut |_| {})
}

/// Writes `text` to `path` through a temporary file beside it and a rename, so that a reader
/// never sees half a file, and tells `watch` when the temporary file is created and gone.
///
/// The temporary file is created exclusively (`create_new`, O_EXCL) under a name no other file
/// has, so no file of the user's is ever replaced or removed but the target; on any failure it
/// is removed and the old target stays as it was.
///
/// An existing target keeps its permissions, and its owner where the system allows. Two kinds of target are refused, with
/// `PermissionDenied`, rather than replaced, because replacing them would quietly undo what
/// their owner set up, and writing in place could leave them half-written:
/// - a read-only one (a write in place would be refused): as `cp` does, the owner makes it
///   writable or removes it first;
/// - one with other hard links: a new file would leave the other names on the old text, and a
///   write in place is not atomic. Refusing loses nothing; the owner removes the other links
///   or writes elsewhere.
pub fn write_atomically_watched(path: &Path, text: &str, watch: &mut dyn FnMut(Temporary<'_>)) -> std::io::Result<()> {
    let existing = match std::fs::metadata(path) {
        // Only a regular file is replaced through a rename: renaming over `/dev/null` (as root)
        // would put a plain file where the device was, and every later reader of /dev/null on
        // the machine would read what was written there. Devices, pipes and the like are
        // written to.
        Ok(m) if !m.is_file() => return std::fs::write(path, text),
        Ok(m) => {
            refuse_to_replace(path, &m)?;
            Some(m)
        }
        Err(_) => None,
    };
    let (tmp, mut file) = create_temporary(path)?;
    watch(Temporary::Created(&tmp));
    // The owner and permissions are set before a byte is written, so a private target's new
    // text is never readable by others, not even for a moment; the permissions after the owner,
    // whose change clears set-id bits.
    let written = existing
        .map_or(Ok(()), |m| {
            keep_owner(&file, &m);
            file.set_permissions(m.permissions())
        })
        .and_then(|()| file.write_all(text.as_bytes()))
        .and_then(|()| file.sync_all());
    drop(file);
    let renamed = written.and_then(|()| std::fs::rename(&tmp, path));
    if renamed.is_err() {
        // The temporary file is ours alone (created exclusively): removing it removes nothing
        // of the user's, and the old target stays as it was.
        let _ = std::fs::remove_file(&tmp);
    }
    watch(Temporary::Gone);
    renamed
}

/// Why the existing regular file `path` (with metadata `m`) is not replaced, if it is not.
fn refuse_to_replace(path: &Path, m: &std::fs::Metadata) -> std::io::Result<()> {
    let refused = |why: String| Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, why));
    let links = hard_links(m);
    if links > 1 {
        return refused(format!(
            "it has {links} hard links, and a new file would leave the others with the old text: \
             remove the other links, or write elsewhere"
        ));
    }
    // A mode without write bits says "keep this text" even to root, whom the system lets
    // write anything; opening for writing, without truncating, asks the system whether a write
    // in place would be allowed to this user (owner, groups, ACLs).
    let denied = |e: std::io::Error| e.kind() == std::io::ErrorKind::PermissionDenied;
    if m.permissions().readonly() || std::fs::OpenOptions::new().write(true).open(path).is_err_and(denied) {
        return refused("it is read-only: make it writable, or remove it, first".into());
    }
    Ok(())
}

/// Gives the new file the old one's owner and group where the system allows it: root replacing
/// a user's module leaves it the user's. Where it does not (another user's file, a group one is
/// not in), the file stays the writer's, as any new file is: that loses no text.
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, old: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &std::fs::File, _: &std::fs::Metadata) {}

#[cfg(unix)]
fn hard_links(m: &std::fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    m.nlink()
}

// Elsewhere the count is not known: a file is taken to have its one name.
#[cfg(not(unix))]
fn hard_links(_: &std::fs::Metadata) -> u64 {
    1
}

/// The longest part of the target's name a temporary name repeats, in bytes: with the dot, the
/// process id, the counter and `.tmp` it stays within the 255 bytes most file systems allow a
/// name (143 on eCryptfs), however long the target's own name is. Only the process id and
/// the counter make the name unique; the target's name is there for a reader of the folder.
const TEMPORARY_NAME_PART: usize = 100;

/// A new file beside `path`, `.<name>.<pid>-<n>.tmp` for the first `n` whose name is free,
/// where `<name>` is the target's name cut to [`TEMPORARY_NAME_PART`] bytes.
fn create_temporary(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let name = cut(&name, TEMPORARY_NAME_PART);
    let mut last = None;
    for n in 0..1000u32 {
        let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// The longest start of `text` of at most `bytes` bytes that ends on a character boundary.
fn cut(text: &str, bytes: usize) -> &str {
    let end = (0..=bytes.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
