//! The model's own files, out of the client's reach.
//!
//! Every piece of model memory is a memfd (so a dma-buf fd can be handed out
//! and mmapped). Those memfds must not sit in the client's fd table: a
//! program that closes fds it did not open (daemons do, before `exec`) would
//! pull the memory's file from under the model, a reused number would make
//! the model hand out or close an unrelated file, and every allocation would
//! cost the program one of its own fds (`RLIMIT_NOFILE`).
//!
//! So the memfds live in the fd table of one *keeper* thread that has
//! `unshare(CLONE_FILES)`d: its table is its own, empty but for the model's
//! memfds. The keeper creates them on request; mappings are process-wide,
//! and a new fd on the same file (a dma-buf fd for the client, or one to
//! mmap) is opened through `/proc/self/task/<keeper>/fd/<n>`, which the
//! kernel allows within a process. The client's table only ever holds the
//! fds the client asked for (device, channel, dma-buf fds), and the keeper's
//! fd numbers are bounded by `RLIMIT_NOFILE` separately from the client's.
//!
//! A forked child has no keeper thread: the first request in a new process
//! starts a new one. The keeper calls no libc function an `LD_PRELOAD`
//! library may interpose (it closes with the raw system call): it may be
//! serving a thread that holds the model's lock.

use std::ffi::CString;
use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// What identifies an open file: `(st_dev, st_ino)`.
pub type FileId = (u64, u64);

enum Req {
    /// memfd_create + ftruncate; reply with the keeper's fd number and the file.
    Create { name: CString, len: u64, reply: mpsc::Sender<io::Result<(RawFd, FileId)>> },
    /// Close one of the keeper's fds.
    Close(RawFd),
}

struct Keeper {
    pid: libc::pid_t,
    tid: libc::pid_t,
    tx: Mutex<mpsc::Sender<Req>>,
}

static KEEPER: Mutex<Option<Arc<Keeper>>> = Mutex::new(None);

/// The keeper of this process (a new one after a fork).
fn keeper() -> io::Result<Arc<Keeper>> {
    // SAFETY: getpid has no preconditions.
    let pid = unsafe { libc::getpid() };
    let mut k = KEEPER.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(k) = k.as_ref().filter(|k| k.pid == pid) {
        return Ok(k.clone());
    }
    let (tx, rx) = mpsc::channel::<Req>();
    let (tid_tx, tid_rx) = mpsc::channel::<io::Result<libc::pid_t>>();
    std::thread::Builder::new().name("gpuiface-mock-fds".into()).spawn(move || {
        // SAFETY: unshare(CLONE_FILES) gives this thread a private copy of
        // the fd table; close_range then empties that copy (the client's fds
        // stay open in the client's table).
        let r = unsafe {
            if libc::unshare(libc::CLONE_FILES) != 0 {
                Err(io::Error::last_os_error())
            } else {
                libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
                Ok(libc::gettid())
            }
        };
        let ok = r.is_ok();
        let _ = tid_tx.send(r);
        if ok {
            serve(rx);
        }
    })?;
    let tid = tid_rx.recv().map_err(|_| io::Error::other("fd keeper thread died"))??;
    let new = Arc::new(Keeper { pid, tid, tx: Mutex::new(tx) });
    *k = Some(new.clone());
    Ok(new)
}

fn serve(rx: mpsc::Receiver<Req>) {
    for req in rx {
        match req {
            Req::Create { name, len, reply } => {
                let _ = reply.send(create(&name, len));
            }
            Req::Close(fd) => close_raw(fd),
        }
    }
}

fn create(name: &CString, len: u64) -> io::Result<(RawFd, FileId)> {
    // SAFETY: memfd_create with a NUL-terminated name; the result is checked.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` is the memfd just created; fstat into a zeroed buffer.
    let r = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if libc::ftruncate(fd, len as libc::off_t) != 0 || libc::fstat(fd, &mut st) != 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok((fd, (st.st_dev, st.st_ino)))
        }
    };
    if r.is_err() {
        close_raw(fd);
    }
    r
}

/// close(2) as a raw system call: an `LD_PRELOAD` library that interposes
/// `close` (this crate's own does) must not be entered from the keeper, which
/// may be serving a thread that holds the model's lock.
fn close_raw(fd: RawFd) {
    // SAFETY: closes one of the keeper's own fds, which no one else uses.
    unsafe { libc::syscall(libc::SYS_close, fd) };
}

/// A memfd held by the keeper. Dropping it closes the keeper's fd (the
/// memory stays while mappings or client fds refer to it).
#[derive(Debug)]
pub struct KeptFd {
    keeper_pid: libc::pid_t,
    tid: libc::pid_t,
    fd: RawFd,
    id: FileId,
}

impl KeptFd {
    /// A new zero-filled memfd of `len` bytes, named `name`.
    pub fn memfd(name: &str, len: u64) -> io::Result<KeptFd> {
        let k = keeper()?;
        let (reply, answer) = mpsc::channel();
        let name = CString::new(name).unwrap_or_default();
        k.tx.lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(Req::Create { name, len, reply })
            .map_err(|_| io::Error::other("fd keeper gone"))?;
        let (fd, id) = answer.recv().map_err(|_| io::Error::other("fd keeper gone"))??;
        Ok(KeptFd { keeper_pid: k.pid, tid: k.tid, fd, id })
    }

    /// The file.
    pub fn file_id(&self) -> FileId {
        self.id
    }

    /// A new fd on the same file in the caller's table (close-on-exec),
    /// owned by the caller: a dma-buf fd for the client, or one to mmap.
    pub fn open(&self) -> io::Result<OwnedFd> {
        let path = CString::new(format!("/proc/self/task/{}/fd/{}", self.tid, self.fd))
            .map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?;
        // SAFETY: open with a NUL-terminated path; the result is checked.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // The keeper's number could only name another file if the keeper
        // closed it, which only our drop does.
        // SAFETY: `fd` was just opened and is owned by no one else.
        Ok(unsafe { OwnedFd::from_raw_fd(fd) })
    }
}

impl Drop for KeptFd {
    fn drop(&mut self) {
        // SAFETY: getpid has no preconditions.
        if unsafe { libc::getpid() } != self.keeper_pid {
            return; // a forked child: the parent's keeper is not here
        }
        if let Ok(k) = keeper() {
            let _ = k.tx.lock().unwrap_or_else(|p| p.into_inner()).send(Req::Close(self.fd));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_memfds_are_not_in_the_callers_table_and_reopen_to_the_same_file() {
        let k = KeptFd::memfd("t", 8192).unwrap();
        // The keeper's number is not an fd of ours on that file.
        // SAFETY: libc::stat is plain old data; all-zero is a valid value.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat into a local buffer.
        let ours = unsafe { libc::fstat(k.fd, &mut st) } == 0 && (st.st_dev, st.st_ino) == k.file_id();
        assert!(!ours);
        let fd = k.open().unwrap();
        // SAFETY: fstat into a local buffer.
        assert_eq!(unsafe { libc::fstat(std::os::fd::AsRawFd::as_raw_fd(&fd), &mut st) }, 0);
        assert_eq!((st.st_dev, st.st_ino), k.file_id());
        assert_eq!(st.st_size, 8192);
    }
}
