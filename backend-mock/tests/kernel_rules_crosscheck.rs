//! A second, independently written suite of kernel-rule tests
//! (facts/nvgpu-kernel-constraints.md), each driving the mock only through the
//! `Syscalls` seam with ABI structs, like a user program, and each showing the
//! positive case too. It was written against another model of the kernel and
//! ported here; running it against this one found seven fidelity gaps (event
//! fds, 3D class on VEID≠0, syncpoint numbering, VA regions with big pages,
//! carveout heaps, GET_FD's errno, chid 511 first).

use std::ffi::CStr;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::kernel::*;
use gpuiface_mock::mem::GpuVm;
use gpuiface_nvgpu::abi::{self, *};
use gpuiface_nvgpu::Syscalls;

const NVMAP: &CStr = c"/dev/nvmap";
const CTRL: &CStr = c"/dev/nvgpu/igpu0/ctrl";
const UNIFIED_VA: u32 = 1 << 1;
const VA_START: u64 = 0x20_0000;
const VA_END: u64 = 0xFF_FFE0_0000;
const NVMAP_ID_BIT: u32 = 0x8000_0000;
const USERMODE_DOORBELL_OFFSET: usize = 0x90;

fn rw<T: IoctlArg>(k: &MockKernel, fd: RawFd, req: u32, a: &mut T) -> Result<i32, Errno> {
    // SAFETY: `a` is the argument struct of `req`, valid and writable for its size.
    unsafe { k.ioctl_read_write(fd, req, a.as_bytes_mut().as_mut_ptr()) }
}

fn w<T: IoctlArg>(k: &MockKernel, fd: RawFd, req: u32, a: &T) -> Result<i32, Errno> {
    // SAFETY: `a` is the argument struct of `req`, valid for its size.
    unsafe { k.ioctl_write(fd, req, a.as_bytes().as_ptr()) }
}

/// A kernel with nvmap and ctrl open.
struct Env {
    k: MockKernel,
    nvmap: RawFd,
    ctrl: RawFd,
}

impl Env {
    fn new() -> Env {
        Env::with(MockKernel::new())
    }
    fn with(k: MockKernel) -> Env {
        let nvmap = k.open(NVMAP, libc::O_RDWR).unwrap();
        let ctrl = k.open(CTRL, libc::O_RDWR).unwrap();
        Env { k, nvmap, ctrl }
    }
    fn create(&self, size: u32) -> u32 {
        let mut c = NvmapCreateHandle { size, handle: 0 };
        rw(&self.k, self.nvmap, NVMAP_IOC_CREATE, &mut c).unwrap();
        c.handle
    }
    fn alloc_args(handle: u32) -> NvmapAllocHandle {
        NvmapAllocHandle {
            handle,
            heap_mask: NVMAP_HEAP_IOVMM,
            flags: NVMAP_HANDLE_WRITE_COMBINE,
            align: 4096,
            numa_nid: 0,
        }
    }
    fn get_fd(&self, id: u32) -> Result<RawFd, Errno> {
        let mut c = NvmapCreateHandle { size: 0, handle: id };
        rw(&self.k, self.nvmap, NVMAP_IOC_GET_FD, &mut c)?;
        Ok(c.size as RawFd)
    }
    /// CREATE + ALLOC + GET_FD.
    fn buffer(&self, size: u32) -> (u32, RawFd) {
        let id = self.create(size);
        w(&self.k, self.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(id)).unwrap();
        (id, self.get_fd(id).unwrap())
    }
    fn alloc_as_args(&self, a: &mut NvgpuAllocAsArgs) -> Result<i32, Errno> {
        rw(&self.k, self.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, a)
    }
    fn unified_as(&self) -> RawFd {
        let mut a = NvgpuAllocAsArgs {
            flags: UNIFIED_VA,
            va_range_start: VA_START,
            va_range_end: VA_END,
            ..Default::default()
        };
        self.alloc_as_args(&mut a).unwrap();
        a.as_fd
    }
    fn big_page_as(&self) -> RawFd {
        let mut a = NvgpuAllocAsArgs {
            big_page_size: 64 << 10,
            flags: UNIFIED_VA,
            va_range_start: VA_START,
            va_range_end: VA_END,
            ..Default::default()
        };
        self.alloc_as_args(&mut a).unwrap();
        a.as_fd
    }
    fn tsg(&self) -> RawFd {
        let mut a = NvgpuGpuOpenTsgArgs::default();
        rw(&self.k, self.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a).unwrap();
        a.tsg_fd as RawFd
    }
    fn subctx(&self, tsg: RawFd, ty: u32, as_fd: RawFd) -> Result<u32, Errno> {
        let mut a = NvgpuTsgCreateSubcontextArgs { type_: ty, as_fd, ..Default::default() };
        rw(&self.k, tsg, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &mut a)?;
        Ok(a.veid)
    }
    fn channel(&self) -> RawFd {
        let mut a = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
        rw(&self.k, self.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut a).unwrap();
        a.channel_fd
    }
    fn as_bind(&self, as_fd: RawFd, ch: RawFd) -> Result<i32, Errno> {
        rw(&self.k, as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut NvgpuAsBindChannelArgs { channel_fd: ch as u32 })
    }
    fn tsg_bind(&self, tsg: RawFd, ch: RawFd, veid: u32) -> Result<i32, Errno> {
        let mut a = NvgpuTsgBindChannelExArgs { channel_fd: ch, subcontext_id: veid, ..Default::default() };
        rw(&self.k, tsg, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut a)
    }
    fn wdt(&self, ch: RawFd, status: u32) -> Result<i32, Errno> {
        w(&self.k, ch, NVGPU_IOCTL_CHANNEL_WDT, &NvgpuChannelWdtArgs { wdt_status: status, timeout_ms: 0 })
    }
    /// AS + TSG(subctx) + channel bound in the right order, watchdog off.
    fn bound_channel(&self) -> (RawFd, RawFd, RawFd) {
        let as_fd = self.unified_as();
        let tsg = self.tsg();
        let veid = self.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd).unwrap();
        let ch = self.channel();
        self.as_bind(as_fd, ch).unwrap();
        self.tsg_bind(tsg, ch, veid).unwrap();
        self.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
        (as_fd, tsg, ch)
    }
    fn setup_args(&self, entries: u32) -> NvgpuChannelSetupBindArgs {
        let (_, gpfifo) = self.buffer(entries.max(512) * 8);
        let (_, userd) = self.buffer(4096);
        NvgpuChannelSetupBindArgs {
            num_gpfifo_entries: entries,
            flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC | NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT,
            userd_dmabuf_fd: userd,
            gpfifo_dmabuf_fd: gpfifo,
            ..Default::default()
        }
    }
    fn setup_bind(&self, ch: RawFd, a: &mut NvgpuChannelSetupBindArgs) -> Result<i32, Errno> {
        rw(&self.k, ch, NVGPU_IOCTL_CHANNEL_SETUP_BIND, a)
    }
    fn map(&self, as_fd: RawFd, a: &mut NvgpuAsMapBufferExArgs) -> Result<i32, Errno> {
        rw(&self.k, as_fd, NVGPU_AS_IOCTL_MAP_BUFFER_EX, a)
    }
}

fn plain_map(dmabuf_fd: RawFd) -> NvgpuAsMapBufferExArgs {
    NvgpuAsMapBufferExArgs { compr_kind: -1, incompr_kind: 0, dmabuf_fd: dmabuf_fd as u32, ..Default::default() }
}

// ------------------------------------------------------------------ §0 dispatch

#[test]
fn open_rejects_unknown_paths_with_enoent() {
    let k = MockKernel::new();
    assert_eq!(k.open(c"/dev/nvhost-ctrl", 0), Err(Errno::ENOENT));
    let fd = k.open(NVMAP, 0).unwrap();
    assert!(fd > 2);
    k.close(fd).unwrap();
    assert_eq!(k.close(fd), Err(Errno::EBADF));
}

#[test]
fn ctrl_dispatch_rejects_bad_type_nr_and_size_with_einval_and_unknown_exact_with_enotty() {
    let e = Env::new();
    let mut buf = [0u8; 0x200];
    let p = buf.as_mut_ptr();
    // SAFETY: `buf` is larger than every argument size used below.
    let call = |req: u32| unsafe { e.k.ioctl_read_write(e.ctrl, req, p) };
    assert_eq!(call(iowr(b'A', 5, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 0, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 0x2d, 16)), Err(Errno::EINVAL));
    assert_eq!(call(iowr(b'G', 5, 0x109)), Err(Errno::EINVAL));
    // Right nr, wrong size: a different number.
    assert_eq!(call(iowr(b'G', 5, 24)), Err(Errno::ENOTTY));
    let mut c = NvgpuGpuGetCharacteristics::default();
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut c), Ok(0));
}

#[test]
fn nvmap_dispatch_rejects_bad_type_or_nr_with_enotty() {
    let e = Env::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(rw(&e.k, e.nvmap, iowr(b'G', 0, 8), &mut c), Err(Errno::ENOTTY));
    assert_eq!(rw(&e.k, e.nvmap, iowr(b'N', 108, 8), &mut c), Err(Errno::ENOTTY));
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

#[test]
fn ioctl_on_unknown_fd_is_ebadf() {
    let e = Env::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(rw(&e.k, 9999, NVMAP_IOC_CREATE, &mut c), Err(Errno::EBADF));
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

// ------------------------------------------------------------------ §5 nvmap

#[test]
fn nvmap_create_rejects_size_zero_with_einval() {
    let e = Env::new();
    let mut c = NvmapCreateHandle { size: 0, handle: 0 };
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_CREATE, &mut c), Err(Errno::EINVAL));
    assert_eq!(c.handle, 0, "outputs are written only on success");
    c.size = 1;
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
}

#[test]
fn nvmap_create_returns_ids_shaped_like_a_real_orins_not_fds() {
    let e = Env::new();
    let a = e.create(4096);
    let b = e.create(4096);
    assert_eq!(a, 0x8000_0019, "a fresh Orin process got 0x80000019");
    assert_eq!(b, a + 1);
    assert_eq!(a & NVMAP_ID_BIT, NVMAP_ID_BIT);
    assert_eq!(e.k.snapshot().fds.iter().filter(|f| f.1 == "dmabuf").count(), 0, "CREATE hands out no fd");
}

#[test]
fn nvmap_alloc_rejects_non_pow2_align_with_einval() {
    let e = Env::new();
    let id = e.create(4096);
    let mut a = Env::alloc_args(id);
    a.align = 3 * 4096;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Err(Errno::EINVAL));
    a.align = 0;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_zero_or_unknown_handle_with_einval() {
    let e = Env::new();
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(0)), Err(Errno::EINVAL));
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(0x8000_1234)), Err(Errno::EINVAL));
    let id = e.create(4096);
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(id)), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_invalid_numa_nid_with_einval() {
    let e = Env::new();
    let id = e.create(4096);
    let mut a = Env::alloc_args(id);
    a.numa_nid = 7;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Err(Errno::EINVAL));
    a.numa_nid = -2;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Err(Errno::EINVAL));
    a.numa_nid = -1;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_empty_heap_mask_with_enomem() {
    let e = Env::new();
    let id = e.create(4096);
    let mut a = Env::alloc_args(id);
    a.heap_mask = 0;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Err(Errno::ENOMEM));
    a.heap_mask = NVMAP_HEAP_IOVMM;
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Ok(0));
}

#[test]
fn nvmap_alloc_of_allocated_handle_is_eexist() {
    let e = Env::new();
    let id = e.create(4096);
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(id)), Ok(0));
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &Env::alloc_args(id)), Err(Errno::EEXIST));
}

#[test]
fn nvmap_alloc_rejects_r35_sized_number_with_enotty() {
    let e = Env::new();
    let id = e.create(4096);
    let a = Env::alloc_args(id);
    assert_eq!(w(&e.k, e.nvmap, abi::r35::NVMAP_IOC_ALLOC, &a), Err(Errno::ENOTTY));
    assert_eq!(w(&e.k, e.nvmap, NVMAP_IOC_ALLOC, &a), Ok(0));
}

#[test]
fn nvmap_get_fd_returns_a_new_dmabuf_fd_each_call_sharing_the_memory() {
    let e = Env::new();
    let (id, fd1) = e.buffer(4096);
    let fd2 = e.get_fd(id).unwrap();
    assert_ne!(fd1, fd2);
    assert_eq!(e.k.snapshot().fds.iter().filter(|f| f.1 == "dmabuf").count(), 2);
    // SAFETY: fresh shared mappings of our dma-bufs, unmapped below.
    unsafe {
        let p1 = e.k.mmap(0, 4096, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd1, 0).unwrap();
        let p2 = e.k.mmap(0, 4096, libc::PROT_READ, libc::MAP_SHARED, fd2, 0).unwrap();
        (p1 as *mut u32).write_volatile(0xC0FFEE);
        assert_eq!((p2 as *const u32).read_volatile(), 0xC0FFEE);
        e.k.munmap(p1, 4096).unwrap();
        e.k.munmap(p2, 4096).unwrap();
    }
    // An unallocated handle has no dma-buf; an unknown id is not an fd.
    let bare = e.create(4096);
    assert_eq!(e.get_fd(bare), Err(Errno::EINVAL));
    assert_eq!(e.get_fd(0x8000_7777), Err(Errno::EBADF));
}

#[test]
fn nvmap_free_takes_the_id_by_value_and_zero_is_a_noop() {
    let e = Env::new();
    let id = e.create(4096);
    assert_eq!(e.k.ioctl_value(e.nvmap, NVMAP_IOC_FREE, 0), Ok(0));
    assert_eq!(e.k.snapshot().nvmap_handles.len(), 1);
    assert_eq!(e.k.ioctl_value(e.nvmap, NVMAP_IOC_FREE, u64::from(id)), Ok(0));
    assert_eq!(e.k.snapshot().nvmap_handles.len(), 0);
}

#[test]
fn nvmap_memory_outlives_free_while_a_dmabuf_fd_holds_it() {
    let e = Env::new();
    let (id, fd) = e.buffer(4096);
    e.k.ioctl_value(e.nvmap, NVMAP_IOC_FREE, u64::from(id)).unwrap();
    // SAFETY: a fresh mapping of our dma-buf, unmapped below.
    unsafe {
        let p = e.k.mmap(0, 4096, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd, 0).unwrap();
        (p as *mut u8).write_volatile(1);
        e.k.munmap(p, 4096).unwrap();
    }
    e.k.close(fd).unwrap();
}

#[test]
fn nvmap_get_available_heaps_never_reports_iovmm() {
    let e = Env::new();
    let mut h = NvmapAvailableHeaps::default();
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_GET_AVAILABLE_HEAPS, &mut h), Ok(0));
    assert_eq!(h.heaps & u64::from(NVMAP_HEAP_IOVMM), 0);
    assert_ne!(h.heaps, 0);
}

#[test]
fn nvmap_query_heap_params_reads_heap_mask_and_missing_carveout_is_enodev() {
    let e = Env::new();
    let mut q = NvmapQueryHeapParams { heap_mask: NVMAP_HEAP_IOVMM, ..Default::default() };
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Ok(0));
    assert!(q.total > 0);
    assert_eq!(q.granule_size, 4096);
    assert_eq!(q.largest_free_block, 4096);
    let mut q = NvmapQueryHeapParams { heap_mask: NVMAP_HEAP_CARVEOUT_GPU, ..Default::default() };
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Err(Errno::ENODEV));
    let mut q = NvmapQueryHeapParams::default();
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_QUERY_HEAP_PARAMS, &mut q), Ok(0));
    assert_eq!(q.total, 0);
}

#[test]
fn nvmap_from_id_and_get_id_are_deprecated_enotty() {
    let e = Env::new();
    let id = e.create(4096);
    let mut c = NvmapCreateHandle { size: 0, handle: id };
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_FROM_ID, &mut c), Err(Errno::ENOTTY));
    assert_eq!(rw(&e.k, e.nvmap, NVMAP_IOC_GET_ID, &mut c), Err(Errno::ENOTTY));
    assert!(e.get_fd(id).is_err(), "unallocated");
}

// ------------------------------------------------------------------ §1 ctrl

fn characteristics(k: &MockKernel, ctrl: RawFd, buf: &mut [u8]) -> u64 {
    let mut g = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: buf.len() as u64,
        gpu_characteristics_buf_addr: buf.as_mut_ptr() as u64,
    };
    rw(k, ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g).unwrap();
    g.gpu_characteristics_buf_size
}

#[test]
fn get_characteristics_reports_ga10b_values() {
    let e = Env::new();
    let mut c = NvgpuGpuCharacteristics::default();
    assert_eq!(characteristics(&e.k, e.ctrl, c.as_bytes_mut()), 328);
    assert_eq!((c.arch, c.impl_, c.sm_arch_sm_version), (0x170, 0xb, 0x807));
    assert_eq!((c.compute_class, c.gpfifo_class, c.dma_copy_class), (0xC7C0, 0xC76F, 0xC7B5));
    assert_eq!((c.gpu_va_bit_count, c.num_gpc, c.num_tpc_per_gpc), (40, 1, 4));
    assert_eq!(c.L2_cache_size, 4 << 20);
    assert_eq!(c.max_gpfifo_entries, 1 << 28);
    for f in [
        u64::from(NVGPU_GPU_FLAGS_SUPPORT_USERMODE_SUBMIT),
        u64::from(NVGPU_GPU_FLAGS_SUPPORT_IO_COHERENCE),
        u64::from(NVGPU_GPU_FLAGS_SUPPORT_TSG_SUBCONTEXTS),
        u64::from(NVGPU_GPU_FLAGS_SUPPORT_DETERMINISTIC_SUBMIT_FULL),
    ] {
        assert_ne!(c.flags & f, 0, "flag {f:#x}");
    }
}

#[test]
fn get_characteristics_buf_size_zero_reports_the_size_only() {
    let e = Env::new();
    let mut g = NvgpuGpuGetCharacteristics::default();
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(0));
    assert_eq!(g.gpu_characteristics_buf_size, 328);
}

#[test]
fn get_characteristics_truncates_a_smaller_buffer() {
    let e = Env::new();
    let mut buf = [0xAAu8; 16];
    assert_eq!(characteristics(&e.k, e.ctrl, &mut buf[..8]), 328);
    assert_eq!(u32::from_le_bytes(buf[0..4].try_into().unwrap()), 0x170);
    assert_eq!(buf[8..], [0xAA; 8], "nothing past buf_size is written");
}

#[test]
fn get_characteristics_reports_312_on_an_r35_kernel() {
    let e = Env::with(MockKernel::builder().characteristics(Characteristics::r35()).build());
    let mut buf = [0xFFu8; 328];
    assert_eq!(characteristics(&e.k, e.ctrl, &mut buf), 312);
    assert_eq!(u32::from_le_bytes(buf[0..4].try_into().unwrap()), 0x170);
    assert!(buf[312..].iter().all(|&b| b == 0xFF), "only r35's 312 bytes are written");
}

fn as_args(big: u32, flags: u32, start: u64, end: u64, split: u64) -> NvgpuAllocAsArgs {
    NvgpuAllocAsArgs {
        big_page_size: big,
        flags,
        va_range_start: start,
        va_range_end: end,
        va_range_split: split,
        ..Default::default()
    }
}

#[test]
fn alloc_as_rejects_non_pow2_or_non_64k_big_page_size_with_einval() {
    let e = Env::new();
    for big in [0x3000, 128 << 10, 4096] {
        assert_eq!(e.alloc_as_args(&mut as_args(big, UNIFIED_VA, VA_START, VA_END, 0)), Err(Errno::EINVAL));
    }
    let mut ok = as_args(64 << 10, UNIFIED_VA, VA_START, VA_END, 0);
    assert_eq!(e.alloc_as_args(&mut ok), Ok(0));
    assert!(ok.as_fd > 0);
}

#[test]
fn alloc_as_rejects_zero_or_unaligned_range_with_einval() {
    let e = Env::new();
    for (s, t) in [(0, VA_END), (VA_START, 0), (VA_START + 4096, VA_END), (VA_START, VA_END - 4096)] {
        assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, s, t, 0)), Err(Errno::EINVAL), "{s:#x}..{t:#x}");
    }
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_rejects_start_not_below_end_with_einval() {
    let e = Env::new();
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_END, VA_END, 0)), Err(Errno::EINVAL));
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_END, VA_START, 0)), Err(Errno::EINVAL));
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_rejects_split_with_unified_va_or_no_big_pages_with_einval() {
    let e = Env::new();
    let split = 1 << 30;
    assert_eq!(e.alloc_as_args(&mut as_args(64 << 10, UNIFIED_VA, VA_START, VA_END, split)), Err(Errno::EINVAL));
    assert_eq!(e.alloc_as_args(&mut as_args(0, 0, VA_START, VA_END, split)), Err(Errno::EINVAL));
    assert_eq!(e.alloc_as_args(&mut as_args(0, 0, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_split_va_needs_an_aligned_split_strictly_inside() {
    let e = Env::new();
    let big = 64 << 10;
    for split in [0, VA_START, VA_END, (1 << 30) + 4096] {
        assert_eq!(e.alloc_as_args(&mut as_args(big, 0, VA_START, VA_END, split)), Err(Errno::EINVAL), "{split:#x}");
    }
    assert_eq!(e.alloc_as_args(&mut as_args(big, 0, VA_START, VA_END, 1 << 30)), Ok(0));
}

#[test]
fn alloc_as_rejects_end_plus_kernel_vma_past_2_pow_49_with_enomem() {
    let e = Env::new();
    let end = (1u64 << 49) - (2 << 30);
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_START, end, 0)), Err(Errno::ENOMEM));
    assert_eq!(e.alloc_as_args(&mut as_args(0, UNIFIED_VA, VA_START, (1 << 49) - (4 << 30), 0)), Ok(0));
}

#[test]
fn open_tsg_share_fields_need_the_share_flag_and_tokens_are_checked() {
    let e = Env::new();
    let mut a = NvgpuGpuOpenTsgArgs { share_token: 5, ..Default::default() };
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuGpuOpenTsgArgs { flags: NVGPU_GPU_IOCTL_OPEN_TSG_FLAGS_SHARE, ..Default::default() };
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuGpuOpenTsgArgs::default();
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Ok(0));
    assert_eq!(e.k.snapshot().tsgs.len(), 1);
    // r35's 8-byte OPEN_TSG is another number.
    assert_eq!(rw(&e.k, e.ctrl, abi::r35::NVGPU_GPU_IOCTL_OPEN_TSG, &mut 0u64), Err(Errno::ENOTTY));
}

#[test]
fn open_channel_accepts_runlist_minus_one_only() {
    let e = Env::new();
    let mut a = NvgpuGpuOpenChannelArgs { channel_fd: 3 };
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
    assert_eq!(rw(&e.k, e.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut a), Ok(0));
    assert!(a.channel_fd > 2, "the channel fd comes back in the same word");
}

#[test]
fn usermode_mmap_rejects_long_offset_and_second_mapping() {
    let e = Env::new();
    let rwp = libc::PROT_READ | libc::PROT_WRITE;
    // SAFETY: kernel-chosen addresses; the one mapping made is unmapped below.
    unsafe {
        assert_eq!(e.k.mmap(0, (64 << 10) + 4096, rwp, libc::MAP_SHARED, e.ctrl, 0), Err(Errno::EINVAL));
        assert_eq!(e.k.mmap(0, 4096, rwp, libc::MAP_SHARED, e.ctrl, 4096), Err(Errno::EINVAL));
        let p = e.k.mmap(0, 64 << 10, rwp, libc::MAP_SHARED, e.ctrl, 0).unwrap();
        assert_eq!(e.k.mmap(0, 4096, rwp, libc::MAP_SHARED, e.ctrl, 0), Err(Errno::EBUSY));
        // The kernel sees the doorbell store through its own mapping.
        e.k.ring_doorbell((p + USERMODE_DOORBELL_OFFSET) as *mut u32, 511);
        assert_eq!(((p + USERMODE_DOORBELL_OFFSET) as *const u32).read_volatile(), 511);
        e.k.munmap(p, 64 << 10).unwrap();
    }
    // Another ctrl fd may map it again.
    let ctrl2 = e.k.open(CTRL, 0).unwrap();
    // SAFETY: as above.
    unsafe {
        let p = e.k.mmap(0, 4096, rwp, libc::MAP_SHARED, ctrl2, 0).unwrap();
        e.k.munmap(p, 4096).unwrap();
    }
}

// ------------------------------------------------------------------ §2 AS

fn alloc_space(k: &MockKernel, as_fd: RawFd, a: &mut NvgpuAsAllocSpaceArgs) -> Result<i32, Errno> {
    rw(k, as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, a)
}

#[test]
fn as_bind_channel_rejects_non_channel_and_rebind_with_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let ch = e.channel();
    assert_eq!(e.as_bind(as_fd, e.nvmap), Err(Errno::EINVAL));
    assert_eq!(e.as_bind(as_fd, ch), Ok(0));
    assert_eq!(e.as_bind(as_fd, ch), Err(Errno::EINVAL));
    let as2 = e.unified_as();
    assert_eq!(e.as_bind(as2, ch), Err(Errno::EINVAL), "bound to *any* AS");
}

#[test]
fn alloc_space_rejects_page_size_other_than_4k_or_64k_with_einval() {
    let e = Env::new();
    let as_fd = e.big_page_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 8192, ..Default::default() };
    assert_eq!(alloc_space(&e.k, as_fd, &mut a), Err(Errno::EINVAL));
    a.page_size = 64 << 10;
    assert_eq!(alloc_space(&e.k, as_fd, &mut a), Ok(0));
}

#[test]
fn alloc_space_rejects_64k_pages_without_big_pages_with_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 64 << 10, ..Default::default() };
    assert_eq!(alloc_space(&e.k, as_fd, &mut a), Err(Errno::EINVAL));
    a.page_size = 4096;
    assert_eq!(alloc_space(&e.k, as_fd, &mut a), Ok(0));
}

#[test]
fn alloc_space_fixed_misaligned_outside_or_overlapping_is_enomem() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let fixed = |offset: u64| NvgpuAsAllocSpaceArgs {
        pages: 16,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset,
        ..Default::default()
    };
    assert_eq!(alloc_space(&e.k, as_fd, &mut fixed(0x1000_0800)), Err(Errno::ENOMEM));
    assert_eq!(alloc_space(&e.k, as_fd, &mut fixed(0x1000)), Err(Errno::ENOMEM));
    assert_eq!(alloc_space(&e.k, as_fd, &mut fixed(VA_END)), Err(Errno::ENOMEM));
    let mut ok = fixed(0x1000_0000);
    assert_eq!(alloc_space(&e.k, as_fd, &mut ok), Ok(0));
    assert_eq!(ok.offset, 0x1000_0000);
    assert_eq!(alloc_space(&e.k, as_fd, &mut fixed(0x1000_8000)), Err(Errno::ENOMEM));
}

#[test]
fn alloc_space_non_fixed_is_placed_by_the_buddy_rules() {
    // The smallest top-level buddy block (4 MiB, at the top of the VMA) is split, left half first.
    let e = Env::new();
    let as_fd = e.unified_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 4096, ..Default::default() };
    assert_eq!(alloc_space(&e.k, as_fd, &mut a), Ok(0));
    assert_eq!(a.offset, VA_END - (4 << 20));
}

#[test]
fn free_space_without_a_reservation_returns_zero() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let mut f = NvgpuAsFreeSpaceArgs { offset: 0x4000_0000, pages: 1, page_size: 4096, ..Default::default() };
    assert_eq!(rw(&e.k, as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 4096, ..Default::default() };
    alloc_space(&e.k, as_fd, &mut a).unwrap();
    // The freed range can be reserved again (fixed) afterwards.
    f.offset = a.offset;
    assert_eq!(rw(&e.k, as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
    let mut again = NvgpuAsAllocSpaceArgs {
        pages: 1,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: a.offset,
        ..Default::default()
    };
    assert_eq!(alloc_space(&e.k, as_fd, &mut again), Ok(0));
}

#[test]
fn map_buffer_ex_rejects_a_non_dmabuf_fd_and_an_nvmap_id() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (id, fd) = e.buffer(4096);
    assert_eq!(e.map(as_fd, &mut plain_map(id as RawFd)), Err(Errno::EBADF), "an nvmap id is not an fd");
    assert_eq!(e.map(as_fd, &mut plain_map(e.nvmap)), Err(Errno::EINVAL), "open, but not a dma-buf");
    let mut ok = plain_map(fd);
    assert_eq!(e.map(as_fd, &mut ok), Ok(0));
    assert_ne!(ok.offset, 0);
}

#[test]
fn map_buffer_ex_non_fixed_rejects_offsets_and_mapping_size_with_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(8192);
    for f in [
        |a: &mut NvgpuAsMapBufferExArgs| a.buffer_offset = 4096,
        |a: &mut NvgpuAsMapBufferExArgs| a.offset = 0x1000_0000,
        |a: &mut NvgpuAsMapBufferExArgs| a.mapping_size = 4096,
    ] {
        let mut a = plain_map(fd);
        f(&mut a);
        assert_eq!(e.map(as_fd, &mut a), Err(Errno::EINVAL));
    }
    assert_eq!(e.map(as_fd, &mut plain_map(fd)), Ok(0));
}

#[test]
fn map_buffer_ex_rejects_extra_flags_and_access_bits_3_with_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(4096);
    for flags in [0x10, 0x100, 3 << 10, 1 << 20] {
        let mut a = plain_map(fd);
        a.flags = flags;
        assert_eq!(e.map(as_fd, &mut a), Err(Errno::EINVAL), "flags {flags:#x}");
    }
    let mut a = plain_map(fd);
    a.flags = NVGPU_AS_MAP_BUFFER_FLAGS_CACHEABLE | (NVGPU_AS_MAP_BUFFER_ACCESS_READ_WRITE << 10);
    assert_eq!(e.map(as_fd, &mut a), Ok(0));
}

#[test]
fn map_buffer_ex_compressible_kind_without_fallback_is_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(4096);
    // Compressible kind 0 (what a zeroed struct asks for) with no fallback.
    let mut no_fallback =
        NvgpuAsMapBufferExArgs { dmabuf_fd: fd as u32, compr_kind: 0, incompr_kind: -1, ..Default::default() };
    assert_eq!(e.map(as_fd, &mut no_fallback), Err(Errno::EINVAL));
    let mut with_fallback =
        NvgpuAsMapBufferExArgs { dmabuf_fd: fd as u32, compr_kind: 0, incompr_kind: 0, ..Default::default() };
    assert_eq!(e.map(as_fd, &mut with_fallback), Ok(0));
}

#[test]
fn map_buffer_ex_fixed_offset_needs_an_alloc_space_reservation() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(4096);
    let mut a = plain_map(fd);
    a.flags = NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET;
    a.offset = 0x2000_0000;
    assert_eq!(e.map(as_fd, &mut a), Err(Errno::EINVAL));
    let mut r = NvgpuAsAllocSpaceArgs {
        pages: 4,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: 0x2000_0000,
        ..Default::default()
    };
    alloc_space(&e.k, as_fd, &mut r).unwrap();
    assert_eq!(e.map(as_fd, &mut a), Ok(0));
    assert_eq!(a.offset, 0x2000_0000);
}

#[test]
fn map_buffer_ex_fixed_overlap_and_misaligned_are_einval() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(8192);
    let mut r = NvgpuAsAllocSpaceArgs {
        pages: 8,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: 0x2000_0000,
        ..Default::default()
    };
    alloc_space(&e.k, as_fd, &mut r).unwrap();
    let fixed =
        |offset| NvgpuAsMapBufferExArgs { flags: NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET, offset, ..plain_map(fd) };
    assert_eq!(e.map(as_fd, &mut fixed(0x2000_0800)), Err(Errno::EINVAL));
    assert_eq!(e.map(as_fd, &mut fixed(0x2000_0000)), Ok(0));
    assert_eq!(e.map(as_fd, &mut fixed(0x2000_1000)), Err(Errno::EINVAL), "overlaps the first");
    assert_eq!(e.map(as_fd, &mut fixed(0x2000_2000)), Ok(0));
    assert_eq!(e.map(as_fd, &mut fixed(0x2000_7000)), Err(Errno::EINVAL), "runs past the reservation");
}

#[test]
fn map_buffer_ex_remap_returns_the_same_va_and_needs_one_unmap_per_map() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (id, fd) = e.buffer(4096);
    let fd2 = e.get_fd(id).unwrap();
    let mut a = plain_map(fd);
    e.map(as_fd, &mut a).unwrap();
    let mut b = plain_map(fd2);
    e.map(as_fd, &mut b).unwrap();
    assert_eq!(a.offset, b.offset, "same dma-buf, same VA");
    assert_eq!(a.offset, VA_END - (4 << 20), "buddy placement");
    let mut u = NvgpuAsUnmapBufferArgs { offset: a.offset };
    rw(&e.k, as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u).unwrap();
    assert_eq!(e.k.snapshot().gpu_mappings.len(), 1);
    rw(&e.k, as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u).unwrap();
    assert_eq!(e.k.snapshot().gpu_mappings.len(), 0);
}

#[test]
fn map_buffer_ex_translation_reaches_the_dmabuf_bytes() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let (_, fd) = e.buffer(8192);
    let mut a = plain_map(fd);
    e.map(as_fd, &mut a).unwrap();
    let vm = e.k.vm_of(as_fd).unwrap();
    vm.write_u32(a.offset + 4100, 0xfeed).unwrap();
    // SAFETY: a fresh mapping of our dma-buf, unmapped below.
    unsafe {
        let p = e.k.mmap(0, 8192, libc::PROT_READ, libc::MAP_SHARED, fd, 0).unwrap();
        assert_eq!(((p + 4100) as *const u32).read_unaligned(), 0xfeed);
        e.k.munmap(p, 8192).unwrap();
    }
    assert_eq!(vm.read_u32(a.offset - 4), Err(a.offset - 4), "below the mapping faults");
}

#[test]
fn unmap_buffer_always_returns_zero() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let mut u = NvgpuAsUnmapBufferArgs { offset: 0x1234_5000 };
    assert_eq!(rw(&e.k, as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u), Ok(0));
    let (_, fd) = e.buffer(4096);
    let mut a = plain_map(fd);
    e.map(as_fd, &mut a).unwrap();
    u.offset = a.offset;
    assert_eq!(rw(&e.k, as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u), Ok(0));
    assert_eq!(e.k.snapshot().gpu_mappings.len(), 0);
}

#[test]
fn get_va_regions_reports_one_region_without_big_pages_and_two_with() {
    let e = Env::new();
    let mut regions = [NvgpuAsVaRegion::default(); 2];
    let mut a = NvgpuAsGetVaRegionsArgs { buf_addr: regions.as_mut_ptr() as u64, buf_size: 48, reserved: 0 };
    assert_eq!(rw(&e.k, e.unified_as(), NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut a), Ok(0));
    assert_eq!(a.buf_size, 24);
    assert_eq!((regions[0].offset, regions[0].page_size), (VA_START, 4096));
    a.buf_size = 48;
    assert_eq!(rw(&e.k, e.big_page_as(), NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut a), Ok(0));
    assert_eq!(a.buf_size, 48);
    assert_eq!(regions[1].page_size, 64 << 10);
}

// ------------------------------------------------------------------ §3 TSG

#[test]
fn create_subcontext_rejects_bad_type_with_einval() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    assert_eq!(e.subctx(tsg, 2, as_fd), Err(Errno::EINVAL));
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC, as_fd), Ok(0));
}

#[test]
fn create_subcontext_rejects_a_non_as_fd_with_einval() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, e.ctrl), Err(Errno::EINVAL));
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd), Ok(1));
}

#[test]
fn create_subcontext_async_takes_lowest_free_then_veid0_then_enospc() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    for want in 1..64 {
        assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd), Ok(want));
    }
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd), Ok(0), "falls back to VEID0");
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd), Err(Errno::ENOSPC));
    let mut d = NvgpuTsgDeleteSubcontextArgs { veid: 5, reserved: 0 };
    w(&e.k, tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &d).unwrap();
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd), Ok(5), "lowest free again");
    d.veid = 64;
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &d), Err(Errno::EINVAL));
}

#[test]
fn create_subcontext_sync_when_veid0_is_taken_is_enospc() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC, as_fd), Ok(0));
    assert_eq!(e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC, as_fd), Err(Errno::ENOSPC));
    // Implicitly taken by a VEID0 channel bind, too.
    let tsg2 = e.tsg();
    let ch = e.channel();
    e.as_bind(as_fd, ch).unwrap();
    e.tsg_bind(tsg2, ch, 0).unwrap();
    assert_eq!(e.subctx(tsg2, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC, as_fd), Err(Errno::ENOSPC));
}

#[test]
fn delete_subcontext_with_bound_channels_is_einval() {
    let e = Env::new();
    let (_, tsg, ch) = e.bound_channel();
    let d = NvgpuTsgDeleteSubcontextArgs { veid: 1, reserved: 0 };
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &d), Err(Errno::EINVAL));
    w(&e.k, tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &ch).unwrap();
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &d), Ok(0));
    let never = NvgpuTsgDeleteSubcontextArgs { veid: 9, reserved: 0 };
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &never), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_rejects_a_non_channel_with_einval() {
    let e = Env::new();
    let tsg = e.tsg();
    assert_eq!(e.tsg_bind(tsg, e.ctrl, 0), Err(Errno::EINVAL));
    assert_eq!(e.tsg_bind(tsg, e.channel(), 0), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_rejects_subcontext_id_64_with_einval() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    let ch = e.channel();
    e.as_bind(as_fd, ch).unwrap();
    assert_eq!(e.tsg_bind(tsg, ch, 64), Err(Errno::EINVAL));
    assert_eq!(e.tsg_bind(tsg, ch, 0), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_needs_the_veids_vm_so_as_bind_comes_first() {
    let e = Env::new();
    let (as_fd, tsg) = (e.unified_as(), e.tsg());
    let veid = e.subctx(tsg, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC, as_fd).unwrap();
    // TSG bind before AS bind: channel VM is NULL, VEID's VM is the AS.
    let ch = e.channel();
    assert_eq!(e.tsg_bind(tsg, ch, veid), Err(Errno::EINVAL));
    // A VEID never created has a NULL VM.
    e.as_bind(as_fd, ch).unwrap();
    assert_eq!(e.tsg_bind(tsg, ch, veid + 1), Err(Errno::EINVAL));
    // Another AS's VM mismatches.
    let other = e.channel();
    e.as_bind(e.unified_as(), other).unwrap();
    assert_eq!(e.tsg_bind(tsg, other, veid), Err(Errno::EINVAL));
    assert_eq!(e.tsg_bind(tsg, ch, veid), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_rejects_a_channel_already_in_a_tsg_with_einval() {
    let e = Env::new();
    let (_, tsg, ch) = e.bound_channel();
    assert_eq!(e.tsg_bind(tsg, ch, 1), Err(Errno::EINVAL));
    let fresh = e.channel();
    let tsg2 = e.tsg();
    assert_eq!(e.tsg_bind(tsg2, fresh, 0), Ok(0));
    assert_eq!(e.tsg_bind(tsg, fresh, 0), Err(Errno::EINVAL));
}

#[test]
fn tsg_unbind_channel_rejects_negative_foreign_and_unbound_channels() {
    let e = Env::new();
    let (_, tsg, ch) = e.bound_channel();
    let tsg2 = e.tsg();
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &-1i32), Err(Errno::EINVAL));
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &e.ctrl), Err(Errno::EINVAL));
    assert_eq!(w(&e.k, tsg2, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &ch), Err(Errno::EINVAL));
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &ch), Ok(0));
    assert_eq!(w(&e.k, tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &ch), Err(Errno::EINVAL));
}

#[test]
fn set_timeslice_accepts_1000_to_50000_us_only() {
    let e = Env::new();
    let tsg = e.tsg();
    for (us, want) in [(999, Err(Errno::EINVAL)), (1000, Ok(0)), (50_000, Ok(0)), (50_001, Err(Errno::EINVAL))] {
        assert_eq!(
            w(&e.k, tsg, NVGPU_IOCTL_TSG_SET_TIMESLICE, &NvgpuTimesliceArgs { timeslice_us: us, reserved: 0 }),
            want
        );
    }
}

#[test]
fn event_id_ctrl_rejects_bad_event_id_or_cmd_with_einval() {
    let e = Env::new();
    let tsg = e.tsg();
    let mut a = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 6, ..Default::default() };
    assert_eq!(rw(&e.k, tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuEventIdCtrlArgs { cmd: 2, event_id: 1, ..Default::default() };
    assert_eq!(rw(&e.k, tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 1, ..Default::default() };
    assert_eq!(rw(&e.k, tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Ok(0));
    assert!(a.event_fd > 2);
    e.k.close(a.event_fd).unwrap();
}

// ------------------------------------------------------------------ §4 channel

#[test]
fn wdt_status_must_be_exactly_disable_or_enable() {
    let e = Env::new();
    let ch = e.channel();
    assert_eq!(e.wdt(ch, 0), Err(Errno::EINVAL));
    assert_eq!(e.wdt(ch, 3), Err(Errno::EINVAL));
    assert_eq!(e.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT | NVGPU_IOCTL_CHANNEL_WDT_FLAG_SET_TIMEOUT), Ok(0));
    assert_eq!(e.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Ok(0));
}

#[test]
fn wdt_on_a_deterministic_channel_allows_only_disable() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let mut a = e.setup_args(512);
    e.setup_bind(ch, &mut a).unwrap();
    assert_eq!(e.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), Err(Errno::EINVAL));
    assert_eq!(e.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Ok(0));
}

#[test]
fn setup_bind_rejects_bad_entry_counts_with_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    for n in [0, 1, 3, 6, 1 << 29] {
        let mut a = e.setup_args(512);
        a.num_gpfifo_entries = n;
        assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL), "{n} entries");
    }
    // Kernel mode needs at least 4.
    let mut a = NvgpuChannelSetupBindArgs {
        num_gpfifo_entries: 2,
        flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
        ..Default::default()
    };
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    let mut a = e.setup_args(2);
    assert_eq!(e.setup_bind(ch, &mut a), Ok(0), "usermode allows 2");
}

#[test]
fn setup_bind_requires_as_and_tsg_binding_with_einval() {
    let e = Env::new();
    let ch = e.channel();
    e.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    let mut a = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL), "no AS");
    let as_fd = e.unified_as();
    e.as_bind(as_fd, ch).unwrap();
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL), "no TSG");
    let tsg = e.tsg();
    e.tsg_bind(tsg, ch, 0).unwrap();
    assert_eq!(e.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_second_call_is_eexist() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let mut a = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut a.clone()), Ok(0));
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EEXIST));
}

#[test]
fn setup_bind_deterministic_with_watchdog_on_is_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    e.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT).unwrap();
    let mut a = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    e.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(e.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_watchdog_is_on_by_default() {
    let e = Env::new();
    let as_fd = e.unified_as();
    let tsg = e.tsg();
    let ch = e.channel();
    e.as_bind(as_fd, ch).unwrap();
    e.tsg_bind(tsg, ch, 0).unwrap();
    let mut a = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    e.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(e.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_usermode_without_deterministic_is_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let mut a = e.setup_args(512);
    a.flags = NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT;
    assert_eq!(e.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    a.flags |= NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC;
    assert_eq!(e.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_rejects_dmabuf_fd_zero_with_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let good = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 0, ..good }), Err(Errno::EINVAL));
    assert_eq!(e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_fd: 0, ..good }), Err(Errno::EINVAL));
    assert_eq!(e.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_nonzero_gpfifo_offset_with_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let good = e.setup_args(512);
    assert_eq!(
        e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_offset: 4096, ..good }),
        Err(Errno::EINVAL)
    );
    assert_eq!(
        e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_offset: 512, ..good }),
        Err(Errno::EINVAL)
    );
    assert_eq!(e.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_a_bad_dmabuf_fd_with_ebadf() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let good = e.setup_args(512);
    assert_eq!(e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 9999, ..good }), Err(Errno::EBADF));
    assert_eq!(e.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_a_gpfifo_smaller_than_entries_times_8_with_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let good = e.setup_args(1024);
    let (_, small) = e.buffer(4096);
    assert_eq!(
        e.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: small, ..good }),
        Err(Errno::EINVAL)
    );
    assert_eq!(e.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_returns_the_token_maps_the_gpfifo_read_only_and_attaches_the_channel() {
    let e = Env::new();
    let (as_fd, _, ch) = e.bound_channel();
    let mut a = e.setup_args(512);
    e.setup_bind(ch, &mut a).unwrap();
    assert_eq!(a.work_submit_token, 511, "first channel on a real Orin: token 511");
    assert_eq!(e.k.gpu().channels(), [511]);
    // The GPFIFO is in the kernel VMA and read-only for the GPU.
    let vm = e.k.vm_of(as_fd).unwrap();
    let t = vm.translate(VA_END).expect("gpfifo mapped at the kernel VMA's base");
    assert!(!t.writable);
    e.k.close(ch).unwrap();
    assert!(e.k.gpu().channels().is_empty(), "closing the channel detaches it");
}

#[test]
fn get_user_syncpoint_returns_id_max_and_a_gpu_va_in_the_kernel_vma() {
    let e = Env::new();
    let ch = e.channel();
    let mut s = NvgpuGetUserSyncpointArgs::default();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut s), Err(Errno::EINVAL), "no VM");
    let (_, _, ch) = e.bound_channel();
    let mut a = e.setup_args(512);
    e.setup_bind(ch, &mut a).unwrap();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut s), Ok(0));
    assert_eq!(s.syncpoint_id, 17);
    assert_eq!(s.gpu_va, VA_END + 0x10000, "after the GPFIFO, as on a real Orin (0xffffe10000)");
}

#[test]
fn alloc_obj_ctx_needs_tsg_as_and_a_ga10b_class() {
    let e = Env::new();
    let obj = |class| NvgpuAllocObjCtxArgs { class_num: class, ..Default::default() };
    let ch = e.channel();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC7C0)), Err(Errno::EINVAL), "no TSG");
    let tsg = e.tsg();
    e.tsg_bind(tsg, ch, 0).unwrap();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC7C0)), Err(Errno::EINVAL), "no AS");
    let (_, _, ch) = e.bound_channel();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xB197)), Err(Errno::EINVAL));
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC797)), Err(Errno::EINVAL), "3D on VEID1");
    for class in [0xC7C0, 0xC7B5, 0xC76F, 0xC637, 0xC6C0, 0xC6B5] {
        let mut o = obj(class);
        assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Ok(0), "{class:#x}");
        assert_eq!(o.obj_id, 0, "obj_id is left as passed (issue 12 item 5)");
    }
}

#[test]
fn set_preemption_mode_before_alloc_obj_ctx_is_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let p = NvgpuPreemptionModeArgs { graphics_preempt_mode: 0, compute_preempt_mode: 2 };
    assert_eq!(w(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &p), Err(Errno::EINVAL));
    rw(
        &e.k,
        ch,
        NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX,
        &mut NvgpuAllocObjCtxArgs { class_num: 0xC7C0, ..Default::default() },
    )
    .unwrap();
    assert_eq!(w(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &p), Ok(0));
}

#[test]
fn set_error_notifier_rejects_mem_zero_bad_dmabuf_and_short_buffer_with_einval() {
    let e = Env::new();
    let ch = e.channel();
    let (_, fd) = e.buffer(4096);
    let n = |mem: RawFd, offset| NvgpuSetErrorNotifier { offset, size: 16, mem: mem as u32, padding: 0 };
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(0, 0)), Err(Errno::EINVAL));
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(9999, 0)), Err(Errno::EINVAL));
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(fd, 4090)), Err(Errno::EINVAL));
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(fd, 4080)), Ok(0));
}

#[test]
fn submit_gpfifo_on_a_usermode_channel_is_einval() {
    let e = Env::new();
    let (_, _, ch) = e.bound_channel();
    let mut s = NvgpuSubmitGpfifoArgs::default();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO, &mut s), Err(Errno::ENOMEM), "no GPFIFO yet");
    e.setup_bind(ch, &mut e.setup_args(512)).unwrap();
    assert_eq!(rw(&e.k, ch, NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO, &mut s), Err(Errno::EINVAL));
}
