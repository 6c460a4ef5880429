//! One test per kernel rule of `facts/nvgpu-kernel-constraints.md`, named
//! after the rule. Each drives the mock kernel through the syscall seam with
//! the raw r36 ABI structs, as a user program would, and shows the accepted
//! case next to the rejected one so that it can fail.

use std::ffi::CString;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

type R = Result<i32, Errno>;

struct K {
    k: MockKernel,
    nvmap: RawFd,
    ctrl: RawFd,
}

impl K {
    fn new() -> K {
        let k = MockKernel::new();
        let nvmap = k.open(&CString::new("/dev/nvmap").unwrap(), libc::O_RDWR).unwrap();
        let ctrl = k.open(&CString::new("/dev/nvgpu/igpu0/ctrl").unwrap(), libc::O_RDWR).unwrap();
        K { k, nvmap, ctrl }
    }

    /// An ioctl with the pointer mutability its direction asks for.
    fn io<T: IoctlArg>(&self, fd: RawFd, req: u32, arg: &mut T) -> R {
        if decode(req).dir == IOC_WRITE {
            // SAFETY: `arg` is a live argument of the ioctl's size.
            unsafe { self.k.ioctl_write(fd, req, (arg as *const T).cast()) }
        } else {
            // SAFETY: as above, writable.
            unsafe { self.k.ioctl_read_write(fd, req, (arg as *mut T).cast()) }
        }
    }

    fn create(&self, size: u32) -> R {
        let mut c = NvmapCreateHandle { size, handle: 0 };
        self.io(self.nvmap, NVMAP_IOC_CREATE, &mut c).map(|_| c.handle as i32)
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

    /// CREATE + ALLOC + GET_FD: a dma-buf fd.
    fn dmabuf(&self, size: u32) -> RawFd {
        let h = self.create(size).unwrap() as u32;
        self.io(self.nvmap, NVMAP_IOC_ALLOC, &mut Self::alloc_args(h)).unwrap();
        let mut g = NvmapCreateHandle { size: 0, handle: h };
        self.io(self.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
        g.size as RawFd
    }

    fn alloc_as_args() -> NvgpuAllocAsArgs {
        NvgpuAllocAsArgs {
            flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
            va_range_start: 2 << 20,
            va_range_end: (1 << 40) - (2 << 20),
            ..Default::default()
        }
    }

    fn alloc_as(&self) -> RawFd {
        let mut a = Self::alloc_as_args();
        self.io(self.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut a).unwrap();
        a.as_fd
    }

    fn tsg(&self) -> RawFd {
        let mut t = NvgpuGpuOpenTsgArgs::default();
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
        t.tsg_fd as RawFd
    }

    fn subctx(&self, tsg: RawFd, as_fd: RawFd, ty: u32) -> Result<u32, Errno> {
        let mut s = NvgpuTsgCreateSubcontextArgs { type_: ty, as_fd, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &mut s).map(|_| s.veid)
    }

    fn channel(&self) -> RawFd {
        let mut c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut c).unwrap();
        c.channel_fd
    }

    fn as_bind(&self, as_fd: RawFd, ch: RawFd) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut NvgpuAsBindChannelArgs { channel_fd: ch as u32 })
    }

    fn tsg_bind(&self, tsg: RawFd, ch: RawFd, veid: u32) -> R {
        let mut b = NvgpuTsgBindChannelExArgs { channel_fd: ch, subcontext_id: veid, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut b)
    }

    fn wdt(&self, ch: RawFd, status: u32) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_WDT, &mut NvgpuChannelWdtArgs { wdt_status: status, timeout_ms: 0 })
    }

    /// A channel bound to an AS and a TSG (VEID from an ASYNC subcontext), watchdog off.
    fn bound_channel(&self) -> (RawFd, RawFd, RawFd) {
        let (as_fd, tsg) = (self.alloc_as(), self.tsg());
        let veid = self.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
        let ch = self.channel();
        self.as_bind(as_fd, ch).unwrap();
        self.tsg_bind(tsg, ch, veid).unwrap();
        self.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
        (as_fd, tsg, ch)
    }

    fn setup_args(&self) -> NvgpuChannelSetupBindArgs {
        NvgpuChannelSetupBindArgs {
            num_gpfifo_entries: 1024,
            flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
            gpfifo_dmabuf_fd: self.dmabuf(8192),
            userd_dmabuf_fd: self.dmabuf(4096),
            ..Default::default()
        }
    }

    fn setup_bind(&self, ch: RawFd, a: &mut NvgpuChannelSetupBindArgs) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_SETUP_BIND, a)
    }

    fn map(&self, as_fd: RawFd, a: &mut NvgpuAsMapBufferExArgs) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_MAP_BUFFER_EX, a)
    }
}

fn map_args(dmabuf: RawFd) -> NvgpuAsMapBufferExArgs {
    NvgpuAsMapBufferExArgs {
        compr_kind: -1,
        incompr_kind: 0,
        dmabuf_fd: dmabuf as u32,
        page_size: 4096,
        ..Default::default()
    }
}

const EINVAL: R = Err(Errno::EINVAL);

// ---------------------------------------------------------------- §0 dispatch

#[test]
fn dispatch_wrong_struct_size_is_a_different_number_and_gets_enotty() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    let mut a = [0u8; 16];
    a[..4].copy_from_slice(&h.to_le_bytes());
    a[4..8].copy_from_slice(&NVMAP_HEAP_IOVMM.to_le_bytes());
    // SAFETY: 16 writable bytes: r35's argument size.
    let r = unsafe { k.k.ioctl_write(k.nvmap, r35::NVMAP_IOC_ALLOC, a.as_ptr()) };
    assert_eq!(r, Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Ok(0));
}

#[test]
fn dispatch_ctrl_rejects_foreign_type_or_oversized_arg_with_einval() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.io(k.ctrl, NVMAP_IOC_CREATE, &mut c), EINVAL, "an 'N' ioctl on the ctrl fd");
    let mut big = [0u8; 0x110];
    // SAFETY: 0x110 writable bytes, the size the number encodes.
    let r = unsafe { k.k.ioctl_read_write(k.ctrl, iowr(b'G', 5, 0x110), big.as_mut_ptr()) };
    assert_eq!(r, EINVAL, "argument above NVGPU_GPU_IOCTL_MAX_ARG_SIZE");
    let mut z = NvgpuGpuZcullGetCtxSizeArgs::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, &mut z), Ok(0));
}

#[test]
fn dispatch_nvmap_rejects_foreign_type_with_enotty() {
    let k = K::new();
    let mut a = K::alloc_as_args();
    assert_eq!(k.io(k.nvmap, NVGPU_GPU_IOCTL_ALLOC_AS, &mut a), Err(Errno::ENOTTY));
}

// ---------------------------------------------------------------- §5 nvmap

#[test]
fn nvmap_create_rejects_size_zero_with_einval() {
    let k = K::new();
    assert_eq!(k.create(0), EINVAL);
    assert!(k.create(1).is_ok());
}

#[test]
fn nvmap_handles_are_ids_shaped_like_real_ones_not_fds() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(h & 0x8000_0000, 0x8000_0000, "{h:#x}");
    // An id is not a dma-buf: MAP_BUFFER_EX with it fails.
    let as_fd = k.alloc_as();
    assert!(k.map(as_fd, &mut map_args(h as RawFd)).is_err());
}

#[test]
fn nvmap_alloc_rejects_non_power_of_two_alignment_with_einval() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut NvmapAllocHandle { align: 3000, ..K::alloc_args(h) }), EINVAL);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Ok(0));
}

#[test]
fn nvmap_alloc_rejects_handle_zero_and_unknown_ids_with_einval() {
    let k = K::new();
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0)), EINVAL);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(0x8000_7777)), EINVAL);
}

#[test]
fn nvmap_alloc_rejects_bad_numa_node_with_einval() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut NvmapAllocHandle { numa_nid: 7, ..K::alloc_args(h) }), EINVAL);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut NvmapAllocHandle { numa_nid: -1, ..K::alloc_args(h) }), Ok(0));
}

#[test]
fn nvmap_alloc_with_empty_heap_mask_is_enomem() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(
        k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut NvmapAllocHandle { heap_mask: 0, ..K::alloc_args(h) }),
        Err(Errno::ENOMEM)
    );
}

#[test]
fn nvmap_alloc_twice_is_eexist() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Ok(0));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Err(Errno::EEXIST));
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
fn nvmap_free_takes_the_id_by_value_and_zero_is_a_no_op() {
    let k = K::new();
    let h = k.create(4096).unwrap() as u32;
    assert_eq!(k.k.ioctl_value(k.nvmap, NVMAP_IOC_FREE, 0), Ok(0));
    assert!(k.k.snapshot().nvmap_handles.contains(&h));
    assert_eq!(k.k.ioctl_value(k.nvmap, NVMAP_IOC_FREE, u64::from(h)), Ok(0));
    assert!(!k.k.snapshot().nvmap_handles.contains(&h));
}

#[test]
fn nvmap_available_heaps_never_reports_iovmm() {
    let k = K::new();
    let mut a = NvmapAvailableHeaps { heaps: u64::MAX };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_GET_AVAILABLE_HEAPS, &mut a), Ok(0));
    assert_eq!(a.heaps & u64::from(NVMAP_HEAP_IOVMM), 0);
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

// ---------------------------------------------------------------- §1 ctrl

#[test]
fn characteristics_size_zero_only_reports_328() {
    let k = K::new();
    let mut g = NvgpuGpuGetCharacteristics::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(0));
    assert_eq!(g.gpu_characteristics_buf_size, 328);
    let mut c = NvgpuGpuCharacteristics::default();
    g.gpu_characteristics_buf_addr = &mut c as *mut _ as u64;
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(0));
    assert_eq!(
        (c.arch, c.impl_, c.sm_arch_sm_version, c.compute_class, c.gpu_va_bit_count),
        (0x170, 0xb, 0x807, 0xc7c0, 40)
    );
    assert_eq!(c.max_gpfifo_entries, 1 << 28);
}

#[test]
fn characteristics_smaller_buffer_is_a_truncated_copy() {
    let k = K::new();
    let mut c = NvgpuGpuCharacteristics::default();
    let mut g = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: 8,
        gpu_characteristics_buf_addr: &mut c as *mut _ as u64,
    };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(0));
    assert_eq!((c.arch, c.impl_, c.rev), (0x170, 0xb, 0), "only 8 bytes copied");
}

#[test]
fn alloc_as_requires_2mib_aligned_nonzero_range() {
    let k = K::new();
    for bad in [
        NvgpuAllocAsArgs { va_range_start: 0, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_start: 0x1000, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_end: (1 << 40) - 0x1000, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_start: 4 << 20, va_range_end: 4 << 20, ..K::alloc_as_args() },
    ] {
        assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut bad.clone()), EINVAL, "{bad:?}");
    }
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut K::alloc_as_args()), Ok(0));
}

#[test]
fn alloc_as_split_rules() {
    let k = K::new();
    let unified_with_split = NvgpuAllocAsArgs { va_range_split: 1 << 30, ..K::alloc_as_args() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut unified_with_split.clone()), EINVAL);
    let split = NvgpuAllocAsArgs { flags: 0, big_page_size: 64 << 10, va_range_split: 1 << 30, ..K::alloc_as_args() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut split.clone()), Ok(0));
    let outside = NvgpuAllocAsArgs { va_range_split: 1 << 41, ..split };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut outside.clone()), EINVAL);
    let zero = NvgpuAllocAsArgs { va_range_split: 0, ..split };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut zero.clone()), EINVAL);
}

#[test]
fn alloc_as_big_page_size_must_be_64k() {
    let k = K::new();
    let bad = NvgpuAllocAsArgs { big_page_size: 128 << 10, ..K::alloc_as_args() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut bad.clone()), EINVAL);
    let npot = NvgpuAllocAsArgs { big_page_size: 3000, ..K::alloc_as_args() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut npot.clone()), EINVAL);
}

#[test]
fn alloc_as_past_2_to_49_is_enomem() {
    let k = K::new();
    let huge = NvgpuAllocAsArgs { va_range_end: 1 << 49, ..K::alloc_as_args() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut huge.clone()), Err(Errno::ENOMEM));
}

#[test]
fn open_tsg_share_fields_without_share_flag_are_einval() {
    let k = K::new();
    let mut t = NvgpuGpuOpenTsgArgs { share_token: 5, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t), EINVAL);
    let mut t = NvgpuGpuOpenTsgArgs { flags: NVGPU_GPU_IOCTL_OPEN_TSG_FLAGS_SHARE, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t), EINVAL, "SHARE without a token");
    assert!(k.tsg() > 2);
}

#[test]
fn open_channel_accepts_only_the_gr_runlist() {
    let k = K::new();
    let mut c = NvgpuGpuOpenChannelArgs { channel_fd: 5 };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut c), EINVAL);
    assert!(k.channel() > 2);
}

#[test]
fn usermode_mmap_is_one_per_ctrl_fd_at_most_64k_at_offset_0() {
    let k = K::new();
    let (rw, sh) = (libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED);
    // SAFETY: kernel-chosen mappings, unmapped below.
    unsafe {
        assert_eq!(k.k.mmap(0, 0x20000, rw, sh, k.ctrl, 0), EINVAL.map(|v| v as usize));
        assert_eq!(k.k.mmap(0, 0x10000, rw, sh, k.ctrl, 4096), EINVAL.map(|v| v as usize));
        let p = k.k.mmap(0, 0x10000, rw, sh, k.ctrl, 0).unwrap();
        assert_eq!(k.k.mmap(0, 0x10000, rw, sh, k.ctrl, 0), Err(Errno::EBUSY));
        k.k.munmap(p, 0x10000).unwrap();
    }
}

// ---------------------------------------------------------------- §2 address space

#[test]
fn as_bind_channel_rejects_non_channels_and_rebinding() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    assert_eq!(k.as_bind(as_fd, k.nvmap), EINVAL);
    assert_eq!(k.as_bind(as_fd, ch), Ok(0));
    assert_eq!(k.as_bind(as_fd, ch), EINVAL, "already bound");
}

#[test]
fn alloc_space_page_size_must_be_4k_or_the_big_page() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 8192, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut s), EINVAL);
    // 64K in a VM without big pages.
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 65536, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut s), EINVAL);
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 4096, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut s), Ok(0));
    assert!(s.offset != 0);
}

#[test]
fn alloc_space_fixed_misaligned_or_overlapping_is_enomem() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let fixed = |offset| NvgpuAsAllocSpaceArgs {
        pages: 256,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset,
        ..Default::default()
    };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut fixed(0x1_0000_0800)), Err(Errno::ENOMEM));
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut fixed(0x1_0000_0000)), Ok(0));
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut fixed(0x1_0000_0000)), Err(Errno::ENOMEM));
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut fixed(1 << 41)), Err(Errno::ENOMEM), "outside the VM");
}

#[test]
fn free_space_without_a_reservation_silently_succeeds() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut f = NvgpuAsFreeSpaceArgs { offset: 0x1234_5000, pages: 1, page_size: 4096, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
}

#[test]
fn map_buffer_rejects_unknown_flag_bits_with_einval() {
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(4096));
    // r35's IO_COHERENT (0x10) is gone in r36.
    assert_eq!(k.map(as_fd, &mut NvgpuAsMapBufferExArgs { flags: 0x10, ..map_args(d) }), EINVAL);
    assert_eq!(k.map(as_fd, &mut NvgpuAsMapBufferExArgs { flags: 3 << 10, ..map_args(d) }), EINVAL, "access bits 3");
    assert_eq!(k.map(as_fd, &mut map_args(d)), Ok(0));
}

#[test]
fn map_buffer_non_fixed_takes_no_offsets_with_einval() {
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(8192));
    assert_eq!(k.map(as_fd, &mut NvgpuAsMapBufferExArgs { buffer_offset: 4096, ..map_args(d) }), EINVAL);
    assert_eq!(k.map(as_fd, &mut NvgpuAsMapBufferExArgs { offset: 0x10_0000, ..map_args(d) }), EINVAL);
    assert_eq!(k.map(as_fd, &mut NvgpuAsMapBufferExArgs { mapping_size: 4096, ..map_args(d) }), EINVAL);
}

#[test]
fn map_buffer_zeroed_kinds_ask_for_compression_and_need_a_fallback() {
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(4096));
    let no_fallback = NvgpuAsMapBufferExArgs { compr_kind: 0, incompr_kind: -1, ..map_args(d) };
    assert_eq!(k.map(as_fd, &mut no_fallback.clone()), EINVAL);
    let out_of_range = NvgpuAsMapBufferExArgs { compr_kind: 0, incompr_kind: 300, ..map_args(d) };
    assert_eq!(k.map(as_fd, &mut out_of_range.clone()), Err(Errno::ENOMEM));
}

#[test]
fn map_buffer_fixed_needs_an_alloc_space_reservation() {
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(8192));
    let fixed =
        |offset| NvgpuAsMapBufferExArgs { flags: NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET, offset, ..map_args(d) };
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_0000)), EINVAL, "no reservation");
    let mut s = NvgpuAsAllocSpaceArgs {
        pages: 16,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: 0x2_0000_0000,
        ..Default::default()
    };
    k.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &mut s).unwrap();
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_0000)), Ok(0));
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_1000)), EINVAL, "overlaps the first mapping");
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_2800)), EINVAL, "misaligned");
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_f000)), EINVAL, "runs past the reservation");
}

#[test]
fn map_buffer_of_the_same_dmabuf_returns_the_same_va_and_takes_a_reference() {
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(4096));
    let (mut a, mut b) = (map_args(d), map_args(d));
    k.map(as_fd, &mut a).unwrap();
    k.map(as_fd, &mut b).unwrap();
    assert_eq!(a.offset, b.offset);
    let vm = k.k.vm_of(as_fd).unwrap();
    let mut un = NvgpuAsUnmapBufferArgs { offset: a.offset };
    k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut un).unwrap();
    assert_eq!(vm.mappings().len(), 1, "one reference left");
    k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut un).unwrap();
    assert!(vm.mappings().is_empty());
}

#[test]
fn unmap_buffer_always_returns_zero() {
    let k = K::new();
    let as_fd = k.alloc_as();
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut NvgpuAsUnmapBufferArgs { offset: 0xdead_0000 }), Ok(0));
}

#[test]
fn map_buffer_places_by_the_buddy_rules_like_an_orin() {
    // The smallest top-level buddy block of [2 MiB, 2^40 - 2 MiB) is the 4 MiB
    // one at its top; its left-most page is where an Orin put the first map.
    let k = K::new();
    let (as_fd, d) = (k.alloc_as(), k.dmabuf(4096));
    let mut a = map_args(d);
    k.map(as_fd, &mut a).unwrap();
    assert_eq!(a.offset, (1 << 40) - (6 << 20), "{:#x}", a.offset);
}

#[test]
fn get_va_regions_reports_one_region_without_big_pages() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut regions = [NvgpuAsVaRegion::default(); 2];
    let mut g = NvgpuAsGetVaRegionsArgs { buf_addr: regions.as_mut_ptr() as u64, buf_size: 48, reserved: 0 };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut g), Ok(0));
    assert_eq!(g.buf_size, 24);
    assert_eq!((regions[0].offset, regions[0].page_size), (2 << 20, 4096));
}

// ---------------------------------------------------------------- §3 TSG

#[test]
fn create_subcontext_rejects_bad_type_and_non_as_fd() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    assert_eq!(k.subctx(tsg, as_fd, 7), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, k.nvmap, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(1));
}

#[test]
fn create_subcontext_async_exhaustion_falls_back_to_veid0_then_enospc() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    for want in 1..64 {
        assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(want));
    }
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(0), "falls back to VEID0");
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::ENOSPC));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Err(Errno::ENOSPC));
}

#[test]
fn tsg_bind_before_as_bind_records_a_null_vm_and_later_mismatches() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    // Wrong order: TSG bind to VEID0 first (records a NULL VM), then AS bind.
    let first = k.channel();
    assert_eq!(k.tsg_bind(tsg, first, 0), Ok(0));
    assert_eq!(k.as_bind(as_fd, first), Ok(0));
    let second = k.channel();
    k.as_bind(as_fd, second).unwrap();
    assert_eq!(k.tsg_bind(tsg, second, 0), EINVAL, "VEID0's recorded VM is NULL, the channel's is not");
    // The right order works.
    let tsg2 = k.tsg();
    let third = k.channel();
    k.as_bind(as_fd, third).unwrap();
    assert_eq!(k.tsg_bind(tsg2, third, 0), Ok(0));
}

#[test]
fn tsg_bind_rejects_uncreated_veid_out_of_range_veid_and_rebinding() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.tsg_bind(tsg, ch, 5), EINVAL, "VEID 5 never created");
    assert_eq!(k.tsg_bind(tsg, ch, 64), EINVAL, ">= max_veid_count_per_tsg");
    assert_eq!(k.tsg_bind(tsg, k.nvmap, 0), EINVAL, "not a channel");
    let veid = k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
    assert_eq!(k.tsg_bind(tsg, ch, veid), Ok(0));
    assert_eq!(k.tsg_bind(tsg, ch, veid), EINVAL, "already in a TSG");
}

#[test]
fn delete_subcontext_with_bound_channels_is_einval() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    let mut d = NvgpuTsgDeleteSubcontextArgs { veid: 1, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), EINVAL);
    let mut unbind: i32 = ch;
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut unbind), Ok(0));
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), Ok(0));
    let mut far = NvgpuTsgDeleteSubcontextArgs { veid: 64, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut far), EINVAL);
}

#[test]
fn unbind_channel_not_in_this_tsg_is_einval_and_leaves_it_unserviceable() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    let other = k.tsg();
    let mut fd: i32 = ch;
    assert_eq!(k.io(other, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), EINVAL);
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), Ok(0));
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Err(Errno::ETIMEDOUT), "unserviceable");
}

#[test]
fn set_timeslice_outside_1000_to_50000_us_is_einval() {
    let k = K::new();
    let tsg = k.tsg();
    let mut t = NvgpuTimesliceArgs { timeslice_us: 999, reserved: 0 };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_SET_TIMESLICE, &mut t), EINVAL);
    let mut t = NvgpuTimesliceArgs { timeslice_us: 50_001, reserved: 0 };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_SET_TIMESLICE, &mut t), EINVAL);
    let mut t = NvgpuTimesliceArgs { timeslice_us: 1000, reserved: 0 };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_SET_TIMESLICE, &mut t), Ok(0));
}

#[test]
fn event_id_ctrl_rejects_unknown_ids_and_commands() {
    let k = K::new();
    let tsg = k.tsg();
    let mut e = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 6, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut e), EINVAL);
    let mut e = NvgpuEventIdCtrlArgs { cmd: 2, event_id: 1, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut e), EINVAL);
    let mut e = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 1, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut e), Ok(0));
}

// ---------------------------------------------------------------- §4 channel

#[test]
fn wdt_status_must_be_disable_or_enable() {
    let k = K::new();
    let ch = k.channel();
    assert_eq!(k.wdt(ch, 0), EINVAL);
    assert_eq!(k.wdt(ch, 3), EINVAL);
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), Ok(0));
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT | NVGPU_IOCTL_CHANNEL_WDT_FLAG_DISABLE_DUMP), Ok(0));
}

#[test]
fn setup_bind_deterministic_needs_the_watchdog_disabled() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT).unwrap();
    let mut a = k.setup_args();
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL);
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
    // A deterministic channel accepts only DISABLE afterwards.
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), EINVAL);
}

#[test]
fn setup_bind_usermode_needs_deterministic() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = NvgpuChannelSetupBindArgs { flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT, ..k.setup_args() };
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL);
}

#[test]
fn setup_bind_entry_count_must_be_a_power_of_two_in_range() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    for n in [0, 1, 1000, 1 << 29] {
        let mut a = NvgpuChannelSetupBindArgs { num_gpfifo_entries: n, ..k.setup_args() };
        assert_eq!(k.setup_bind(ch, &mut a), EINVAL, "{n}");
    }
    let mut a = NvgpuChannelSetupBindArgs { num_gpfifo_entries: 2, ..k.setup_args() };
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0), "2 is enough with usermode");
}

#[test]
fn setup_bind_needs_as_and_tsg_binding() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args()), EINVAL, "no AS");
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args()), EINVAL, "no TSG");
    k.tsg_bind(k.tsg(), ch, 0).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args()), Ok(0));
}

#[test]
fn setup_bind_is_one_shot_eexist() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args()), Ok(0));
    assert_eq!(k.setup_bind(ch, &mut k.setup_args()), Err(Errno::EEXIST));
}

#[test]
fn setup_bind_rejects_fd_zero_and_nonzero_dmabuf_offsets() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args();
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 0, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_fd: 0, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_offset: 4096, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_offset: 64, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_gpfifo_buffer_must_hold_the_entries() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: k.dmabuf(4096), ..k.setup_args() };
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL, "1024 entries need 8 KiB");
    a.num_gpfifo_entries = 512;
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_returns_the_work_submit_token_of_chid_and_runlist() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args();
    k.setup_bind(ch, &mut a).unwrap();
    let chid = *k.k.snapshot().channels.last().unwrap();
    assert_eq!(a.work_submit_token, chid & 0xfff);
    assert_eq!((a.gpfifo_gpu_va, a.userd_gpu_va), (0, 0), "no GPU_MAP_RESOURCES on ga10b");
}

#[test]
fn alloc_obj_ctx_needs_tsg_as_and_a_valid_class() {
    let k = K::new();
    let ch = k.channel();
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), EINVAL, "unbound");
    let (_, _, ch) = k.bound_channel();
    let mut bad = NvgpuAllocObjCtxArgs { class_num: 0xc397, ..Default::default() };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut bad), EINVAL, "Volta 3D class");
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Ok(0), "SETUP_BIND is not required first");
}

#[test]
fn set_preemption_mode_before_alloc_obj_ctx_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut p = NvgpuPreemptionModeArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &mut p), EINVAL);
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o).unwrap();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &mut p), Ok(0));
}

#[test]
fn set_error_notifier_rejects_fd_zero_and_overflowing_offsets() {
    let k = K::new();
    let ch = k.channel();
    let d = k.dmabuf(4096) as u32;
    let mut n = NvgpuSetErrorNotifier { offset: 0, size: 16, mem: 0, padding: 0 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n), EINVAL);
    let mut n = NvgpuSetErrorNotifier { offset: 4090, size: 16, mem: d, padding: 0 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n), EINVAL);
    let mut n = NvgpuSetErrorNotifier { offset: 4080, size: 16, mem: d, padding: 0 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n), Ok(0));
}

#[test]
fn submit_gpfifo_on_a_usermode_channel_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut s = NvgpuSubmitGpfifoArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO, &mut s), Err(Errno::ENOMEM), "no GPFIFO yet");
    k.setup_bind(ch, &mut k.setup_args()).unwrap();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO, &mut s), EINVAL);
}

#[test]
fn get_user_syncpoint_returns_an_id_and_a_gpu_va() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut s = NvgpuGetUserSyncpointArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut s), Ok(0));
    assert!(s.syncpoint_id > 0 && s.gpu_va != 0);
}

// ---------------------------------------------------------------- fds

#[test]
fn closing_fds_releases_kernel_objects() {
    let k = K::new();
    let (as_fd, tsg, ch) = k.bound_channel();
    k.setup_bind(ch, &mut k.setup_args()).unwrap();
    assert_eq!(k.k.gpu().channels().len(), 1);
    k.k.close(ch).unwrap();
    assert!(k.k.gpu().channels().is_empty(), "closing the channel detaches it from the GPU");
    k.k.close(tsg).unwrap();
    k.k.close(as_fd).unwrap();
    let s = k.k.snapshot();
    assert!(s.channels.is_empty() && s.tsgs.is_empty() && s.vms.is_empty(), "{s:?}");
    assert_eq!(k.k.close(ch), Err(Errno::EBADF));
}
