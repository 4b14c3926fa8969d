//! What the command asks of the operating system itself, so that no write is lost unsaid and
//! none leaves a file behind: a write past the file size limit fails with an error instead of
//! killing the process, a signal that stops the command removes the temporary file being
//! written, and whether standard output was open when the command started is known.
//!
//! A signal handler can only reach what is static, so the temporary file's name lives in a
//! static here, in atomics: the handler may read it on any thread at any moment, where a lock
//! could be held by the very thread it interrupted. This is the command's only global state.

#[cfg(unix)]
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use fairy_magic::stages::files::Temporary;

/// The longest temporary path a signal can remove, in bytes with its closing NUL: Linux's
/// `PATH_MAX`, the longest path a system call takes.
#[cfg(unix)]
const MAX_PATH: usize = 4096;

/// The temporary file being written, NUL-terminated, when [`ARMED`]. Its last byte is never
/// written, so it always ends in a NUL.
#[cfg(unix)]
static TEMPORARY: [AtomicU8; MAX_PATH] = [const { AtomicU8::new(0) }; MAX_PATH];

/// Whether [`TEMPORARY`] names a file of ours now.
#[cfg(unix)]
static ARMED: AtomicBool = AtomicBool::new(false);

/// Sets up the signals, first thing in `main`: SIGXFSZ (a file past `ulimit -f`) is ignored, so
/// that the write fails with EFBIG and is reported, rather than killing the process with no
/// word and the temporary file left; SIGINT, SIGTERM and SIGHUP remove the temporary file
/// being written, then end the process as they would have (a shell sees it killed by the
/// signal, so a loop of commands stops). A signal ignored by whoever started the command
/// (`nohup`, a background job) stays ignored.
pub fn set_up_signals() {
    #[cfg(unix)]
    {
        // SAFETY: setting a disposition to "ignore" runs no code of ours and touches no memory.
        unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: `sigaction` reads and writes only the structs passed, which are ours and
            // zeroed (a valid empty value for this plain C struct); `on_stop` is async-signal-safe.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0 || old.sa_sigaction == libc::SIG_IGN {
                    continue;
                }
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_stop as extern "C" fn(libc::c_int) as libc::sighandler_t;
                libc::sigemptyset(&mut new.sa_mask);
                libc::sigaction(signal, &new, std::ptr::null_mut());
            }
        }
    }
}

/// Runs `write`, which tells the watcher it is given of its temporary file ([`watch`]), with the
/// stopping signals held back until the file is armed: a signal landing after the file was
/// created and before its name reached the handler left it behind (a fresh-clone CI run saw
/// `.chess.rs.<pid>-0.tmp` stay after SIGTERM). A signal held back is delivered the moment the
/// file is armed, or when `write` returns without creating one.
pub fn write_watched<R>(write: impl FnOnce(&mut dyn FnMut(Temporary<'_>)) -> R) -> R {
    #[cfg(unix)]
    {
        let mut held = Some(HeldSignals::hold());
        write(&mut |event| {
            watch(event);
            if matches!(event, Temporary::Created(_)) {
                held = None;
            }
        })
    }
    #[cfg(not(unix))]
    write(&mut watch)
}

/// SIGINT, SIGTERM and SIGHUP blocked on this thread while it lives; dropping it restores the
/// mask it found, which delivers any of them that came meanwhile.
#[cfg(unix)]
struct HeldSignals(libc::sigset_t);

#[cfg(unix)]
impl HeldSignals {
    fn hold() -> HeldSignals {
        // SAFETY: the sets are ours, initialised by `sigemptyset` (or written by the call)
        // before they are read; `pthread_sigmask` changes only this thread's mask.
        unsafe {
            let mut stopping: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut stopping);
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::sigaddset(&mut stopping, signal);
            }
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::pthread_sigmask(libc::SIG_BLOCK, &stopping, &mut old);
            HeldSignals(old)
        }
    }
}

#[cfg(unix)]
impl Drop for HeldSignals {
    fn drop(&mut self) {
        // SAFETY: restores the mask `hold` read; a pending signal runs its handler here.
        unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &self.0, std::ptr::null_mut()) };
    }
}

/// Notes what a write does with its temporary file, for the signal handler: a created file is
/// removed if a signal stops the command before it is renamed or removed.
pub fn watch(event: Temporary<'_>) {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        ARMED.store(false, Ordering::SeqCst);
        if let Temporary::Created(path) = event {
            let bytes = path.as_os_str().as_bytes();
            // A path the system could not take is not ours (create would have failed); a path
            // with a NUL is none.
            if bytes.len() < MAX_PATH && !bytes.contains(&0) {
                for (slot, &byte) in TEMPORARY.iter().zip(bytes.iter().chain(&[0])) {
                    slot.store(byte, Ordering::Relaxed);
                }
                // Sequentially consistent: a handler that sees the flag sees the whole name.
                ARMED.store(true, Ordering::SeqCst);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = event;
}

/// The handler of the signals that stop the command: removes the temporary file, if one is
/// being written, then restores the signal's default action and raises it again. Only
/// async-signal-safe calls (`unlink`, `signal`, `raise`) and atomic loads.
#[cfg(unix)]
extern "C" fn on_stop(signal: libc::c_int) {
    if ARMED.load(Ordering::SeqCst) {
        let mut path = [0u8; MAX_PATH];
        for (byte, slot) in path.iter_mut().zip(&TEMPORARY) {
            *byte = slot.load(Ordering::Relaxed);
        }
        // SAFETY: `path` is NUL-terminated: TEMPORARY's last byte is never written.
        unsafe { libc::unlink(path.as_ptr().cast()) };
    }
    // SAFETY: both calls are async-signal-safe. The signal is blocked while its handler runs,
    // so the raised one is delivered, with its default action, as the handler returns.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// Whether standard output was closed (`>&-`) when the process started. Rust's runtime opens
/// `/dev/null` in its place before `main`, where every write would vanish unsaid, so it is
/// asked before that, from the program's initialisers (`.init_array`, run before `main`).
#[cfg(target_os = "linux")]
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Whether standard output was closed when the process started: not known here, where the
/// runtime's reopening cannot be looked behind.
#[cfg(not(target_os = "linux"))]
pub fn stdout_was_closed() -> bool {
    false
}

#[cfg(target_os = "linux")]
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static PROBE_STDOUT: extern "C" fn() = probe_stdout;

#[cfg(target_os = "linux")]
extern "C" fn probe_stdout() {
    // SAFETY: F_GETFD only asks whether the descriptor is open; it changes nothing.
    let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}
