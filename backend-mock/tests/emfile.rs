//! Issue 15 item 10: nothing is created before every step that can fail has
//! succeeded. Alone in its test binary: it lowers RLIMIT_NOFILE.

use std::ffi::CString;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

const EMFILE: Errno = Errno(libc::EMFILE);

fn set_nofile(n: u64) {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit/setrlimit on a local struct.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut r), 0);
        r.rlim_cur = n.min(r.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &r), 0);
    }
}

fn open_channel(k: &MockKernel, ctrl: i32) -> Result<i32, Errno> {
    let mut c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
    // SAFETY: a live argument of the ioctl's size.
    unsafe { k.ioctl_read_write(ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, (&mut c as *mut NvgpuGpuOpenChannelArgs).cast()) }
        .map(|_| c.channel_fd)
}

#[test]
fn item_10_emfile_leaks_no_channel_id_tsg_or_address_space() {
    let k = MockKernel::builder().trace_stderr(false).build();
    let ctrl = k.open(&CString::new("/dev/nvgpu/igpu0/ctrl").unwrap(), libc::O_RDWR).unwrap();
    // Fill the fd table up to a low limit.
    let mut fillers = Vec::new();
    set_nofile(64);
    loop {
        // SAFETY: dup of a valid fd; closed below.
        let fd = unsafe { libc::dup(ctrl) };
        if fd < 0 {
            break;
        }
        fillers.push(fd);
    }
    let before = k.snapshot();
    // 600 failed OPEN_CHANNELs: more than the 512 channel ids.
    for _ in 0..600 {
        assert_eq!(open_channel(&k, ctrl), Err(EMFILE));
    }
    let mut a = NvgpuAllocAsArgs {
        flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
        va_range_start: 2 << 20,
        va_range_end: (1 << 40) - (2 << 20),
        ..Default::default()
    };
    // SAFETY: live arguments of the ioctls' sizes.
    unsafe {
        assert_eq!(
            k.ioctl_read_write(ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, (&mut a as *mut NvgpuAllocAsArgs).cast()),
            Err(EMFILE)
        );
        let mut t = NvgpuGpuOpenTsgArgs::default();
        assert_eq!(
            k.ioctl_read_write(ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, (&mut t as *mut NvgpuGpuOpenTsgArgs).cast()),
            Err(EMFILE)
        );
    }
    assert_eq!(k.snapshot(), before, "a failed open left an object behind");
    for fd in fillers {
        // SAFETY: closing the dups made above.
        unsafe { libc::close(fd) };
    }
    set_nofile(1024);
    // Channel ids are all still free.
    let ch = open_channel(&k, ctrl).expect("a channel after the EMFILE storm");
    // SAFETY: the test's fds, used no more.
    unsafe { k.close_fd(ch) }.unwrap();
    // SAFETY: as above.
    unsafe { k.close_fd(ctrl) }.unwrap();
    k.assert_no_leaks();
}
