//! The RM object tree, RM controls and the usermode (doorbell) window.

use gpuiface::queue::Runtime;
use gpuiface::{ErrorKind, GpuIface, GrInfoIndex, RmAllocParams, RmClass, RmControl, RmHandle};

use super::{kind_of, with_runtime};
use crate::{ensure, CaseResult, Ctx};

pub(super) fn rm_hierarchy_valid_chain(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    let o = rt.objects();
    let all =
        [o.device, o.subdevice, o.address_space, o.channel_group, o.context_share, o.compute_channel, o.copy_channel];
    let mut sorted = all.to_vec();
    sorted.sort();
    sorted.dedup();
    ensure!(sorted.len() == all.len(), "handles not distinct: {all:?}");
    Ok(())
}

pub(super) fn rm_alloc_rejects_invalid_parents_and_unknown_classes(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let device = dev.rm_alloc(RmHandle::ROOT, RmClass::Device0, &RmAllocParams::None).map_err(|e| e.to_string())?;
    // A compute object needs a channel parent.
    let r = dev.rm_alloc(device, RmClass::AmpereComputeB, &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "compute under a device accepted");
    let r = dev.rm_alloc(RmHandle::new(dev.info().device, 0xdead_beef), RmClass::Subdevice0, &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "unknown parent accepted");
    let r = dev.rm_alloc(device, RmClass::Raw(0x1234), &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::Unsupported), "raw class not Unsupported");
    Ok(dev.rm_free(device).map_err(|e| e.to_string())?)
}

pub(super) fn rm_control_work_submit_token(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let o = rt.objects();
        let mut a = RmControl::GetWorkSubmitToken { token: 0 };
        let mut b = RmControl::GetWorkSubmitToken { token: 0 };
        dev.rm_control(o.compute_channel, &mut a).map_err(|e| e.to_string())?;
        dev.rm_control(o.copy_channel, &mut b).map_err(|e| e.to_string())?;
        ensure!(a != b, "two channels share a token: {a:?}");
        let r = dev.rm_control(o.device, &mut RmControl::GetWorkSubmitToken { token: 0 });
        ensure!(r.is_err(), "token of a non-channel");
        Ok(())
    })
}

pub(super) fn rm_control_gr_get_info(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut c = RmControl::GrGetInfo {
            queries: vec![(GrInfoIndex::SmVersion, 0), (GrInfoIndex::NumGpcs, 0), (GrInfoIndex::NumTpcPerGpc, 0)],
        };
        dev.rm_control(rt.objects().subdevice, &mut c).map_err(|e| e.to_string())?;
        let RmControl::GrGetInfo { queries } = c else { return Err("variant changed".into()) };
        let i = dev.info();
        ensure!(queries[0].1 == i.sm_version, "{queries:?}");
        ensure!(queries[1].1 == i.num_gpc && queries[1].1 * queries[2].1 == i.num_tpc, "{queries:?}");
        Ok(())
    })
}

pub(super) fn rm_control_class_list(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut c = RmControl::GetClassList { classes: vec![] };
        dev.rm_control(rt.objects().device, &mut c).map_err(|e| e.to_string())?;
        let RmControl::GetClassList { classes } = c else { return Err("variant changed".into()) };
        for need in [0xc7c0, 0xc7b5, 0xc76f] {
            ensure!(classes.contains(&need), "{need:#x} missing from {classes:x?}");
        }
        Ok(())
    })
}

pub(super) fn rm_control_gid_info_is_stable(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut a = RmControl::GetGidInfo { uuid: [0; 16] };
        let mut b = RmControl::GetGidInfo { uuid: [0; 16] };
        dev.rm_control(rt.objects().subdevice, &mut a).map_err(|e| e.to_string())?;
        dev.rm_control(rt.objects().subdevice, &mut b).map_err(|e| e.to_string())?;
        ensure!(a == b && a != RmControl::GetGidInfo { uuid: [0; 16] }, "{a:?} vs {b:?}");
        Ok(())
    })
}

pub(super) fn rm_control_schedule_and_flush(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let o = rt.objects();
        dev.rm_control(o.channel_group, &mut RmControl::GpfifoSchedule { enable: true }).map_err(|e| e.to_string())?;
        dev.rm_control(o.subdevice, &mut RmControl::FbFlushGpuCache).map_err(|e| e.to_string())?;
        Ok(())
    })
}

pub(super) fn rm_control_unknown_is_unsupported(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let r = dev.rm_control(rt.objects().subdevice, &mut RmControl::Raw { cmd: 0x2080_0101, params: vec![0; 8] });
        ensure!(kind_of(r) == Some(ErrorKind::Unsupported), "raw control not Unsupported");
        Ok(())
    })
}

pub(super) fn usermode_window_is_idempotent(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let a = dev.setup_usermode().map_err(|e| e.to_string())?;
    let b = dev.setup_usermode().map_err(|e| e.to_string())?;
    ensure!(a == b, "{a:?} vs {b:?}");
    ensure!(a.doorbell_offset == 0x90 && a.len <= 0x10000 && a.base != 0, "{a:?}");
    Ok(())
}
