//! `stat` and `access` for the device nodes and the model's fds (issue 12
//! item 9): a program that checks `os.path.exists("/dev/nvgpu/igpu0/ctrl")`
//! before opening it (tinygrad's TegraIface does) sees the node an Orin has.
//!
//! The nodes answer as character devices, mode `crw-rw-rw-` owned by root,
//! and `/dev/nvgpu`, `/dev/nvgpu/igpu0` as directories. The device numbers
//! are plausible, not recorded: nvmap is a misc device (major 10), nvgpu's
//! ctrl node has a dynamic major. Interposed: `stat`, `lstat`, `fstat`,
//! `fstatat` (and their `64` twins), glibc's older `__xstat` family, `statx`,
//! `access`, `faccessat`, `euidaccess`/`eaccess`. Only absolute paths equal
//! to a device path are served, and only the nvmap and ctrl fds' `fstat`;
//! everything else goes to libc untouched.

use std::ffi::{c_char, c_int};

use super::{in_model, model_initialised, real, set_errno};
use gpuiface_hal::Errno;
use gpuiface_mock::usermem;
use std::sync::OnceLock;

/// What a served path is.
#[derive(Clone, Copy)]
enum Node {
    /// A character device `major:minor`.
    Chr(u32, u32),
    /// A directory.
    Dir,
}

/// nvmap: a misc device.
const NVMAP_DEV: (u32, u32) = (10, 120);
/// nvgpu ctrl: a dynamic major.
const CTRL_DEV: (u32, u32) = (492, 0);

fn node(path: &[u8]) -> Option<Node> {
    match path {
        b"/dev/nvmap" => Some(Node::Chr(NVMAP_DEV.0, NVMAP_DEV.1)),
        b"/dev/nvgpu/igpu0/ctrl" => Some(Node::Chr(CTRL_DEV.0, CTRL_DEV.1)),
        b"/dev/nvgpu" | b"/dev/nvgpu/igpu0" => Some(Node::Dir),
        _ => None,
    }
}

/// The longest path served.
const LONGEST: usize = b"/dev/nvgpu/igpu0/ctrl".len();

/// The node `path` names, if it is one we serve. The path is read with the
/// model's checked copy (as `open` reads it): a bad pointer is not ours,
/// and the real libc call then answers `EFAULT`, as without this library.
///
/// # Safety
/// `path` is the program's NUL-terminated string, or a bad pointer.
unsafe fn path_node(path: *const c_char) -> Option<Node> {
    // SAFETY: the program's path (this function's contract): what is mapped there up
    // to its NUL is the program's to let us read; an unmapped one is an error.
    let bytes = unsafe { usermem::read_cstr(path as u64, LONGEST) }.ok().flatten()?;
    node(&bytes)
}

/// True when `path` is readable and empty (`""`), for `AT_EMPTY_PATH`.
///
/// # Safety
/// As [`path_node`].
unsafe fn empty_path(path: *const c_char) -> bool {
    // SAFETY: as in `path_node`: one checked byte.
    unsafe { usermem::read_cstr(path as u64, 0) }.ok().flatten().is_some()
}

/// Copy `value` to the program's `buf` with the model's checked copy:
/// `EFAULT` (as the kernel answers) when it is not all writable.
///
/// # Safety
/// `buf` is the program's buffer for a `T` (or a bad pointer), and `value`'s
/// bytes are all initialised (made from zeroed memory, fields set in place).
unsafe fn put_user<T>(buf: *mut T, value: &std::mem::MaybeUninit<T>) -> c_int {
    // SAFETY: `value` is `size_of::<T>()` initialised bytes (the contract).
    let bytes = unsafe { std::slice::from_raw_parts(value.as_ptr().cast::<u8>(), std::mem::size_of::<T>()) };
    // SAFETY: the program's buffer (this function's contract); an unmapped or
    // read-only one is reported, not a fault.
    match unsafe { usermem::copy_to_user(buf as u64, bytes) } {
        Ok(()) => 0,
        Err(_) => set_errno(Errno::EFAULT),
    }
}

/// The node behind one of the model's fds (nvmap and ctrl only).
fn fd_node(fd: c_int) -> Option<Node> {
    if fd < 0 || !model_initialised() {
        return None;
    }
    match in_model(|k| k.fd_kind(fd))? {
        "nvmap" => Some(Node::Chr(NVMAP_DEV.0, NVMAP_DEV.1)),
        "ctrl" => Some(Node::Chr(CTRL_DEV.0, CTRL_DEV.1)),
        _ => None,
    }
}

fn mode_of(n: Node) -> u32 {
    match n {
        Node::Chr(..) => libc::S_IFCHR | 0o666,
        Node::Dir => libc::S_IFDIR | 0o755,
    }
}

fn ino_of(n: Node) -> u64 {
    match n {
        Node::Chr(maj, min) => 0x6e76_0000 + u64::from(maj) * 256 + u64::from(min),
        Node::Dir => 0x6e76_0001,
    }
}

/// Fill a `struct stat` for `n`.
///
/// # Safety
/// `buf` is the program's `struct stat` (or a bad pointer: `EFAULT`).
unsafe fn fill_stat(n: Node, buf: *mut libc::stat) -> c_int {
    // Zeroed, then fields set in place: every byte (padding too) is initialised.
    let mut st = std::mem::MaybeUninit::<libc::stat>::zeroed();
    let p = st.as_mut_ptr();
    // SAFETY: `p` points to the zeroed `stat` above; each write is one of its fields.
    unsafe {
        (&raw mut (*p).st_mode).write(mode_of(n));
        (&raw mut (*p).st_nlink).write(if matches!(n, Node::Dir) { 2 } else { 1 });
        (&raw mut (*p).st_ino).write(ino_of(n));
        (&raw mut (*p).st_dev).write(libc::makedev(0, 5)); // devtmpfs
        (&raw mut (*p).st_blksize).write(4096);
        if let Node::Chr(maj, min) = n {
            (&raw mut (*p).st_rdev).write(libc::makedev(maj, min));
        }
    }
    // SAFETY: the caller's buffer; `st` is initialised throughout.
    unsafe { put_user(buf, &st) }
}

type StatFn = unsafe extern "C" fn(*const c_char, *mut libc::stat) -> c_int;
type FstatFn = unsafe extern "C" fn(c_int, *mut libc::stat) -> c_int;
type FstatatFn = unsafe extern "C" fn(c_int, *const c_char, *mut libc::stat, c_int) -> c_int;
type XstatFn = unsafe extern "C" fn(c_int, *const c_char, *mut libc::stat) -> c_int;
type FxstatFn = unsafe extern "C" fn(c_int, c_int, *mut libc::stat) -> c_int;
type FxstatatFn = unsafe extern "C" fn(c_int, c_int, *const c_char, *mut libc::stat, c_int) -> c_int;
type StatxFn = unsafe extern "C" fn(c_int, *const c_char, c_int, libc::c_uint, *mut libc::statx) -> c_int;
type AccessFn = unsafe extern "C" fn(*const c_char, c_int) -> c_int;
type FaccessatFn = unsafe extern "C" fn(c_int, *const c_char, c_int, c_int) -> c_int;

macro_rules! stat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(path: *const c_char, buf: *mut libc::stat) -> c_int {
            // SAFETY: the caller's path.
            if let Some(n) = unsafe { path_node(path) } {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, StatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(path, buf) }
        }
    };
}
stat_like!(stat, c"stat", "`stat(2)`, interposed for the device paths.");
stat_like!(stat64, c"stat64", "`stat64`, interposed for the device paths.");
stat_like!(lstat, c"lstat", "`lstat(2)`, interposed for the device paths.");
stat_like!(lstat64, c"lstat64", "`lstat64`, interposed for the device paths.");

macro_rules! fstat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(fd: c_int, buf: *mut libc::stat) -> c_int {
            if let Some(n) = fd_node(fd) {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, FstatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(fd, buf) }
        }
    };
}
fstat_like!(fstat, c"fstat", "`fstat(2)`, interposed for the nvmap and ctrl fds.");
fstat_like!(fstat64, c"fstat64", "`fstat64`, interposed for the nvmap and ctrl fds.");

/// The node for an `*at` call: an absolute device path, or the fd itself
/// with `AT_EMPTY_PATH` and an empty path.
///
/// # Safety
/// `path` is the program's NUL-terminated string, or a bad pointer.
unsafe fn at_node(dirfd: c_int, path: *const c_char, flags: c_int) -> Option<Node> {
    // SAFETY: the caller's path.
    if let Some(n) = unsafe { path_node(path) } {
        return Some(n);
    }
    // SAFETY: as above.
    if flags & libc::AT_EMPTY_PATH != 0 && unsafe { empty_path(path) } {
        return fd_node(dirfd);
    }
    None
}

macro_rules! fstatat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(dirfd: c_int, path: *const c_char, buf: *mut libc::stat, flags: c_int) -> c_int {
            // SAFETY: the caller's path.
            if let Some(n) = unsafe { at_node(dirfd, path, flags) } {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, FstatatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(dirfd, path, buf, flags) }
        }
    };
}
fstatat_like!(fstatat, c"fstatat", "`fstatat(2)`, interposed for the device paths and fds.");
fstatat_like!(fstatat64, c"fstatat64", "`fstatat64`, interposed for the device paths and fds.");

macro_rules! xstat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(ver: c_int, path: *const c_char, buf: *mut libc::stat) -> c_int {
            // SAFETY: the caller's path.
            if let Some(n) = unsafe { path_node(path) } {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, XstatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(ver, path, buf) }
        }
    };
}
xstat_like!(__xstat, c"__xstat", "glibc's pre-2.33 `stat`, interposed for the device paths.");
xstat_like!(__xstat64, c"__xstat64", "glibc's pre-2.33 `stat64`, interposed for the device paths.");
xstat_like!(__lxstat, c"__lxstat", "glibc's pre-2.33 `lstat`, interposed for the device paths.");
xstat_like!(__lxstat64, c"__lxstat64", "glibc's pre-2.33 `lstat64`, interposed for the device paths.");

macro_rules! fxstat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(ver: c_int, fd: c_int, buf: *mut libc::stat) -> c_int {
            if let Some(n) = fd_node(fd) {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, FxstatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(ver, fd, buf) }
        }
    };
}
fxstat_like!(__fxstat, c"__fxstat", "glibc's pre-2.33 `fstat`, interposed for the nvmap and ctrl fds.");
fxstat_like!(__fxstat64, c"__fxstat64", "glibc's pre-2.33 `fstat64`, interposed for the nvmap and ctrl fds.");

macro_rules! fxstatat_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            ver: c_int,
            dirfd: c_int,
            path: *const c_char,
            buf: *mut libc::stat,
            flags: c_int,
        ) -> c_int {
            // SAFETY: the caller's path.
            if let Some(n) = unsafe { at_node(dirfd, path, flags) } {
                // SAFETY: the caller's buffer.
                return unsafe { fill_stat(n, buf) };
            }
            let f = real_fn!($sym, FxstatatFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(ver, dirfd, path, buf, flags) }
        }
    };
}
fxstatat_like!(__fxstatat, c"__fxstatat", "glibc's pre-2.33 `fstatat`, interposed.");
fxstatat_like!(__fxstatat64, c"__fxstatat64", "glibc's pre-2.33 `fstatat64`, interposed.");

/// `statx(2)`, interposed for the device paths and fds.
///
/// # Safety
/// As `statx(2)`.
#[no_mangle]
pub unsafe extern "C" fn statx(
    dirfd: c_int,
    path: *const c_char,
    flags: c_int,
    mask: libc::c_uint,
    buf: *mut libc::statx,
) -> c_int {
    // SAFETY: the caller's path.
    if let Some(n) = unsafe { at_node(dirfd, path, flags) } {
        let mut sx = std::mem::MaybeUninit::<libc::statx>::zeroed();
        let p = sx.as_mut_ptr();
        // SAFETY: `p` points to the zeroed `statx` above; each write is one of its fields.
        unsafe {
            (&raw mut (*p).stx_mask).write(libc::STATX_BASIC_STATS);
            (&raw mut (*p).stx_mode).write(mode_of(n) as u16);
            (&raw mut (*p).stx_nlink).write(if matches!(n, Node::Dir) { 2 } else { 1 });
            (&raw mut (*p).stx_ino).write(ino_of(n));
            (&raw mut (*p).stx_blksize).write(4096);
            (&raw mut (*p).stx_dev_minor).write(5);
            if let Node::Chr(maj, min) = n {
                (&raw mut (*p).stx_rdev_major).write(maj);
                (&raw mut (*p).stx_rdev_minor).write(min);
            }
        }
        // SAFETY: the caller's buffer; `sx` is initialised throughout.
        return unsafe { put_user(buf, &sx) };
    }
    let f = real_fn!(c"statx", StatxFn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(dirfd, path, flags, mask, buf) }
}

/// `access` for a served node: read and write for everyone, no execute.
fn access_node(n: Node, mode: c_int) -> c_int {
    let exec_denied = matches!(n, Node::Chr(..)) && mode & libc::X_OK != 0;
    if exec_denied {
        set_errno(Errno(libc::EACCES))
    } else {
        0
    }
}

macro_rules! access_like {
    ($name:ident, $sym:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// As the libc function.
        #[no_mangle]
        pub unsafe extern "C" fn $name(path: *const c_char, mode: c_int) -> c_int {
            // SAFETY: the caller's path.
            if let Some(n) = unsafe { path_node(path) } {
                return access_node(n, mode);
            }
            let f = real_fn!($sym, AccessFn);
            // SAFETY: the real function with the caller's arguments.
            unsafe { f(path, mode) }
        }
    };
}
access_like!(access, c"access", "`access(2)`, interposed for the device paths.");
access_like!(euidaccess, c"euidaccess", "`euidaccess`, interposed for the device paths.");
access_like!(eaccess, c"eaccess", "`eaccess`, interposed for the device paths.");

/// `faccessat(2)`, interposed for the device paths.
///
/// # Safety
/// As `faccessat(2)`.
#[no_mangle]
pub unsafe extern "C" fn faccessat(dirfd: c_int, path: *const c_char, mode: c_int, flags: c_int) -> c_int {
    // SAFETY: the caller's path.
    if let Some(n) = unsafe { at_node(dirfd, path, flags) } {
        return access_node(n, mode);
    }
    let f = real_fn!(c"faccessat", FaccessatFn);
    // SAFETY: the real function with the caller's arguments.
    unsafe { f(dirfd, path, mode, flags) }
}
