//! Channels (constraints doc §4): WDT, SETUP_BIND, ALLOC_OBJ_CTX, error
//! notifiers, user syncpoints.

use gpuiface_abi::r36::*;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Errno;

use super::trace::why;
use super::{arg, put, GpuAction, KResult, KState};
use crate::gpu::ChannelDesc;
use crate::mem::GpuVm;

/// One channel.
#[derive(Debug)]
pub(crate) struct Chan {
    pub chid: u32,
    pub vm: Option<u32>,
    pub tsg: Option<u32>,
    pub veid: u32,
    pub wdt_enabled: bool,
    pub deterministic: bool,
    pub setup: bool,
    pub usermode: bool,
    pub obj_class: Option<u32>,
    pub unserviceable: bool,
    /// The call that hung the channel (issue 40 item 1): on an Orin it never
    /// returned and holds the channel's `ioctl_lock`, so every later ioctl on
    /// the channel blocks behind it, and the channel's work never runs.
    pub hung: Option<String>,
    /// The GPFIFO's kernel mapping in the channel VM.
    pub gpfifo_va: Option<u64>,
    /// The user syncpoint, once GET_USER_SYNCPOINT allocated it.
    pub syncpoint: Option<u32>,
    /// Size of the GPFIFO dma-buf SETUP_BIND mapped (0 before).
    pub gpfifo_bytes: u64,
    /// The nvmap handles of the GPFIFO and USERD dma-bufs SETUP_BIND took.
    pub gpfifo_handle: Option<u32>,
    /// See `gpfifo_handle`.
    pub userd_handle: Option<u32>,
    /// The error notifier SET_ERROR_NOTIFIER registered (it may come before
    /// SETUP_BIND, as nvgpu allows: the GPU model gets it at the bind).
    pub notifier: Option<(std::sync::Arc<crate::mem::Backing>, usize)>,
}

/// The `syncpoint_max` GET_USER_SYNCPOINT reports. host1x syncpoints are
/// recycled, not reset, so a fresh user syncpoint's max is whatever earlier
/// users left: 30,000 and 38,000 in two logged Orin runs (issue 12 item 7).
/// The mock reports the lower logged value; clients must not assume 0.
pub const USER_SYNCPOINT_MAX: u32 = 30_000;

/// The GR runlist id the mock's channels live on.
pub const GR_RUNLIST: u32 = 0;

impl Chan {
    pub(crate) fn new(chid: u32) -> Self {
        Chan {
            chid,
            vm: None,
            tsg: None,
            veid: 0,
            // §4 WDT: the watchdog is on by default for every new channel.
            wdt_enabled: true,
            deterministic: false,
            setup: false,
            usermode: false,
            obj_class: None,
            unserviceable: false,
            hung: None,
            gpfifo_va: None,
            syncpoint: None,
            gpfifo_bytes: 0,
            gpfifo_handle: None,
            userd_handle: None,
            notifier: None,
        }
    }

    /// The work-submit token SETUP_BIND returns (§4 outputs).
    pub fn token(&self) -> u32 {
        ga10b::work_submit_token(self.chid, GR_RUNLIST)
    }
}

/// §4 WDT: `wdt_status & 3` must be DISABLE or ENABLE; a deterministic
/// channel only accepts DISABLE.
fn rule_wdt_status(ch: &Chan, status: u32) -> KResult<bool> {
    let op = status & 3;
    if op != NVGPU_IOCTL_CHANNEL_DISABLE_WDT && op != NVGPU_IOCTL_CHANNEL_ENABLE_WDT {
        return Err(why(Errno::EINVAL, "§4 WDT: wdt_status & 3 is neither DISABLE_WDT nor ENABLE_WDT"));
    }
    if ch.deterministic && op != NVGPU_IOCTL_CHANNEL_DISABLE_WDT {
        return Err(why(Errno::EINVAL, "§4 WDT: a deterministic channel only takes DISABLE_WDT"));
    }
    Ok(op == NVGPU_IOCTL_CHANNEL_ENABLE_WDT)
}

/// §4 SETUP_BIND prechecks, in the kernel's order.
fn rule_setup_bind_prechecks(ch: &Chan, a: &NvgpuChannelSetupBindArgs) -> KResult<()> {
    let usermode = a.flags & NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT != 0;
    let deterministic = a.flags & NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC != 0;
    let n = a.num_gpfifo_entries;
    // Entry count: >= 2 (usermode) or >= 4, a power of two, at most 2^28.
    if n < if usermode { ga10b::GPFIFO_MIN_ENTRIES } else { 4 } || !n.is_power_of_two() || n > u32::MAX / 8 {
        return Err(why(
            Errno::EINVAL,
            "§4 SETUP_BIND: num_gpfifo_entries not a power of two in [2 (usermode) or 4, 2^28]",
        ));
    }
    if ch.vm.is_none() {
        return Err(why(Errno::EINVAL, "§4 SETUP_BIND: channel not bound to an address space (AS BIND_CHANNEL)"));
    }
    if ch.tsg.is_none() {
        return Err(why(Errno::EINVAL, "§4 SETUP_BIND: channel not bound to a TSG (BIND_CHANNEL_EX)"));
    }
    if ch.setup {
        return Err(why(Errno::EEXIST, "§4 SETUP_BIND: already set up (one-shot per channel)"));
    }
    if deterministic && ch.wdt_enabled {
        return Err(why(
            Errno::EINVAL,
            "§4 SETUP_BIND: DETERMINISTIC while the watchdog is on (WDT DISABLE_WDT first)",
        ));
    }
    if usermode && !deterministic {
        return Err(why(Errno::EINVAL, "§4 SETUP_BIND: USERMODE_SUPPORT without DETERMINISTIC"));
    }
    if a.flags & NVGPU_CHANNEL_SETUP_BIND_FLAGS_VPR_ENABLED != 0 {
        return Err(why(Errno::EINVAL, "§4 SETUP_BIND: VPR_ENABLED without VPR support"));
    }
    if usermode {
        // fd 0 is rejected; dma-buf offsets must be 0.
        if a.gpfifo_dmabuf_fd == 0 || a.userd_dmabuf_fd == 0 {
            return Err(why(
                Errno::EINVAL,
                "§4 SETUP_BIND: gpfifo_dmabuf_fd or userd_dmabuf_fd is 0 (fd 0 is rejected)",
            ));
        }
        if a.gpfifo_dmabuf_offset != 0 || a.userd_dmabuf_offset != 0 {
            return Err(why(Errno::EINVAL, "§4 SETUP_BIND: dma-buf offsets must be 0"));
        }
    }
    Ok(())
}

/// Above this GPFIFO dma-buf size, a GR-class ALLOC_OBJ_CTX after
/// SETUP_BIND never returns on an Orin (issue 12 item 1; seed 000's "small
/// buffer constraint"). Evidence: 8 KiB (1,024 entries) works; 3 MiB
/// (tinygrad's desktop `gpfifo_area`, 1,024 entries) hangs. Sizes between are
/// unverified; the mock draws the line at 1 MiB.
pub const GPFIFO_HANG_ABOVE: u64 = 1 << 20;

/// §4 ALLOC_OBJ_CTX, issue 12 item 1: a GR (compute or graphics) object on a
/// channel whose SETUP_BIND mapped a large GPFIFO dma-buf hangs the real
/// kernel. The mock fails the call instead (after a bounded wait, outside
/// the kernel lock: [`KState::hang`]) and leaves the channel unusable, as a
/// hung one is: [`rule_a_hung_channel_stays_hung`] answers every later
/// ioctl on it, and the GPU model never runs its work again.
fn rule_alloc_obj_ctx_hangs_after_a_large_gpfifo(st: &mut KState, chid: u32, class: u32) -> KResult<()> {
    let gr = gpuiface_hal::classes::compute::CLASSES.contains(&class) || class == ga10b::GRAPHICS_CLASS;
    let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
    if !gr || ch.gpfifo_bytes <= GPFIFO_HANG_ABOVE {
        return Ok(());
    }
    ch.unserviceable = true;
    ch.hung = Some(format!("ALLOC_OBJ_CTX({class:#x})"));
    st.actions.push(GpuAction::Hang(chid));
    st.hang = Some(format!(
        "the real kernel never returns from this call: ALLOC_OBJ_CTX({class:#x}) after SETUP_BIND mapped a {} KiB \
         GPFIFO dma-buf hangs an Orin (8 KiB works, 3 MiB hangs; the mock's limit is {} KiB). Use a GPFIFO \
         dma-buf of num_gpfifo_entries * 8 bytes.",
        ch.gpfifo_bytes >> 10,
        GPFIFO_HANG_ABOVE >> 10
    ));
    Err(Errno::ETIMEDOUT)
}

/// Issue 40 item 1: a hung channel stays hung. The call that hung never
/// returns on an Orin, and it holds the channel's `ioctl_lock`
/// (os/linux/ioctl_channel.c `gk20a_channel_ioctl` takes it at L1220, after
/// the §0 checks, the copy-in and the channel reference, and releases it at
/// L1630 only when the call returns): every later ioctl on the channel blocks
/// there, so it too is a call the real kernel never returns from. The mock
/// answers it as it answers the first ([`KState::hang`]: a bounded wait, then
/// `ETIMEDOUT`), the errno the kernel's own submit and wait paths give a
/// channel it has marked unserviceable (common/fifo/submit.c
/// `nvgpu_submit_channel_gpfifo`, ioctl_channel.c L715, L772: `-ETIMEDOUT`).
fn rule_a_hung_channel_stays_hung(st: &mut KState, chid: u32) -> KResult<()> {
    let Some(call) = st.channels.get(&chid).and_then(|c| c.hung.clone()) else {
        return Ok(());
    };
    st.hang = Some(format!(
        "the real kernel never returns from this call: channel {chid}'s {call} never returned on an Orin and holds \
         the channel's ioctl_lock (ioctl_channel.c L1220), where every later ioctl on the channel waits; the \
         channel's submits never run. Close the channel; the other channels keep working."
    ));
    Err(Errno::ETIMEDOUT)
}

pub(crate) fn close(st: &mut KState, chid: u32) {
    if let Some(ch) = st.channels.remove(&chid) {
        if let Some(t) = ch.tsg.and_then(|t| st.tsgs.get_mut(&t)) {
            t.channels.retain(|c| *c != chid);
        }
        if let (Some(vm), Some(va)) = (ch.vm.and_then(|v| st.vms.get(&v)), ch.gpfifo_va) {
            vm.unmap(va);
        }
        // A VM whose AS fd is already closed goes with its last channel.
        if let Some(vm) = ch.vm {
            let as_open = st.fds.values().any(|o| matches!(o, super::FdObj::As(v) if *v == vm));
            let used = st.channels.values().any(|c| c.vm == Some(vm));
            if !as_open && !used {
                st.vms.remove(&vm);
            }
        }
        if ch.setup {
            st.actions.push(GpuAction::Detach(chid));
        }
    }
}

pub(crate) fn ioctl(st: &mut KState, chid: u32, request: u32, bytes: &mut [u8]) -> KResult {
    // An unbound (unserviceable) channel still answers its ioctls: the
    // dispatcher's ETIMEDOUT is for a dying channel whose reference cannot be
    // taken, which an open fd never is. Only a submit checks serviceability.
    // A hung channel is another matter: its ioctl_lock is held for ever.
    rule_a_hung_channel_stays_hung(st, chid)?;
    match request {
        NVGPU_IOCTL_CHANNEL_WDT => {
            let a: NvgpuChannelWdtArgs = arg(bytes)?;
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            ch.wdt_enabled = rule_wdt_status(ch, a.wdt_status)?;
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_SETUP_BIND => {
            let mut a: NvgpuChannelSetupBindArgs = arg(bytes)?;
            let ch = st.channels.get(&chid).ok_or(Errno::EINVAL)?;
            rule_setup_bind_prechecks(ch, &a)?;
            let usermode = a.flags & NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT != 0;
            if !usermode {
                return Err(why(Errno::EINVAL, "kernel-mode GPFIFOs (no USERMODE_SUPPORT) are not modelled"));
            }
            let (gpfifo_handle, gpfifo) = st.dmabuf(i64::from(a.gpfifo_dmabuf_fd))?;
            let (userd_handle, userd) = st.dmabuf(i64::from(a.userd_dmabuf_fd))?;
            // §4: gpfifo dma-buf smaller than max(4096, entries * 8) → EINVAL.
            let need = ga10b::gpfifo_bytes(a.num_gpfifo_entries);
            if (gpfifo.len() as u64) < need {
                return Err(why(Errno::EINVAL, "§4 SETUP_BIND: GPFIFO dma-buf smaller than max(4096, entries * 8)"));
            }
            let vm_id = ch.vm.ok_or(Errno::EINVAL)?;
            let vm = st.vms.get(&vm_id).cloned().ok_or(Errno::EINVAL)?;
            // The kernel maps the whole GPFIFO dma-buf, read-only for the GPU.
            let gpfifo_va = vm.map_kernel_vma(gpfifo.clone(), gpfifo.len() as u64, false)?;
            // USERD starts with GP_GET = GP_PUT = 0.
            userd.write_u32(ga10b::USERD_GP_GET, 0);
            userd.write_u32(ga10b::USERD_GP_PUT, 0);
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            ch.setup = true;
            ch.usermode = true;
            ch.deterministic = true;
            ch.gpfifo_va = Some(gpfifo_va);
            ch.gpfifo_bytes = gpfifo.len() as u64;
            ch.gpfifo_handle = Some(gpfifo_handle);
            ch.userd_handle = Some(userd_handle);
            a.work_submit_token = ch.token();
            // GPU_MAP_RESOURCES is not supported on ga10b: the VAs stay 0.
            a.gpfifo_gpu_va = 0;
            a.userd_gpu_va = 0;
            a.usermode_mmio_gpu_va = 0;
            let desc = ChannelDesc {
                chid,
                token: ch.token(),
                vm: vm as std::sync::Arc<dyn GpuVm>,
                gpfifo,
                gpfifo_entries: a.num_gpfifo_entries,
                userd,
            };
            st.actions.push(GpuAction::Attach(desc));
            if let Some(class) = st.channels[&chid].obj_class {
                st.actions.push(GpuAction::BindObject(chid, class));
            }
            // A notifier registered before the bind reports this channel's errors too.
            if let Some((b, off)) = st.channels[&chid].notifier.clone() {
                st.actions.push(GpuAction::Notifier(chid, b, off));
            }
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX => {
            let a: NvgpuAllocObjCtxArgs = arg(bytes)?;
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            // §4: not in a TSG → EINVAL; not AS-bound → EINVAL; unknown class → EINVAL.
            if ch.tsg.is_none() {
                return Err(why(Errno::EINVAL, "§4 ALLOC_OBJ_CTX: channel not in a TSG"));
            }
            if ch.vm.is_none() {
                return Err(why(Errno::EINVAL, "§4 ALLOC_OBJ_CTX: channel not bound to an address space"));
            }
            if !ga10b::OBJ_CTX_CLASSES.contains(&a.class_num) {
                return Err(why(Errno::EINVAL, "§4 ALLOC_OBJ_CTX: class not valid for ga10b"));
            }
            // §4 (tsg.c nvgpu_tsg_validate_class_veid_pbdma): graphics (AMPERE_B) only on VEID0.
            if a.class_num == ga10b::GRAPHICS_CLASS && ch.veid != 0 {
                return Err(why(Errno::EINVAL, "§4 ALLOC_OBJ_CTX: graphics class only on VEID 0"));
            }
            rule_alloc_obj_ctx_hangs_after_a_large_gpfifo(st, chid, a.class_num)?;
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            ch.obj_class = Some(a.class_num);
            // `obj_id` is left as passed: both logged Orin runs got back the 0
            // they passed (issue 12 item 5). Nothing is copied out.
            if ch.setup {
                st.actions.push(GpuAction::BindObject(chid, a.class_num));
            }
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE => {
            let ch = st.channels.get(&chid).ok_or(Errno::EINVAL)?;
            // §4: no object class yet → EINVAL.
            if ch.obj_class.is_none() || ch.tsg.is_none() {
                return Err(Errno::EINVAL);
            }
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER => {
            let a: NvgpuSetErrorNotifier = arg(bytes)?;
            // §4: mem 0 → EINVAL; bad dma-buf → EINVAL; offset + 16 past the buffer → EINVAL.
            if a.mem == 0 {
                return Err(Errno::EINVAL);
            }
            let (_, b) = st.dmabuf(i64::from(a.mem as i32)).map_err(|_| Errno::EINVAL)?;
            let size = std::mem::size_of::<NvgpuNotification>() as u64;
            if a.offset.checked_add(size).is_none_or(|e| e > b.len() as u64) {
                return Err(Errno::EINVAL);
            }
            if let Some(ch) = st.channels.get_mut(&chid) {
                ch.notifier = Some((b.clone(), a.offset as usize));
            }
            st.actions.push(GpuAction::Notifier(chid, b, a.offset as usize));
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT => {
            let ch = st.channels.get(&chid).ok_or(Errno::EINVAL)?;
            // The syncpoint is mapped into the channel's VM: none yet → EINVAL.
            let vm_end = ch.vm.and_then(|v| st.vms.get(&v)).map(|v| v.range().1).ok_or(Errno::EINVAL)?;
            // Syncpoints are handed out in order from 17 (the first one on an Orin),
            // each mapped after the GPFIFO in the kernel VMA (0xffffe10000, seed 001).
            let id = match ch.syncpoint {
                Some(id) => id,
                None => {
                    st.next_syncpoint = st.next_syncpoint.max(17);
                    let id = st.next_syncpoint;
                    st.next_syncpoint += 1;
                    st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?.syncpoint = Some(id);
                    id
                }
            };
            let gpu_va = vm_end + 0x10000 + u64::from(id - 17) * 0x1000;
            let syncpoint_max = USER_SYNCPOINT_MAX;
            put(bytes, &NvgpuGetUserSyncpointArgs { gpu_va, syncpoint_id: id, syncpoint_max });
            Ok(0)
        }
        NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO => {
            let ch = st.channels.get(&chid).ok_or(Errno::EINVAL)?;
            // §4: a usermode channel takes no kernel submits → EINVAL; no GPFIFO yet → ENOMEM.
            if ch.usermode {
                return Err(Errno::EINVAL);
            }
            // No kernel-mode GPFIFO is ever allocated (SETUP_BIND without
            // USERMODE_SUPPORT is refused), so the next check, "no gpfifo
            // yet → ENOMEM", answers before the unserviceable ETIMEDOUT.
            Err(Errno::ENOMEM)
        }
        NVGPU_IOCTL_CHANNEL_SET_TIMEOUT_EX => Err(Errno::ENOTTY),
        _ => Err(Errno::ENOTTY),
    }
}
