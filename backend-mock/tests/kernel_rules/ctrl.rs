//! §1 ctrl: GET_CHARACTERISTICS, ALLOC_AS, OPEN_TSG, OPEN_CHANNEL and the
//! usermode (doorbell) window mmap.

use gpuiface_hal::Errno;
use gpuiface_mock::kernel::Characteristics;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::*;

const UNIFIED_VA: u32 = NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA;
const USERMODE_DOORBELL_OFFSET: usize = 0x90;

// ------------------------------------------------------------ GET_CHARACTERISTICS

/// GET_CHARACTERISTICS into `buf`: the size the kernel reports back.
fn characteristics(k: &K, buf: &mut [u8]) -> u64 {
    let mut g = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: buf.len() as u64,
        gpu_characteristics_buf_addr: buf.as_mut_ptr() as u64,
    };
    k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g).unwrap();
    g.gpu_characteristics_buf_size
}

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
fn get_characteristics_reports_ga10b_values() {
    let k = K::new();
    // A byte buffer, not the struct's bytes: the struct has padding.
    let mut bytes = [0u8; std::mem::size_of::<NvgpuGpuCharacteristics>()];
    assert_eq!(characteristics(&k, &mut bytes), 328);
    let c = NvgpuGpuCharacteristics::from_bytes(&bytes).unwrap();
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
fn get_characteristics_truncates_a_smaller_buffer() {
    let k = K::new();
    let mut buf = [0xAAu8; 16];
    assert_eq!(characteristics(&k, &mut buf[..8]), 328);
    assert_eq!(u32::from_le_bytes(buf[0..4].try_into().unwrap()), 0x170);
    assert_eq!(buf[8..], [0xAA; 8], "nothing past buf_size is written");
}

#[test]
fn get_characteristics_reports_312_on_an_r35_kernel() {
    let k = K::on(MockKernel::builder().characteristics(Characteristics::r35()).build());
    let mut buf = [0xFFu8; 328];
    assert_eq!(characteristics(&k, &mut buf), 312);
    assert_eq!(u32::from_le_bytes(buf[0..4].try_into().unwrap()), 0x170);
    assert!(buf[312..].iter().all(|&b| b == 0xFF), "only r35's 312 bytes are written");
}

// ------------------------------------------------------------ ALLOC_AS

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
fn alloc_as_requires_2mib_aligned_nonzero_range() {
    let k = K::new();
    for bad in [
        NvgpuAllocAsArgs { va_range_start: 0, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_start: 0x1000, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_end: (1 << 40) - 0x1000, ..K::alloc_as_args() },
        NvgpuAllocAsArgs { va_range_start: 4 << 20, va_range_end: 4 << 20, ..K::alloc_as_args() },
    ] {
        assert_eq!(k.alloc_as_with(&mut bad.clone()), EINVAL, "{bad:?}");
    }
    assert_eq!(k.alloc_as_with(&mut K::alloc_as_args()), Ok(0));
}

#[test]
fn alloc_as_rejects_zero_or_unaligned_range_with_einval() {
    let k = K::new();
    for (s, t) in [(0, VA_END), (VA_START, 0), (VA_START + 4096, VA_END), (VA_START, VA_END - 4096)] {
        assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, s, t, 0)), Err(Errno::EINVAL), "{s:#x}..{t:#x}");
    }
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_rejects_start_not_below_end_with_einval() {
    let k = K::new();
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_END, VA_END, 0)), Err(Errno::EINVAL));
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_END, VA_START, 0)), Err(Errno::EINVAL));
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_split_rules() {
    let k = K::new();
    let unified_with_split = NvgpuAllocAsArgs { va_range_split: 1 << 30, ..K::alloc_as_args() };
    assert_eq!(k.alloc_as_with(&mut unified_with_split.clone()), EINVAL);
    let split = NvgpuAllocAsArgs { flags: 0, big_page_size: 64 << 10, va_range_split: 1 << 30, ..K::alloc_as_args() };
    assert_eq!(k.alloc_as_with(&mut split.clone()), Ok(0));
    let outside = NvgpuAllocAsArgs { va_range_split: 1 << 41, ..split };
    assert_eq!(k.alloc_as_with(&mut outside.clone()), EINVAL);
    let zero = NvgpuAllocAsArgs { va_range_split: 0, ..split };
    assert_eq!(k.alloc_as_with(&mut zero.clone()), EINVAL);
}

#[test]
fn alloc_as_rejects_split_with_unified_va_or_no_big_pages_with_einval() {
    let k = K::new();
    let split = 1 << 30;
    assert_eq!(k.alloc_as_with(&mut as_args(64 << 10, UNIFIED_VA, VA_START, VA_END, split)), Err(Errno::EINVAL));
    assert_eq!(k.alloc_as_with(&mut as_args(0, 0, VA_START, VA_END, split)), Err(Errno::EINVAL));
    assert_eq!(k.alloc_as_with(&mut as_args(0, 0, VA_START, VA_END, 0)), Ok(0));
}

#[test]
fn alloc_as_split_va_needs_an_aligned_split_strictly_inside() {
    let k = K::new();
    let big = 64 << 10;
    for split in [0, VA_START, VA_END, (1 << 30) + 4096] {
        assert_eq!(k.alloc_as_with(&mut as_args(big, 0, VA_START, VA_END, split)), Err(Errno::EINVAL), "{split:#x}");
    }
    assert_eq!(k.alloc_as_with(&mut as_args(big, 0, VA_START, VA_END, 1 << 30)), Ok(0));
}

#[test]
fn alloc_as_big_page_size_must_be_64k() {
    let k = K::new();
    let bad = NvgpuAllocAsArgs { big_page_size: 128 << 10, ..K::alloc_as_args() };
    assert_eq!(k.alloc_as_with(&mut bad.clone()), EINVAL);
    let npot = NvgpuAllocAsArgs { big_page_size: 3000, ..K::alloc_as_args() };
    assert_eq!(k.alloc_as_with(&mut npot.clone()), EINVAL);
}

#[test]
fn alloc_as_rejects_non_pow2_or_non_64k_big_page_size_with_einval() {
    let k = K::new();
    for big in [0x3000, 128 << 10, 4096] {
        assert_eq!(k.alloc_as_with(&mut as_args(big, UNIFIED_VA, VA_START, VA_END, 0)), Err(Errno::EINVAL));
    }
    let mut ok = as_args(64 << 10, UNIFIED_VA, VA_START, VA_END, 0);
    assert_eq!(k.alloc_as_with(&mut ok), Ok(0));
    assert!(ok.as_fd > 0);
}

#[test]
fn alloc_as_past_2_to_49_is_enomem() {
    let k = K::new();
    let huge = NvgpuAllocAsArgs { va_range_end: 1 << 49, ..K::alloc_as_args() };
    assert_eq!(k.alloc_as_with(&mut huge.clone()), Err(Errno::ENOMEM));
}

#[test]
fn alloc_as_rejects_end_plus_kernel_vma_past_2_pow_49_with_enomem() {
    let k = K::new();
    let end = (1u64 << 49) - (2 << 30);
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_START, end, 0)), Err(Errno::ENOMEM));
    assert_eq!(k.alloc_as_with(&mut as_args(0, UNIFIED_VA, VA_START, (1 << 49) - (4 << 30), 0)), Ok(0));
}

// ------------------------------------------------------------ OPEN_TSG, OPEN_CHANNEL

#[test]
fn open_tsg_share_fields_need_the_share_flag_and_tokens_are_checked() {
    let k = K::new();
    let mut a = NvgpuGpuOpenTsgArgs { share_token: 5, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuGpuOpenTsgArgs { flags: NVGPU_GPU_IOCTL_OPEN_TSG_FLAGS_SHARE, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Err(Errno::EINVAL), "SHARE without a token");
    let mut a = NvgpuGpuOpenTsgArgs::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut a), Ok(0));
    assert!(a.tsg_fd > 2);
    assert_eq!(k.k.snapshot().tsgs.len(), 1);
    // r35's 8-byte OPEN_TSG is another number.
    assert_eq!(k.io(k.ctrl, r35::NVGPU_GPU_IOCTL_OPEN_TSG, &mut 0u64), Err(Errno::ENOTTY));
}

#[test]
fn open_channel_accepts_only_the_gr_runlist() {
    let k = K::new();
    let mut c = NvgpuGpuOpenChannelArgs { channel_fd: 5 };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut c), EINVAL);
    assert!(k.channel() > 2);
}

#[test]
fn open_channel_accepts_runlist_minus_one_only() {
    let k = K::new();
    let mut a = NvgpuGpuOpenChannelArgs { channel_fd: 3 };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut a), Ok(0));
    assert!(a.channel_fd > 2, "the channel fd comes back in the same word");
}

// ------------------------------------------------------------ usermode window

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

#[test]
fn usermode_mmap_rejects_long_offset_and_second_mapping() {
    let k = K::new();
    let rwp = libc::PROT_READ | libc::PROT_WRITE;
    // SAFETY: kernel-chosen addresses; the one mapping made is unmapped below.
    unsafe {
        assert_eq!(k.k.mmap(0, (64 << 10) + 4096, rwp, libc::MAP_SHARED, k.ctrl, 0), Err(Errno::EINVAL));
        assert_eq!(k.k.mmap(0, 4096, rwp, libc::MAP_SHARED, k.ctrl, 4096), Err(Errno::EINVAL));
        let p = k.k.mmap(0, 64 << 10, rwp, libc::MAP_SHARED, k.ctrl, 0).unwrap();
        assert_eq!(k.k.mmap(0, 4096, rwp, libc::MAP_SHARED, k.ctrl, 0), Err(Errno::EBUSY));
        // The kernel sees the doorbell store through its own mapping.
        k.k.ring_doorbell((p + USERMODE_DOORBELL_OFFSET) as *mut u32, 511);
        assert_eq!(((p + USERMODE_DOORBELL_OFFSET) as *const u32).read_volatile(), 511);
        k.k.munmap(p, 64 << 10).unwrap();
    }
    // Another ctrl fd may map it again.
    let ctrl2 = k.k.open(CTRL, 0).unwrap();
    // SAFETY: as above.
    unsafe {
        let p = k.k.mmap(0, 4096, rwp, libc::MAP_SHARED, ctrl2, 0).unwrap();
        k.k.munmap(p, 4096).unwrap();
    }
}
