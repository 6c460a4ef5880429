//! Owned file descriptors and mappings that release themselves through the
//! seam, plus the typed ioctl call (pointer mutability follows `_IOC_DIR`).

use std::os::fd::RawFd;
use std::sync::Arc;

use gpuiface_hal::Errno;
use gpuiface_hal::{Error, Result};

use crate::abi::{self, IoctlArg, IOC_WRITE};
use crate::sys::Syscalls;

/// An fd opened through the seam; closed through it on drop.
#[derive(Debug)]
pub struct SysFd<S: Syscalls> {
    sys: Arc<S>,
    raw: RawFd,
}

impl<S: Syscalls> SysFd<S> {
    /// Take ownership of `raw`.
    pub fn new(sys: Arc<S>, raw: RawFd) -> Self {
        SysFd { sys, raw }
    }
    /// The raw fd (still owned by `self`).
    pub fn raw(&self) -> RawFd {
        self.raw
    }

    /// Issue `request` (named `name` in errors) with `arg`: `_IOW` ioctls get
    /// a `*const` pointer, `_IOR`/`_IOWR` a `*mut` one.
    pub fn ioctl<T: IoctlArg>(&self, name: &'static str, request: u32, arg: &mut T) -> Result<i32> {
        let parts = abi::decode(request);
        debug_assert_eq!(parts.size, std::mem::size_of::<T>(), "{name}: argument size");
        let res = if parts.dir == IOC_WRITE {
            // SAFETY: `arg` is a live, correctly sized plain-data argument of `request`
            // (size checked above); an _IOW ioctl only reads it.
            unsafe { self.sys.ioctl_write(self.raw, request, (arg as *const T).cast()) }
        } else {
            // SAFETY: as above; the kernel may write `size_of::<T>()` bytes into `arg`.
            unsafe { self.sys.ioctl_read_write(self.raw, request, (arg as *mut T).cast()) }
        };
        crate::trace::record(name, self.raw, &res);
        res.map_err(|errno| Error::sys(name, errno))
    }

    /// Issue an `_IO` ioctl whose argument is a value.
    pub fn ioctl_value(&self, name: &'static str, request: u32, value: u64) -> Result<i32> {
        let res = self.sys.ioctl_value(self.raw, request, value);
        crate::trace::record(name, self.raw, &res);
        res.map_err(|errno| Error::sys(name, errno))
    }
}

impl<S: Syscalls> Drop for SysFd<S> {
    fn drop(&mut self) {
        let _ = self.sys.close(self.raw);
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
