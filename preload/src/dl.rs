//! `dlsym`, interposed for the functions this library serves.
//!
//! A program that reaches libc through its own handle — `dlopen("libc.so.6")`
//! then `dlsym(handle, "ioctl")`, which is what Python's
//! `ctypes.CDLL("libc.so.6").ioctl` does — would get libc's definitions, not
//! this library's, and its calls on the model's fds would skip the model
//! (issue 21 item 7). `dlsym` therefore hands out this library's definition
//! of a served function whenever the real lookup resolved it to libc's own.
//!
//! Lookups through `RTLD_DEFAULT` and `RTLD_NEXT` are left alone (the first
//! already finds this library, preloaded first; the second is how this
//! library finds libc), as is any symbol another library defines itself.
//! Not covered: `dlvsym` (versioned lookups), and programs that reach the
//! kernel with raw `syscall(2)` — FIDELITY.md lists both.

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

/// The functions this library interposes (every `#[no_mangle]` it exports
/// for libc's sake).
const SERVED: &[&[u8]] = &[
    b"open",
    b"open64",
    b"openat",
    b"openat64",
    b"__open_2",
    b"__open64_2",
    b"__openat_2",
    b"__openat64_2",
    b"ioctl",
    b"close",
    b"mmap",
    b"mmap64",
    b"munmap",
    b"msync",
    b"stat",
    b"stat64",
    b"lstat",
    b"lstat64",
    b"fstat",
    b"fstat64",
    b"fstatat",
    b"fstatat64",
    b"__xstat",
    b"__xstat64",
    b"__lxstat",
    b"__lxstat64",
    b"__fxstat",
    b"__fxstat64",
    b"__fxstatat",
    b"__fxstatat64",
    b"statx",
    b"access",
    b"faccessat",
    b"euidaccess",
    b"eaccess",
];

type DlsymFn = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_void;

/// libc's `dlsym` (found with `dlvsym`, which this library does not
/// interpose): glibc 2.34 moved it into libc under a new version; older
/// ones have it under the architecture's base version.
fn real_dlsym() -> Option<DlsymFn> {
    static P: OnceLock<usize> = OnceLock::new();
    let p = *P.get_or_init(|| {
        for version in [c"GLIBC_2.34", c"GLIBC_2.17", c"GLIBC_2.2.5"] {
            // SAFETY: dlvsym with RTLD_NEXT and NUL-terminated strings.
            let p = unsafe { libc::dlvsym(libc::RTLD_NEXT, c"dlsym".as_ptr(), version.as_ptr()) };
            if !p.is_null() {
                return p as usize;
            }
        }
        0
    });
    // SAFETY: a non-zero `p` is libc's `dlsym`, whose C signature is `DlsymFn`.
    (p != 0).then(|| unsafe { std::mem::transmute::<usize, DlsymFn>(p) })
}

/// This library's own handle (it is loaded: this code runs in it).
fn own_handle() -> *mut c_void {
    static H: OnceLock<usize> = OnceLock::new();
    let h = *H.get_or_init(|| {
        // SAFETY: Dl_info is plain data; dladdr fills it for an address of this library.
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        // SAFETY: `dlsym` is a function of this library; `info` is ours to write.
        let found = unsafe { libc::dladdr(dlsym as *const c_void, &mut info) } != 0;
        if !found || info.dli_fname.is_null() {
            return 0;
        }
        // SAFETY: dli_fname is the loaded library's NUL-terminated path; NOLOAD
        // only returns a handle to the already loaded object.
        unsafe { libc::dlopen(info.dli_fname, libc::RTLD_NOLOAD | libc::RTLD_LAZY) as usize }
    });
    h as *mut c_void
}

/// `dlsym(3)`, interposed: see the module docs.
///
/// # Safety
/// As `dlsym(3)`: `handle` is a handle from `dlopen` or a pseudo-handle,
/// `symbol` a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void {
    let Some(real) = real_dlsym() else { return std::ptr::null_mut() };
    // SAFETY: the caller's handle and symbol, passed on as given.
    let found = unsafe { real(handle, symbol) };
    if found.is_null() || symbol.is_null() || handle == libc::RTLD_NEXT || handle == libc::RTLD_DEFAULT {
        return found;
    }
    // SAFETY: `symbol` is the caller's NUL-terminated string (dlsym's contract).
    let name = unsafe { CStr::from_ptr(symbol) }.to_bytes();
    if !SERVED.contains(&name) {
        return found;
    }
    // libc's own definition: the next one after this library.
    // SAFETY: RTLD_NEXT and the caller's symbol.
    let libc_def = unsafe { real(libc::RTLD_NEXT, symbol) };
    let own = own_handle();
    if found != libc_def || own.is_null() {
        return found;
    }
    // SAFETY: this library's handle and the caller's symbol.
    let ours = unsafe { real(own, symbol) };
    if ours.is_null() {
        found
    } else {
        ours
    }
}
