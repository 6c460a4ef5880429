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
//! memfds. The keeper creates them (a few ahead of demand); mappings are process-wide, and a new fd on the same file (a dma-buf fd
//! for the client, or one to mmap) is copied out with `pidfd_getfd` through
//! a pidfd of the keeper thread (Linux 6.9+; opened for the call and closed
//! after it), or else opened through `/proc/<pid>/task/<keeper>/fd/<n>`; the
//! kernel allows both within a process, and the second also from a forked
//! child while its parent lives. The client's table only ever holds the
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
    /// memfd_create; reply with the keeper's fd number and the file.
    Create { name: CString, reply: mpsc::Sender<io::Result<(RawFd, FileId)>> },
    /// Fill the pool of ready memfds.
    Refill,
    /// Close one of the keeper's fds.
    Close(RawFd),
}

/// Empty memfds the keeper makes ahead of demand, so that an allocation
/// usually takes one without a round trip to the keeper thread. Small: the
/// pool counts against the keeper's `RLIMIT_NOFILE` like live memory.
const POOL: usize = 8;

#[derive(Default)]
struct Pool {
    ready: Mutex<Vec<(RawFd, FileId)>>,
    refilling: std::sync::atomic::AtomicBool,
}

struct Keeper {
    pid: libc::pid_t,
    tid: libc::pid_t,
    tx: Mutex<mpsc::Sender<Req>>,
    pool: Arc<Pool>,
    /// Whether thread pidfds (`PIDFD_THREAD`, Linux 6.9+) work, through which
    /// `pidfd_getfd` copies a keeper fd into the caller's table: -1 not
    /// known yet (or they do); -2 unsupported (the /proc way is used).
    pidfd: std::sync::atomic::AtomicI32,
}

impl Keeper {
    fn send(&self, req: Req) -> io::Result<()> {
        self.tx.lock().unwrap_or_else(|p| p.into_inner()).send(req).map_err(|_| io::Error::other("fd keeper gone"))
    }
}

static KEEPER: Mutex<Option<Arc<Keeper>>> = Mutex::new(None);

/// The keeper registry's lock, held across a `fork(2)` so a forked child
/// never inherits it held by a thread it does not have (its first
/// allocation takes it to start the child's own keeper).
pub(crate) struct ForkLock(#[allow(dead_code)] std::sync::MutexGuard<'static, Option<Arc<Keeper>>>);

/// Take [`ForkLock`] (before a fork; drop it after, in parent and child).
pub(crate) fn lock_for_fork() -> ForkLock {
    ForkLock(KEEPER.lock().unwrap_or_else(|p| p.into_inner()))
}

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
    let pool = Arc::new(Pool::default());
    let served = pool.clone();
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
            serve(rx, &served);
        }
    })?;
    let tid = tid_rx.recv().map_err(|_| io::Error::other("fd keeper thread died"))??;
    let new = Arc::new(Keeper { pid, tid, tx: Mutex::new(tx), pool, pidfd: std::sync::atomic::AtomicI32::new(-1) });
    *k = Some(new.clone());
    Ok(new)
}

fn serve(rx: mpsc::Receiver<Req>, pool: &Pool) {
    let pooled = CString::new("gpuiface-mock").unwrap_or_default();
    for req in rx {
        match req {
            Req::Create { name, reply } => {
                let _ = reply.send(create(&name));
            }
            Req::Refill => {
                while pool.ready.lock().unwrap_or_else(|p| p.into_inner()).len() < POOL {
                    let Ok(made) = create(&pooled) else { break };
                    pool.ready.lock().unwrap_or_else(|p| p.into_inner()).push(made);
                }
                pool.refilling.store(false, std::sync::atomic::Ordering::Release);
            }
            Req::Close(fd) => close_raw(fd),
        }
    }
}

fn create(name: &CString) -> io::Result<(RawFd, FileId)> {
    // Sealable, so `KeptFd::memfd` can fix its size once set.
    // SAFETY: memfd_create with a NUL-terminated name; the result is checked.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` is the memfd just created; fstat into a zeroed buffer.
    let r = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        if fstat_raw(fd, &mut st) != 0 {
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
/// `fstat` by system call. Under the preload library `fstat` is the
/// library's own (it answers for the device nodes), and it must not be
/// entered from the keeper thread, which may be serving a thread that holds
/// the model's lock.
///
/// # Safety
/// `st` must be valid for writes of one `libc::stat`.
unsafe fn fstat_raw(fd: RawFd, st: &mut libc::stat) -> i32 {
    // SAFETY: newfstatat(fd, "", st, AT_EMPTY_PATH) writes one stat into `st`
    // (the caller's guarantee); the empty path is a valid C string.
    unsafe { libc::syscall(libc::SYS_newfstatat, fd, c"".as_ptr(), st as *mut libc::stat, libc::AT_EMPTY_PATH) as i32 }
}

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
    /// A new zero-filled memfd of `len` bytes (from the keeper's small pool,
    /// else made for the call and named `name`), and an fd on it in the
    /// caller's table (close-on-exec) to map it with. Its size is sealed
    /// (`F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL`): no fd on it, the
    /// client's dma-buf fds included, can truncate it under a mapping (as no
    /// one can resize a real dma-buf), so a mapping of `len` bytes stays
    /// backed whole.
    pub fn memfd(name: &str, len: u64) -> io::Result<(KeptFd, OwnedFd)> {
        let k = keeper()?;
        let pooled = {
            let mut ready = k.pool.ready.lock().unwrap_or_else(|p| p.into_inner());
            let got = ready.pop();
            if ready.len() < POOL / 2 && !k.pool.refilling.swap(true, std::sync::atomic::Ordering::AcqRel) {
                let _ = k.send(Req::Refill);
            }
            got
        };
        let (fd, id) = match pooled {
            Some(made) => made,
            None => {
                let (reply, answer) = mpsc::channel();
                k.send(Req::Create { name: CString::new(name).unwrap_or_default(), reply })?;
                answer.recv().map_err(|_| io::Error::other("fd keeper gone"))??
            }
        };
        let kept = KeptFd { keeper_pid: k.pid, tid: k.tid, fd, id };
        let file = kept.open()?;
        // SAFETY: ftruncate on the fd just opened; the result is checked.
        if unsafe { libc::ftruncate(std::os::fd::AsRawFd::as_raw_fd(&file), len as libc::off_t) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let seals = libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_SEAL;
        // SAFETY: F_ADD_SEALS on the memfd just sized; it only restricts later
        // resizing of the file. The result is checked.
        if unsafe { libc::fcntl(std::os::fd::AsRawFd::as_raw_fd(&file), libc::F_ADD_SEALS, seals) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok((kept, file))
    }

    /// The file.
    pub fn file_id(&self) -> FileId {
        self.id
    }

    /// A new fd on the same file in the caller's table (close-on-exec),
    /// owned by the caller: a dma-buf fd for the client, or one to mmap.
    pub fn open(&self) -> io::Result<OwnedFd> {
        if let Some(fd) = self.getfd() {
            return Ok(fd);
        }
        // The portable way: reopen the keeper's fd through /proc (slower). By
        // the keeper's process id, not `self`: a forked child reaches the
        // memory its parent's keeper holds, as long as the parent lives.
        let path = CString::new(format!("/proc/{}/task/{}/fd/{}", self.keeper_pid, self.tid, self.fd))
            .map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?;
        // SAFETY: open with a NUL-terminated path; the result is checked.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `fd` was just opened and is owned by no one else.
        Ok(unsafe { OwnedFd::from_raw_fd(fd) })
    }

    /// `pidfd_getfd` through a pidfd of the keeper thread, when the kernel
    /// has thread pidfds; the result is checked to be this file.
    ///
    /// The pidfd is opened for the call and closed after it, never kept: any
    /// number the model kept in the client's table would be a number the
    /// client may be handed on an Orin, under some fd limit (issue 40 item
    /// 3: a pidfd kept at half `RLIMIT_NOFILE` took fd 10 under
    /// `ulimit -n 20`, and the client's channel became fd 11). While the
    /// pidfd is open it holds the lowest free number, so the copy lands one
    /// above; it is then moved down to the number a kernel would have given
    /// it, the lowest free one.
    fn getfd(&self) -> Option<OwnedFd> {
        use std::sync::atomic::Ordering;
        let k = keeper().ok().filter(|k| k.tid == self.tid)?;
        if k.pidfd.load(Ordering::Relaxed) == -2 {
            return None;
        }
        // SAFETY: pidfd_open(tid, PIDFD_THREAD) has no memory effects; checked.
        let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, self.tid, libc::O_EXCL) } as i32;
        if pidfd < 0 {
            let errno = io::Error::last_os_error().raw_os_error();
            if matches!(errno, Some(libc::EINVAL | libc::ENOSYS | libc::EPERM)) {
                // No thread pidfds on this kernel (before 6.9): the /proc way from now on.
                k.pidfd.store(-2, Ordering::Relaxed);
            }
            return None;
        }
        // SAFETY: pidfd_getfd copies an fd of the keeper thread into our table; checked.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_getfd, pidfd, self.fd, 0) } as i32;
        close_raw(pidfd);
        if fd < 0 {
            return None;
        }
        let fd = lowest_free(fd);
        // SAFETY: fstat into a zeroed local buffer.
        let same = unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            fstat_raw(fd, &mut st) == 0 && (st.st_dev, st.st_ino) == self.id
        };
        if !same {
            close_raw(fd);
            return None;
        }
        // SAFETY: `fd` is new in our table and owned by no one else.
        Some(unsafe { OwnedFd::from_raw_fd(fd) })
    }
}

/// Move a new fd of ours (close-on-exec) to the lowest free number, where
/// the kernel would have put it, when that is lower; the number it ends at.
fn lowest_free(fd: RawFd) -> RawFd {
    // SAFETY: F_DUPFD_CLOEXEC of an fd we own; the result is checked.
    let low = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if low < 0 {
        return fd;
    }
    if low < fd {
        close_raw(fd);
        low
    } else {
        close_raw(low);
        fd
    }
}

impl Drop for KeptFd {
    fn drop(&mut self) {
        // SAFETY: getpid has no preconditions.
        if unsafe { libc::getpid() } != self.keeper_pid {
            return; // a forked child: the parent's keeper is not here
        }
        if let Ok(k) = keeper() {
            let _ = k.send(Req::Close(self.fd));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_memfds_are_not_in_the_callers_table_and_reopen_to_the_same_file() {
        let (k, _mapping_fd) = KeptFd::memfd("t", 8192).unwrap();
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

    #[test]
    fn kept_memfds_cannot_be_resized_under_their_mappings() {
        let (k, fd) = KeptFd::memfd("t", 8192).unwrap();
        let other = k.open().unwrap();
        for f in [&fd, &other] {
            let raw = std::os::fd::AsRawFd::as_raw_fd(f);
            // SAFETY: ftruncate on an fd this test owns; it must fail (sealed).
            assert_ne!(unsafe { libc::ftruncate(raw, 0) }, 0, "shrinking a sealed memfd");
            assert_eq!(io::Error::last_os_error().raw_os_error(), Some(libc::EPERM));
            // SAFETY: as above.
            assert_ne!(unsafe { libc::ftruncate(raw, 1 << 20) }, 0, "growing a sealed memfd");
        }
    }
}
