//! Issue 15: the model answers where the kernel returns an errno. One test
//! per numbered item of the issue (`item_N_...`), driving the mock kernel as
//! a hostile client would: bad argument pointers, bad pointers inside
//! argument structs, failed copy-outs.

mod harness;

use std::ffi::CString;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;
use harness::K;

/// Client memory with a readable/writable page, a read-only page and a
/// PROT_NONE page, in that order.
struct Pages {
    base: *mut u8,
    page: usize,
}

impl Pages {
    fn new() -> Pages {
        let page = gpuiface_mock::mem::page_size();
        // SAFETY: a fresh anonymous mapping of three pages, unmapped on drop.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                3 * page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        let base = p.cast::<u8>();
        // SAFETY: the second and third pages of the mapping made above.
        unsafe {
            assert_eq!(libc::mprotect(base.add(page).cast(), page, libc::PROT_READ), 0);
            assert_eq!(libc::mprotect(base.add(2 * page).cast(), page, libc::PROT_NONE), 0);
        }
        Pages { base, page }
    }
    /// Writable memory holding `v` (at the start of the first page).
    fn rw<T: IoctlArg>(&self, v: &T) -> *mut u8 {
        // SAFETY: the first page is writable and larger than any ioctl struct.
        unsafe { std::ptr::copy_nonoverlapping(v.as_bytes().as_ptr(), self.base, v.as_bytes().len()) };
        self.base
    }
    /// Read-only memory holding `v`.
    fn ro<T: IoctlArg>(&self, v: &T) -> *mut u8 {
        let at = self.base.wrapping_add(self.page);
        // SAFETY: the second page; made writable for the copy and read-only again.
        unsafe {
            assert_eq!(libc::mprotect(at.cast(), self.page, libc::PROT_READ | libc::PROT_WRITE), 0);
            std::ptr::copy_nonoverlapping(v.as_bytes().as_ptr(), at, v.as_bytes().len());
            assert_eq!(libc::mprotect(at.cast(), self.page, libc::PROT_READ), 0);
        }
        at
    }
    /// `n` readable bytes at the end of the read-only page, then the
    /// PROT_NONE page: an argument only half there.
    fn half(&self, n: usize) -> *mut u8 {
        self.base.wrapping_add(2 * self.page - n)
    }
    fn none(&self) -> *mut u8 {
        self.base.wrapping_add(2 * self.page)
    }
    fn read<T: IoctlArg + Default>(&self, at: *mut u8) -> T {
        let mut v = T::default();
        let n = v.as_bytes().len();
        // SAFETY: `at` is inside the readable pages, `n` bytes long.
        unsafe { std::ptr::copy_nonoverlapping(at, v.as_bytes_mut().as_mut_ptr(), n) };
        v
    }
}

impl Drop for Pages {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`.
        unsafe { libc::munmap(self.base.cast(), 3 * self.page) };
    }
}

/// A kernel-range address.
const KERNEL_ADDR: usize = 0xffff_8000_0000_0000;

#[test]
fn item_1_checks_come_before_the_argument_is_touched() {
    let k = K::new();
    let null = std::ptr::null_mut();
    let kaddr = KERNEL_ADDR as *mut u8;
    // ctrl: a foreign type or nr 0 → EINVAL whatever the pointer.
    assert_eq!(k.raw(k.ctrl, NVMAP_IOC_CREATE, null), Err(Errno::EINVAL));
    assert_eq!(k.raw(k.ctrl, iowr(b'G', 0, 8), kaddr), Err(Errno::EINVAL));
    // ctrl: an unknown number in range is copied in first (EFAULT), then ENOTTY.
    assert_eq!(k.raw(k.ctrl, iowr(b'G', 0x2c, 8), null), Err(Errno::EFAULT));
    let mut word = 0u64;
    assert_eq!(k.io(k.ctrl, iowr(b'G', 0x2c, 8), &mut word), Err(Errno::ENOTTY));
    // nvmap: a foreign type → ENOTTY; a kernel-range arg fails access_ok → EFAULT;
    // an unknown number is ENOTTY before any copy (NULL or not).
    assert_eq!(k.raw(k.nvmap, NVGPU_GPU_IOCTL_ALLOC_AS, null), Err(Errno::ENOTTY));
    assert_eq!(k.raw(k.nvmap, NVMAP_IOC_CREATE, kaddr), Err(Errno::EFAULT));
    assert_eq!(k.raw(k.nvmap, iowr(b'N', 99, 8), null), Err(Errno::ENOTTY));
    // The AS fd: a number past LAST → EINVAL before the copy.
    let as_fd = k.alloc_as();
    assert_eq!(k.raw(as_fd, iowr(b'A', 0x40, 8), null), Err(Errno::EINVAL));
    k.close_all(&[as_fd]);
}

#[test]
fn item_1_bad_argument_pointers_get_efault_on_every_fd_kind() {
    let k = K::new();
    let pages = Pages::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    let mut t = NvgpuGpuOpenTsgArgs::default();
    k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
    let tsg = t.tsg_fd as RawFd;
    let cases: [(RawFd, u32); 5] = [
        (k.nvmap, NVMAP_IOC_CREATE),
        (k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS),
        (as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE),
        (tsg, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT),
        (ch, NVGPU_IOCTL_CHANNEL_WDT),
    ];
    for (fd, req) in cases {
        for at in [std::ptr::null_mut(), pages.none(), KERNEL_ADDR as *mut u8] {
            assert_eq!(k.raw(fd, req, at), Err(Errno::EFAULT), "{req:#x} at {at:?}");
        }
        // Half the argument readable, the rest PROT_NONE.
        let size = decode(req).size;
        let half = pages.half(size / 2);
        assert_eq!(k.raw(fd, req, half), Err(Errno::EFAULT), "{req:#x} half-sized");
    }
    k.close_all(&[ch, tsg, as_fd]);
    let s = k.k.snapshot();
    assert!(s.channels.is_empty() && s.tsgs.is_empty() && s.vms.is_empty(), "{s:?}");
}

#[test]
fn item_1_a_read_only_argument_leaves_no_created_object_behind() {
    let k = K::new();
    let pages = Pages::new();
    let before = k.k.snapshot();
    let a = NvgpuAllocAsArgs {
        flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
        va_range_start: 2 << 20,
        va_range_end: (1 << 40) - (2 << 20),
        ..Default::default()
    };
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, pages.ro(&a)), Err(Errno::EFAULT));
    let c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, pages.ro(&c)), Err(Errno::EFAULT));
    let t = NvgpuGpuOpenTsgArgs::default();
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, pages.ro(&t)), Err(Errno::EFAULT));
    let h = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.raw(k.nvmap, NVMAP_IOC_CREATE, pages.ro(&h)), Err(Errno::EFAULT));
    assert_eq!(k.k.snapshot(), before, "a failed copy-out left an object behind");
    // The same calls with writable arguments create them.
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, pages.rw(&c)), Ok(0));
    let ch = pages.read::<NvgpuGpuOpenChannelArgs>(pages.base).channel_fd;
    assert_eq!(k.k.snapshot().channels.len(), 1);
    k.close_all(&[ch]);
}

#[test]
fn item_1_ctrl_tsg_and_channel_copy_out_failures_return_the_uncopied_count() {
    let k = K::new();
    let pages = Pages::new();
    // ZCULL_GET_CTX_SIZE (_IOR, 4 bytes) into read-only memory: copy_to_user
    // fails for all 4 bytes and the ioctl returns 4 (§0), not -EFAULT.
    let z = NvgpuGpuZcullGetCtxSizeArgs::default();
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, pages.ro(&z)), Ok(4));
    assert_eq!(k.raw(k.ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, pages.rw(&z)), Ok(0));
    // The AS fd answers EFAULT instead (§0).
    let as_fd = k.alloc_as();
    let r = NvgpuAsGetSyncRoMapArgs::default();
    assert_eq!(k.raw(as_fd, NVGPU_AS_IOCTL_GET_SYNC_RO_MAP, pages.ro(&r)), Err(Errno::EFAULT));
    assert_eq!(k.raw(as_fd, NVGPU_AS_IOCTL_GET_SYNC_RO_MAP, pages.rw(&r)), Ok(0));
    // nvmap GET_AVAILABLE_HEAPS: EINVAL (§5).
    let hp = NvmapAvailableHeaps::default();
    assert_eq!(k.raw(k.nvmap, NVMAP_IOC_GET_AVAILABLE_HEAPS, pages.ro(&hp)), Err(Errno::EINVAL));
    k.close_all(&[as_fd]);
}

#[test]
fn item_2_pointers_inside_argument_structs_are_checked() {
    let k = K::new();
    let pages = Pages::new();
    // GET_CHARACTERISTICS: NULL, PROT_NONE and kernel buffers with a size →
    // the positive uncopied count, buf_size not updated (§1).
    for addr in [0u64, pages.none() as u64, KERNEL_ADDR as u64] {
        let mut g =
            NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 328, gpu_characteristics_buf_addr: addr };
        assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(328), "{addr:#x}");
        assert_eq!(g.gpu_characteristics_buf_size, 328);
    }
    // Half of it writable: the other half is reported uncopied.
    let half = pages.none() as u64 - 100;
    // SAFETY: making the page before the PROT_NONE one writable again.
    unsafe { libc::mprotect(pages.base.add(pages.page).cast(), pages.page, libc::PROT_READ | libc::PROT_WRITE) };
    let mut g = NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 328, gpu_characteristics_buf_addr: half };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(228));
    // Size 0 with a NULL buffer: only the size comes back.
    let mut g = NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 0, gpu_characteristics_buf_addr: 0 };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g), Ok(0));
    assert_eq!(g.gpu_characteristics_buf_size, 328);
    // GET_TPC_MASKS: NULL with a size → 4 uncopied; size 0 → the needed size.
    let mut m = NvgpuGpuGetTpcMasksArgs { mask_buf_size: 4, mask_buf_addr: 0, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_TPC_MASKS, &mut m), Ok(4));
    let mut mask = 0u32;
    let mut m =
        NvgpuGpuGetTpcMasksArgs { mask_buf_size: 4, mask_buf_addr: &mut mask as *mut u32 as u64, ..Default::default() };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_TPC_MASKS, &mut m), Ok(0));
    assert_eq!(mask, 0xf);
    // GET_VA_REGIONS: a bad buffer → EFAULT (§2).
    let as_fd = k.alloc_as();
    let mut v = NvgpuAsGetVaRegionsArgs { buf_addr: 0, buf_size: 48, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut v), Err(Errno::EFAULT));
    let mut v = NvgpuAsGetVaRegionsArgs { buf_addr: pages.none() as u64, buf_size: 24, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut v), Err(Errno::EFAULT));
    let mut regions = [0u8; 48];
    let mut v = NvgpuAsGetVaRegionsArgs { buf_addr: regions.as_mut_ptr() as u64, buf_size: 48, ..Default::default() };
    assert_eq!(k.io(as_fd, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut v), Ok(0));
    assert_eq!(v.buf_size, 24);
    k.close_all(&[as_fd]);
}

#[test]
fn item_12_the_in_memory_trace_is_off_or_a_bounded_ring() {
    let ctrl_path = CString::new("/dev/nvgpu/igpu0/ctrl").unwrap();
    let run = |k: &MockKernel| {
        let ctrl = k.open(&ctrl_path, libc::O_RDWR).unwrap();
        for _ in 0..1000 {
            let mut z = NvgpuGpuZcullGetCtxSizeArgs::default();
            // SAFETY: a live argument of the ioctl's size.
            unsafe { k.ioctl_read_write(ctrl, NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE, &mut z as *mut _ as *mut u8) }
                .unwrap();
        }
        // SAFETY: the ctrl fd opened above, used no more.
        unsafe { k.close_fd(ctrl) }.unwrap();
    };
    let off = MockKernel::builder().trace_ring(0).trace_stderr(false).build();
    run(&off);
    assert!(off.trace().is_empty(), "off means off");
    assert_eq!(off.trace_dropped(), 0);
    let ring = MockKernel::builder().trace_ring(16).trace_stderr(false).build();
    run(&ring);
    let t = ring.trace();
    assert_eq!(t.len(), 16);
    assert!(t.iter().all(|e| e.name == "NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE"));
    assert_eq!(ring.trace_dropped(), 1000 - 16);
    // The default is a ring too.
    let def = MockKernel::builder().trace_stderr(false).build();
    run(&def);
    assert_eq!(def.trace().len(), 1000.min(gpuiface_mock::kernel::DEFAULT_TRACE_RING));
}

#[test]
fn item_13_an_unbound_channel_answers_as_the_kernel_does() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let mut t = NvgpuGpuOpenTsgArgs::default();
    k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
    let tsg = t.tsg_fd as RawFd;
    let ch = k.channel();
    let mut b = NvgpuAsBindChannelArgs { channel_fd: ch as u32 };
    k.io(as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut b).unwrap();
    let mut bx = NvgpuTsgBindChannelExArgs { channel_fd: ch, subcontext_id: 0, ..Default::default() };
    k.io(tsg, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut bx).unwrap();
    let mut fd: i32 = ch;
    k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd).unwrap();
    // Not ETIMEDOUT for everything: the handlers answer.
    let mut w = NvgpuChannelWdtArgs { wdt_status: NVGPU_IOCTL_CHANNEL_DISABLE_WDT, timeout_ms: 0 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_WDT, &mut w), Ok(0));
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Err(Errno::EINVAL), "no TSG any more");
    let mut word = 0u64;
    assert_eq!(k.io(ch, iowr(b'H', 0x7f, 8), &mut word), Err(Errno::ENOTTY));
    k.close_all(&[ch, tsg, as_fd]);
}

#[test]
fn item_9_dup_and_dup2_follow_kernel_file_semantics() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    // SAFETY: dup of open fds; the copies are closed below.
    let (as_dup, ch_dup) = unsafe { (libc::dup(as_fd), libc::dup(ch)) };
    assert!(as_dup >= 0 && ch_dup >= 0);
    // The copy is the same file: its ioctls reach the same object.
    assert!(k.k.owns_fd(as_dup));
    let mut regions = [0u8; 48];
    let mut v = NvgpuAsGetVaRegionsArgs { buf_addr: regions.as_mut_ptr() as u64, buf_size: 48, ..Default::default() };
    assert_eq!(k.io(as_dup, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut v), Ok(0));
    // A dup passed inside an argument is the same channel too.
    let mut b = NvgpuAsBindChannelArgs { channel_fd: ch_dup as u32 };
    assert_eq!(k.io(as_dup, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut b), Ok(0));
    // Closing the original keeps the object while the copy is open.
    // SAFETY: the test's fd, used no more.
    unsafe { k.k.close_fd(as_fd) }.unwrap();
    assert_eq!(k.k.snapshot().vms.len(), 1);
    assert_eq!(k.io(as_dup, NVGPU_AS_IOCTL_GET_VA_REGIONS, &mut v), Ok(0));
    // dup2 over the channel's original fd: the number now names /dev/null,
    // which is not the model's; the channel lives on through its copy.
    let null = std::fs::File::open("/dev/null").unwrap();
    // SAFETY: dup2 onto a number whose file the test owns (the channel's original).
    assert_eq!(unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), ch) }, ch);
    assert!(!k.k.owns_fd(ch));
    assert_eq!(k.k.snapshot().channels.len(), 1);
    let mut w = NvgpuChannelWdtArgs { wdt_status: NVGPU_IOCTL_CHANNEL_DISABLE_WDT, timeout_ms: 0 };
    assert_eq!(k.io(ch_dup, NVGPU_IOCTL_CHANNEL_WDT, &mut w), Ok(0));
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_WDT, &mut w), Err(Errno::EBADF));
    // The last fds go: so do the objects.
    // SAFETY: the dups this test made, used no more.
    unsafe { k.k.close_fd(ch_dup) }.unwrap();
    // SAFETY: as above.
    unsafe { k.k.close_fd(as_dup) }.unwrap();
    // SAFETY: the dup2'ed number belongs to the test.
    unsafe { libc::close(ch) };
    let s = k.k.snapshot();
    assert!(s.channels.is_empty() && s.vms.is_empty(), "{s:?}");
}

#[test]
fn item_9_dup2_over_the_last_fd_releases_the_object() {
    let k = K::new();
    let ch = k.channel();
    let null = std::fs::File::open("/dev/null").unwrap();
    // SAFETY: dup2 onto the channel's only fd, as a careless program would.
    assert_eq!(unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), ch) }, ch);
    // The model notices at the next use of the number.
    assert!(!k.k.owns_fd(ch));
    assert!(k.k.snapshot().channels.is_empty());
    // SAFETY: the number belongs to the test now.
    unsafe { libc::close(ch) };
}

#[test]
fn item_11_nvmap_handles_belong_to_their_nvmap_client() {
    let k = K::new();
    let other = k.k.open(&CString::new("/dev/nvmap").unwrap(), libc::O_RDWR).unwrap();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c), Ok(0));
    let id = c.handle;
    let mut alloc = NvmapAllocHandle {
        handle: id,
        heap_mask: NVMAP_HEAP_IOVMM,
        flags: NVMAP_HANDLE_WRITE_COMBINE,
        align: 4096,
        numa_nid: 0,
    };
    // Another client does not know the id.
    assert_eq!(k.io(other, NVMAP_IOC_ALLOC, &mut alloc), Err(Errno::EINVAL));
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut alloc), Ok(0));
    let mut g = NvmapCreateHandle { size: 0, handle: id };
    assert_eq!(k.io(other, NVMAP_IOC_GET_FD, &mut g), Err(Errno::EBADF));
    // Another client's FREE does not free it; closing another client neither.
    // SAFETY: FREE takes the id as its value.
    assert_eq!(k.k.ioctl_by_value(other, NVMAP_IOC_FREE, u64::from(id)), Ok(0));
    // SAFETY: the test's second nvmap fd, used no more.
    unsafe { k.k.close_fd(other) }.unwrap();
    assert_eq!(k.k.snapshot().nvmap_handles, vec![id]);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_GET_FD, &mut g), Ok(0));
    // SAFETY: the dma-buf fd this test was handed, used no more.
    unsafe { k.k.close_fd(g.size as RawFd) }.unwrap();
    // Closing the owner frees it.
    // SAFETY: the harness's nvmap fd, used no more.
    unsafe { k.k.close_fd(k.nvmap) }.unwrap();
    assert!(k.k.snapshot().nvmap_handles.is_empty());
}

/// `(st_dev, st_ino)` of an fd.
fn file_of(fd: RawFd) -> Option<(u64, u64)> {
    // SAFETY: fstat into a zeroed local buffer.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(fd, &mut st) == 0).then_some((st.st_dev, st.st_ino))
    }
}

#[test]
fn item_7_model_memory_is_not_in_the_clients_fd_table() {
    let k = K::new();
    let mut c = NvmapCreateHandle { size: 4096, handle: 0 };
    k.io(k.nvmap, NVMAP_IOC_CREATE, &mut c).unwrap();
    let mut alloc = NvmapAllocHandle {
        handle: c.handle,
        heap_mask: NVMAP_HEAP_IOVMM,
        flags: NVMAP_HANDLE_WRITE_COMBINE,
        align: 4096,
        numa_nid: 0,
    };
    k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut alloc).unwrap();
    let mut g = NvmapCreateHandle { size: 0, handle: c.handle };
    k.io(k.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
    let file = file_of(g.size as RawFd).unwrap();
    // SAFETY: the dma-buf fd this test was handed, used no more.
    unsafe { k.k.close_fd(g.size as RawFd) }.unwrap();
    // No fd of this process is open on the memory's file any more: the
    // model's own reference is outside the process's (client's) fd table.
    let fds: Vec<RawFd> = std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    assert!(fds.iter().all(|fd| file_of(*fd) != Some(file)), "a client-table fd holds model memory");
    // Yet the model still has it: a new dma-buf fd is the same file.
    let mut g = NvmapCreateHandle { size: 0, handle: c.handle };
    k.io(k.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
    assert_eq!(file_of(g.size as RawFd), Some(file));
    // SAFETY: the dma-buf fd this test was handed, used no more.
    unsafe { k.k.close_fd(g.size as RawFd) }.unwrap();
}
