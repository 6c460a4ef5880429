//! §4 channel: WDT, SETUP_BIND, ALLOC_OBJ_CTX, SET_PREEMPTION_MODE,
//! SET_ERROR_NOTIFIER, SUBMIT_GPFIFO and GET_USER_SYNCPOINT.

use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::mem::GpuVm;
use gpuiface_nvgpu::abi::*;

use crate::harness::*;

// ------------------------------------------------------------ WDT

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
fn wdt_status_must_be_exactly_disable_or_enable() {
    let k = K::new();
    let ch = k.channel();
    assert_eq!(k.wdt(ch, 0), Err(Errno::EINVAL));
    assert_eq!(k.wdt(ch, 3), Err(Errno::EINVAL));
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT | NVGPU_IOCTL_CHANNEL_WDT_FLAG_SET_TIMEOUT), Ok(0));
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Ok(0));
}

#[test]
fn wdt_on_a_deterministic_channel_allows_only_disable() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args(512);
    k.setup_bind(ch, &mut a).unwrap();
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), Err(Errno::EINVAL));
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Ok(0));
}

// ------------------------------------------------------------ SETUP_BIND: preconditions

#[test]
fn setup_bind_deterministic_needs_the_watchdog_disabled() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT).unwrap();
    let mut a = k.setup_args(1024);
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL);
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
    // A deterministic channel accepts only DISABLE afterwards.
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), EINVAL);
}

#[test]
fn setup_bind_deterministic_with_watchdog_on_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_ENABLE_WDT).unwrap();
    let mut a = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_watchdog_is_on_by_default() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let tsg = k.tsg();
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    k.tsg_bind(tsg, ch, 0).unwrap();
    let mut a = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_usermode_needs_deterministic() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a =
        NvgpuChannelSetupBindArgs { flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT, ..k.setup_args(1024) };
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL);
}

#[test]
fn setup_bind_usermode_without_deterministic_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args(512);
    a.flags = NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT;
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    a.flags |= NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC;
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_needs_as_and_tsg_binding() {
    let k = K::new();
    let as_fd = k.alloc_as();
    let ch = k.channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args(1024)), EINVAL, "no AS");
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args(1024)), EINVAL, "no TSG");
    k.tsg_bind(k.tsg(), ch, 0).unwrap();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args(1024)), Ok(0));
}

#[test]
fn setup_bind_requires_as_and_tsg_binding_with_einval() {
    let k = K::new();
    let ch = k.channel();
    k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
    let mut a = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL), "no AS");
    let as_fd = k.alloc_as();
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL), "no TSG");
    let tsg = k.tsg();
    k.tsg_bind(tsg, ch, 0).unwrap();
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_is_one_shot_eexist() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    assert_eq!(k.setup_bind(ch, &mut k.setup_args(1024)), Ok(0));
    assert_eq!(k.setup_bind(ch, &mut k.setup_args(1024)), Err(Errno::EEXIST));
}

#[test]
fn setup_bind_second_call_is_eexist() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut a.clone()), Ok(0));
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EEXIST));
}

// ------------------------------------------------------------ SETUP_BIND: arguments

#[test]
fn setup_bind_entry_count_must_be_a_power_of_two_in_range() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    for n in [0, 1, 1000, 1 << 29] {
        let mut a = NvgpuChannelSetupBindArgs { num_gpfifo_entries: n, ..k.setup_args(1024) };
        assert_eq!(k.setup_bind(ch, &mut a), EINVAL, "{n}");
    }
    let mut a = NvgpuChannelSetupBindArgs { num_gpfifo_entries: 2, ..k.setup_args(1024) };
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0), "2 is enough with usermode");
}

#[test]
fn setup_bind_rejects_bad_entry_counts_with_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    for n in [0, 1, 3, 6, 1 << 29] {
        let mut a = k.setup_args(512);
        a.num_gpfifo_entries = n;
        assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL), "{n} entries");
    }
    // Kernel mode needs at least 4.
    let mut a = NvgpuChannelSetupBindArgs {
        num_gpfifo_entries: 2,
        flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
        ..Default::default()
    };
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    let mut a = k.setup_args(2);
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0), "usermode allows 2");
}

#[test]
fn setup_bind_rejects_fd_zero_and_nonzero_dmabuf_offsets() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args(1024);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 0, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_fd: 0, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_offset: 4096, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_offset: 64, ..good }), EINVAL);
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_dmabuf_fd_zero_with_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 0, ..good }), Err(Errno::EINVAL));
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { userd_dmabuf_fd: 0, ..good }), Err(Errno::EINVAL));
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_nonzero_gpfifo_offset_with_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args(512);
    let gpfifo_offset = NvgpuChannelSetupBindArgs { gpfifo_dmabuf_offset: 4096, ..good };
    assert_eq!(k.setup_bind(ch, &mut gpfifo_offset.clone()), Err(Errno::EINVAL));
    let userd_offset = NvgpuChannelSetupBindArgs { userd_dmabuf_offset: 512, ..good };
    assert_eq!(k.setup_bind(ch, &mut userd_offset.clone()), Err(Errno::EINVAL));
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_rejects_a_bad_dmabuf_fd_with_ebadf() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args(512);
    assert_eq!(k.setup_bind(ch, &mut NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: 9999, ..good }), Err(Errno::EBADF));
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

#[test]
fn setup_bind_gpfifo_buffer_must_hold_the_entries() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: k.dmabuf(4096), ..k.setup_args(1024) };
    assert_eq!(k.setup_bind(ch, &mut a), EINVAL, "1024 entries need 8 KiB");
    a.num_gpfifo_entries = 512;
    assert_eq!(k.setup_bind(ch, &mut a), Ok(0));
}

#[test]
fn setup_bind_rejects_a_gpfifo_smaller_than_entries_times_8_with_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let good = k.setup_args(1024);
    let (_, small) = k.buffer(4096);
    let mut a = NvgpuChannelSetupBindArgs { gpfifo_dmabuf_fd: small, ..good };
    assert_eq!(k.setup_bind(ch, &mut a), Err(Errno::EINVAL));
    assert_eq!(k.setup_bind(ch, &mut good.clone()), Ok(0));
}

// ------------------------------------------------------------ SETUP_BIND: results

#[test]
fn setup_bind_returns_the_work_submit_token_of_chid_and_runlist() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args(1024);
    k.setup_bind(ch, &mut a).unwrap();
    let chid = *k.k.snapshot().channels.last().unwrap();
    assert_eq!(a.work_submit_token, chid & 0xfff);
    assert_eq!((a.gpfifo_gpu_va, a.userd_gpu_va), (0, 0), "no GPU_MAP_RESOURCES on ga10b");
}

#[test]
fn setup_bind_returns_the_token_maps_the_gpfifo_read_only_and_attaches_the_channel() {
    let k = K::new();
    let (as_fd, _, ch) = k.bound_channel();
    let mut a = k.setup_args(512);
    k.setup_bind(ch, &mut a).unwrap();
    assert_eq!(a.work_submit_token, 511, "first channel on a real Orin: token 511");
    assert_eq!(k.k.gpu().channels(), [511]);
    // The GPFIFO is in the kernel VMA and read-only for the GPU.
    let vm = k.k.vm_of(as_fd).unwrap();
    let t = vm.translate(VA_END).expect("gpfifo mapped at the kernel VMA's base");
    assert!(!t.writable);
    // SAFETY: the test's channel fd, used no more.
    unsafe { k.k.close_fd(ch) }.unwrap();
    assert!(k.k.gpu().channels().is_empty(), "closing the channel detaches it");
}

// ------------------------------------------------------------ ALLOC_OBJ_CTX, SET_PREEMPTION_MODE

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
fn alloc_obj_ctx_needs_tsg_as_and_a_ga10b_class() {
    let k = K::new();
    let obj = |class| NvgpuAllocObjCtxArgs { class_num: class, ..Default::default() };
    let ch = k.channel();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC7C0)), Err(Errno::EINVAL), "no TSG");
    let tsg = k.tsg();
    k.tsg_bind(tsg, ch, 0).unwrap();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC7C0)), Err(Errno::EINVAL), "no AS");
    let (_, _, ch) = k.bound_channel();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xB197)), Err(Errno::EINVAL));
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut obj(0xC797)), Err(Errno::EINVAL), "3D on VEID1");
    for class in [0xC7C0, 0xC7B5, 0xC76F, 0xC637, 0xC6C0, 0xC6B5] {
        let mut o = obj(class);
        assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o), Ok(0), "{class:#x}");
        assert_eq!(o.obj_id, 0, "obj_id is left as passed (issue 12 item 5)");
    }
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
fn set_preemption_mode_cta_before_alloc_obj_ctx_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    // Compute preemption mode 2: CTA.
    let mut p = NvgpuPreemptionModeArgs { graphics_preempt_mode: 0, compute_preempt_mode: 2 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &mut p), Err(Errno::EINVAL));
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xC7C0, ..Default::default() };
    k.io(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o).unwrap();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &mut p), Ok(0));
}

// ------------------------------------------------------------ SET_ERROR_NOTIFIER, SUBMIT_GPFIFO, syncpoint

#[test]
fn set_error_notifier_rejects_mem_zero_bad_dmabuf_and_short_buffer_with_einval() {
    let k = K::new();
    let ch = k.channel();
    let (_, fd) = k.buffer(4096);
    let n = |mem: RawFd, offset| NvgpuSetErrorNotifier { offset, size: 16, mem: mem as u32, padding: 0 };
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(0, 0)), Err(Errno::EINVAL));
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(9999, 0)), Err(Errno::EINVAL));
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(fd, 4090)), Err(Errno::EINVAL));
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n(fd, 4080)), Ok(0));
}

#[test]
fn submit_gpfifo_on_a_usermode_channel_is_einval() {
    let k = K::new();
    let (_, _, ch) = k.bound_channel();
    let mut s = NvgpuSubmitGpfifoArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO, &mut s), Err(Errno::ENOMEM), "no GPFIFO yet");
    k.setup_bind(ch, &mut k.setup_args(1024)).unwrap();
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

#[test]
fn get_user_syncpoint_returns_id_max_and_a_gpu_va_in_the_kernel_vma() {
    let k = K::new();
    let ch = k.channel();
    let mut s = NvgpuGetUserSyncpointArgs::default();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut s), Err(Errno::EINVAL), "no VM");
    let (_, _, ch) = k.bound_channel();
    let mut a = k.setup_args(512);
    k.setup_bind(ch, &mut a).unwrap();
    assert_eq!(k.io(ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut s), Ok(0));
    assert_eq!(s.syncpoint_id, 17);
    assert_eq!(s.gpu_va, VA_END + 0x10000, "after the GPFIFO, as on a real Orin (0xffffe10000)");
}
