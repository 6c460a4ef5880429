//! `NvgpuDevice::map` learns a dma-buf's size through the syscall seam
//! (`Syscalls::fstat`), like every other system call of the backend.

use std::ffi::CStr;
use std::os::fd::{AsFd, RawFd};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use gpuiface_hal::{Errno, ForeignMemory, GpuIface};
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::{NvgpuDeviceBuilder, Syscalls};

/// The mock kernel, with `fstat` counted and, when `fail` is set, failed.
struct CountsFstat {
    kernel: Arc<MockKernel>,
    fail: Option<Errno>,
    calls: AtomicUsize,
}

// SAFETY: every call is forwarded to the mock kernel (fstat may fail: an error, not a lie).
unsafe impl Syscalls for CountsFstat {
    fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno> {
        self.kernel.open(path, flags)
    }
    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantee.
        unsafe { self.kernel.close_fd(fd) }
    }
    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.kernel.ioctl_write(fd, request, arg) }
    }
    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.kernel.ioctl_read_write(fd, request, arg) }
    }
    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        self.kernel.ioctl_by_value(fd, request, value)
    }
    unsafe fn mmap(&self, a: usize, l: usize, p: i32, f: i32, fd: RawFd, o: i64) -> Result<usize, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.kernel.mmap(a, l, p, f, fd, o) }
    }
    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.kernel.munmap(addr, len) }
    }
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.kernel.ring_doorbell(doorbell, token) }
    }
    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        match self.fail {
            Some(errno) => Err(errno),
            None => self.kernel.fstat(fd),
        }
    }
}

fn device(fail: Option<Errno>) -> gpuiface_nvgpu::NvgpuDevice<CountsFstat> {
    let kernel = Arc::new(MockKernel::builder().build());
    NvgpuDeviceBuilder::default().build_with(CountsFstat { kernel, fail, calls: AtomicUsize::new(0) }).unwrap()
}

#[test]
fn map_asks_the_seam_for_the_size_and_reports_its_errno() {
    let dev = device(Some(Errno::ENODEV));
    let f = std::fs::File::open("/dev/null").unwrap();
    let e = dev.map(ForeignMemory::DmaBuf(f.as_fd())).unwrap_err();
    assert_eq!((e.op(), e.errno()), (Some("fstat"), Some(Errno::ENODEV)), "{e}");
    assert_eq!(dev.syscalls().calls.load(Ordering::Relaxed), 1);
}

#[test]
fn past_the_seams_fstat_the_kernel_refuses_what_is_not_a_dmabuf() {
    let dev = device(None);
    let f = std::fs::File::open("/dev/null").unwrap();
    let e = dev.map(ForeignMemory::DmaBuf(f.as_fd())).unwrap_err();
    assert_ne!(e.op(), Some("fstat"), "{e}");
    assert_eq!(dev.syscalls().calls.load(Ordering::Relaxed), 1);
}
