//! An expectation test with the `mockall` seam: the exact system calls, in
//! order, of opening a device and allocating one buffer (seed 000's
//! pipeline: CREATE → ALLOC → GET_FD → MAP_BUFFER_EX → mmap at the GPU VA),
//! after the address space is created with its two window reservations.

#[path = "common/expect.rs"]
mod expect;

use expect::MockSyscalls;
use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_mock::kernel::Characteristics;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::NvgpuDeviceBuilder;
use mockall::{predicate::eq, Sequence};

const NVMAP: i32 = 10;
const CTRL: i32 = 11;
const AS: i32 = 12;
const DMABUF: i32 = 13;
const HANDLE: u32 = 0x8000_0019;
const GPU_VA: u64 = 0xff_ffa0_0000;

/// Read the argument struct the backend passed.
fn arg<T: IoctlArg>(p: *const u8) -> T {
    // SAFETY: the backend passes a live argument of the ioctl's size.
    T::from_bytes(unsafe { std::slice::from_raw_parts(p, std::mem::size_of::<T>()) }).unwrap()
}

/// Write the kernel's answer back.
fn answer<T: IoctlArg>(p: *mut u8, v: T) {
    // SAFETY: as above, writable for `_IOWR` ioctls.
    unsafe { std::ptr::copy_nonoverlapping(v.to_bytes().as_ptr(), p, std::mem::size_of::<T>()) };
}

#[test]
fn one_allocation_makes_exactly_these_calls_in_this_order() {
    let mut sys = MockSyscalls::new();
    let mut seq = Sequence::new();
    let s = &mut seq;

    sys.expect_open().withf(|p, _| p.to_bytes() == b"/dev/nvmap").times(1).in_sequence(s).returning(|_, _| Ok(NVMAP));
    sys.expect_open()
        .withf(|p, _| p.to_bytes() == b"/dev/nvgpu/igpu0/ctrl")
        .times(1)
        .in_sequence(s)
        .returning(|_, _| Ok(CTRL));
    // GET_CHARACTERISTICS: first the size probe, then the read.
    sys.expect_ioctl_read_write()
        .with(eq(CTRL), eq(NVGPU_GPU_IOCTL_GET_CHARACTERISTICS), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let g: NvgpuGpuGetCharacteristics = arg(p);
            assert_eq!(g.gpu_characteristics_buf_size, 0, "the first call asks for the size");
            answer(p, NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 328, ..g });
            Ok(0)
        });
    sys.expect_ioctl_read_write()
        .with(eq(CTRL), eq(NVGPU_GPU_IOCTL_GET_CHARACTERISTICS), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let g: NvgpuGpuGetCharacteristics = arg(p);
            assert_eq!(g.gpu_characteristics_buf_size, 328);
            let c = Characteristics::ga10b().value;
            // SAFETY: the backend's buffer holds 328 bytes (checked above).
            unsafe {
                std::ptr::copy_nonoverlapping(c.to_bytes().as_ptr(), g.gpu_characteristics_buf_addr as *mut u8, 328)
            };
            Ok(0)
        });
    // The address space: ALLOC_AS, then the local- and shared-memory windows.
    sys.expect_ioctl_read_write()
        .with(eq(CTRL), eq(NVGPU_GPU_IOCTL_ALLOC_AS), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let a: NvgpuAllocAsArgs = arg(p);
            assert_eq!(
                (a.flags, a.big_page_size, a.va_range_start, a.va_range_split),
                (NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA, 0, 2 << 20, 0)
            );
            answer(p, NvgpuAllocAsArgs { as_fd: AS, ..a });
            Ok(0)
        });
    for window in [0xFD_0000_0000u64, 0xFE_0000_0000] {
        sys.expect_ioctl_read_write()
            .with(eq(AS), eq(NVGPU_AS_IOCTL_ALLOC_SPACE), mockall::predicate::always())
            .times(1)
            .in_sequence(s)
            .returning(move |_, _, p| {
                let a: NvgpuAsAllocSpaceArgs = arg(p);
                assert_eq!(
                    (a.offset, a.pages * u64::from(a.page_size), a.flags),
                    (window, 1 << 30, NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET)
                );
                Ok(0)
            });
    }
    // The pipeline.
    sys.expect_ioctl_read_write()
        .with(eq(NVMAP), eq(NVMAP_IOC_CREATE), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let c: NvmapCreateHandle = arg(p);
            assert_eq!(c.size, 12288, "size rounded to pages");
            answer(p, NvmapCreateHandle { size: c.size, handle: HANDLE });
            Ok(0)
        });
    sys.expect_ioctl_write()
        .with(eq(NVMAP), eq(NVMAP_IOC_ALLOC), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let a: NvmapAllocHandle = arg(p);
            assert_eq!((a.handle, a.heap_mask, a.align, a.numa_nid), (HANDLE, NVMAP_HEAP_IOVMM, 4096, 0));
            assert_eq!(a.flags & 0xffff, NVMAP_HANDLE_INNER_CACHEABLE, "data buffers are inner-cacheable");
            assert_ne!(a.flags >> 16, 0, "tagged");
            Ok(0)
        });
    sys.expect_ioctl_read_write()
        .with(eq(NVMAP), eq(NVMAP_IOC_GET_FD), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let g: NvmapCreateHandle = arg(p);
            assert_eq!(g.handle, HANDLE);
            answer(p, NvmapCreateHandle { size: DMABUF as u32, handle: HANDLE });
            Ok(0)
        });
    sys.expect_ioctl_read_write()
        .with(eq(AS), eq(NVGPU_AS_IOCTL_MAP_BUFFER_EX), mockall::predicate::always())
        .times(1)
        .in_sequence(s)
        .returning(|_, _, p| {
            let m: NvgpuAsMapBufferExArgs = arg(p);
            assert_eq!((m.flags, m.compr_kind, m.incompr_kind, m.dmabuf_fd, m.offset), (0, -1, 0, DMABUF as u32, 0));
            answer(p, NvgpuAsMapBufferExArgs { offset: GPU_VA, ..m });
            Ok(0)
        });
    sys.expect_mmap()
        .withf(|addr, len, _, flags, fd, off| {
            *addr == GPU_VA as usize
                && *len == 12288
                && *fd == DMABUF
                && *off == 0
                && flags & libc::MAP_FIXED_NOREPLACE != 0
        })
        .times(1)
        .in_sequence(s)
        .returning(|addr, _, _, _, _, _| Ok(addr));
    // Teardown (order is checked elsewhere): anything goes.
    sys.expect_ioctl_read_write().returning(|_, _, _| Ok(0));
    sys.expect_ioctl_value().returning(|_, _, _| Ok(0));
    sys.expect_munmap().returning(|_, _| Ok(()));
    sys.expect_close().returning(|_| Ok(()));

    let dev = NvgpuDeviceBuilder::default().build_with(sys).unwrap();
    let b = dev.alloc(AllocRequest::new(10_000)).unwrap();
    assert_eq!((b.gpu_va(), b.cpu_addr()), (GPU_VA, Some(GPU_VA as usize)));
}
