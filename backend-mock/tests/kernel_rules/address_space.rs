//! §2 address space: BIND_CHANNEL, ALLOC_SPACE / FREE_SPACE, MAP_BUFFER_EX,
//! UNMAP_BUFFER and GET_VA_REGIONS.

use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::mem::GpuVm;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::*;

// ------------------------------------------------------------ BIND_CHANNEL

#[test]
fn as_bind_channel_rejects_non_channel_and_rebind_with_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    assert_eq!(k.as_bind(as_fd, k.nvmap), Err(Errno::EINVAL));
    assert_eq!(k.as_bind(as_fd, ch), Ok(0));
    assert_eq!(k.as_bind(as_fd, ch), Err(Errno::EINVAL), "already bound");
    let as2 = k.alloc_as();
    assert_eq!(k.as_bind(as2, ch), Err(Errno::EINVAL), "bound to *any* AS");
}

// ------------------------------------------------------------ ALLOC_SPACE, FREE_SPACE

#[test]
fn alloc_space_page_size_must_be_4k_or_the_big_page() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 8192, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut s), EINVAL);
    // 64K in a VM without big pages.
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 65536, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut s), EINVAL);
    let mut s = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 4096, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut s), Ok(0));
    assert!(s.offset != 0);
}

#[test]
fn alloc_space_rejects_page_size_other_than_4k_or_64k_with_einval() {
    let k = K::new();
    let as_fd = k.big_page_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 8192, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut a), Err(Errno::EINVAL));
    a.page_size = 64 << 10;
    assert_eq!(k.alloc_space(as_fd, &mut a), Ok(0));
}

#[test]
fn alloc_space_rejects_64k_pages_without_big_pages_with_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 64 << 10, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut a), Err(Errno::EINVAL));
    a.page_size = 4096;
    assert_eq!(k.alloc_space(as_fd, &mut a), Ok(0));
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
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1_0000_0800)), Err(Errno::ENOMEM));
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1_0000_0000)), Ok(0));
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1_0000_0000)), Err(Errno::ENOMEM));
    assert_eq!(k.alloc_space(as_fd, &mut fixed(1 << 41)), Err(Errno::ENOMEM), "outside the VM");
}

#[test]
fn alloc_space_fixed_misaligned_outside_or_overlapping_is_enomem() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let fixed = |offset: u64| NvgpuAsAllocSpaceArgs {
        pages: 16,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset,
        ..Default::default()
    };
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1000_0800)), Err(Errno::ENOMEM));
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1000)), Err(Errno::ENOMEM));
    assert_eq!(k.alloc_space(as_fd, &mut fixed(VA_END)), Err(Errno::ENOMEM));
    let mut ok = fixed(0x1000_0000);
    assert_eq!(k.alloc_space(as_fd, &mut ok), Ok(0));
    assert_eq!(ok.offset, 0x1000_0000);
    assert_eq!(k.alloc_space(as_fd, &mut fixed(0x1000_8000)), Err(Errno::ENOMEM));
}

#[test]
fn alloc_space_non_fixed_is_placed_by_the_buddy_rules() {
    // The smallest top-level buddy block (4 MiB, at the top of the VMA) is split, left half first.
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut a = NvgpuAsAllocSpaceArgs { pages: 16, page_size: 4096, ..Default::default() };
    assert_eq!(k.alloc_space(as_fd, &mut a), Ok(0));
    assert_eq!(a.offset, VA_END - (4 << 20));
}

#[test]
fn free_space_without_a_reservation_silently_succeeds() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut f = NvgpuAsFreeSpaceArgs { offset: 0x1234_5000, pages: 1, page_size: 4096, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
}

#[test]
fn free_space_without_a_reservation_returns_zero() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut f = NvgpuAsFreeSpaceArgs { offset: 0x4000_0000, pages: 1, page_size: 4096, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
    let mut a = NvgpuAsAllocSpaceArgs { pages: 1, page_size: 4096, ..Default::default() };
    k.alloc_space(as_fd, &mut a).unwrap();
    // The freed range can be reserved again (fixed) afterwards.
    f.offset = a.offset;
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_FREE_SPACE, &mut f), Ok(0));
    let mut again = NvgpuAsAllocSpaceArgs {
        pages: 1,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: a.offset,
        ..Default::default()
    };
    assert_eq!(k.alloc_space(as_fd, &mut again), Ok(0));
}

// ------------------------------------------------------------ MAP_BUFFER_EX: arguments

#[test]
fn map_buffer_ex_rejects_a_non_dmabuf_fd_and_an_nvmap_id() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (id, fd) = k.buffer(4096);
    assert_eq!(k.map(as_fd, &mut map_args(id as RawFd)), Err(Errno::EBADF), "an nvmap id is not an fd");
    assert_eq!(k.map(as_fd, &mut map_args(k.nvmap)), Err(Errno::EINVAL), "open, but not a dma-buf");
    let mut ok = map_args(fd);
    assert_eq!(k.map(as_fd, &mut ok), Ok(0));
    assert_ne!(ok.offset, 0);
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
fn map_buffer_ex_rejects_extra_flags_and_access_bits_3_with_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(4096);
    for flags in [0x10, 0x100, 3 << 10, 1 << 20] {
        let mut a = map_args(fd);
        a.flags = flags;
        assert_eq!(k.map(as_fd, &mut a), Err(Errno::EINVAL), "flags {flags:#x}");
    }
    let mut a = map_args(fd);
    a.flags = NVGPU_AS_MAP_BUFFER_FLAGS_CACHEABLE | (NVGPU_AS_MAP_BUFFER_ACCESS_READ_WRITE << 10);
    assert_eq!(k.map(as_fd, &mut a), Ok(0));
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
fn map_buffer_ex_non_fixed_rejects_offsets_and_mapping_size_with_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(8192);
    for f in [
        |a: &mut NvgpuAsMapBufferExArgs| a.buffer_offset = 4096,
        |a: &mut NvgpuAsMapBufferExArgs| a.offset = 0x1000_0000,
        |a: &mut NvgpuAsMapBufferExArgs| a.mapping_size = 4096,
    ] {
        let mut a = map_args(fd);
        f(&mut a);
        assert_eq!(k.map(as_fd, &mut a), Err(Errno::EINVAL));
    }
    assert_eq!(k.map(as_fd, &mut map_args(fd)), Ok(0));
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
fn map_buffer_ex_compressible_kind_without_fallback_is_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(4096);
    // Compressible kind 0 (what a zeroed struct asks for) with no fallback.
    let mut no_fallback =
        NvgpuAsMapBufferExArgs { dmabuf_fd: fd as u32, compr_kind: 0, incompr_kind: -1, ..Default::default() };
    assert_eq!(k.map(as_fd, &mut no_fallback), Err(Errno::EINVAL));
    let mut with_fallback =
        NvgpuAsMapBufferExArgs { dmabuf_fd: fd as u32, compr_kind: 0, incompr_kind: 0, ..Default::default() };
    assert_eq!(k.map(as_fd, &mut with_fallback), Ok(0));
}

// ------------------------------------------------------------ MAP_BUFFER_EX: fixed offsets

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
    k.alloc_space(as_fd, &mut s).unwrap();
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_0000)), Ok(0));
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_1000)), EINVAL, "overlaps the first mapping");
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_2800)), EINVAL, "misaligned");
    assert_eq!(k.map(as_fd, &mut fixed(0x2_0000_f000)), EINVAL, "runs past the reservation");
}

#[test]
fn map_buffer_ex_fixed_offset_needs_an_alloc_space_reservation() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(4096);
    let mut a = map_args(fd);
    a.flags = NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET;
    a.offset = 0x2000_0000;
    assert_eq!(k.map(as_fd, &mut a), Err(Errno::EINVAL));
    let mut r = NvgpuAsAllocSpaceArgs {
        pages: 4,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: 0x2000_0000,
        ..Default::default()
    };
    k.alloc_space(as_fd, &mut r).unwrap();
    assert_eq!(k.map(as_fd, &mut a), Ok(0));
    assert_eq!(a.offset, 0x2000_0000);
}

#[test]
fn map_buffer_ex_fixed_overlap_and_misaligned_are_einval() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(8192);
    let mut r = NvgpuAsAllocSpaceArgs {
        pages: 8,
        page_size: 4096,
        flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
        offset: 0x2000_0000,
        ..Default::default()
    };
    k.alloc_space(as_fd, &mut r).unwrap();
    let fixed =
        |offset| NvgpuAsMapBufferExArgs { flags: NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET, offset, ..map_args(fd) };
    assert_eq!(k.map(as_fd, &mut fixed(0x2000_0800)), Err(Errno::EINVAL));
    assert_eq!(k.map(as_fd, &mut fixed(0x2000_0000)), Ok(0));
    assert_eq!(k.map(as_fd, &mut fixed(0x2000_1000)), Err(Errno::EINVAL), "overlaps the first");
    assert_eq!(k.map(as_fd, &mut fixed(0x2000_2000)), Ok(0));
    assert_eq!(k.map(as_fd, &mut fixed(0x2000_7000)), Err(Errno::EINVAL), "runs past the reservation");
}

// ------------------------------------------------------------ MAP_BUFFER_EX: placement, references

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
fn map_buffer_ex_remap_returns_the_same_va_and_needs_one_unmap_per_map() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (id, fd) = k.buffer(4096);
    let fd2 = k.get_fd(id).unwrap();
    let mut a = map_args(fd);
    k.map(as_fd, &mut a).unwrap();
    let mut b = map_args(fd2);
    k.map(as_fd, &mut b).unwrap();
    assert_eq!(a.offset, b.offset, "same dma-buf, same VA");
    assert_eq!(a.offset, VA_END - (4 << 20), "buddy placement");
    let mut u = NvgpuAsUnmapBufferArgs { offset: a.offset };
    k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u).unwrap();
    assert_eq!(k.k.snapshot().gpu_mappings.len(), 1);
    k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u).unwrap();
    assert_eq!(k.k.snapshot().gpu_mappings.len(), 0);
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
fn map_buffer_ex_translation_reaches_the_dmabuf_bytes() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let (_, fd) = k.buffer(8192);
    let mut a = map_args(fd);
    k.map(as_fd, &mut a).unwrap();
    let vm = k.k.vm_of(as_fd).unwrap();
    vm.write_u32(a.offset + 4100, 0xfeed).unwrap();
    // SAFETY: a fresh mapping of our dma-buf, unmapped below.
    unsafe {
        let p = k.k.mmap(0, 8192, libc::PROT_READ, libc::MAP_SHARED, fd, 0).unwrap();
        assert_eq!(((p + 4100) as *const u32).read_unaligned(), 0xfeed);
        k.k.munmap(p, 8192).unwrap();
    }
    assert_eq!(vm.read_u32(a.offset - 4), Err(a.offset - 4), "below the mapping faults");
}

// ------------------------------------------------------------ UNMAP_BUFFER, GET_VA_REGIONS

#[test]
fn unmap_buffer_always_returns_zero() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut u = NvgpuAsUnmapBufferArgs { offset: 0x1234_5000 };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u), Ok(0));
    let (_, fd) = k.buffer(4096);
    let mut a = map_args(fd);
    k.map(as_fd, &mut a).unwrap();
    u.offset = a.offset;
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u), Ok(0));
    assert_eq!(k.k.snapshot().gpu_mappings.len(), 0);
}

#[test]
fn unmap_buffer_of_an_unmapped_offset_returns_zero() {
    let k = K::new();
    let as_fd = k.alloc_as();
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut NvgpuAsUnmapBufferArgs { offset: 0xdead_0000 }), Ok(0));
}

#[test]
fn get_va_regions_reports_one_region_without_big_pages_and_two_with() {
    let k = K::new();
    let mut regions = [NvgpuAsVaRegion::default(); 2];
    let mut a = NvgpuAsGetVaRegionsArgs { buf_addr: regions.as_mut_ptr() as u64, buf_size: 48, reserved: 0 };
    assert_eq!(k.io(k.alloc_as(), NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut a), Ok(0));
    assert_eq!(a.buf_size, 24);
    assert_eq!((regions[0].offset, regions[0].page_size), (VA_START, 4096));
    a.buf_size = 48;
    assert_eq!(k.io(k.big_page_as(), NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut a), Ok(0));
    assert_eq!(a.buf_size, 48);
    assert_eq!(regions[1].page_size, 64 << 10);
}
