//! Issue 12 item 11, alone in its test binary (fd numbers are process-wide:
//! a test running beside it would take numbers in between).

mod harness;

use std::os::fd::RawFd;

use gpuiface_nvgpu::abi::*;
use harness::K;

#[test]
fn item11_memory_takes_no_low_fds_so_a_clients_fds_are_numbered_as_on_an_orin() {
    let k = K::traced();
    // On an Orin: ctrl is the next fd after nvmap, and nvmap memory takes no fd.
    assert_eq!(k.ctrl, k.nvmap + 1);
    let h = k.create(1 << 20).unwrap() as u32;
    k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)).unwrap();
    let as_fd = k.alloc_as();
    assert_eq!(as_fd, k.ctrl + 1, "the AS fd follows ctrl");
    let mut g = NvmapCreateHandle { size: 0, handle: h };
    k.io(k.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
    assert_eq!(g.size as RawFd, as_fd + 1, "a dma-buf fd is a client fd: the next one");
}
