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
pub fn cut(text: &str, bytes: usize) -> &str {
    let end = (0..=bytes.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    &text[..end]
}
