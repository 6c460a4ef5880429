//! TSGs (constraints doc §3): subcontexts (VEIDs) and channel binding.

use gpuiface_abi::r36::*;
use gpuiface_abi::Release;
use gpuiface_hal::Errno;

use super::{arg, put, FdObj, KResult, KState};

/// VEIDs per TSG (`max_veid_count_per_tsg` on ga10b).
pub const MAX_VEIDS: usize = 64;

/// One TSG.
#[derive(Debug)]
pub(crate) struct Tsg {
    /// Per VEID: `None` = free, `Some(vm)` = allocated with the VM recorded
    /// for it (`Some(None)`: allocated with a NULL VM, by a VEID0 bind of a
    /// channel that had no AS yet).
    pub subctx: Vec<Option<Option<u32>>>,
    pub channels: Vec<u32>,
}

impl Default for Tsg {
    fn default() -> Self {
        Tsg { subctx: vec![None; MAX_VEIDS], channels: Vec::new() }
    }
}

/// §1 OPEN_TSG: share fields need the SHARE flag and vice versa → EINVAL.
pub(crate) fn rule_open_tsg_share(a: &NvgpuGpuOpenTsgArgs) -> KResult<()> {
    let share = a.flags & NVGPU_GPU_IOCTL_OPEN_TSG_FLAGS_SHARE != 0;
    let ids = a.source_device_instance_id != 0 || a.share_token != 0;
    if !share && ids {
        return Err(Errno::EINVAL);
    }
    if share {
        // No share tokens are ever issued by the mock: any token is bad/expired.
        return Err(Errno::EINVAL);
    }
    Ok(())
}

/// §3 CREATE_SUBCONTEXT: ASYNC takes the lowest free VEID in 1..max, then
/// falls back to VEID0, then ENOSPC; SYNC wants VEID0 (ENOSPC if taken).
fn rule_subcontext_veid(t: &Tsg, asynchronous: bool) -> KResult<usize> {
    if asynchronous {
        if let Some(v) = (1..MAX_VEIDS).find(|v| t.subctx[*v].is_none()) {
            return Ok(v);
        }
    }
    if t.subctx[0].is_none() {
        Ok(0)
    } else {
        Err(Errno::ENOSPC)
    }
}

/// §3 BIND_CHANNEL_EX: the channel's VM must equal the VM recorded for the
/// VEID (hence AS bind before TSG bind); VEID0 is created implicitly.
fn rule_bind_vm_matches_subcontext(t: &mut Tsg, veid: usize, ch_vm: Option<u32>) -> KResult<()> {
    match t.subctx[veid] {
        None if veid == 0 => {
            t.subctx[0] = Some(ch_vm);
            Ok(())
        }
        None => Err(Errno::EINVAL),
        Some(vm) if vm == ch_vm => Ok(()),
        Some(_) => Err(Errno::EINVAL),
    }
}

/// §7 (r35) BIND_CHANNEL_EX: any `subcontext_id` below the VEID count is
/// the channel's (r35 `os/linux/ioctl_tsg.c` L124-131), with no subcontext
/// to have been created and no VM to match (r35 `common/fifo/tsg.c`
/// `nvgpu_tsg_bind_channel` L79-150 checks none): the VEID is recorded with
/// the channel's VM.
fn rule_r35_bind_any_veid(t: &mut Tsg, veid: usize, ch_vm: Option<u32>) {
    t.subctx[veid] = Some(ch_vm);
}

pub(crate) fn close(st: &mut KState, id: u32) {
    if let Some(t) = st.tsgs.remove(&id) {
        for c in t.channels {
            if let Some(ch) = st.channels.get_mut(&c) {
                ch.tsg = None;
            }
        }
    }
}

fn channel_of(st: &KState, fd: i32) -> KResult<u32> {
    match st.obj(fd) {
        Some(FdObj::Channel(c)) => Ok(*c),
        _ => Err(Errno::EINVAL),
    }
}

pub(crate) fn ioctl(st: &mut KState, id: u32, request: u32, bytes: &mut [u8]) -> KResult {
    match request {
        NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT => {
            let mut a: NvgpuTsgCreateSubcontextArgs = arg(bytes)?;
            // §3: type must be SYNC or ASYNC; as_fd must be an AS.
            if a.type_ != NVGPU_TSG_SUBCONTEXT_TYPE_SYNC && a.type_ != NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC {
                return Err(Errno::EINVAL);
            }
            let vm = match st.obj(a.as_fd) {
                Some(FdObj::As(vm)) => *vm,
                _ => return Err(Errno::EINVAL),
            };
            let t = st.tsgs.get_mut(&id).ok_or(Errno::EINVAL)?;
            let veid = rule_subcontext_veid(t, a.type_ == NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC)?;
            t.subctx[veid] = Some(Some(vm));
            a.veid = veid as u32;
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT => {
            let a: NvgpuTsgDeleteSubcontextArgs = arg(bytes)?;
            let veid = a.veid as usize;
            if veid >= MAX_VEIDS {
                return Err(Errno::EINVAL);
            }
            let t = st.tsgs.get(&id).ok_or(Errno::EINVAL)?;
            // §3: channels still bound to it → EINVAL; a free VEID → silent success.
            let bound = t.channels.iter().any(|c| st.channels.get(c).is_some_and(|ch| ch.veid == a.veid));
            if bound {
                return Err(Errno::EINVAL);
            }
            st.tsgs.get_mut(&id).ok_or(Errno::EINVAL)?.subctx[veid] = None;
            Ok(0)
        }
        NVGPU_TSG_IOCTL_BIND_CHANNEL_EX | NVGPU_TSG_IOCTL_BIND_CHANNEL => {
            let (fd, veid) = if request == NVGPU_TSG_IOCTL_BIND_CHANNEL {
                let fd: i32 = arg(bytes)?;
                if fd < 0 {
                    return Err(Errno::EINVAL);
                }
                (fd, 0)
            } else {
                let a: NvgpuTsgBindChannelExArgs = arg(bytes)?;
                (a.channel_fd, a.subcontext_id)
            };
            let chid = channel_of(st, fd)?;
            // §3: subcontext_id >= max VEIDs → EINVAL.
            if veid as usize >= MAX_VEIDS {
                return Err(Errno::EINVAL);
            }
            let ch_vm = st.channels.get(&chid).ok_or(Errno::EINVAL)?.vm;
            // §3: already in a TSG → EINVAL.
            if st.channels[&chid].tsg.is_some() {
                return Err(Errno::EINVAL);
            }
            let release = st.release;
            let t = st.tsgs.get_mut(&id).ok_or(Errno::EINVAL)?;
            match release {
                Release::R36 => rule_bind_vm_matches_subcontext(t, veid as usize, ch_vm)?,
                Release::R35 => rule_r35_bind_any_veid(t, veid as usize, ch_vm),
            }
            t.channels.push(chid);
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            ch.tsg = Some(id);
            ch.veid = veid;
            Ok(0)
        }
        NVGPU_TSG_IOCTL_UNBIND_CHANNEL => {
            let fd: i32 = arg(bytes)?;
            if fd < 0 {
                return Err(Errno::EINVAL);
            }
            let chid = channel_of(st, fd)?;
            let t = st.tsgs.get_mut(&id).ok_or(Errno::EINVAL)?;
            // §3: not in this TSG → EINVAL; afterwards the channel is unserviceable.
            let pos = t.channels.iter().position(|c| *c == chid).ok_or(Errno::EINVAL)?;
            t.channels.remove(pos);
            if let Some(ch) = st.channels.get_mut(&chid) {
                ch.tsg = None;
                ch.unserviceable = true;
            }
            Ok(0)
        }
        NVGPU_IOCTL_TSG_SET_TIMESLICE => {
            let a: NvgpuTimesliceArgs = arg(bytes)?;
            // §3: outside [1000, 50000] µs → EINVAL.
            if !(1000..=50_000).contains(&a.timeslice_us) {
                return Err(Errno::EINVAL);
            }
            Ok(0)
        }
        NVGPU_IOCTL_TSG_EVENT_ID_CTRL => {
            let mut a: NvgpuEventIdCtrlArgs = arg(bytes)?;
            // §3: event_id >= 6 or cmd != ENABLE(1) → EINVAL; ENABLE returns an event fd.
            if a.event_id >= 6 || a.cmd != 1 {
                return Err(Errno::EINVAL);
            }
            a.event_fd = st.new_fd(FdObj::Event)?;
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_TSG_IOCTL_SET_L2_MAX_WAYS_EVICT_LAST => Ok(0),
        _ => Err(Errno::ENOTTY),
    }
}
