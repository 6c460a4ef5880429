//! The syscall seam: every `open`, `close`, `ioctl`, `mmap`, `munmap`,
//! `fstat` and doorbell store of the backend passes through [`Syscalls`].
//!
//! [`LinuxSyscalls`] is the real thing (libc/nix). `gpuiface-mock` implements
//! the same trait with its model of `nvgpu.ko` and `nvmap`, so the backend's
//! code runs unmodified on a laptop; `gpuiface-conformance` has a `mockall`
//! mock of it for expectation tests.
//!
//! Pointer mutability follows the ioctl's `_IOC` direction: `_IOW` ioctls get
//! a `*const` argument (the kernel only reads it), `_IOR`/`_IOWR` a `*mut`,
//! and `_IO` ioctls (nvmap `FREE`) a plain value.

use std::ffi::CStr;
use std::os::fd::RawFd;

use gpuiface_hal::{Errno, FaultRecord};

/// The system calls the nvgpu backend makes.
///
/// All fds are raw: the backend's fd wrapper types close them through
/// [`Syscalls::close`], so an implementation sees every fd's whole life.
///
/// # Safety
/// The backend builds safe handles on what an implementation returns, so an
/// implementation must behave as the kernel does where memory is concerned:
/// - `mmap` returns the address of a new mapping of `len` bytes with the
///   protection asked for (at `addr` exactly when `MAP_FIXED*` was given),
///   which stays mapped until `munmap`; it never returns an address it did
///   not map;
/// - an ioctl writes at most `_IOC_SIZE(request)` bytes at `arg`, and
///   through the argument's user pointers only what the ioctl defines;
/// - an fd that `open` or an ioctl hands out is new and owned by the caller.
///
/// [`LinuxSyscalls`] forwards to the kernel, which upholds this; a model of
/// the kernel (`gpuiface-mock`) or a recording wrapper must too.
///
/// ```compile_fail,E0200
/// // A seam that could hand the backend any address is an `unsafe impl`:
/// struct Lies;
/// impl gpuiface_abi::Syscalls for Lies {}
/// ```
pub unsafe trait Syscalls: Send + Sync + 'static {
    /// `open(2)`.
    fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno>;

    /// `close(2)`.
    ///
    /// # Safety
    /// The caller owns `fd` and uses it no more (closing another owner's fd
    /// would let that owner's next use reach whatever reuses the number).
    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno>;

    /// An `_IOW` ioctl: the kernel reads `_IOC_SIZE(request)` bytes at `arg`.
    ///
    /// # Safety
    /// `arg` must point to `_IOC_SIZE(request)` readable bytes laid out as the
    /// ioctl's argument struct, and every user pointer inside it must be valid
    /// for the access the ioctl makes. nvmap's `NVMAP_IOC_READ`/`WRITE`, though
    /// `_IOW`, write their `count` back into the argument (`put_user`): for
    /// those `arg` must be writable too.
    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno>;

    /// An `_IOR` or `_IOWR` ioctl: the kernel may read and writes
    /// `_IOC_SIZE(request)` bytes at `arg`.
    ///
    /// # Safety
    /// `arg` must point to `_IOC_SIZE(request)` readable and writable bytes laid
    /// out as the ioctl's argument struct, and every user pointer inside it
    /// must be valid for the access the ioctl makes.
    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno>;

    /// An `_IO` ioctl whose argument is a value, not a pointer.
    ///
    /// # Safety
    /// `request` must be an ioctl of `fd`'s kind that takes its argument by
    /// value and, given `value`, touches no memory the caller does not own.
    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno>;

    /// `mmap(2)`; `addr` is a hint (or the exact address with `MAP_FIXED`), 0 for none.
    ///
    /// # Safety
    /// With `MAP_FIXED` the range `[addr, addr+len)` is replaced: the caller
    /// must own it and nothing may still reference what was mapped there.
    unsafe fn mmap(
        &self,
        addr: usize,
        len: usize,
        prot: i32,
        flags: i32,
        fd: RawFd,
        offset: i64,
    ) -> Result<usize, Errno>;

    /// `munmap(2)`.
    ///
    /// # Safety
    /// The range must be a mapping the caller owns and no longer references.
    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno>;

    /// `fstat(2)`: what the file behind `fd` is (the backend reads a
    /// dma-buf's size from it before mapping the dma-buf).
    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno>;

    /// Ring a usermode doorbell: a hardware store barrier (so GPFIFO entry and
    /// GP_PUT are visible first), then an atomic 32-bit store of `token` to
    /// `doorbell` (threads submitting to different channels share the one
    /// doorbell word).
    ///
    /// # Safety
    /// `doorbell` must be a 4-aligned word of a live usermode register
    /// mapping that is only ever written through atomic stores.
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32);

    /// What the other side of the seam knows about the fault that stopped
    /// hardware channel `chid`, beyond the error notifier's code: a model
    /// of the GPU knows the engine, the address and the reason; the real
    /// kernel says it only in its log, so [`LinuxSyscalls`] returns `None`
    /// (the default) and the backend points to the log instead.
    fn fault_details(&self, chid: u32) -> Option<FaultRecord> {
        let _ = chid;
        None
    }
}

/// A store barrier that orders normal-memory stores before a following
/// device-memory (MMIO) store: `dsb st` on aarch64, `sfence` on x86_64.
#[inline]
pub fn store_barrier() {
    #[cfg(target_arch = "aarch64")]
    // SAFETY: `dsb st` only orders memory accesses; it touches no registers or memory.
    unsafe {
        core::arch::asm!("dsb st", options(nostack, preserves_flags));
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `sfence` only orders stores; it touches no registers or memory.
    unsafe {
        core::arch::asm!("sfence", options(nostack, preserves_flags));
    }
    #[cfg(not(any(target_arch = "aarch64", target_arch = "x86_64")))]
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

/// The real Linux system calls.
#[derive(Debug, Default, Clone, Copy)]
pub struct LinuxSyscalls;

fn check(ret: libc::c_int) -> Result<i32, Errno> {
    if ret < 0 {
        Err(Errno::last())
    } else {
        Ok(ret)
    }
}

// SAFETY: every call goes to the kernel, which upholds the trait's contract.
unsafe impl Syscalls for LinuxSyscalls {
    fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno> {
        let oflag = nix::fcntl::OFlag::from_bits_retain(flags | libc::O_CLOEXEC);
        nix::fcntl::open(path, oflag, nix::sys::stat::Mode::empty())
            .map(std::os::fd::IntoRawFd::into_raw_fd)
            .map_err(|e| Errno(e as i32))
    }

    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno> {
        nix::unistd::close(fd).map_err(|e| Errno(e as i32))
    }

    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // SAFETY: the caller guarantees `arg` is a valid argument for `request`.
        check(unsafe { libc::ioctl(fd, request as _, arg) })
    }

    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        // SAFETY: the caller guarantees `arg` is a valid, writable argument for `request`.
        check(unsafe { libc::ioctl(fd, request as _, arg) })
    }

    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        // SAFETY: the caller guarantees `request` takes `value` by value and touches
        // no memory it does not own.
        check(unsafe { libc::ioctl(fd, request as _, value as libc::c_ulong) })
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
        // SAFETY: the caller owns the target range when MAP_FIXED is set.
        let p = unsafe { libc::mmap(addr as *mut libc::c_void, len, prot, flags, fd, offset as libc::off_t) };
        if p == libc::MAP_FAILED {
            Err(Errno::last())
        } else {
            Ok(p as usize)
        }
    }

    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        // SAFETY: the caller owns the mapping and no longer references it.
        check(unsafe { libc::munmap(addr as *mut libc::c_void, len) }).map(|_| ())
    }

    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        // SAFETY: `stat` is plain integers; all-zero bytes are a valid value.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: `st` is a live, writable `stat` for fstat to fill; a bad fd is
        // reported through the return value and errno.
        check(unsafe { libc::fstat(fd, &mut st) })?;
        Ok(st)
    }

    #[inline]
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        store_barrier();
        // SAFETY: the caller guarantees `doorbell` is a 4-aligned word of the live
        // usermode mapping, which every thread writes only through atomic stores
        // like this one: two submitters ringing at once is no data race (issue 22,
        // item 10). An atomic 32-bit store is a single store instruction, as an
        // MMIO register write must be.
        unsafe { std::sync::atomic::AtomicU32::from_ptr(doorbell).store(token, std::sync::atomic::Ordering::Relaxed) };
    }
}

/// A shared seam: lets a test keep the mock kernel alive after the device
/// that used it is dropped (to check for leaks).
// SAFETY: every call is forwarded to `T`, which upholds the contract.
unsafe impl<T: Syscalls> Syscalls for std::sync::Arc<T> {
    fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno> {
        (**self).open(path, flags)
    }
    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).close(fd) }
    }
    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).ioctl_write(fd, request, arg) }
    }
    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).ioctl_read_write(fd, request, arg) }
    }
    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).ioctl_value(fd, request, value) }
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
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).mmap(addr, len, prot, flags, fd, offset) }
    }
    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).munmap(addr, len) }
    }
    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        (**self).fstat(fd)
    }
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { (**self).ring_doorbell(doorbell, token) }
    }
    fn fault_details(&self, chid: u32) -> Option<FaultRecord> {
        (**self).fault_details(chid)
    }
}
