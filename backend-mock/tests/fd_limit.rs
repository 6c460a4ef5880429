//! Issue 40 item 3: under a low fd limit, a client's fds are numbered as on
//! an Orin. Alone in its test binary: it lowers `RLIMIT_NOFILE` before the
//! model makes any fd, and fd numbers are process-wide.

mod harness;

use std::os::fd::RawFd;

use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use harness::K;

/// The number a kernel gives the next fd: the lowest free one.
fn lowest_free() -> RawFd {
    // SAFETY: F_DUPFD of stdin (open under the test harness) to the lowest
    // free number, closed at once.
    unsafe {
        let fd = libc::fcntl(0, libc::F_DUPFD_CLOEXEC, 0);
        assert!(fd >= 0, "{}", std::io::Error::last_os_error());
        libc::close(fd);
        fd
    }
}

/// Every fd open below `limit`.
fn open_fds(limit: RawFd) -> Vec<RawFd> {
    // SAFETY: F_GETFD only asks whether the number is open.
    (0..limit).filter(|fd| unsafe { libc::fcntl(*fd, libc::F_GETFD) } >= 0).collect()
}

#[test]
fn fds_under_ulimit_n_20_are_numbered_as_a_real_kernel_numbers_them() {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit/setrlimit on a local struct.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut r), 0);
        r.rlim_cur = 20;
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &r), 0);
    }
    let before = open_fds(20);
    let mut handed: Vec<RawFd> = Vec::new();
    // Each fd a call hands out is the number that was lowest free before it.
    let expect = |want: RawFd, fd: RawFd, what: &str, handed: &mut Vec<RawFd>| {
        assert_eq!(fd, want, "{what}: a kernel hands out the lowest free number (so far {handed:?})");
        handed.push(fd);
    };
    let first = lowest_free();
    let k = K::on(MockKernel::builder().trace_stderr(false).build());
    expect(first, k.nvmap, "nvmap", &mut handed);
    expect(first + 1, k.ctrl, "ctrl", &mut handed);
    // Enough dma-bufs to pass fd 10 (half the limit, where the model's
    // pidfd sat): each copies a file out of the model's keeper.
    for i in 0..5 {
        let want = lowest_free();
        expect(want, k.dmabuf(4096 << i), "dma-buf", &mut handed);
    }
    let want = lowest_free();
    let as_fd = k.alloc_as();
    expect(want, as_fd, "AS", &mut handed);
    let want = lowest_free();
    let tsg = k.tsg();
    expect(want, tsg, "TSG", &mut handed);
    let want = lowest_free();
    let ch = k.channel();
    expect(want, ch, "channel", &mut handed);
    let want = lowest_free();
    let mut s = k.setup_args(1024);
    expect(want, s.gpfifo_dmabuf_fd as RawFd, "GPFIFO dma-buf", &mut handed);
    expect(want + 1, s.userd_dmabuf_fd as RawFd, "USERD dma-buf", &mut handed);
    k.as_bind(as_fd, ch).unwrap();
    let veid = k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
    k.tsg_bind(tsg, ch, veid).unwrap();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut s), Ok(0));
    let mapped = k.cpu_map(s.userd_dmabuf_fd as RawFd, 4096);
    assert_ne!(mapped, 0);
    let want = lowest_free();
    expect(want, k.dmabuf(4096), "dma-buf after SETUP_BIND and a CPU mapping", &mut handed);
    // Below the limit the table holds what was open before and what the
    // program was handed, and of the model's own only what it parks at the
    // very top of the table (`internal_fd_top`): the user-copy fallback's
    // pipe, made where `process_vm_readv` is missing (qemu-user), and a
    // program meets it only with its table full.
    let mut want: Vec<RawFd> = before.iter().copied().chain(handed.iter().copied()).collect();
    want.sort();
    let now = open_fds(20);
    let link = |fd: &RawFd| std::fs::read_link(format!("/proc/self/fd/{fd}")).map(|p| p.display().to_string());
    let what: Vec<String> = now.iter().map(|fd| format!("{fd} -> {:?}", link(fd))).collect();
    let ours: Vec<RawFd> = now.iter().copied().filter(|fd| !want.contains(fd)).collect();
    assert!(want.iter().all(|fd| now.contains(fd)), "every fd the program holds is still open: {what:#?}");
    assert!(
        ours.len() <= 2 && ours.iter().all(|fd| *fd >= 18 && link(fd).is_ok_and(|l| l.starts_with("pipe:"))),
        "nothing of the model's below the top two numbers of the table: {what:#?}"
    );
    assert!(handed.iter().any(|fd| *fd >= 10), "the test reached past half the limit: {handed:?}");
}
