//! Items 4 and 8: nvmap's WRITE / READ / PARAM / CACHE ioctls, and the cache
//! mode each handle records (and the backend chooses).

use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::mock::gpu::ExecMode;
use gpuiface_nvgpu::mock::MockKernel;

use crate::harness::K;

// ------------------------------------------- item 4: nvmap WRITE/READ/PARAM/CACHE

#[test]
fn item4_nvmap_write_and_read_round_trip_through_the_dmabuf_mapping() {
    let k = K::traced();
    let (h, fd) = k.buffer(8192);
    let cpu = k.cpu_map(fd, 8192);
    let data: Vec<u8> = (0..64u8).collect();
    let mut w = NvmapRwHandle {
        addr: data.as_ptr() as u64,
        handle: h,
        offset: 4096 + 8,
        elem_size: 64,
        hmem_stride: 64,
        user_stride: 64,
        count: 1,
    };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_WRITE, &mut w), Ok(0));
    // SAFETY: `cpu` maps 8192 readable bytes.
    let seen = unsafe { std::slice::from_raw_parts((cpu + 4096 + 8) as *const u8, 64) };
    assert_eq!(seen, &data[..], "the write is visible through the dma-buf's mapping");
    // Strided read: every other 16-byte element back into a packed buffer.
    let mut out = vec![0u8; 32];
    let mut r = NvmapRwHandle {
        addr: out.as_mut_ptr() as u64,
        handle: h,
        offset: 4096 + 8,
        elem_size: 16,
        hmem_stride: 32,
        user_stride: 16,
        count: 2,
    };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut r), Ok(0));
    assert_eq!(&out[..16], &data[..16]);
    assert_eq!(&out[16..], &data[32..48]);
    assert_eq!(r.count, 32, "the kernel writes the bytes copied back into `count`");
    // Zero handle or count, and unknown ids, are EINVAL; a copy running past the handle is short: EINVAL.
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut NvmapRwHandle { handle: 0, ..r }), Err(Errno::EINVAL));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut NvmapRwHandle { count: 0, ..r }), Err(Errno::EINVAL));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut NvmapRwHandle { handle: 0x8000_7777, ..r }), Err(Errno::EINVAL));
    let mut past = NvmapRwHandle { offset: 8192 - 16, count: 2, ..r };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut past), Err(Errno::EINVAL));
    // A bad user buffer is EFAULT (count 0), not a crash of the program.
    let mut bad = NvmapRwHandle { addr: 0x10, count: 1, ..w };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_WRITE, &mut bad), Err(Errno::EFAULT));
    let mut bad = NvmapRwHandle { addr: 0x10, count: 1, ..r };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_READ, &mut bad), Err(Errno::EFAULT));
}

#[test]
fn item4_nvmap_param_reports_size_alignment_and_heap() {
    let k = K::traced();
    let h = k.create(5000).unwrap() as u32;
    let param = |p: u32| {
        let mut a = NvmapHandleParam { handle: h, param: p, result: 0x7777 };
        k.io(k.nvmap, NVMAP_IOC_PARAM, &mut a).map(|_| a.result)
    };
    assert_eq!(param(NVMAP_HANDLE_PARAM_SIZE), Ok(5000), "the size CREATE was given");
    assert_eq!(param(NVMAP_HANDLE_PARAM_HEAP), Ok(0), "not allocated yet");
    k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)).unwrap();
    assert_eq!(param(NVMAP_HANDLE_PARAM_ALIGNMENT), Ok(4096));
    assert_eq!(param(NVMAP_HANDLE_PARAM_HEAP), Ok(u64::from(NVMAP_HEAP_IOVMM)));
    assert_eq!(param(NVMAP_HANDLE_PARAM_BASE), Ok(-22i64 as u64), "unpinned: -EINVAL as the value");
    assert_eq!(param(99), Err(Errno::EINVAL));
    let mut a = NvmapHandleParam { handle: 0x8000_7777, param: NVMAP_HANDLE_PARAM_SIZE, result: 0 };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_PARAM, &mut a), Err(Errno::EINVAL));
}

#[test]
fn item4_nvmap_cache_maintenance_needs_the_handles_own_mapping() {
    let k = K::traced();
    let (h, fd) = k.buffer(8192);
    let (other, other_fd) = k.buffer(4096);
    let cpu = k.cpu_map(fd, 8192);
    let other_cpu = k.cpu_map(other_fd, 4096);
    let op = |addr: usize, handle: u32, len: u32, op: i32| {
        let mut c = NvmapCacheOp { addr: addr as u64, handle, len, op };
        k.io(k.nvmap, NVMAP_IOC_CACHE, &mut c)
    };
    assert_eq!(op(cpu, h, 8192, NVMAP_CACHE_OP_WB_INV as i32), Ok(0));
    assert_eq!(op(cpu + 4096, h, 4096, NVMAP_CACHE_OP_INV as i32), Ok(0));
    assert_eq!(op(0, h, 4096, 0), Err(Errno::EINVAL), "addr 0");
    assert_eq!(op(cpu, h, 4096, 3), Err(Errno::EINVAL), "unknown op");
    assert_eq!(op(cpu, 0x8000_7777, 4096, 0), Err(Errno::EINVAL), "unknown handle");
    assert_eq!(op(cpu + 4096, h, 8192, 0), Err(Errno::EADDRNOTAVAIL), "runs past the mapping");
    let stack = 0u64;
    assert_eq!(op(&stack as *const u64 as usize, h, 8, 0), Err(Errno::EADDRNOTAVAIL), "not an nvmap mapping");
    assert_eq!(op(other_cpu, h, 4096, 0), Err(Errno::EFAULT), "another handle's mapping");
    assert_eq!(op(other_cpu, other, 4096, 0), Ok(0));
}

// ------------------------------------------- item 8: cache modes per handle

#[test]
fn item8_nvmap_records_cache_modes_and_cpu_mappings_follow_them() {
    let k = K::traced();
    let h = k.create(4096).unwrap() as u32;
    let mut a = K::alloc_args(h);
    a.flags = NVMAP_HANDLE_INNER_CACHEABLE | (0x900 << 16);
    k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut a).unwrap();
    assert_eq!(k.k.handle_cache_mode(h), Some(NVMAP_HANDLE_INNER_CACHEABLE));
    let mut g = NvmapCreateHandle { size: 0, handle: h };
    k.io(k.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
    let cpu = k.cpu_map(g.size as RawFd, 4096);
    let m = k.k.cpu_mappings().into_iter().find(|m| m.addr == cpu).unwrap();
    assert_eq!(
        m.what,
        gpuiface_nvgpu::mock::kernel::cpumap::Mapped::DmaBuf { handle: h, cache: NVMAP_HANDLE_INNER_CACHEABLE }
    );
}

#[test]
fn item8_the_backend_chooses_write_combined_for_control_and_host_memory_inner_cacheable_for_data() {
    use gpuiface_hal::{AllocRequest, GpuIface};
    use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
    let dev: MockDevice = gpuiface_nvgpu::mock::open_with(
        MockKernel::builder().gpu(gpuiface_nvgpu::mock::gpu::GpuConfig::with_mode(ExecMode::Immediate)),
    )
    .unwrap();
    let rt = gpuiface_runtime::Runtime::new(&dev).unwrap(); // channels, command memory, signal page
    let data = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    let host = dev.alloc(AllocRequest::new(1 << 16).host()).unwrap();
    let k = dev.kernel().clone();
    let chans = k.channel_buffers();
    assert!(!chans.is_empty(), "the runtime set up channels");
    let all = k.nvmap_allocations();
    let mode = |h: u32| all.iter().find(|a| a.0 == h).map(|a| a.2);
    for (chid, gpfifo, userd) in &chans {
        assert_eq!(mode(*gpfifo), Some(NVMAP_HANDLE_WRITE_COMBINE), "GPFIFO of channel {chid}");
        assert_eq!(mode(*userd), Some(NVMAP_HANDLE_WRITE_COMBINE), "USERD of channel {chid}");
    }
    // Data is the only inner-cacheable buffer: command memory, host buffers,
    // notifiers and signal pages are all write-combined.
    let inner: Vec<_> = all.iter().filter(|a| a.2 == NVMAP_HANDLE_INNER_CACHEABLE).collect();
    assert_eq!(inner.len(), 1, "{all:x?}");
    assert_eq!(inner[0].1, 1 << 16);
    let wc = all.iter().filter(|a| a.2 == NVMAP_HANDLE_WRITE_COMBINE).count();
    assert_eq!(wc, all.len() - 1, "{all:x?}");
    assert!(wc >= 2 * chans.len() + 2, "GPFIFO+USERD per channel, command memory, the host buffer: {all:x?}");
    dev.free(data).unwrap();
    dev.free(host).unwrap();
    drop(rt);
}
