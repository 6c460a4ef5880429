//! The syscall seam: what `open`, `close`, the ioctl entry points, `mmap`,
//! `munmap`, `msync` and the doorbell do on the model's fds.

use std::ffi::CStr;
use std::os::fd::RawFd;
use std::sync::Arc;

use gpuiface_abi::{LinuxSyscalls, Syscalls};
use gpuiface_hal::Errno;

use super::inject::CallKind;
use super::state::lock;
use super::trace_log::msync_flags;
use super::{cpumap, ctrl, nvmap, trace, FdObj, MockKernel};
use crate::mem::Backing;

impl MockKernel {
    /// Close one of the model's fds: what [`Syscalls::close`] does, without
    /// the trait. A number not open on one of the model's files is `EBADF`
    /// and stays open, so a stale number never closes an unrelated file; but
    /// an fd the model handed out (or a dup of it) belongs to whoever holds
    /// it, and closing it from under that owner (an `OwnedFd`, a `SysFd`)
    /// would make the owner's own later close hit whatever reuses the number.
    ///
    /// # Safety
    /// As [`Syscalls::close`]: the caller owns `fd` and uses it no more (a
    /// number the model no longer has open is fine: it is the `EBADF` answer).
    pub unsafe fn close_fd(&self, fd: RawFd) -> Result<(), Errno> {
        if let Some(errno) = self.injected_call(None, 0, CallKind::Close) {
            return Err(errno);
        }
        // SAFETY: forwarded with the caller's guarantee.
        unsafe { self.release_fd(fd) }
    }

    /// An `_IO` ioctl whose argument is a value: what
    /// [`Syscalls::ioctl_value`] does, but safe, because it takes `_IO`
    /// requests only (no direction, no size): the model then copies nothing
    /// in or out, and its one `_IO` handler (nvmap FREE) reads `value` as an
    /// id. Any other request is `EINVAL` here (its `value` would be an
    /// address the model writes through: [`MockKernel::ioctl_at`] is the
    /// `unsafe` way to issue it).
    pub fn ioctl_by_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        let p = gpuiface_abi::r36::decode(request);
        if p.dir != gpuiface_abi::r36::IOC_NONE || p.size != 0 {
            return Err(Errno::EINVAL);
        }
        // SAFETY: an `_IO` request of size 0 (checked above): no copy-in (needs a
        // size), no copy-out (needs _IOC_READ and a size); only nvmap handlers see
        // `value`, and nvmap's one `_IO` request, FREE, reads it as an id. No memory
        // is reached through `value`.
        unsafe { self.ioctl_at(fd, request, value, true) }
    }
}

// SAFETY: the model upholds the seam's contract as the kernel does: its fds
// are real memfds and its `mmap`/`munmap` are the real calls on them (an
// injected failure is an error, never a made-up address); its ioctls reach
// user memory only through the checked copies of `usermem` (EFAULT, never a
// fault), within `_IOC_SIZE` and the argument's own pointers; the fds it
// hands out are new and the caller's.
unsafe impl Syscalls for MockKernel {
    /// The model's own record: the engine that faulted, the address and the reason.
    fn fault_details(&self, chid: u32) -> Option<gpuiface_hal::FaultRecord> {
        self.gpu.channel_fault(chid)
    }

    fn open(&self, path: &CStr, _flags: i32) -> Result<RawFd, Errno> {
        let mut st = lock(&self.state);
        match path.to_bytes() {
            b"/dev/nvmap" => {
                let client = st.nvmap.next_client();
                st.new_fd(FdObj::Nvmap(client))
            }
            b"/dev/nvgpu/igpu0/ctrl" => {
                let size = gpuiface_hal::hw::ga10b::USERMODE_SIZE;
                let page = Arc::new(Backing::new("gpuiface-mock:usermode", size).map_err(|_| Errno::ENOMEM)?);
                st.new_fd(FdObj::Ctrl { page, mapped: false })
            }
            _ => Err(Errno::ENOENT),
        }
    }

    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno> {
        // SAFETY: the seam's contract: the caller owns `fd` and uses it no more.
        unsafe { self.close_fd(fd) }
    }

    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // SAFETY: the seam's contract: `arg` is the caller's `_IOC_SIZE`-byte argument
        // (writable for nvmap READ/WRITE, whose `count` comes back through it) and its
        // user pointers are valid for the ioctl's access; `copy_out: false`, as the
        // kernel copies no _IOW argument back.
        unsafe { self.ioctl_at(fd, request, arg as u64, false) }
    }

    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        // SAFETY: the seam's contract: `arg` is the caller's readable and writable
        // argument and its user pointers are valid for the ioctl's access.
        unsafe { self.ioctl_at(fd, request, arg as u64, true) }
    }

    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        // SAFETY: the seam's contract: `request` takes `value` by value and touches no
        // memory the caller does not own (so also a non-_IO request the caller vouches for).
        unsafe { self.ioctl_at(fd, request, value, true) }
    }

    unsafe fn mmap(
        &self,
        addr: usize,
        len: usize,
        prot: i32,
        flags: i32,
        fd: RawFd,
        offset: i64,
    ) -> Result<usize, Errno> {
        if let Some(errno) = self.injected(None, 0, true) {
            return Err(errno);
        }
        let what = {
            let mut st = lock(&self.state);
            let what = match st.fds.get_mut(&fd) {
                Some(FdObj::Ctrl { mapped, .. }) => {
                    let r = ctrl::check_usermode_mmap(mapped, len, offset);
                    if let Err(e) = r {
                        drop(st);
                        self.trace_mmap("ctrl", fd, addr, len, prot, flags, offset, Err(e));
                        return Err(e);
                    }
                    cpumap::Mapped::Usermode { ctrl_fd: fd }
                }
                Some(FdObj::DmaBuf { handle, backing }) => {
                    if let Err(e) = nvmap::check_dmabuf_mmap(backing, len, offset) {
                        drop(st);
                        self.trace_mmap("dmabuf", fd, addr, len, prot, flags, offset, Err(e));
                        return Err(e);
                    }
                    let handle = *handle;
                    cpumap::Mapped::DmaBuf { handle, cache: st.nvmap.cache_mode(handle).unwrap_or(0) }
                }
                Some(_) => return Err(Errno::ENODEV),
                None => return Err(Errno::EBADF),
            };
            what
        };
        // The model's fds are real memfds: the real mmap maps the very bytes the GPU sees.
        // SAFETY: forwarded with the caller's guarantees.
        let r = unsafe { LinuxSyscalls.mmap(addr, len, prot, flags, fd, offset) };
        if let (Ok(at), cpumap::Mapped::Usermode { .. }) = (r, what) {
            // The kernel maps the usermode window VM_DONTCOPY (facts §1): a
            // forked child does not inherit it (issue 40 item 2).
            // SAFETY: madvise of the mapping just made, which only marks it
            // not to be copied into a child; its contents are untouched.
            unsafe { libc::madvise(at as *mut libc::c_void, len, libc::MADV_DONTFORK) };
        }
        if let Ok(at) = r {
            lock(&self.state).cpu_maps.insert(at, len, what);
        }
        let kind = if matches!(what, cpumap::Mapped::Usermode { .. }) { "ctrl" } else { "dmabuf" };
        self.trace_mmap(kind, fd, addr, len, prot, flags, offset, r.map(|a| a as i64));
        r
    }

    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        if let Some(errno) = self.injected_call(None, 0, CallKind::Munmap) {
            return Err(errno);
        }
        // Linux's __vm_munmap: an unaligned start, or a length that rounds to 0
        // or runs past the address space, is EINVAL, before any effect (a
        // length near SIZE_MAX must not overflow a sum here: this runs inside
        // the preload's C-callable munmap, where a panic aborts the program).
        let page = crate::mem::page_size();
        let rounded = len.checked_next_multiple_of(page).unwrap_or(0);
        if !addr.is_multiple_of(page) || rounded == 0 || addr.checked_add(rounded).is_none() {
            return Err(Errno::EINVAL);
        }
        self.forget_cpu_range(addr, len);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { LinuxSyscalls.munmap(addr, len) }
    }

    #[inline]
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        // The same barrier + store as on hardware, then tell the GPU model.
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { LinuxSyscalls.ring_doorbell(doorbell, token) };
        self.gpu.doorbell(token);
    }

    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        // The model's dma-bufs are real memfds of the buffer's size, as a
        // dma-buf's inode is; other fds are the process's own.
        LinuxSyscalls.fstat(fd)
    }
}

impl MockKernel {
    /// munmap of model mappings: forget them; unmapping (any of) a ctrl fd's
    /// usermode window lets that fd map it again (the VMA's close callback).
    fn forget_cpu_range(&self, addr: usize, len: usize) {
        let mut st = lock(&self.state);
        let hit = st.cpu_maps.punch(addr, len);
        let mut any = false;
        for m in &hit {
            any = true;
            if let cpumap::Mapped::Usermode { ctrl_fd } = m.what {
                if let Some(FdObj::Ctrl { mapped, .. }) = st.fds.get_mut(&ctrl_fd) {
                    *mapped = false;
                }
            }
        }
        drop(st);
        if any {
            self.trace_note("mm", -1, "munmap", format!("[mock] munmap({addr:#x}, {len:#x}) = 0"));
        }
    }

    /// `msync(2)` over the model's mappings (Linux mm/msync.c): bad flags,
    /// ASYNC with SYNC, or an unaligned start → EINVAL; MS_SYNC on a shared
    /// file mapping calls the file's fsync, which neither a dma-buf nor the
    /// ctrl node has → EINVAL (what an Orin answers for a dma-buf mapping,
    /// issue 12 item 10); MS_ASYNC / MS_INVALIDATE alone → 0.
    ///
    /// # Safety
    /// As `msync(2)`.
    pub unsafe fn msync(&self, addr: usize, len: usize, flags: i32) -> Result<(), Errno> {
        let known = libc::MS_ASYNC | libc::MS_INVALIDATE | libc::MS_SYNC;
        let bad_flags = flags & !known != 0 || (flags & libc::MS_ASYNC != 0 && flags & libc::MS_SYNC != 0);
        let no_fsync = flags & libc::MS_SYNC != 0 && self.maps_cpu_range(addr, len);
        let r = if bad_flags || !addr.is_multiple_of(crate::mem::page_size()) || no_fsync {
            Err(Errno::EINVAL)
        } else {
            // SAFETY: the caller's arguments, as msync(2) takes them.
            if unsafe { libc::msync(addr as *mut libc::c_void, len, flags) } == 0 {
                Ok(())
            } else {
                Err(Errno::last())
            }
        };
        let line = format!("[mock] msync({addr:#x}, {len:#x}, {}) {}", msync_flags(flags), trace::result(r.map(|_| 0)));
        self.trace_note("mm", -1, "msync", line);
        r
    }
}
