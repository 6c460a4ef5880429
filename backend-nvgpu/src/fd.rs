//! Owned file descriptors and mappings that release themselves through the
//! seam, plus the ioctl calls (pointer mutability follows `_IOC_DIR`).
//!
//! The split is kvm-ioctls': [`SysFd::ioctl`] and [`SysFd::ioctl_value`]
//! take any request and are `unsafe`; [`SysFd::call`] is safe because its
//! [`Ioctl`] descriptor (see [`crate::abi::calls`]) binds a request to an
//! argument type that carries no user pointers, checked at compile time
//! against the request's size.

use std::os::fd::RawFd;
use std::sync::Arc;

use gpuiface_hal::Errno;
use gpuiface_hal::{Error, Result};

use crate::abi::{self, IoctlArg, IOC_WRITE};
use crate::sys::Syscalls;
pub use gpuiface_abi::Ioctl;

/// An fd opened through the seam; closed through it on drop.
///
/// Taking ownership of a raw fd, and issuing an arbitrary request on it,
/// are contracts only the caller can keep, so safe code cannot do either:
///
/// ```compile_fail,E0133
/// use std::sync::Arc;
/// use gpuiface_nvgpu::{fd::SysFd, LinuxSyscalls};
/// // Would close fd 0 (the program's stdin) when dropped.
/// let stolen = SysFd::from_raw(Arc::new(LinuxSyscalls), 0);
/// ```
///
/// ```compile_fail,E0133
/// # fn f(fd: &gpuiface_nvgpu::fd::SysFd<gpuiface_nvgpu::LinuxSyscalls>) {
/// // Any request number with any argument: an `unsafe fn`.
/// let mut arg = 0u64;
/// let _ = fd.ioctl("ANY", 0xc008_4701, &mut arg);
/// # }
/// ```
///
/// ```compile_fail,E0133
/// use gpuiface_nvgpu::{LinuxSyscalls, Syscalls};
/// // Closing an fd the caller may not own is an `unsafe fn` too.
/// let _ = LinuxSyscalls.close(0);
/// ```
#[derive(Debug)]
pub struct SysFd<S: Syscalls> {
    sys: Arc<S>,
    raw: RawFd,
}

impl<S: Syscalls> SysFd<S> {
    /// Take ownership of `raw`: the `SysFd` closes it when dropped.
    ///
    /// # Safety
    /// `raw` is an open nvgpu or nvmap fd (a node of `/dev/nvgpu`, an fd one
    /// of their ioctls returned, or `/dev/nvmap`; their ioctl magics are
    /// distinct, so a typed [`Ioctl`] on the wrong kind fails with `ENOTTY`),
    /// or a dma-buf; the caller owns it and hands it over: nothing else uses
    /// or closes it afterwards.
    pub unsafe fn from_raw(sys: Arc<S>, raw: RawFd) -> Self {
        SysFd { sys, raw }
    }
    /// The raw fd (still owned by `self`).
    pub fn raw(&self) -> RawFd {
        self.raw
    }

    /// Issue a typed ioctl: safe, because the descriptor vouches that the
    /// request takes a `T` and a `T` carries no user pointers.
    pub fn call<T: IoctlArg>(&self, ioctl: Ioctl<T>, arg: &mut T) -> Result<i32> {
        // SAFETY: `Ioctl::new`'s contract: `ioctl.request` takes a `T` (size checked at
        // compile time) whose values cannot make the kernel touch other memory.
        unsafe { self.ioctl(ioctl.name(), ioctl.request(), arg) }
    }

    /// Issue `request` (named `name` in errors) with `arg`: `_IOW` ioctls get
    /// a `*const` pointer, `_IOR`/`_IOWR` a `*mut` one. A request whose
    /// `_IOC_SIZE` is not `size_of::<T>()` is refused (`InvalidArgument`)
    /// before the kernel sees it.
    ///
    /// # Safety
    /// `request` is an ioctl of this fd's kind whose argument is a `T`, and
    /// every user pointer inside `arg` is valid for the access the ioctl makes.
    pub unsafe fn ioctl<T: IoctlArg>(&self, name: &'static str, request: u32, arg: &mut T) -> Result<i32> {
        // SAFETY: forwarded with the caller's guarantees, on the fd this SysFd owns.
        unsafe { issue(&*self.sys, self.raw, name, request, arg) }
    }
    /// Issue an `_IO` ioctl whose argument is a value.
    ///
    /// # Safety
    /// As [`Syscalls::ioctl_value`]: `request` takes `value` by value and
    /// touches no memory the caller does not own.
    pub unsafe fn ioctl_value(&self, name: &'static str, request: u32, value: u64) -> Result<i32> {
        // SAFETY: forwarded with the caller's guarantees, on the fd this SysFd owns.
        let res = unsafe { self.sys.ioctl_value(self.raw, request, value) };
        crate::trace::record(name, self.raw, &res);
        res.map_err(|errno| Error::sys(name, errno))
    }
}

/// Issue `request` on `raw` (see [`SysFd::ioctl`]).
///
/// # Safety
/// As [`SysFd::ioctl`], for the open fd `raw`.
unsafe fn issue<S: Syscalls, T: IoctlArg>(
    sys: &S,
    raw: RawFd,
    name: &'static str,
    request: u32,
    arg: &mut T,
) -> Result<i32> {
    let parts = abi::decode(request);
    if parts.size != std::mem::size_of::<T>() {
        return Err(Error::invalid(
            name,
            format!("the request takes {} bytes, the argument has {}", parts.size, std::mem::size_of::<T>()),
        ));
    }
    let res = if parts.dir == IOC_WRITE {
        // SAFETY: `arg` is a live `T` of `_IOC_SIZE(request)` bytes (checked above);
        // the caller vouches for the request and the pointers inside. The pointer is
        // `*const` as the direction says, but derived from the exclusive borrow, so
        // the few `_IOW` ioctls that still write their argument (nvmap READ/WRITE
        // `put_user` the count back) write through a pointer allowed to.
        unsafe { sys.ioctl_write(raw, request, (arg as *mut T).cast_const().cast()) }
    } else {
        // SAFETY: as above; the kernel may write `size_of::<T>()` bytes into `arg`,
        // which is exclusively borrowed and valid for any bit pattern (`IoctlArg`).
        unsafe { sys.ioctl_read_write(raw, request, (arg as *mut T).cast()) }
    };
    crate::trace::record(name, raw, &res);
    res.map_err(|errno| Error::sys(name, errno))
}

/// An fd borrowed from a [`SysFd`] that is known to stay open (for calls
/// made while the object owning it is locked), for typed calls only.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BorrowedSysFd<'a, S: Syscalls> {
    sys: &'a S,
    raw: RawFd,
}

impl<'a, S: Syscalls> BorrowedSysFd<'a, S> {
    /// Borrow an fd by number (the borrow checker cannot see the lock that
    /// keeps its owner alive).
    ///
    /// # Safety
    /// `raw` is a [`SysFd`]'s fd (so its contract holds) that stays open
    /// while the result is used.
    pub(crate) unsafe fn new(sys: &'a S, raw: RawFd) -> Self {
        BorrowedSysFd { sys, raw }
    }

    /// [`SysFd::call`] on the borrowed fd.
    pub(crate) fn call<T: IoctlArg>(&self, ioctl: Ioctl<T>, arg: &mut T) -> Result<i32> {
        // SAFETY: `BorrowedSysFd::new`'s contract: `raw` is a SysFd's fd, open while
        // `self` is used; `Ioctl::new`'s makes the request and argument safe to issue.
        unsafe { issue(self.sys, self.raw, ioctl.name(), ioctl.request(), arg) }
    }
}

impl<S: Syscalls> Drop for SysFd<S> {
    fn drop(&mut self) {
        // SAFETY: `from_raw`'s contract: this SysFd owns the fd and is its last user.
        let _ = unsafe { self.sys.close(self.raw) };
    }
}

/// A CPU mapping made through the seam; unmapped through it when the last
/// reference goes (signals keep their page's mapping alive this way).
#[derive(Debug)]
pub struct CpuMapping<S: Syscalls> {
    sys: Arc<S>,
    addr: usize,
    len: usize,
}

impl<S: Syscalls> CpuMapping<S> {
    /// Map `len` bytes of `fd` shared, read-write. With `fixed_at`, ask for
    /// exactly that address with `MAP_FIXED_NOREPLACE` (never plain
    /// `MAP_FIXED`, which would silently replace whatever the process has
    /// there) and fall back to a kernel-chosen address when it is taken.
    pub fn map(sys: &Arc<S>, fd: RawFd, len: usize, fixed_at: Option<usize>) -> Result<Self> {
        let prot = libc::PROT_READ | libc::PROT_WRITE;
        if let Some(want) = fixed_at {
            // SAFETY: MAP_FIXED_NOREPLACE never replaces an existing mapping.
            let got = unsafe { sys.mmap(want, len, prot, libc::MAP_SHARED | libc::MAP_FIXED_NOREPLACE, fd, 0) };
            match got {
                Ok(addr) if addr == want => return Ok(CpuMapping { sys: sys.clone(), addr, len }),
                // Kernels before 4.17 treat the flag as a hint: undo and fall back.
                // SAFETY: `addr` is the mapping just created, referenced by nobody.
                Ok(addr) => unsafe {
                    let _ = sys.munmap(addr, len);
                },
                // The address is taken (by the program's own mapping): fall
                // back, visibly (`Buffer::is_unified` is false, and a warning).
                Err(e) if e == Errno::EEXIST => {}
                // Any other failure is the mmap failing, not a collision: say so.
                Err(e) => return Err(Error::sys("mmap", e)),
            }
            log::warn!(
                "CPU mapping at the GPU VA {want:#x} is taken; the buffer gets another CPU address (CPU address != GPU address)"
            );
        }
        // SAFETY: a new mapping at a kernel-chosen address replaces nothing.
        let addr = unsafe { sys.mmap(0, len, prot, libc::MAP_SHARED, fd, 0) }.map_err(|e| Error::sys("mmap", e))?;
        Ok(CpuMapping { sys: sys.clone(), addr, len })
    }

    /// Start address.
    pub fn addr(&self) -> usize {
        self.addr
    }
    /// Length.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Never true.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<S: Syscalls> Drop for CpuMapping<S> {
    fn drop(&mut self) {
        // SAFETY: we own this mapping; whoever referenced it held an `Arc` to `self`.
        let _ = unsafe { self.sys.munmap(self.addr, self.len) };
    }
}
