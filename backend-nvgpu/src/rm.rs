//! RM→nvgpu translation: the RM object tree a desktop-driver runtime speaks
//! (`rm_alloc`, `rm_control`, `rm_free`; seed 000, "RM Translation Layer")
//! mapped onto nvgpu's fds and ioctls.
//!
//! | RM | nvgpu |
//! |---|---|
//! | `NV01_DEVICE_0`, `NV20_SUBDEVICE_0`, `FERMI_VASPACE_A`, `GT200_DEBUGGER` | bookkeeping only |
//! | `NV01_MEMORY_VIRTUAL` | the address space: ALLOC_AS and the window reservations |
//! | `KEPLER_CHANNEL_GROUP_A` | OPEN_TSG (the TSG fd; r35: the 8-byte argument) |
//! | `FERMI_CONTEXT_SHARE_A` | r36: TSG CREATE_SUBCONTEXT (a VEID), DELETE_SUBCONTEXT when freed; r35 (no such ioctls): a VEID the backend picks by r36's policy, named in BIND_CHANNEL_EX |
//! | `AMPERE_CHANNEL_GPFIFO_A/B` | a channel: OPEN_CHANNEL … SETUP_BIND (`channel.rs`) |
//! | `AMPERE_COMPUTE_*`, `AMPERE_DMA_COPY_*` | ALLOC_OBJ_CTX on the parent channel |
//! | `PERF_BOOST` | devfreq `min_freq` = `max_freq` in sysfs |
//! | `GET_WORK_SUBMIT_TOKEN` | the token SETUP_BIND returned |
//! | `GR_GET_INFO`, `GET_CLASS_LIST`, `GET_GID_INFO` | from GET_CHARACTERISTICS |
//! | `GPFIFO_SCHEDULE`, `FB_FLUSH_GPU_CACHE` | nothing to do (bound channels are scheduled; IO-coherent) |
//!
//! Anything else is [`Error::unsupported`], never a silent success.

use std::sync::Arc;

use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{Error, GrInfoIndex, Result, RmAllocParams, RmClass, RmControl, RmHandle};

use crate::abi::*;
use crate::channel::Channel;
use crate::device::{lock, NvgpuDevice, State, DEVFREQ};
use crate::fd::{BorrowedSysFd, SysFd};
use crate::sys::Syscalls;

/// What an RM handle stands for.
pub(crate) enum Object<S: Syscalls> {
    Device,
    Subdevice,
    AddressSpace,
    Vaspace,
    Debugger,
    Tsg(SysFd<S>),
    ContextShare { veid: u32 },
    Channel(Arc<Channel<S>>),
    Engine,
}

impl<S: Syscalls> Object<S> {
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Object::Device => "NV01_DEVICE_0",
            Object::Subdevice => "NV20_SUBDEVICE_0",
            Object::AddressSpace => "NV01_MEMORY_VIRTUAL",
            Object::Vaspace => "FERMI_VASPACE_A",
            Object::Debugger => "GT200_DEBUGGER",
            Object::Tsg(_) => "KEPLER_CHANNEL_GROUP_A",
            Object::ContextShare { .. } => "FERMI_CONTEXT_SHARE_A",
            Object::Channel(_) => "AMPERE_CHANNEL_GPFIFO",
            Object::Engine => "engine object",
        }
    }
}

/// An RM object and its parent.
pub(crate) struct Node<S: Syscalls> {
    pub(crate) parent: RmHandle,
    pub(crate) object: Object<S>,
}

impl<S: Syscalls> NvgpuDevice<S> {
    fn new_handle(&self, st: &mut State<S>) -> RmHandle {
        st.next_handle += 1;
        RmHandle::new(self.info.device, st.next_handle)
    }

    /// Refuse a handle of another device (issue 22, hole 6): every device
    /// numbers its handles alike.
    pub(crate) fn check_handle(&self, op: &'static str, handle: RmHandle) -> Result<()> {
        if !handle.is_of(self.info.device) {
            return Err(Error::invalid(op, format!("handle {handle} belongs to another device")));
        }
        Ok(())
    }

    pub(crate) fn parent<'a>(st: &'a State<S>, parent: RmHandle, op: &'static str) -> Result<&'a Object<S>> {
        st.objects
            .get(&parent)
            .map(|n| &n.object)
            .ok_or_else(|| Error::invalid(op, format!("unknown parent handle {parent}")))
    }

    /// `rm_alloc`: create `class` under `parent`.
    pub(crate) fn alloc_object(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        let mut st = lock(&self.state);
        let op = "rm_alloc";
        let want_parent = |ok: bool, st: &State<S>| -> Result<()> {
            if ok {
                return Ok(());
            }
            let what = st.objects.get(&parent).map(|n| n.object.name()).unwrap_or("nothing");
            Err(Error::invalid(op, format!("{class} cannot be created under {parent} ({what})")))
        };
        if parent != RmHandle::ROOT && !st.objects.contains_key(&parent) {
            return Err(Error::invalid(op, format!("unknown parent handle {parent}")));
        }
        let parent_obj = st.objects.get(&parent).map(|n| &n.object);
        let object = match class {
            RmClass::Device0 => {
                want_parent(parent == RmHandle::ROOT, &st)?;
                Object::Device
            }
            RmClass::Subdevice0 => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                Object::Subdevice
            }
            RmClass::MemoryVirtual => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                self.address_space(&mut st)?;
                Object::AddressSpace
            }
            RmClass::FermiVaspaceA => {
                want_parent(matches!(parent_obj, Some(Object::Device | Object::AddressSpace)), &st)?;
                Object::Vaspace
            }
            RmClass::Gt200Debugger => {
                want_parent(matches!(parent_obj, Some(Object::Device | Object::Subdevice)), &st)?;
                Object::Debugger
            }
            RmClass::KeplerChannelGroupA => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                let tsg_fd = match self.release {
                    Release::R36 => {
                        let mut args = NvgpuGpuOpenTsgArgs::default();
                        self.ctrl().call(calls::NVGPU_GPU_IOCTL_OPEN_TSG, &mut args)?;
                        args.tsg_fd
                    }
                    Release::R35 => {
                        // r35's 8-byte argument: no flags, no share token (ioctl_ctrl.c
                        // `gk20a_ctrl_open_tsg` reads nothing in).
                        let mut args = r35::NvgpuGpuOpenTsgArgs::default();
                        self.ctrl().call(r35::calls::NVGPU_GPU_IOCTL_OPEN_TSG, &mut args)?;
                        args.tsg_fd
                    }
                };
                // SAFETY: OPEN_TSG just returned this nvgpu TSG fd; we own it (the seam's contract).
                Object::Tsg(unsafe { SysFd::from_raw(self.sys.clone(), tsg_fd as i32) })
            }
            RmClass::FermiContextShareA => {
                let tsg = match parent_obj {
                    Some(Object::Tsg(fd)) => fd.raw(),
                    _ => return want_parent(false, &st).map(|_| RmHandle::ROOT),
                };
                let asynchronous = !matches!(params, RmAllocParams::ContextShare { asynchronous: false });
                let veid = match self.release {
                    Release::R36 => {
                        let as_raw = self.address_space(&mut st)?.raw();
                        let mut args = NvgpuTsgCreateSubcontextArgs {
                            type_: if asynchronous {
                                NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC
                            } else {
                                NVGPU_TSG_SUBCONTEXT_TYPE_SYNC
                            },
                            as_fd: as_raw,
                            ..Default::default()
                        };
                        // SAFETY: `tsg` is the parent TSG object's SysFd, which `st` (locked for
                        // this whole call) keeps open.
                        let tsg = unsafe { BorrowedSysFd::new(&*self.sys, tsg) };
                        tsg.call(calls::NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &mut args)?;
                        args.veid
                    }
                    Release::R35 => self.r35_pick_veid(&st, parent, asynchronous)?,
                };
                Object::ContextShare { veid }
            }
            c if c.is_gpfifo() => {
                want_parent(matches!(parent_obj, Some(Object::Tsg(_))), &st)?;
                let (entries, ctx) = match params {
                    RmAllocParams::Gpfifo { entries, context_share } => (*entries, *context_share),
                    RmAllocParams::None => (1024, None),
                    other => return Err(Error::invalid(op, format!("{class} takes Gpfifo parameters, not {other:?}"))),
                };
                let veid = match ctx {
                    None => 0,
                    Some(h) => match st.objects.get(&h) {
                        Some(Node { object: Object::ContextShare { veid }, parent: p }) if *p == parent => *veid,
                        _ => return Err(Error::invalid(op, format!("{h} is not a context share of {parent}"))),
                    },
                };
                Object::Channel(Arc::new(self.setup_channel(&mut st, parent, entries, veid)?))
            }
            c if c.is_engine() => {
                let ch = match parent_obj {
                    Some(Object::Channel(ch)) => ch.clone(),
                    _ => return want_parent(false, &st).map(|_| RmHandle::ROOT),
                };
                let class_num = match c {
                    RmClass::AmpereComputeA | RmClass::AmpereComputeB => self.info.compute_class,
                    _ => self.info.dma_copy_class,
                };
                let mut args = NvgpuAllocObjCtxArgs { class_num, flags: 0, obj_id: 0 };
                ch.fd.call(calls::NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut args)?;
                Object::Engine
            }
            other => {
                log::warn!("rm_alloc of unsupported class {other}");
                return Err(Error::unsupported(self.info.backend, format!("rm_alloc of {other}")));
            }
        };
        let h = self.new_handle(&mut st);
        if let Object::Channel(c) = &object {
            self.submit_channels.insert(h, c.clone());
        }
        st.objects.insert(h, Node { parent, object });
        Ok(h)
    }

    /// The VEID of a new context share under TSG `tsg` on r35, which has no
    /// CREATE_SUBCONTEXT: user space names the VEID in BIND_CHANNEL_EX's
    /// `subcontext_id`, and the kernel only checks it is below
    /// `max_veid_count_per_tsg` (r35 `ioctl_tsg.c` L124-131). The policy is
    /// r36's kernel one, so a program sees the same VEIDs on both releases:
    /// a synchronous share takes VEID 0; an asynchronous one the lowest free
    /// VEID in 1..max, else VEID 0; none free → `ENOSPC` (r36 `tsg.c`
    /// L239-280). A VEID is free again when its share is freed.
    fn r35_pick_veid(&self, st: &State<S>, tsg: RmHandle, asynchronous: bool) -> Result<u32> {
        let taken: Vec<u32> = st
            .objects
            .values()
            .filter_map(|n| match n.object {
                Object::ContextShare { veid } if n.parent == tsg => Some(veid),
                _ => None,
            })
            .collect();
        let max = self.characteristics.max_veid_count_per_tsg.max(1);
        let free = |v: &u32| !taken.contains(v);
        let pick = if asynchronous { (1..max).find(free) } else { None };
        pick.or_else(|| Some(0).filter(free))
            .ok_or_else(|| Error::sys("rm_alloc(FERMI_CONTEXT_SHARE_A)", gpuiface_hal::Errno::ENOSPC))
    }

    /// `rm_control`: answer `control` on `object`.
    pub(crate) fn control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        let st = lock(&self.state);
        let node =
            st.objects.get(&object).ok_or_else(|| Error::invalid("rm_control", format!("unknown handle {object}")))?;
        let c = &self.characteristics;
        match control {
            RmControl::PerfBoost { .. } => {
                let dir = self.sysfs_root.join(DEVFREQ);
                let max = std::fs::read_to_string(dir.join("max_freq")).map_err(|e| {
                    Error::unsupported(self.info.backend, format!("PERF_BOOST: {}: {e}", dir.display()))
                })?;
                std::fs::write(dir.join("min_freq"), max.trim()).map_err(|e| {
                    Error::unsupported(self.info.backend, format!("PERF_BOOST: {}: {e}", dir.display()))
                })?;
                Ok(())
            }
            RmControl::GpfifoSchedule { .. } => Ok(()), // channels are scheduled when bound
            RmControl::GetWorkSubmitToken { token } => match &node.object {
                Object::Channel(ch) => {
                    *token = ch.token;
                    Ok(())
                }
                o => Err(Error::invalid("rm_control", format!("GET_WORK_SUBMIT_TOKEN on a {}", o.name()))),
            },
            RmControl::GrGetInfo { queries } => {
                for (index, value) in queries.iter_mut() {
                    *value = match index {
                        GrInfoIndex::SmVersion => c.sm_arch_sm_version,
                        GrInfoIndex::NumGpcs => c.num_gpc,
                        GrInfoIndex::NumTpcPerGpc => c.num_tpc_per_gpc,
                        GrInfoIndex::NumSmPerTpc => ga10b::SMS_PER_TPC,
                        GrInfoIndex::MaxWarpsPerSm => c.sm_arch_warp_count.max(ga10b::MAX_WARPS_PER_SM),
                        other => {
                            return Err(Error::unsupported(self.info.backend, format!("GR_GET_INFO index {other:?}")))
                        }
                    };
                }
                Ok(())
            }
            RmControl::GetClassList { classes } => {
                *classes = vec![
                    RmClass::Device0.number(),
                    RmClass::Subdevice0.number(),
                    RmClass::MemoryVirtual.number(),
                    RmClass::KeplerChannelGroupA.number(),
                    RmClass::FermiContextShareA.number(),
                    c.gpfifo_class,
                    c.compute_class,
                    c.dma_copy_class,
                ];
                Ok(())
            }
            RmControl::GetGidInfo { uuid } => {
                // Synthetic and stable: 'J' (Jetson) + arch/impl/rev + per-device identifier.
                let mut u = [0u8; 16];
                u[0] = b'J';
                u[1..3].copy_from_slice(&(c.arch as u16).to_le_bytes());
                u[3] = c.impl_ as u8;
                u[4] = c.rev as u8;
                u[5..13].copy_from_slice(&c.per_device_identifier.to_le_bytes());
                u[13..16].copy_from_slice(&c.sm_arch_sm_version.to_le_bytes()[..3]);
                *uuid = u;
                Ok(())
            }
            RmControl::FbFlushGpuCache => Ok(()), // IO-coherent: nothing to flush
            other => {
                log::warn!("unsupported rm_control {:#x}", other.cmd());
                Err(Error::unsupported(self.info.backend, format!("rm_control {:#x}", other.cmd())))
            }
        }
    }

    /// `rm_free`: free `object` and everything under it.
    pub(crate) fn free_object(&self, object: RmHandle) -> Result<()> {
        let mut st = lock(&self.state);
        if !st.objects.contains_key(&object) {
            return Err(Error::invalid("rm_free", format!("unknown handle {object}")));
        }
        self.free_subtree(&mut st, object);
        // A closed channel's work is gone: what waited for it can go too.
        self.reclaim(&mut st);
        Ok(())
    }
}
