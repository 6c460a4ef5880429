//! NVIDIA Resource Manager (RM) classes and controls as typed enums.
//!
//! Runtimes written against the desktop driver (tinygrad's NV backend, say)
//! speak RM: `rm_alloc(parent, class, params)` and `rm_control(object, cmd)`.
//! These enums cover every class and control that the Tegra translation layer
//! handles (seed 000, "RM Translation Layer"), with a raw escape hatch for the
//! rest; a backend answers a raw class or control it does not know with
//! [`Error::Unsupported`](crate::Error::Unsupported), never a silent success.
//!
//! Numbers are NVIDIA's (open-gpu-kernel-modules class headers); a test checks
//! each against `facts/nv-ampere-classes.tsv`.

/// An RM class that `rm_alloc` can create.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RmClass {
    /// `NV01_DEVICE_0` (0x80): hierarchy container.
    Device0,
    /// `NV20_SUBDEVICE_0` (0x2080): hierarchy container.
    Subdevice0,
    /// `NV01_MEMORY_VIRTUAL` (0x70): the GPU address space.
    MemoryVirtual,
    /// `FERMI_VASPACE_A` (0x90F1): a VA space object (the AS already exists on Tegra).
    FermiVaspaceA,
    /// `KEPLER_CHANNEL_GROUP_A` (0xA06C): a TSG.
    KeplerChannelGroupA,
    /// `FERMI_CONTEXT_SHARE_A` (0x9067): a subcontext (VEID) in a TSG.
    FermiContextShareA,
    /// `AMPERE_CHANNEL_GPFIFO_A` (0xC56F): a channel with its GPFIFO.
    AmpereChannelGpfifoA,
    /// `AMPERE_CHANNEL_GPFIFO_B` (0xC76F): the ga10b GPFIFO class.
    AmpereChannelGpfifoB,
    /// `AMPERE_COMPUTE_A` (0xC6C0).
    AmpereComputeA,
    /// `AMPERE_COMPUTE_B` (0xC7C0): the ga10b compute class.
    AmpereComputeB,
    /// `AMPERE_DMA_COPY_A` (0xC6B5).
    AmpereDmaCopyA,
    /// `AMPERE_DMA_COPY_B` (0xC7B5): the ga10b copy class.
    AmpereDmaCopyB,
    /// `GT200_DEBUGGER` (0x83DE): desktop-only debugger object.
    Gt200Debugger,
    /// Any other class number.
    Raw(u32),
}

impl RmClass {
    /// Every named class, for tables and tests.
    pub const ALL: [RmClass; 13] = [
        RmClass::Device0,
        RmClass::Subdevice0,
        RmClass::MemoryVirtual,
        RmClass::FermiVaspaceA,
        RmClass::KeplerChannelGroupA,
        RmClass::FermiContextShareA,
        RmClass::AmpereChannelGpfifoA,
        RmClass::AmpereChannelGpfifoB,
        RmClass::AmpereComputeA,
        RmClass::AmpereComputeB,
        RmClass::AmpereDmaCopyA,
        RmClass::AmpereDmaCopyB,
        RmClass::Gt200Debugger,
    ];

    /// The class number.
    pub const fn number(self) -> u32 {
        match self {
            RmClass::Device0 => 0x80,
            RmClass::Subdevice0 => 0x2080,
            RmClass::MemoryVirtual => 0x70,
            RmClass::FermiVaspaceA => 0x90f1,
            RmClass::KeplerChannelGroupA => 0xa06c,
            RmClass::FermiContextShareA => 0x9067,
            RmClass::AmpereChannelGpfifoA => 0xc56f,
            RmClass::AmpereChannelGpfifoB => 0xc76f,
            RmClass::AmpereComputeA => 0xc6c0,
            RmClass::AmpereComputeB => 0xc7c0,
            RmClass::AmpereDmaCopyA => 0xc6b5,
            RmClass::AmpereDmaCopyB => 0xc7b5,
            RmClass::Gt200Debugger => 0x83de,
            RmClass::Raw(n) => n,
        }
    }

    /// NVIDIA's C name, or `None` for a raw class.
    pub fn name(self) -> Option<&'static str> {
        Some(match self {
            RmClass::Device0 => "NV01_DEVICE_0",
            RmClass::Subdevice0 => "NV20_SUBDEVICE_0",
            RmClass::MemoryVirtual => "NV01_MEMORY_VIRTUAL",
            RmClass::FermiVaspaceA => "FERMI_VASPACE_A",
            RmClass::KeplerChannelGroupA => "KEPLER_CHANNEL_GROUP_A",
            RmClass::FermiContextShareA => "FERMI_CONTEXT_SHARE_A",
            RmClass::AmpereChannelGpfifoA => "AMPERE_CHANNEL_GPFIFO_A",
            RmClass::AmpereChannelGpfifoB => "AMPERE_CHANNEL_GPFIFO_B",
            RmClass::AmpereComputeA => "AMPERE_COMPUTE_A",
            RmClass::AmpereComputeB => "AMPERE_COMPUTE_B",
            RmClass::AmpereDmaCopyA => "AMPERE_DMA_COPY_A",
            RmClass::AmpereDmaCopyB => "AMPERE_DMA_COPY_B",
            RmClass::Gt200Debugger => "GT200_DEBUGGER",
            RmClass::Raw(_) => return None,
        })
    }

    /// The named class with this number, else [`RmClass::Raw`].
    pub fn from_number(n: u32) -> RmClass {
        RmClass::ALL.into_iter().find(|c| c.number() == n).unwrap_or(RmClass::Raw(n))
    }

    /// True for the channel (GPFIFO) classes.
    pub fn is_gpfifo(self) -> bool {
        matches!(self, RmClass::AmpereChannelGpfifoA | RmClass::AmpereChannelGpfifoB)
    }

    /// True for engine object classes bound to a channel (compute, copy).
    pub fn is_engine(self) -> bool {
        matches!(
            self,
            RmClass::AmpereComputeA | RmClass::AmpereComputeB | RmClass::AmpereDmaCopyA | RmClass::AmpereDmaCopyB
        )
    }
}

impl std::fmt::Display for RmClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(n) => write!(f, "{n} ({:#x})", self.number()),
            None => write!(f, "class {:#x}", self.number()),
        }
    }
}

/// Parameters of `rm_alloc`, typed per class.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum RmAllocParams {
    /// The class takes no parameters.
    #[default]
    None,
    /// `NV01_MEMORY_VIRTUAL`: the VA range to manage (0 = backend default).
    AddressSpace {
        /// First usable GPU VA (0: the backend's default).
        va_start: u64,
        /// One past the last usable GPU VA (0: the backend's default).
        va_end: u64,
    },
    /// `FERMI_CONTEXT_SHARE_A`.
    ContextShare {
        /// Asynchronous subcontext (a VEID of its own) rather than the sync VEID 0.
        asynchronous: bool,
    },
    /// `AMPERE_CHANNEL_GPFIFO_*`.
    Gpfifo {
        /// GPFIFO ring entries: a power of two, at least 2.
        entries: u32,
        /// The subcontext (`FERMI_CONTEXT_SHARE_A` handle) to bind to, if any.
        context_share: Option<crate::RmHandle>,
    },
    /// Raw parameter bytes for [`RmClass::Raw`].
    Raw(Vec<u8>),
}

/// `NV2080_CTRL_CMD_GR_GET_INFO` indices this layer answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GrInfoIndex {
    /// `NV2080_CTRL_GR_INFO_INDEX_SM_VERSION` (as `major << 8 | minor`).
    SmVersion,
    /// `NV2080_CTRL_GR_INFO_INDEX_LITTER_NUM_GPCS`.
    NumGpcs,
    /// `NV2080_CTRL_GR_INFO_INDEX_LITTER_NUM_TPC_PER_GPC`.
    NumTpcPerGpc,
    /// `NV2080_CTRL_GR_INFO_INDEX_LITTER_NUM_SM_PER_TPC`.
    NumSmPerTpc,
    /// `NV2080_CTRL_GR_INFO_INDEX_MAX_WARPS_PER_SM`.
    MaxWarpsPerSm,
    /// Any other index (answered with `Unsupported`).
    Raw(u32),
}

/// An RM control call with its typed, in/out parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RmControl {
    /// `NV2080_CTRL_CMD_PERF_BOOST`: pin clocks high (Tegra: devfreq `min_freq = max_freq`).
    PerfBoost {
        /// Boost duration in seconds (ignored on Tegra: the pin lasts until changed).
        duration_s: u32,
    },
    /// `NVA06C_CTRL_CMD_GPFIFO_SCHEDULE`: enable scheduling of a channel group.
    GpfifoSchedule {
        /// Enable (true) or disable.
        enable: bool,
    },
    /// `NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN`: the doorbell token of a channel.
    GetWorkSubmitToken {
        /// Out: the token.
        token: u32,
    },
    /// `NV2080_CTRL_CMD_GR_GET_INFO`: graphics-engine facts.
    GrGetInfo {
        /// In: the indices; out: their values, same order.
        queries: Vec<(GrInfoIndex, u32)>,
    },
    /// `NV0080_CTRL_CMD_GPU_GET_CLASSLIST`: the classes the device supports.
    GetClassList {
        /// Out: class numbers.
        classes: Vec<u32>,
    },
    /// `NV2080_CTRL_CMD_GPU_GET_GID_INFO`: the GPU's UUID.
    GetGidInfo {
        /// Out: 16 UUID bytes (synthetic and stable on Tegra).
        uuid: [u8; 16],
    },
    /// `NV2080_CTRL_CMD_FB_FLUSH_GPU_CACHE`: write back / invalidate L2.
    FbFlushGpuCache,
    /// Any other control: its command number and raw parameter bytes.
    Raw {
        /// The `NV*_CTRL_CMD_*` number.
        cmd: u32,
        /// Parameters, in and out.
        params: Vec<u8>,
    },
}

impl RmControl {
    /// The control's command number.
    pub fn cmd(&self) -> u32 {
        match self {
            RmControl::PerfBoost { .. } => 0x2080_200a,
            RmControl::GpfifoSchedule { .. } => 0xa06c_0101,
            RmControl::GetWorkSubmitToken { .. } => 0xc36f_0108,
            RmControl::GrGetInfo { .. } => 0x2080_1201,
            RmControl::GetClassList { .. } => 0x0080_0201,
            RmControl::GetGidInfo { .. } => 0x2080_014a,
            RmControl::FbFlushGpuCache => 0x2080_130e,
            RmControl::Raw { cmd, .. } => *cmd,
        }
    }

    /// NVIDIA's C name, or `None` for a raw control.
    pub fn name(&self) -> Option<&'static str> {
        Some(match self {
            RmControl::PerfBoost { .. } => "NV2080_CTRL_CMD_PERF_BOOST",
            RmControl::GpfifoSchedule { .. } => "NVA06C_CTRL_CMD_GPFIFO_SCHEDULE",
            RmControl::GetWorkSubmitToken { .. } => "NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN",
            RmControl::GrGetInfo { .. } => "NV2080_CTRL_CMD_GR_GET_INFO",
            RmControl::GetClassList { .. } => "NV0080_CTRL_CMD_GPU_GET_CLASSLIST",
            RmControl::GetGidInfo { .. } => "NV2080_CTRL_CMD_GPU_GET_GID_INFO",
            RmControl::FbFlushGpuCache => "NV2080_CTRL_CMD_FB_FLUSH_GPU_CACHE",
            RmControl::Raw { .. } => return None,
        })
    }

    /// One value of every named control, for tables and tests.
    pub fn all_named() -> Vec<RmControl> {
        vec![
            RmControl::PerfBoost { duration_s: 0 },
            RmControl::GpfifoSchedule { enable: true },
            RmControl::GetWorkSubmitToken { token: 0 },
            RmControl::GrGetInfo { queries: vec![] },
            RmControl::GetClassList { classes: vec![] },
            RmControl::GetGidInfo { uuid: [0; 16] },
            RmControl::FbFlushGpuCache,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_number_round_trips_and_falls_back_to_raw() {
        for c in RmClass::ALL {
            assert_eq!(RmClass::from_number(c.number()), c);
        }
        assert_eq!(RmClass::from_number(0x1234), RmClass::Raw(0x1234));
        assert_eq!(RmClass::Raw(0x1234).name(), None);
    }
}
