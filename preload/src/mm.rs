//! `mmap`, `munmap` and `msync` of the model's fds, through the model
//! (issue 12 item 10), so the kernel's rules apply as on an Orin: one
//! usermode mmap per ctrl fd (a second gets `EBUSY`), at most 64 KiB
//! (`EINVAL`), offset 0 only (`EINVAL`); a dma-buf mapping must lie inside
//! the buffer; `msync(MS_SYNC)` of a dma-buf or usermode mapping is `EINVAL`
//! (neither file has an fsync). Everything else — anonymous mappings, other
//! files, the model's own calls — goes to libc untouched, without a lock.

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};

use super::{in_model, model_initialised, real, set_errno};
use gpuiface_abi::Syscalls;
use std::sync::OnceLock;

/// Set once a model fd has been mapped: until then `munmap`/`msync` never
/// ask the model.
static MAPPED: AtomicBool = AtomicBool::new(false);

type MmapFn = unsafe extern "C" fn(*mut c_void, usize, c_int, c_int, c_int, libc::off_t) -> *mut c_void;
type MunmapFn = unsafe extern "C" fn(*mut c_void, usize) -> c_int;
type MsyncFn = unsafe extern "C" fn(*mut c_void, usize, c_int) -> c_int;

/// # Safety
/// As `mmap(2)`.
unsafe fn mmap_impl(
    addr: *mut c_void,
    len: usize,
    prot: c_int,
    flags: c_int,
    fd: c_int,
    off: libc::off_t,
) -> *mut c_void {
    if fd >= 0 && model_initialised() && in_model(|k| k.owns_fd(fd)) {
        MAPPED.store(true, Ordering::Release);
        // SAFETY: the caller's arguments, as mmap(2) takes them.
        let r = in_model(|k| unsafe { k.mmap(addr as usize, len, prot, flags, fd, off) });
        return match r {
            Ok(a) => a as *mut c_void,
            Err(e) => {
                set_errno(e);
                libc::MAP_FAILED
            }
        };
    }
    let f = real_fn!(c"mmap", MmapFn);
    // SAFETY: the real mmap with the caller's arguments.
    unsafe { f(addr, len, prot, flags, fd, off) }
}

/// `mmap(2)`, interposed for the model's fds.
///
/// # Safety
/// As `mmap(2)`.
#[no_mangle]
pub unsafe extern "C" fn mmap(
    addr: *mut c_void,
    len: usize,
    prot: c_int,
    flags: c_int,
    fd: c_int,
    off: libc::off_t,
) -> *mut c_void {
    // SAFETY: forwarded contract.
    unsafe { mmap_impl(addr, len, prot, flags, fd, off) }
}

/// `mmap64`, interposed for the model's fds (LP64: the same as `mmap`).
///
/// # Safety
/// As `mmap(2)`.
#[no_mangle]
pub unsafe extern "C" fn mmap64(
    addr: *mut c_void,
    len: usize,
    prot: c_int,
    flags: c_int,
    fd: c_int,
    off: libc::off_t,
) -> *mut c_void {
    // SAFETY: forwarded contract.
    unsafe { mmap_impl(addr, len, prot, flags, fd, off) }
}

/// True when `[addr, addr + len)` touches a mapping of a model fd.
fn model_range(addr: *mut c_void, len: usize) -> bool {
    MAPPED.load(Ordering::Acquire) && model_initialised() && in_model(|k| k.maps_cpu_range(addr as usize, len))
}

/// `munmap(2)`, interposed: unmapping a usermode window lets its ctrl fd map it again.
///
/// # Safety
/// As `munmap(2)`.
#[no_mangle]
pub unsafe extern "C" fn munmap(addr: *mut c_void, len: usize) -> c_int {
    if model_range(addr, len) {
        // SAFETY: the caller's arguments, as munmap(2) takes them.
        return match in_model(|k| unsafe { k.munmap(addr as usize, len) }) {
            Ok(()) => 0,
            Err(e) => set_errno(e),
        };
    }
    let f = real_fn!(c"munmap", MunmapFn);
    // SAFETY: the real munmap with the caller's arguments.
    unsafe { f(addr, len) }
}

/// `msync(2)`, interposed for mappings of the model's fds.
///
/// # Safety
/// As `msync(2)`.
#[no_mangle]
pub unsafe extern "C" fn msync(addr: *mut c_void, len: usize, flags: c_int) -> c_int {
    if model_range(addr, len) {
        // SAFETY: the caller's arguments, as msync(2) takes them.
        return match in_model(|k| unsafe { k.msync(addr as usize, len, flags) }) {
            Ok(()) => 0,
            Err(e) => set_errno(e),
        };
    }
    let f = real_fn!(c"msync", MsyncFn);
    // SAFETY: the real msync with the caller's arguments.
    unsafe { f(addr, len, flags) }
}
