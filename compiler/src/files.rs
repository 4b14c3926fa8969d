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

/// Writes `text` to `path` through a temporary file beside it and a rename, so that a reader
/// never sees half a file. The temporary file is created exclusively (`create_new`, O_EXCL)
/// under a name no other file has, so no file of the user's is ever replaced or removed but
/// the target.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    // Only a regular file is replaced through a rename: renaming over `/dev/null` (as root)
    // would put a plain file where the device was, and every later reader of /dev/null on the
    // machine would read what was written there. Devices, pipes and the like are written to.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, text);
    }
    let (tmp, mut file) = create_temporary(path)?;
    let written = file.write_all(text.as_bytes()).and_then(|()| file.sync_all());
    drop(file);
    let renamed = written.and_then(|()| std::fs::rename(&tmp, path));
    if renamed.is_err() {
        // The temporary file is ours alone (created exclusively): removing it removes nothing
        // of the user's, and the old target stays as it was.
        let _ = std::fs::remove_file(&tmp);
    }
    renamed
}

/// A new file beside `path`, `.<name>.<pid>-<n>.tmp` for the first `n` whose name is free.
fn create_temporary(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
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

    #[test]
    fn an_endless_input_is_cut_at_the_cap() {
        let e = read_capped(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("16 MiB"), "{e}");
    }
}
