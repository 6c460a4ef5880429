//! A `mockall` mock of the syscall seam, for expectation tests (a test
//! helper: `mockall` is a dev-dependency, not in a build of the crate).
//!
//! [`MockSyscalls`] implements [`gpuiface_nvgpu::Syscalls`]; put it under an
//! [`NvgpuDevice`](gpuiface_nvgpu::NvgpuDevice) and state exactly which
//! system calls an operation must make, in which order, with what arguments.
//! Unmet or unexpected calls panic (embedded-hal-mock style). The model in
//! `gpuiface-mock` answers *whether the kernel accepts* a call; this mock
//! pins *which calls are made*. See `tests/expect_alloc_order.rs` for a
//! complete example: the ioctl order of one buffer allocation.
//!
//! ```text
//! let mut sys = MockSyscalls::new();
//! sys.expect_close().withf(|fd| *fd == 7).times(1).returning(|_| Ok(()));
//! sys.close(7).unwrap();
//! ```

use std::ffi::CStr;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;

mockall::mock! {
    /// The syscall seam, mocked.
    pub Syscalls {}
    // SAFETY: a test double: each test's expectations return what the kernel
    // would (addresses of mappings the test made, fds it owns); the tests
    // that use it pin call order and never let the backend touch what a
    // returned address names.
    unsafe impl gpuiface_nvgpu::Syscalls for Syscalls {
        fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno>;
        unsafe fn close(&self, fd: RawFd) -> Result<(), Errno>;
        unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno>;
        unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno>;
        unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno>;
        unsafe fn mmap(&self, addr: usize, len: usize, prot: i32, flags: i32, fd: RawFd, offset: i64) -> Result<usize, Errno>;
        unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno>;
        unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32);
        fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno>;
    }
}
