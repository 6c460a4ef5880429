//! §3 TSG: subcontexts (VEIDs), BIND_CHANNEL_EX and its VM check,
//! UNBIND_CHANNEL, SET_TIMESLICE and EVENT_ID_CTRL.

use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_nvgpu::abi::*;

use crate::harness::*;

// ------------------------------------------------------------ CREATE/DELETE_SUBCONTEXT

#[test]
fn create_subcontext_rejects_bad_type_and_non_as_fd() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    assert_eq!(k.subctx(tsg, as_fd, 7), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, k.nvmap, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(1));
}

#[test]
fn create_subcontext_rejects_bad_type_with_einval() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    assert_eq!(k.subctx(tsg, as_fd, 2), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Ok(0));
}

#[test]
fn create_subcontext_rejects_a_non_as_fd_with_einval() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    assert_eq!(k.subctx(tsg, k.ctrl, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::EINVAL));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(1));
}

/// ASYNC subcontexts take VEIDs 1..=63, then VEID0, then fail with ENOSPC.
fn exhaust_async_veids(k: &K, tsg: RawFd, as_fd: RawFd) {
    for want in 1..64 {
        assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(want));
    }
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(0), "falls back to VEID0");
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Err(Errno::ENOSPC));
}

#[test]
fn create_subcontext_async_exhaustion_falls_back_to_veid0_then_enospc() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    exhaust_async_veids(&k, tsg, as_fd);
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Err(Errno::ENOSPC));
}

#[test]
fn create_subcontext_async_takes_lowest_free_then_veid0_then_enospc() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    exhaust_async_veids(&k, tsg, as_fd);
    let mut d = NvgpuTsgDeleteSubcontextArgs { veid: 5, reserved: 0 };
    k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d).unwrap();
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC), Ok(5), "lowest free again");
    d.veid = 64;
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), Err(Errno::EINVAL));
}

#[test]
fn create_subcontext_sync_when_veid0_is_taken_is_enospc() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Ok(0));
    assert_eq!(k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Err(Errno::ENOSPC));
    // Implicitly taken by a VEID0 channel bind, too.
    let tsg2 = k.tsg();
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    k.tsg_bind(tsg2, ch, 0).unwrap();
    assert_eq!(k.subctx(tsg2, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_SYNC), Err(Errno::ENOSPC));
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
fn delete_subcontext_with_bound_channels_is_einval_and_of_a_never_created_veid_is_ok() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    let mut d = NvgpuTsgDeleteSubcontextArgs { veid: 1, reserved: 0 };
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), Err(Errno::EINVAL));
    let mut fd: i32 = ch;
    k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd).unwrap();
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut d), Ok(0));
    let mut never = NvgpuTsgDeleteSubcontextArgs { veid: 9, reserved: 0 };
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut never), Ok(0));
}

// ------------------------------------------------------------ BIND_CHANNEL_EX

#[test]
fn tsg_bind_channel_ex_rejects_a_non_channel_with_einval() {
    let k = K::new();
    let tsg = k.tsg();
    assert_eq!(k.tsg_bind(tsg, k.ctrl, 0), Err(Errno::EINVAL));
    assert_eq!(k.tsg_bind(tsg, k.channel(), 0), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_rejects_subcontext_id_64_with_einval() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    let ch = k.channel();
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.tsg_bind(tsg, ch, 64), Err(Errno::EINVAL));
    assert_eq!(k.tsg_bind(tsg, ch, 0), Ok(0));
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
fn tsg_bind_channel_ex_needs_the_veids_vm_so_as_bind_comes_first() {
    let k = K::new();
    let (as_fd, tsg) = (k.alloc_as(), k.tsg());
    let veid = k.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
    // TSG bind before AS bind: channel VM is NULL, VEID's VM is the AS.
    let ch = k.channel();
    assert_eq!(k.tsg_bind(tsg, ch, veid), Err(Errno::EINVAL));
    // A VEID never created has a NULL VM.
    k.as_bind(as_fd, ch).unwrap();
    assert_eq!(k.tsg_bind(tsg, ch, veid + 1), Err(Errno::EINVAL));
    // Another AS's VM mismatches.
    let other = k.channel();
    k.as_bind(k.alloc_as(), other).unwrap();
    assert_eq!(k.tsg_bind(tsg, other, veid), Err(Errno::EINVAL));
    assert_eq!(k.tsg_bind(tsg, ch, veid), Ok(0));
}

#[test]
fn tsg_bind_channel_ex_rejects_a_channel_already_in_a_tsg_with_einval() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    assert_eq!(k.tsg_bind(tsg, ch, 1), Err(Errno::EINVAL));
    let fresh = k.channel();
    let tsg2 = k.tsg();
    assert_eq!(k.tsg_bind(tsg2, fresh, 0), Ok(0));
    assert_eq!(k.tsg_bind(tsg, fresh, 0), Err(Errno::EINVAL));
}

// ------------------------------------------------------------ UNBIND_CHANNEL

#[test]
fn unbind_channel_not_in_this_tsg_is_einval_and_leaves_it_unserviceable() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    let other = k.tsg();
    let mut fd: i32 = ch;
    assert_eq!(k.io(other, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), EINVAL);
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), Ok(0));
    // Unserviceable, but the fd still answers (issue 15 item 13): only a
    // dying channel's ioctls get the dispatcher's ETIMEDOUT.
    assert_eq!(k.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT), Ok(0));
    let mut word = 0u64;
    assert_eq!(k.io(ch, iowr(b'H', 0x7f, 8), &mut word), Err(Errno::ENOTTY));
}

#[test]
fn tsg_unbind_channel_rejects_negative_foreign_and_unbound_channels() {
    let k = K::new();
    let (_, tsg, ch) = k.bound_channel();
    let tsg2 = k.tsg();
    let (mut ctrl, mut fd) = (k.ctrl, ch);
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut -1i32), Err(Errno::EINVAL));
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut ctrl), Err(Errno::EINVAL));
    assert_eq!(k.io(tsg2, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), Err(Errno::EINVAL));
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), Ok(0));
    assert_eq!(k.io(tsg, NVGPU_TSG_IOCTL_UNBIND_CHANNEL, &mut fd), Err(Errno::EINVAL));
}

// ------------------------------------------------------------ SET_TIMESLICE, EVENT_ID_CTRL

#[test]
fn set_timeslice_accepts_1000_to_50000_us_only() {
    let k = K::new();
    let tsg = k.tsg();
    for (us, want) in [(999, Err(Errno::EINVAL)), (1000, Ok(0)), (50_000, Ok(0)), (50_001, Err(Errno::EINVAL))] {
        let mut t = NvgpuTimesliceArgs { timeslice_us: us, reserved: 0 };
        assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_SET_TIMESLICE, &mut t), want, "{us} us");
    }
}

#[test]
fn event_id_ctrl_rejects_bad_event_id_or_cmd_with_einval() {
    let k = K::new();
    let tsg = k.tsg();
    let mut a = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 6, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuEventIdCtrlArgs { cmd: 2, event_id: 1, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Err(Errno::EINVAL));
    let mut a = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 1, ..Default::default() };
    assert_eq!(k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut a), Ok(0));
    assert!(a.event_fd > 2);
    // SAFETY: the event fd this test was just handed, used no more.
    unsafe { k.k.close_fd(a.event_fd) }.unwrap();
}
