//! §7 The L4T r35 kernel (`MockKernelBuilder::release(Release::R35)`): its
//! own numbers and sizes, its own rules, and what a client of the other
//! release gets from each kernel (ENOTTY for a number the kernel does not
//! know, EINVAL for a number or size past its dispatch limits), each next
//! to the accepted case.

use std::os::fd::RawFd;

use gpuiface_abi::Release;
use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;

use crate::harness::*;

fn r35() -> K {
    K::on(MockKernel::builder().release(Release::R35).build())
}

fn r35_tsg(k: &K) -> RawFd {
    let mut t = r35::NvgpuGpuOpenTsgArgs::default();
    k.io(k.ctrl, r35::NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
    t.tsg_fd as RawFd
}

/// AS and TSG bound, watchdog off, VEID `veid` (r35: no subcontext to create).
fn r35_bound_channel(k: &K, veid: u32) -> (RawFd, RawFd, RawFd) {
    let (as_fd, tsg) = (k.alloc_as(), r35_tsg(k));
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    k.tsg_bind(tsg, ch, veid).unwrap();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    (as_fd, tsg, ch)
}

fn r35_setup_args(k: &K) -> r35::NvgpuChannelSetupBindArgs {
    let a = k.setup_args(512);
    r35::NvgpuChannelSetupBindArgs {
        num_gpfifo_entries: a.num_gpfifo_entries,
        flags: a.flags,
        gpfifo_dmabuf_fd: a.gpfifo_dmabuf_fd,
        userd_dmabuf_fd: a.userd_dmabuf_fd,
        ..Default::default()
    }
}

#[test]
fn open_tsg_takes_r35_s_8_bytes_and_r36_s_24_are_enotty() {
    let k = r35();
    let mut t = NvgpuGpuOpenTsgArgs::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t), Err(Errno::ENOTTY));
    let mut t = r35::NvgpuGpuOpenTsgArgs::default();
    assert_eq!(k.io(k.ctrl, r35::NVGPU_GPU_IOCTL_OPEN_TSG, &mut t), Ok(0));
    assert!(t.tsg_fd > 0);
    // And the reverse: r36's kernel does not know r35's number.
    let k36 = K::new();
    assert_eq!(
        k36.io(k36.ctrl, r35::NVGPU_GPU_IOCTL_OPEN_TSG, &mut r35::NvgpuGpuOpenTsgArgs::default()),
        Err(Errno::ENOTTY)
    );
}

#[test]
fn get_characteristics_is_r35_s_layout_with_r35_s_ioctl_counts() {
    let k = r35();
    let mut c = r35::NvgpuGpuCharacteristics::default();
    // 312 bytes: the size a client that probed first asks for.
    let mut get = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: 312,
        gpu_characteristics_buf_addr: &mut c as *mut _ as u64,
    };
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut get), Ok(0));
    assert_eq!(get.gpu_characteristics_buf_size, 312);
    assert_eq!((c.arch, c.L2_cache_size, c.max_veid_count_per_tsg), (0x170, 4 << 20, 64));
    assert_eq!((c.gpu_ioctl_nr_last, c.tsg_ioctl_nr_last), (0x2a, 0x10));
}

#[test]
fn subcontext_ioctls_are_past_r35_s_tsg_limit_einval() {
    let k = r35();
    let (as_fd, tsg) = (k.alloc_as(), r35_tsg(&k));
    // CREATE_SUBCONTEXT is nr 0x12 > NVGPU_TSG_IOCTL_LAST 0x10 (r35 ioctl_tsg.c L796-800).
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::EINVAL));
    let mut d = NvgpuTsgDeleteSubcontextArgs::default();
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), Err(Errno::EINVAL));
    // On r36 the same call is answered.
    let k36 = K::new();
    let (as36, tsg36) = (k36.alloc_as(), k36.tsg());
    assert_eq!(k36.subctx(tsg36, as36, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(1));
}

#[test]
fn bind_channel_ex_takes_any_veid_below_the_count_without_a_subcontext() {
    let k = r35();
    let (as_fd, tsg) = (k.alloc_as(), r35_tsg(&k));
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    // r35 ioctl_tsg.c L124-131: subcontext_id >= max VEIDs → EINVAL; any other is the channel's.
    assert_eq!(k.tsg_bind(tsg, ch, 64), Err(Errno::EINVAL));
    assert_eq!(k.tsg_bind(tsg, ch, 5), Ok(0));
    // r36: VEID 5 was never created → EINVAL (its VM is NULL, §3).
    let k36 = K::new();
    let (as36, tsg36) = (k36.alloc_as(), k36.tsg());
    let ch36 = k36.channel();
    k36.as_bind(as36, ch36).unwrap();
    assert_eq!(k36.tsg_bind(tsg36, ch36, 5), Err(Errno::EINVAL));
}

#[test]
fn setup_bind_takes_80_bytes_and_r36_s_104_are_past_the_size_limit() {
    let k = r35();
    let (_, _, ch) = r35_bound_channel(&k, 1);
    let mut a36 = k.setup_args(512);
    // 104 > NVGPU_IOCTL_CHANNEL_MAX_ARG_SIZE 0x50 (r35 ioctl_channel.c L1190-1194).
    assert_eq!(k.setup_bind(ch, &mut a36), Err(Errno::EINVAL));
    let mut a = r35_setup_args(&k);
    assert_eq!(k.io(ch, r35::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut a), Ok(0));
    assert_ne!(a.work_submit_token, 0);
    // One-shot, as on r36 (EEXIST): the r35 number reaches r36's rules.
    let mut again = r35_setup_args(&k);
    assert_eq!(k.io(ch, r35::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut again), Err(Errno::EEXIST));
    // r36's kernel does not know the 80-byte number.
    let k36 = K::new();
    let (_, _, ch36) = k36.bound_channel();
    let mut a = r35_setup_args(&k36);
    assert_eq!(k36.io(ch36, r35::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut a), Err(Errno::ENOTTY));
}

#[test]
fn nvmap_alloc_takes_16_bytes_and_r36_s_20_are_enotty() {
    let k = r35();
    let h = k.handle(4096);
    assert_eq!(k.io(k.nvmap, NVMAP_IOC_ALLOC, &mut K::alloc_args(h)), Err(Errno::ENOTTY));
    assert_eq!(k.io(k.nvmap, r35::NVMAP_IOC_ALLOC, &mut K::r35_alloc_args(h)), Ok(0));
    // The r35 number reaches r36's rules: a second ALLOC of the handle is EEXIST.
    assert_eq!(k.io(k.nvmap, r35::NVMAP_IOC_ALLOC, &mut K::r35_alloc_args(h)), Err(Errno::EEXIST));
    assert!(k.get_fd(h).is_ok());
}

#[test]
fn map_buffer_ex_wants_direct_kind_ctrl_on_r35_and_refuses_it_on_r36() {
    let k = r35();
    let as_fd = k.alloc_as();
    let fd = k.dmabuf(4096);
    let mut plain = map_args(fd);
    // r35 ioctl_as.c L111-116: "Direct kind control must be requested".
    assert_eq!(k.map(as_fd, &mut plain), Err(Errno::EINVAL));
    let mut direct = map_args(fd);
    direct.flags = r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL | r35::NVGPU_AS_MAP_BUFFER_FLAGS_IO_COHERENT;
    assert_eq!(k.map(as_fd, &mut direct), Ok(0));
    assert_ne!(direct.offset, 0);
    let mut unknown = map_args(k.dmabuf(4096));
    unknown.flags = r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL | 0x4000;
    assert_eq!(k.map(as_fd, &mut unknown), Err(Errno::EINVAL), "Extra flags");
    // r36: 0x100 is no flag at all.
    let k36 = K::new();
    let as36 = k36.alloc_as();
    let mut d = map_args(k36.dmabuf(4096));
    d.flags = r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL;
    assert_eq!(k36.map(as36, &mut d), Err(Errno::EINVAL));
    assert_eq!(k36.map(as36, &mut map_args(k36.dmabuf(4096))), Ok(0));
}

#[test]
fn ctrl_numbers_past_r35_s_last_are_einval() {
    let k = r35();
    // GET_GPC_LOCAL_TO_PHYSICAL_MAP is nr 0x2b > NVGPU_GPU_IOCTL_LAST 0x2a (r35 ioctl_ctrl.c L2251-2255).
    let mut m = NvgpuGpuGetGpcPhysicalMapArgs::default();
    assert_eq!(k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP, &mut m), Err(Errno::EINVAL));
    let k36 = K::new();
    assert_ne!(k36.io(k36.ctrl, NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP, &mut m), Err(Errno::EINVAL));
}
