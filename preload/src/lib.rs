//! # gpuiface-preload
//!
//! The mock kernel for any process: `LD_PRELOAD=libgpuiface_preload.so prog`
//! serves `/dev/nvmap` and `/dev/nvgpu/igpu0/ctrl` from `gpuiface-mock`'s
//! model of `nvgpu.ko`, `nvmap` and the GPU, to programs in any language.
//!
//! - Interposed: `open`, `open64`, `openat`, `openat64`, glibc's fortified
//!   `__open_2`, `__open64_2`, `__openat_2`, `__openat64_2` (for the two
//!   device paths only), and `ioctl` / `close` on the fds the model handed
//!   out. Every other path and fd goes to the real libc untouched.
//! - `mmap`/`mmap64`, `munmap`, `msync` of the model's fds go through the
//!   model, so the kernel's mmap rules apply (one usermode window per ctrl
//!   fd, ≤ 64 KiB, offset 0; `msync(MS_SYNC)` of a dma-buf is `EINVAL`); the
//!   mapping itself is the real `mmap` of the memfd behind the fd, so it
//!   shows the very bytes the GPU model reads, `MAP_FIXED` at a GPU VA
//!   included. Anonymous and other mappings go to libc untouched.
//! - `stat`, `lstat`, `fstat`, `fstatat` (and `64` twins, glibc's `__xstat`
//!   family), `statx`, `access`, `faccessat`: the device paths and the nvmap
//!   and ctrl fds answer as the real character devices (`fs.rs`).
//! - `dlsym`: a lookup of a served function through a program's own handle
//!   (`dlopen("libc.so.6")`, as Python's `ctypes.CDLL` does) returns this
//!   library's definition, not libc's (`dl.rs`); `dlvsym` and raw
//!   `syscall(2)` still bypass the model.
//! - Exported: `gpuiface_mock_name_program(program_va, name)` (`names.rs`):
//!   a process names the kernels it loaded, and the trace names their launches.
//! - `fork`: a child's inherited fds answer as in the parent (its own model
//!   takes over the objects of the copy of the parent's it inherited; the
//!   model's locks are held across the fork), the usermode window is not
//!   inherited (`MADV_DONTFORK`, as the kernel's `VM_DONTCOPY`), and work the
//!   child submits on an inherited channel runs there (issue 40 item 2).
//! - The GPU runs in [`ExecMode::Polling`](gpuiface_mock::gpu::ExecMode):
//!   programs that write GPFIFO entries, GP_PUT and the doorbell straight to
//!   memory are noticed by polling, with back-off; the worker stops at exit.
//!
//! Configuration (environment):
//!
//! | variable | meaning |
//! |---|---|
//! | `GPUIFACE_MOCK_MODE` | `polling` (default), `threaded`, `immediate` |
//! | `GPUIFACE_MOCK_TRACE` | `1`: strace-like trace (every argument field, mmaps, GPU errors, each launch with its kernel's name and instruction count) on stderr; a path: appended to that file |
//! | `GPUIFACE_MOCK_SM_THREADS` | host threads a launch's blocks run on (default: the host's cores, at most 8; 1: in order on one thread) |
//! | `GPUIFACE_MOCK_FAIL` | `NAME:N:ERRNO[,...]`: the N-th ioctl named NAME fails with ERRNO (a number or `EINVAL`-style name); NAME `close`, `mmap` or `munmap`: the N-th such call on the model's fds / memory fails before any effect |
//! | `GPUIFACE_MOCK_RELEASE` | `r36` (default) or `r35`: the L4T release the kernel model is (its ABI, rules and errnos); anything else is reported on stderr and r36 used |
//! | `GPUIFACE_MOCK_HANG_WAIT_MS` | how long a call the real kernel never returns from blocks before failing (default 2000) |

use std::ffi::{c_char, c_int, c_ulong, c_void, CStr};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

use gpuiface_abi::Syscalls;
use gpuiface_hal::Errno;
use gpuiface_mock::gpu::{ExecMode, GpuConfig};
use gpuiface_mock::kernel::{Matcher, MockKernel};
use gpuiface_mock::usermem;

/// The device paths the model serves.
pub const PATHS: [&[u8]; 2] = [b"/dev/nvmap", b"/dev/nvgpu/igpu0/ctrl"];

/// The process's mock kernel, built on the first device open (leaked: it
/// lives as long as the process). A forked child builds its own on its
/// first call into the model, taking over the objects of the copy of its
/// parent's model it inherited (see [`after_fork_in_child`]).
static KERNEL: AtomicPtr<MockKernel> = AtomicPtr::new(std::ptr::null_mut());

/// In a forked child: the copy of the parent's model (leaked, never run: its
/// GPU threads are the parent's), until the child's own model takes its
/// objects over.
static INHERITED: AtomicPtr<MockKernel> = AtomicPtr::new(std::ptr::null_mut());

thread_local! {
    /// The model's locks, held by the forking thread from the `fork(2)`
    /// prepare handler to the parent and child handlers.
    static FORK_GUARD: std::cell::RefCell<Option<gpuiface_mock::kernel::ForkGuard>> =
        const { std::cell::RefCell::new(None) };
}

/// At exit: stop the GPU worker thread cleanly (statics are never dropped).
/// A forked child stops only the worker of a model of its own.
extern "C" fn shutdown_at_exit() {
    let k = KERNEL.load(Ordering::Acquire);
    if !k.is_null() {
        // SAFETY: a non-null KERNEL points to a leaked, never-freed MockKernel.
        unsafe { &*k }.gpu().shutdown();
    }
}

/// `pthread_atfork` prepare handler: hold the model's locks across the fork
/// (waiting for calls in flight), so the child's copy of the model is
/// consistent.
extern "C" fn before_fork() {
    let k = KERNEL.load(Ordering::Acquire);
    if k.is_null() {
        return;
    }
    // SAFETY: a non-null KERNEL points to a leaked, never-freed MockKernel.
    let guard = unsafe { &*k }.fork_prepare();
    let _ = FORK_GUARD.try_with(|g| *g.borrow_mut() = Some(guard));
}

/// `pthread_atfork` parent handler: release the locks.
extern "C" fn after_fork_in_parent() {
    let _ = FORK_GUARD.try_with(|g| g.borrow_mut().take());
}

/// `pthread_atfork` child handler: the child has the parent's fds (the same
/// open files, as on an Orin, issue 40 item 2) but not its GPU worker
/// thread. It releases its copies of the model's locks (its one thread, the
/// forking one, holds them) and keeps the copy of the parent's model aside;
/// the child's own model, built at its first call into the model, takes the
/// copy's objects over, so inherited fds answer as in the parent.
extern "C" fn after_fork_in_child() {
    let _ = FORK_GUARD.try_with(|g| g.borrow_mut().take());
    let parent = KERNEL.swap(std::ptr::null_mut(), Ordering::AcqRel);
    if !parent.is_null() {
        INHERITED.store(parent, Ordering::Release);
    }
}

fn kernel() -> &'static MockKernel {
    let k = KERNEL.load(Ordering::Acquire);
    if !k.is_null() {
        // SAFETY: a non-null KERNEL points to a leaked, never-freed MockKernel.
        return unsafe { &*k };
    }
    let fresh = Box::into_raw(Box::new(build_kernel()));
    // In a forked child: the objects of the parent's model (taken once).
    let inherited = INHERITED.swap(std::ptr::null_mut(), Ordering::AcqRel);
    let inherit = |into: &MockKernel| {
        if !inherited.is_null() {
            // SAFETY: INHERITED points to the leaked copy of the parent's model.
            into.inherit_from(unsafe { &*inherited });
        }
    };
    // SAFETY: `fresh` came from Box::into_raw above and is not shared yet.
    inherit(unsafe { &*fresh });
    match KERNEL.compare_exchange(std::ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => {
            static HOOKS: std::sync::Once = std::sync::Once::new();
            HOOKS.call_once(|| {
                // SAFETY: registering plain `extern "C"` functions with no arguments.
                unsafe {
                    libc::atexit(shutdown_at_exit);
                    libc::pthread_atfork(Some(before_fork), Some(after_fork_in_parent), Some(after_fork_in_child));
                }
            });
            // SAFETY: just stored; leaked for the life of the process.
            unsafe { &*fresh }
        }
        Err(winner) => {
            // Another thread built one first: it takes the objects ours took
            // over (if any); ours is dropped.
            // SAFETY: `fresh` came from Box::into_raw above and was not shared.
            let ours = unsafe { Box::from_raw(fresh) };
            // SAFETY: as above for the winner.
            let winner = unsafe { &*winner };
            if !inherited.is_null() {
                winner.inherit_from(&ours);
            }
            drop(ours);
            winner
        }
    }
}

fn build_kernel() -> MockKernel {
    // GPUIFACE_LOG=debug also shows the ioctl trace (log target
    // gpuiface_mock::ioctl); installed before the model reads the level.
    gpuiface_hal::logging::init_stderr_from_env();
    let mode = match std::env::var("GPUIFACE_MOCK_MODE").as_deref() {
        Ok("threaded") => ExecMode::Threaded,
        Ok("immediate") => ExecMode::Immediate,
        _ => ExecMode::Polling,
    };
    // The in-memory trace is for in-process tests; a preloaded program reads
    // the trace on stderr or in a file (GPUIFACE_MOCK_TRACE) or not at all.
    let mut b = MockKernel::builder().gpu(GpuConfig::with_mode(mode)).trace_ring(0);
    match gpuiface_mock::kernel::release_from_env() {
        Ok(release) => b = b.release(release),
        Err(e) => eprintln!("[gpuiface-preload] {e}; modelling r36"),
    }
    let k = b.build();
    if let Ok(spec) = std::env::var("GPUIFACE_MOCK_FAIL") {
        for item in spec.split(',').filter(|s| !s.is_empty()) {
            match parse_fail(item) {
                Ok((name, nth, errno)) => {
                    let matcher = match name.as_str() {
                        "mmap" => Matcher::Mmap,
                        "munmap" => Matcher::Munmap,
                        "close" => Matcher::Close,
                        _ => Matcher::Name(name),
                    };
                    k.inject_failure(matcher, nth, errno);
                }
                Err(why) => eprintln!("gpuiface-preload: ignoring GPUIFACE_MOCK_FAIL entry: {why}"),
            }
        }
    }
    k
}

/// Parse `NAME:N:ERRNO` (ERRNO as a number or a name like `ENOMEM`), or
/// say what is wrong with it. An errno is a positive number up to 4095
/// (Linux's `MAX_ERRNO`): 0 is success and a negative errno is no errno, so
/// both are refused rather than injected as a failure that says nothing.
pub fn parse_fail(item: &str) -> Result<(String, usize, Errno), String> {
    const MAX_ERRNO: i32 = 4095;
    let mut it = item.split(':');
    let (Some(name), Some(nth), Some(errno), None) = (it.next(), it.next(), it.next(), it.next()) else {
        return Err(format!("{item:?} is not NAME:N:ERRNO"));
    };
    if name.is_empty() {
        return Err(format!("{item:?} names no call"));
    }
    let nth = nth.parse::<usize>().map_err(|_| format!("{item:?}: N must be a call count, not {nth:?}"))?;
    let errno = match errno.parse::<i32>() {
        Ok(n) if (1..=MAX_ERRNO).contains(&n) => Errno(n),
        Ok(n) => return Err(format!("{item:?}: errno {n} is not a failure (want 1..={MAX_ERRNO} or a name)")),
        Err(_) => (1..200)
            .map(Errno)
            .find(|e| e.name() == Some(errno))
            .ok_or_else(|| format!("{item:?}: unknown errno name {errno:?}"))?,
    };
    Ok((name.to_string(), nth, errno))
}

type OpenFn = unsafe extern "C" fn(*const c_char, c_int, libc::mode_t) -> c_int;
type OpenatFn = unsafe extern "C" fn(c_int, *const c_char, c_int, libc::mode_t) -> c_int;
type IoctlFn = unsafe extern "C" fn(c_int, c_ulong, *mut c_void) -> c_int;
type CloseFn = unsafe extern "C" fn(c_int) -> c_int;

/// The next definition of `name` after this library.
fn real(name: &CStr) -> *mut c_void {
    // SAFETY: dlsym with RTLD_NEXT and a NUL-terminated symbol name.
    let p = unsafe { libc::dlsym(libc::RTLD_NEXT, name.as_ptr()) };
    assert!(!p.is_null(), "gpuiface-preload: no real {name:?}");
    p
}

macro_rules! real_fn {
    ($name:literal, $ty:ty) => {{
        static P: OnceLock<usize> = OnceLock::new();
        let p = *P.get_or_init(|| real($name) as usize);
        // SAFETY: `p` is libc's definition of the symbol, whose C signature is `$ty`.
        unsafe { std::mem::transmute::<usize, $ty>(p) }
    }};
}

fn set_errno(e: Errno) -> c_int {
    // SAFETY: writing the calling thread's errno.
    unsafe { *libc::__errno_location() = e.0 };
    -1
}

/// If `path` is one of ours, open it in the model. The path is read with
/// the model's checked copy: a bad pointer is not ours, and the real libc
/// call then answers EFAULT as it would without this library.
///
/// # Safety
/// As `open(2)`: `path` is the program's NUL-terminated string (or a bad
/// pointer, which the checked copy reports instead of faulting).
unsafe fn try_open(path: *const c_char, flags: c_int) -> Option<c_int> {
    if IN_MODEL.with(|c| c.get()) {
        return None;
    }
    let longest = PATHS.iter().map(|p| p.len()).max().unwrap_or(0);
    // SAFETY: the program's path (this function's contract): what is mapped there
    // up to its NUL is the program's to let us read; an unmapped one is EFAULT.
    let bytes = unsafe { usermem::read_cstr(path as u64, longest) }.ok().flatten()?;
    if !PATHS.contains(&bytes.as_slice()) {
        return None;
    }
    let p = std::ffi::CString::new(bytes).ok()?;
    MODEL_USED.store(true, Ordering::Release);
    Some(in_model(|k| k.open(&p, flags)).unwrap_or_else(set_errno))
}

/// `open(2)`, interposed.
///
/// # Safety
/// As `open(2)`: `path` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn open(path: *const c_char, flags: c_int, mode: libc::mode_t) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"open", OpenFn);
    // SAFETY: the real open with the caller's arguments.
    unsafe { f(path, flags, mode) }
}

/// `open64(2)`, interposed.
///
/// # Safety
/// As `open64(2)`.
#[no_mangle]
pub unsafe extern "C" fn open64(path: *const c_char, flags: c_int, mode: libc::mode_t) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"open64", OpenFn);
    // SAFETY: the real open64 with the caller's arguments.
    unsafe { f(path, flags, mode) }
}

/// `openat(2)`, interposed (absolute device paths only).
///
/// # Safety
/// As `openat(2)`.
#[no_mangle]
pub unsafe extern "C" fn openat(dirfd: c_int, path: *const c_char, flags: c_int, mode: libc::mode_t) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"openat", OpenatFn);
    // SAFETY: the real openat with the caller's arguments.
    unsafe { f(dirfd, path, flags, mode) }
}

/// `openat64(2)`, interposed.
///
/// # Safety
/// As `openat64(2)`.
#[no_mangle]
pub unsafe extern "C" fn openat64(dirfd: c_int, path: *const c_char, flags: c_int, mode: libc::mode_t) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"openat64", OpenatFn);
    // SAFETY: the real openat64 with the caller's arguments.
    unsafe { f(dirfd, path, flags, mode) }
}

type Open2Fn = unsafe extern "C" fn(*const c_char, c_int) -> c_int;
type Openat2Fn = unsafe extern "C" fn(c_int, *const c_char, c_int) -> c_int;

/// glibc's fortified `__open_2`.
///
/// # Safety
/// As `open(2)` without a mode.
#[no_mangle]
pub unsafe extern "C" fn __open_2(path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"__open_2", Open2Fn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(path, flags) }
}

/// glibc's fortified `__open64_2`.
///
/// # Safety
/// As `open64(2)` without a mode.
#[no_mangle]
pub unsafe extern "C" fn __open64_2(path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"__open64_2", Open2Fn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(path, flags) }
}

/// glibc's fortified `__openat_2`.
///
/// # Safety
/// As `openat(2)` without a mode.
#[no_mangle]
pub unsafe extern "C" fn __openat_2(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"__openat_2", Openat2Fn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(dirfd, path, flags) }
}

/// glibc's fortified `__openat64_2`.
///
/// # Safety
/// As `openat64(2)` without a mode.
#[no_mangle]
pub unsafe extern "C" fn __openat64_2(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    if let Some(fd) = unsafe { try_open(path, flags) } {
        return fd;
    }
    let f = real_fn!(c"__openat64_2", Openat2Fn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(dirfd, path, flags) }
}

/// The model exists once a device path was opened; before that no fd is
/// ours, and programs that never touch nvgpu never build it. Calls the model
/// itself makes (closing its memfds, say) go straight to libc.
fn model_initialised() -> bool {
    MODEL_USED.load(Ordering::Acquire) && !IN_MODEL.with(|c| c.get())
}

thread_local! {
    /// Set while this thread runs inside the model.
    static IN_MODEL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks this thread as inside the model while it lives; dropping it
/// restores the state it found (so nested entries keep the outer one), also
/// when the model panics and the stack unwinds.
struct ModelGuard {
    previous: bool,
}

impl ModelGuard {
    fn enter() -> Self {
        // During thread teardown the thread-local may be gone: then there is
        // no state to keep, and the guard restores nothing.
        ModelGuard { previous: IN_MODEL.try_with(|c| c.replace(true)).unwrap_or(false) }
    }
}

impl Drop for ModelGuard {
    fn drop(&mut self) {
        let previous = self.previous;
        let _ = IN_MODEL.try_with(|c| c.set(previous));
    }
}

/// Run `f` inside the model (re-entrant libc calls bypass the interposers).
fn in_model<T>(f: impl FnOnce(&'static MockKernel) -> T) -> T {
    let _inside = ModelGuard::enter();
    f(kernel())
}

/// Set when a device path is first opened.
static MODEL_USED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `ioctl(2)`, interposed: the model's fds go to the model, by `_IOC_DIR`.
///
/// # Safety
/// As `ioctl(2)`: `arg` is what the request expects.
#[no_mangle]
pub unsafe extern "C" fn ioctl(fd: c_int, request: c_ulong, arg: *mut c_void) -> c_int {
    if model_initialised() && in_model(|k| k.owns_fd(fd)) {
        // The model reads and writes the argument only through its checked
        // copies: a bad pointer is EFAULT (or what the kernel checks first).
        // SAFETY: ioctl(2)'s contract (this function's): `arg` is what `request`
        // expects, so the argument and the buffers it names are the program's to
        // hand the model.
        let r = in_model(|k| unsafe { k.ioctl_at(fd, request as u32, arg as u64, true) });
        return r.unwrap_or_else(set_errno);
    }
    let f = real_fn!(c"ioctl", IoctlFn);
    // SAFETY: the real ioctl with the caller's arguments.
    unsafe { f(fd, request, arg) }
}

/// `close(2)`, interposed: the model releases what the kernel would.
///
/// # Safety
/// As `close(2)`.
#[no_mangle]
pub unsafe extern "C" fn close(fd: c_int) -> c_int {
    if model_initialised() && in_model(|k| k.owns_fd(fd)) {
        // SAFETY: the program closes its own fd (close(2)'s contract), one the model owns.
        return match in_model(|k| unsafe { k.close(fd) }) {
            Ok(()) => 0,
            Err(e) => set_errno(e),
        };
    }
    let f = real_fn!(c"close", CloseFn);
    // SAFETY: the real close.
    unsafe { f(fd) }
}

// After `real_fn!`, which they use.
mod dl;
mod fs;
mod mm;
mod names;

#[cfg(test)]
mod tests {
    fn inside() -> bool {
        super::IN_MODEL.with(|c| c.get())
    }

    #[test]
    fn the_model_guard_restores_the_previous_state_also_on_unwind() {
        assert!(!inside());
        {
            let _outer = super::ModelGuard::enter();
            assert!(inside());
            {
                let _nested = super::ModelGuard::enter();
                assert!(inside());
            }
            assert!(inside(), "leaving a nested entry keeps the outer one");
        }
        assert!(!inside());
        let unwound = std::panic::catch_unwind(|| {
            let _inside = super::ModelGuard::enter();
            panic!("the model panics");
        });
        assert!(unwound.is_err());
        assert!(!inside(), "the unwind restored the state");
    }

    #[test]
    fn fail_specs_parse_names_and_numbers() {
        let (n, k, e) = super::parse_fail("NVMAP_IOC_ALLOC:2:ENOMEM").unwrap();
        assert_eq!((n.as_str(), k, e), ("NVMAP_IOC_ALLOC", 2, gpuiface_hal::Errno::ENOMEM));
        assert_eq!(super::parse_fail("X:1:22").unwrap().2, gpuiface_hal::Errno::EINVAL);
        assert!(super::parse_fail("X:one:22").is_err());
    }

    /// Issue 22, item 19: errno 0 and negative errnos were accepted.
    #[test]
    fn errno_zero_negative_and_huge_are_refused_with_a_reason() {
        for bad in ["X:1:0", "X:1:-22", "X:1:4096", "X:1:EWHAT", ":1:22", "X:1:22:9"] {
            let why = super::parse_fail(bad).expect_err(bad);
            assert!(why.contains(bad), "{why}");
        }
        assert_eq!(super::parse_fail("X:1:4095").unwrap().2, gpuiface_hal::Errno(4095));
    }
}
