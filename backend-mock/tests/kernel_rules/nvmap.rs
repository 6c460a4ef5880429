//! §5 nvmap: CREATE, ALLOC, GET_FD, FREE, the heap queries and the
//! deprecated id ioctls.

use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::*;

const NVMAP_ID_BIT: u32 = 0x8000_0000;

#[test]
fn nvmap_create_rejects_size_zero_with_einval() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 0, handle: 0 };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c), Err(Errno::EINVAL));
    assert_eq!(c.handle, 0, "outputs are written only on success");
    c.size = 1;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

#[test]
fn nvmap_create_returns_ids_shaped_like_a_real_orins_not_fds() {
    let k = K::new();
    let a = k.handle(4096);
    let b = k.handle(4096);
    assert_eq!(a, 0x8000_0019, "a fresh Orin process got 0x80000019");
    assert_eq!(b, a + 1);
    assert_eq!(a & NVMAP_ID_BIT, NVMAP_ID_BIT);
    assert_eq!(k.k.snapshot().fds.iter().filter(|f| f.1 == "dmabuf").count(), 0, "CREATE hands out no fd");
}

#[test]
fn nvmap_handles_are_ids_shaped_like_real_ones_not_fds() {
    let k = K::new();
    let h = k.handle(4096);
    assert_eq!(h & 0x8000_0000, 0x8000_0000, "{h:#x}");
    // An id is not a dma-buf: MAP_BUFFER_EX with it fails.
    let as_fd = k.alloc_as();
    assert!(k.map(as_fd, &mut map_args(h as RawFd)).is_err());
}

#[test]
fn nvmap_alloc_rejects_non_power_of_two_alignment_with_einval() {
    let k = K::new();
    let h = k.handle(4096);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut NvmapAllocHandle { align: 3000, ..K::alloc_args(h) }), EINVAL);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_non_pow2_align_with_einval() {
    let k = K::new();
    let id = k.handle(4096);
    let mut a = K::alloc_args(id);
    a.align = 3 * 4096;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Err(Errno::EINVAL));
    a.align = 0;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_handle_zero_and_unknown_ids_with_einval() {
    let k = K::new();
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0)), EINVAL);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0x8000_7777)), EINVAL);
}

#[test]
fn nvmap_alloc_rejects_zero_or_unknown_handle_with_einval() {
    let k = K::new();
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0)), Err(Errno::EINVAL));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0x8000_1234)), Err(Errno::EINVAL));
    let id = k.handle(4096);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(id)), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_invalid_numa_nid_with_einval() {
    let k = K::new();
    let id = k.handle(4096);
    let mut a = K::alloc_args(id);
    a.numa_nid = 7;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Err(Errno::EINVAL));
    a.numa_nid = -2;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Err(Errno::EINVAL));
    a.numa_nid = -1;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_empty_heap_mask_with_enomem() {
    let k = K::new();
    let id = k.handle(4096);
    let mut a = K::alloc_args(id);
    a.heap_mask = 0;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Err(Errno::ENOMEM));
    a.heap_mask = NVMAP_HEAP_IOVMM;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a), Ok(0));
}

#[test]
fn nvmap_alloc_of_allocated_handle_is_eexist() {
    let k = K::new();
    let id = k.handle(4096);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(id)), Ok(0));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(id)), Err(Errno::EEXIST));
}

#[test]
fn nvmap_get_fd_returns_a_new_fd_each_call() {
    let k = K::new();
    let a = k.dmabuf(4096);
    let b = k.dmabuf(4096);
    assert_ne!(a, b);
    assert!(a > 2 && b > 2);
}

#[test]
fn nvmap_get_fd_returns_a_new_dmabuf_fd_each_call_sharing_the_memory() {
    let k = K::new();
    let (id, fd1) = k.buffer(4096);
    let fd2 = k.get_fd(id).unwrap();
    assert_ne!(fd1, fd2);
    assert_eq!(k.k.snapshot().fds.iter().filter(|f| f.1 == "dmabuf").count(), 2);
    // SAFETY: fresh shared mappings of our dma-bufs, unmapped below.
    unsafe {
        let p1 = k.k.mmap(0, 4096, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd1, 0).unwrap();
        let p2 = k.k.mmap(0, 4096, libc::PROT_READ, libc::MAP_SHARED, fd2, 0).unwrap();
        (p1 as *mut u32).write_volatile(0xC0FFEE);
        assert_eq!((p2 as *const u32).read_volatile(), 0xC0FFEE);
        k.k.munmap(p1, 4096).unwrap();
        k.k.munmap(p2, 4096).unwrap();
    }
    // An unallocated handle has no dma-buf; an unknown id is not an fd.
    let bare = k.handle(4096);
    assert_eq!(k.get_fd(bare), Err(Errno::EINVAL));
    assert_eq!(k.get_fd(0x8000_7777), Err(Errno::EBADF));
}

#[test]
fn nvmap_free_takes_the_id_by_value_and_zero_is_a_no_op() {
    let k = K::new();
    let id = k.handle(4096);
    assert_eq!(k.k.ioctl_by_value(k.nvmap, NVMAP_IOC_FREE, 0), Ok(0));
    let s = k.k.snapshot();
    assert_eq!(s.nvmap_handles.len(), 1);
    assert!(s.nvmap_handles.contains(&id));
    assert_eq!(k.k.ioctl_by_value(k.nvmap, NVMAP_IOC_FREE, u64::from(id)), Ok(0));
    let s = k.k.snapshot();
    assert_eq!(s.nvmap_handles.len(), 0);
    assert!(!s.nvmap_handles.contains(&id));
}

#[test]
fn by_value_takes_io_requests_only() {
    // A request with a direction would make the value an address the model writes
    // through: the safe entry point refuses it before the fd is even looked at.
    let k = K::new();
    let mut word = 0u64;
    let at = &mut word as *mut u64 as u64;
    assert_eq!(k.k.ioctl_by_value(k.nvmap, NVMAP_IOC_CREATE, at), Err(Errno::EINVAL));
    assert_eq!(k.k.ioctl_by_value(k.ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, at), Err(Errno::EINVAL));
    assert_eq!(word, 0, "nothing was written through the value");
}

#[test]
fn nvmap_memory_outlives_free_while_a_dmabuf_fd_holds_it() {
    let k = K::new();
    let (id, fd) = k.buffer(4096);
    k.k.ioctl_by_value(k.nvmap, NVMAP_IOC_FREE, u64::from(id)).unwrap();
    // SAFETY: a fresh mapping of our dma-buf, unmapped below.
    unsafe {
        let p = k.k.mmap(0, 4096, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd, 0).unwrap();
        (p as *mut u8).write_volatile(1);
        k.k.munmap(p, 4096).unwrap();
    }
    // SAFETY: the test's dma-buf fd, used no more.
    unsafe { k.k.close_fd(fd) }.unwrap();
}

#[test]
fn nvmap_available_heaps_never_reports_iovmm() {
    let k = K::new();
    let mut a = NvmapAvailableHeaps { heaps: u64::MAX };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_GET_AVAILABLE_HEAPS, &mut a), Ok(0));
    assert_eq!(a.heaps & u64::from(NVMAP_HEAP_IOVMM), 0);
}

#[test]
fn nvmap_get_available_heaps_never_reports_iovmm() {
    let k = K::new();
    let mut h = NvmapAvailableHeaps::default();
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_GET_AVAILABLE_HEAPS, &mut h), Ok(0));
    assert_eq!(h.heaps & u64::from(NVMAP_HEAP_IOVMM), 0);
    assert_ne!(h.heaps, 0);
}

#[test]
fn nvmap_query_heap_params_reads_the_heap_mask_it_is_given() {
    let k = K::new();
    let mut q = NvmapQueryHeapParams { heap_mask: NVMAP_HEAP_IOVMM, ..Default::default() };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Ok(0));
    assert!(q.total > 0 && q.granule_size == 4096);
    let mut q = NvmapQueryHeapParams { heap_mask: 1 << 4, ..Default::default() };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Err(Errno::ENODEV));
}

#[test]
fn nvmap_query_heap_params_reads_heap_mask_and_missing_carveout_is_enodev() {
    let k = K::new();
    let mut q = NvmapQueryHeapParams { heap_mask: NVMAP_HEAP_IOVMM, ..Default::default() };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Ok(0));
    assert!(q.total > 0);
    assert_eq!(q.granule_size, 4096);
    assert_eq!(q.largest_free_block, 4096);
    let mut q = NvmapQueryHeapParams { heap_mask: NVMAP_HEAP_CARVEOUT_GPU, ..Default::default() };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Err(Errno::ENODEV));
    let mut q = NvmapQueryHeapParams::default();
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Ok(0));
    assert_eq!(q.total, 0);
}

#[test]
fn nvmap_from_id_and_get_id_are_deprecated_enotty() {
    let k = K::new();
    let id = k.handle(4096);
    let mut c = NvmapCreateHandle { size: 0, handle: id };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_FROM_ID, &mut c), Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_GET_ID, &mut c), Err(Errno::ENOTTY));
    assert!(k.get_fd(id).is_err(), "unallocated");
}
