//! Items 1, 5, 7, 10 and 12: what the kernel answers (a GPFIFO hang,
//! obj_id, syncpoint_max, the ctrl-fd mmap rules and msync) and the decoded
//! trace that says why.

use std::time::Duration;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::{map_args, K};

// ------------------------------------------------------- item 1: GPFIFO hang

/// SETUP_BIND with a `gpfifo_bytes` GPFIFO dma-buf of 1,024 entries, then
/// ALLOC_OBJ_CTX(compute): what it returns, and the kernel.
fn alloc_obj_after_setup_bind(gpfifo_bytes: u32) -> (Result<i32, Errno>, K) {
    let k = K::on(MockKernel::builder().hang_wait(Duration::ZERO).trace_decoded(true).build());
    let (_, _, ch) = k.bound_channel();
    let mut s = k.setup_args(1024);
    s.gpfifo_dmabuf_fd = k.dmabuf(gpfifo_bytes);
    assert_eq!(k.setup_bind(ch, &mut s), Ok(0), "SETUP_BIND succeeded on the Orin too");
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    let r = k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o);
    (r, k)
}

#[test]
fn item1_alloc_obj_ctx_after_a_3_mib_gpfifo_fails_as_the_hang_it_is() {
    let (ok, _) = alloc_obj_after_setup_bind(8 << 10);
    assert_eq!(ok, Ok(0), "8 KiB GPFIFO works on an Orin");
    let (hung, k) = alloc_obj_after_setup_bind(3 << 20);
    assert_eq!(hung, Err(Errno::ETIMEDOUT), "3 MiB GPFIFO: the real kernel never returns");
    let last = k.k.trace().pop().unwrap();
    assert_eq!(last.name, "NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX");
    assert!(last.line.contains("never returns"), "{}", last.line);
    // Kept in an undecoded trace too.
    let k2 = K::on(MockKernel::builder().hang_wait(Duration::ZERO).build());
    let (_, _, ch) = k2.bound_channel();
    let mut s = k2.setup_args(1024);
    s.gpfifo_dmabuf_fd = k2.dmabuf(3 << 20);
    k2.setup_bind(ch, &mut s).unwrap();
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    assert_eq!(k2.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Err(Errno::ETIMEDOUT));
    assert!(k2.k.trace().pop().unwrap().line.contains("(HANG: the real kernel never returns"));
}

// ---------------------------------------------------- item 5: obj_id as passed

#[test]
fn item5_alloc_obj_ctx_leaves_obj_id_as_passed() {
    let k = K::traced();
    let (_, _, ch) = k.bound_channel();
    for (class, passed) in [(0xc7c0, 0u64), (0xc7b5, 0x5555)] {
        let mut o = NvgpuAllocObjCtxArgs { class_num: class, flags: 0, obj_id: passed };
        assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Ok(0));
        assert_eq!(o.obj_id, passed, "class {class:#x}");
    }
}

// ------------------------------------------- item 7: syncpoint_max

#[test]
fn item7_get_user_syncpoint_reports_a_nonzero_syncpoint_max() {
    let k = K::traced();
    let (_, _, ch) = k.bound_channel();
    let mut g = NvgpuGetUserSyncpointArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut g), Ok(0));
    assert_ne!(g.syncpoint_max, 0);
    assert_eq!(g.syncpoint_max, gpuiface_mock::kernel::USER_SYNCPOINT_MAX);
}

// ------------------------------------------- item 10: ctrl-fd mmap rules, msync

#[test]
fn item10_usermode_window_mmap_rules_and_msync_of_a_dmabuf() {
    let k = K::traced();
    let rw = libc::PROT_READ | libc::PROT_WRITE;
    let map = |fd, len, off| {
        // SAFETY: a fresh shared mapping (no MAP_FIXED) of an fd the test owns.
        unsafe { k.k.mmap(0, len, rw, libc::MAP_SHARED, fd, off) }
    };
    let first = map(k.ctrl, 0x10000, 0).unwrap();
    assert_eq!(map(k.ctrl, 0x10000, 0), Err(Errno::EBUSY), "a second usermode mmap");
    // SAFETY: unmapping our own mapping.
    unsafe { k.k.munmap(first, 0x10000) }.unwrap();
    assert_eq!(map(k.ctrl, 0x20000, 0), Err(Errno::EINVAL), "128 KiB");
    assert_eq!(map(k.ctrl, 0x1000, 0x1000), Err(Errno::EINVAL), "offset 4 KiB");
    assert!(map(k.ctrl, 0x10000, 0).is_ok(), "after munmap the window can be mapped again");
    let (_, fd) = k.buffer(8192);
    assert_eq!(map(fd, 3 * 4096, 0), Err(Errno::EINVAL), "past the dma-buf's end");
    let cpu = k.cpu_map(fd, 8192);
    // SAFETY: msync of our own mapping.
    assert_eq!(unsafe { k.k.msync(cpu, 8192, libc::MS_SYNC) }, Err(Errno::EINVAL), "dma-bufs have no fsync");
    // SAFETY: as above.
    assert_eq!(unsafe { k.k.msync(cpu, 8192, libc::MS_ASYNC) }, Ok(()));
    let t = k.k.trace_all();
    assert!(t.iter().any(|e| e.line.contains("mmap(") && e.line.contains("= -1 EBUSY")), "mmaps are traced");
}

// ------------------------------------------- item 12: strace for nvgpu

#[test]
fn item12_trace_decodes_every_field_in_and_out_by_name() {
    let k = K::traced();
    let (as_fd, _, ch) = k.bound_channel();
    let mut s = k.setup_args(1024);
    let gp = s.gpfifo_dmabuf_fd;
    assert_eq!(k.setup_bind(ch, &mut s), Ok(0));
    let t = k.k.trace();
    let line = &t.iter().rev().find(|e| e.name == "NVGPU_IOCTL_CHANNEL_SETUP_BIND").unwrap().line;
    for want in [
        format!("channel({ch}) NVGPU_IOCTL_CHANNEL_SETUP_BIND {{num_gpfifo_entries=1024"),
        "flags=DETERMINISTIC|USERMODE_SUPPORT".to_string(),
        format!("gpfifo_dmabuf_fd={gp}<dmabuf>"),
        format!("=> {{work_submit_token={}}}", s.work_submit_token),
        "= 0".to_string(),
    ] {
        assert!(line.contains(&want), "{want:?} not in {line}");
    }
    // A failure is answered from the line alone: the errno by name and the offending field.
    let mut bad = map_args(k.dmabuf(4096));
    bad.flags = 0x100; // r35's DIRECT_KIND_CTRL, rejected on r36
    assert_eq!(k.map(as_fd, &mut bad), Err(Errno::EINVAL));
    let line = k.k.trace().pop().unwrap().line;
    assert!(line.contains(&format!("as({as_fd}) NVGPU_AS_IOCTL_MAP_BUFFER_EX {{flags=0x100")), "{line}");
    assert!(
        line.contains("= -1 EINVAL (Invalid argument) (why: §2 MAP_BUFFER_EX: a flag bit r36 does not know"),
        "{line}"
    );
    // The rule that rejected SETUP_BIND is named too.
    let (_, _, ch2) = k.bound_channel();
    let mut s2 = k.setup_args(1024);
    s2.gpfifo_dmabuf_fd = k.dmabuf(4096); // 1,024 entries need 8 KiB
    assert_eq!(k.setup_bind(ch2, &mut s2), Err(Errno::EINVAL));
    let line = k.k.trace().pop().unwrap().line;
    assert!(line.contains("(why: §4 SETUP_BIND: GPFIFO dma-buf smaller than max(4096, entries * 8))"), "{line}");
    // Enums and classes by name; one line per call.
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o).unwrap();
    let line = k.k.trace().pop().unwrap().line;
    assert!(line.contains("class_num=AMPERE_COMPUTE_B(0xc7c0)"), "{line}");
    // nvmap handles resolved to their size and cache mode.
    let h = k.create(8192).unwrap() as u32;
    k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)).unwrap();
    let line = k.k.trace().pop().unwrap().line;
    assert!(line.contains(&format!("handle={h:#x}<8192 B WRITE_COMBINE>")), "{line}");
    assert!(line.contains("heap_mask=IOVMM"), "{line}");
    assert!(line.contains("flags=WRITE_COMBINE"), "{line}");
    assert!(k.k.trace().iter().all(|e| !e.line.contains('\n')));
}
