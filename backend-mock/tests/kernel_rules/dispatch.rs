//! §0: opening the nodes, ioctl dispatch (type, number, size) on the ctrl
//! and nvmap fds, and what closing fds releases.

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::*;

#[test]
fn open_rejects_unknown_paths_with_enoent() {
    let k = MockKernel::new();
    assert_eq!(k.open(c"/dev/nvhost-ctrl", 0), Err(Errno::ENOENT));
    let fd = k.open(NVMAP, 0).unwrap();
    assert!(fd > 2);
    // SAFETY: the test's fd, used no more; the second close names a number this
    // kernel no longer has open on its files (the EBADF answer), so it closes nothing.
    unsafe {
        k.close_fd(fd).unwrap();
        assert_eq!(k.close_fd(fd), Err(Errno::EBADF));
    }
}

#[test]
fn ioctl_on_unknown_fd_is_ebadf() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.io(9999, NVMAP_IOC_CREATE, &mut c), Err(Errno::EBADF));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

#[test]
fn dispatch_ctrl_rejects_foreign_type_or_oversized_arg_with_einval() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.io(k.ctrl, NVMAP_IOC_CREATE, &mut c), EINVAL, "an 'N' ioctl on the ctrl fd");
    let mut big = [0u8; 0x110];
    // 0x110 writable bytes, the size the number encodes.
    let r = k.raw(k.ctrl, iowr(b'G', 5, 0x110), big.as_mut_ptr());
    assert_eq!(r, EINVAL, "argument above NVGPU_GPU_IOCTL_MAX_ARG_SIZE");
    let mut z = NvgpuGpuZcullGetCtxSizeArgs::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, &mut z), Ok(0));
}

#[test]
fn ctrl_dispatch_rejects_bad_type_nr_and_size_with_einval_and_unknown_exact_with_enotty() {
    let k = K::new();
    let mut buf = [0u8; 0x200];
    let p = buf.as_mut_ptr();
    // `buf` is larger than every argument size used below.
    let call = |req: u32| k.raw(k.ctrl, req, p);
    assert_eq!(call(iowr(b'A', 5, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 0, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 0x2d, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 5, 0x109)), Err(Errno::EINVAL));
    // Right nr, wrong size: a different number.
    assert_eq!(call(iowr(b'G', 5, 24)), Err(Errno::ENOTTY));
    let mut c = NvgpuGpuGetCharacteristics::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut c), Ok(0));
}

#[test]
fn dispatch_nvmap_rejects_foreign_type_with_enotty() {
    let k = K::new();
    let mut a = K::alloc_as_args();
    assert_eq!(k.io(k.nvmap, NVGPU_GPU_IOCTL_ALLOC_AS, &mut a), Err(Errno::ENOTTY));
}

#[test]
fn nvmap_dispatch_rejects_bad_type_or_nr_with_enotty() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.io(k.nvmap, iowr(b'G', 0, 8), &mut c), Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, iowr(b'N', 108, 8), &mut c), Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

#[test]
fn dispatch_wrong_struct_size_is_a_different_number_and_gets_enotty() {
    let k = K::new();
    let h = k.handle(4096);
    let mut a = [0u8; 16];
    a[..4].copy_from_slice(&h.to_le_bytes());
    a[4..8].copy_from_slice(&NVMAP_HEAP_IOVMM.to_le_bytes());
    // SAFETY: 16 writable bytes: r35's argument size.
    let r = unsafe { k.k.ioctl_write(k.nvmap, r35::NVMAP_IOC_ALLOC, a.as_ptr()) };
    assert_eq!(r, Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_r35_sized_number_with_enotty() {
    // The r35 number with an r36-sized argument behind it.
    let k = K::new();
    let id = k.handle(4096);
    let mut a = K::alloc_args(id);
    assert_eq!(k.io(k.nvmap, r35::NVMAP_IOC_ALLOC, &mut a), Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Ok(0));
}

#[test]
fn closing_fds_releases_kernel_objects() {
    let k = K::new();
    let (as_fd, tsg, ch) = k.bound_channel();
    k.setup_bind(ch, &mut k.setup_args(1024)).unwrap();
    assert_eq!(k.k.gpu().channels().len(), 1);
    // SAFETY: the test's own fd, used no more.
    unsafe { k.k.close_fd(ch) }.unwrap();
    assert!(k.k.gpu().channels().is_empty(), "closing the channel detaches it from the GPU");
    // SAFETY: as above.
    unsafe { k.k.close_fd(tsg) }.unwrap();
    // SAFETY: as above.
    unsafe { k.k.close_fd(as_fd) }.unwrap();
    let s = k.k.snapshot();
    assert!(s.channels.is_empty() && s.tsgs.is_empty() && s.vms.is_empty(), "{s:?}");
    // SAFETY: a number this kernel no longer has open on its files: the EBADF
    // answer, nothing is closed.
    assert_eq!(unsafe { k.k.close_fd(ch) }, Err(Errno::EBADF));
}
