//! The fd table: what each fd the model handed out stands for
//! ([`FdObj`]), how a `dup` or a number reused behind the model's back is
//! recognised (by the file's device and inode), and what goes when the last
//! fd on a file closes.

use std::os::fd::RawFd;
use std::sync::Arc;

use gpuiface_hal::Errno;

pub(crate) use crate::fdkeeper::FileId;

use super::state::lock;
use super::{channel, nvmap, tsg, vm, KResult, KState, MockKernel};
use crate::mem::Backing;

/// What an fd refers to.
#[derive(Debug, Clone)]
pub(crate) enum FdObj {
    /// A `/dev/nvmap` client (each open is one, with its own handles).
    Nvmap(u32),
    Ctrl {
        page: Arc<Backing>,
        mapped: bool,
    },
    As(u32),
    Tsg(u32),
    Channel(u32),
    DmaBuf {
        handle: u32,
        backing: Arc<Backing>,
    },
    /// A TSG event fd (EVENT_ID_CTRL).
    Event,
}

impl FdObj {
    /// An object with kernel state that lives as long as its file (a
    /// channel, TSG, AS or nvmap client). Dma-buf, ctrl and event fds share
    /// their file with the model's own memory fds and own no such state.
    fn is_kernel_object(&self) -> bool {
        matches!(self, FdObj::Channel(_) | FdObj::Tsg(_) | FdObj::As(_) | FdObj::Nvmap(_))
    }

    pub(super) fn kind(&self) -> &'static str {
        match self {
            FdObj::Nvmap(_) => "nvmap",
            FdObj::Ctrl { .. } => "ctrl",
            FdObj::As(_) => "as",
            FdObj::Tsg(_) => "tsg",
            FdObj::Channel(_) => "channel",
            FdObj::DmaBuf { .. } => "dmabuf",
            FdObj::Event => "event",
        }
    }
}

impl KState {
    /// A fresh real fd (a small memfd) standing for a kernel object.
    pub(crate) fn new_fd(&mut self, obj: FdObj) -> KResult<RawFd> {
        let fd = match &obj {
            FdObj::DmaBuf { backing, .. } | FdObj::Ctrl { page: backing, .. } => match backing.open_fd() {
                Ok(fd) => std::os::fd::IntoRawFd::into_raw_fd(fd),
                Err(e) => return Err(Errno(e.raw_os_error().unwrap_or(libc::ENOMEM))),
            },
            _ => {
                let name = std::ffi::CString::new(format!("gpuiface-mock:{}", obj.kind())).unwrap_or_default();
                // SAFETY: memfd_create with a NUL-terminated name; the result is checked.
                unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) }
            }
        };
        if fd < 0 {
            return Err(Errno::last());
        }
        self.fds.insert(fd, obj);
        if let Some(id) = file_id(fd) {
            self.fd_ids.insert(fd, id);
        }
        Ok(fd)
    }

    /// The number the model knows `fd`'s file by: `fd` itself, or the
    /// original of a `dup`. `None`: not a file of the model (or a number
    /// reused for another file).
    pub(crate) fn canonical(&self, fd: RawFd) -> Option<RawFd> {
        let id = file_id(fd)?;
        if self.fd_ids.get(&fd) == Some(&id) {
            return Some(fd);
        }
        self.fd_ids.iter().find(|(n, i)| **i == id && self.fds.contains_key(n)).map(|(n, _)| *n)
    }

    /// The object behind `fd` (a dup included), for fds passed inside
    /// ioctl arguments (BIND_CHANNEL's channel, CREATE_SUBCONTEXT's AS).
    pub(crate) fn obj(&self, fd: RawFd) -> Option<&FdObj> {
        self.canonical(fd).and_then(|c| self.fds.get(&c))
    }

    /// The dma-buf behind `fd`: ours by number, or one the program dup'ed
    /// itself, recognised by the memfd's inode.
    pub(crate) fn dmabuf(&self, fd: i64) -> KResult<(u32, Arc<Backing>)> {
        if fd < 0 || fd > i64::from(i32::MAX) {
            return Err(Errno::EBADF);
        }
        let fd = fd as RawFd;
        match self.fds.get(&fd) {
            Some(FdObj::DmaBuf { handle, backing }) => return Ok((*handle, backing.clone())),
            Some(_) => return Err(Errno::EINVAL), // a real fd, but not a dma-buf
            None => {}
        }
        let ino = inode(fd).ok_or(Errno::EBADF)?;
        self.nvmap.by_inode(ino).ok_or(Errno::EINVAL)
    }
}

/// The file behind an fd, if it is open.
pub(crate) fn file_id(fd: RawFd) -> Option<FileId> {
    // SAFETY: fstat into a zeroed buffer; failure is reported by the return value.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(fd, &mut st) == 0).then_some((st.st_dev, st.st_ino))
    }
}

/// Another fd of this process (not `except`) open on the file `id`, found by
/// walking `/proc/self/fd`: a file stays alive while any fd refers to it.
fn other_fd_on(id: FileId, except: RawFd) -> Option<RawFd> {
    let dir = std::fs::read_dir("/proc/self/fd").ok()?;
    let fds: Vec<RawFd> = dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect();
    fds.into_iter().find(|fd| *fd != except && file_id(*fd) == Some(id))
}

/// The inode of an fd, if it is open.
pub(crate) fn inode(fd: RawFd) -> Option<u64> {
    // SAFETY: fstat into a zeroed buffer; failure is reported by the return value.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(fd, &mut st) == 0).then_some(st.st_ino)
    }
}

impl MockKernel {
    /// True when `fd` is one this kernel handed out (and has not closed).
    pub fn owns_fd(&self, fd: RawFd) -> bool {
        let stale = {
            let st = lock(&self.state);
            if st.canonical(fd).is_some() {
                return true;
            }
            st.fd_ids.contains_key(&fd)
        };
        if stale {
            // The number is in the table but names another file now: the
            // model's file was closed behind its back (dup2 over it, a
            // close-all loop) and the number reused.
            self.forget_closed(fd);
        }
        false
    }

    /// The file the model knew as `fd` is no longer behind that number:
    /// re-key the object to another fd still open on the file, or, when
    /// none is left, release it as its last close would.
    fn forget_closed(&self, fd: RawFd) {
        let released = {
            let mut st = lock(&self.state);
            let Some(id) = st.fd_ids.remove(&fd) else { return };
            let Some(obj) = st.fds.remove(&fd) else { return };
            let other = if obj.is_kernel_object() { other_fd_on(id, fd) } else { None };
            match other.filter(|n| !st.fd_ids.contains_key(n)) {
                Some(other) => {
                    st.fds.insert(other, obj);
                    st.fd_ids.insert(other, id);
                    false
                }
                None => {
                    release_obj(&mut st, obj);
                    true
                }
            }
        };
        if released {
            self.run_actions();
        }
    }

    /// What kind of object an fd is (for the trace's fd resolution).
    pub fn fd_kind(&self, fd: RawFd) -> Option<&'static str> {
        lock(&self.state).fds.get(&fd).map(FdObj::kind)
    }

    /// Close an fd: the object goes when the last fd on its file closes
    /// (a `dup` keeps it alive, as on Linux).
    ///
    /// # Safety
    /// As [`MockKernel::close_fd`]: the caller owns `fd` and uses it no more.
    pub(super) unsafe fn release_fd(&self, fd: RawFd) -> KResult<()> {
        let (canon, id) = {
            let st = lock(&self.state);
            let Some(c) = st.canonical(fd) else {
                return Err(Errno::EBADF);
            };
            (c, st.fd_ids.get(&c).copied())
        };
        // SAFETY: `fd` is open on one of the model's files (checked above), so a
        // stale number never closes an unrelated file; the caller owns it and uses
        // it no more (this function's contract).
        if unsafe { libc::close(fd) } < 0 {
            return Err(Errno::last());
        }
        if canon != fd {
            return Ok(()); // a dup: the original still holds the file
        }
        let released = {
            let mut st = lock(&self.state);
            let Some(obj) = st.fds.remove(&fd) else { return Ok(()) };
            let other = match id {
                Some(id) if obj.is_kernel_object() => other_fd_on(id, fd).filter(|n| !st.fd_ids.contains_key(n)),
                _ => None,
            };
            let id = st.fd_ids.remove(&fd);
            match (other, id) {
                (Some(other), Some(id)) => {
                    st.fds.insert(other, obj);
                    st.fd_ids.insert(other, id);
                    false
                }
                _ => {
                    release_obj(&mut st, obj);
                    true
                }
            }
        };
        if released {
            self.run_actions();
        }
        Ok(())
    }
}

/// Release what the kernel releases when an object's file goes.
fn release_obj(st: &mut KState, obj: FdObj) {
    match obj {
        FdObj::Channel(chid) => channel::close(st, chid),
        FdObj::Tsg(id) => tsg::close(st, id),
        FdObj::As(id) => vm::close(st, id),
        FdObj::Nvmap(client) => nvmap::close(st, client),
        FdObj::Ctrl { .. } | FdObj::DmaBuf { .. } | FdObj::Event => {}
    }
}
