//! Opening the device: the two common failures (no permission, no node)
//! have their own kinds and say which node and what to do (issue 16 item 5).

use std::ffi::CStr;
use std::os::fd::RawFd;

use gpuiface_hal::{Errno, ErrorKind};
use gpuiface_nvgpu::{NvgpuDevice, Syscalls};

/// A seam whose `open` fails with `errno` for the ctrl node (nvmap opens).
struct Refuses(Errno);

// SAFETY: it maps nothing (mmap fails) and its one fd is never touched by a real call.
unsafe impl Syscalls for Refuses {
    fn open(&self, path: &CStr, _flags: i32) -> Result<RawFd, Errno> {
        if path.to_bytes() == b"/dev/nvmap" {
            Ok(100)
        } else {
            Err(self.0)
        }
    }
    unsafe fn close(&self, _fd: RawFd) -> Result<(), Errno> {
        Ok(())
    }
    unsafe fn ioctl_write(&self, _fd: RawFd, _request: u32, _arg: *const u8) -> Result<i32, Errno> {
        Err(Errno::ENOTTY)
    }
    unsafe fn ioctl_read_write(&self, _fd: RawFd, _request: u32, _arg: *mut u8) -> Result<i32, Errno> {
        Err(Errno::ENOTTY)
    }
    unsafe fn ioctl_value(&self, _fd: RawFd, _request: u32, _value: u64) -> Result<i32, Errno> {
        Err(Errno::ENOTTY)
    }
    unsafe fn mmap(&self, _: usize, _: usize, _: i32, _: i32, _: RawFd, _: i64) -> Result<usize, Errno> {
        Err(Errno::ENOMEM)
    }
    unsafe fn munmap(&self, _addr: usize, _len: usize) -> Result<(), Errno> {
        Ok(())
    }
    unsafe fn ring_doorbell(&self, _doorbell: *mut u32, _token: u32) {}
    fn fstat(&self, _fd: RawFd) -> Result<libc::stat, Errno> {
        Err(Errno::EBADF)
    }
}

#[test]
fn eacces_is_permission_denied_and_names_the_group() {
    let e = NvgpuDevice::<Refuses>::builder().build_with(Refuses(Errno::EACCES)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::PermissionDenied, "{e}");
    assert_eq!(e.errno(), Some(Errno::EACCES));
    let s = e.to_string();
    assert!(s.contains("/dev/nvgpu/igpu0/ctrl") && s.contains("video") && s.contains("render"), "{s}");
    assert!(!s.contains("invalid argument"), "{s}");
}

#[test]
fn enoent_is_not_found_and_says_why() {
    let e = NvgpuDevice::<Refuses>::builder()
        .ctrl_path("/dev/nvgpu/igpu9/ctrl")
        .build_with(Refuses(Errno::ENOENT))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
    let s = e.to_string();
    assert!(s.contains("/dev/nvgpu/igpu9/ctrl") && s.contains("not a Jetson"), "{s}");
    // The backend alone cannot know whether a mock is linked: the facade
    // says so when it is (`gpuiface::open`).
    assert!(!s.contains("GPUIFACE_BACKEND"), "{s}");
    assert!(s.contains("container"), "{s}");
    assert!(!s.contains("device lost"), "{s}");
}
