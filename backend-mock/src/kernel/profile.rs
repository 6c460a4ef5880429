//! Device profiles: what GET_CHARACTERISTICS reports, per Orin module with
//! a recorded log. One profile today, [`Characteristics::jetson_agx_orin_64gb`]:
//! every field issue 21 item 3 recorded on a real Orin (L4T r36), which seed
//! 001 names a "Jetson Orin AGX 64GB" (its log reports 1 GPC × 4 TPC).
//! Other modules get a profile only when a log of theirs exists.

use gpuiface_abi::r36::*;
use gpuiface_abi::{convert, r35, Release};
use gpuiface_hal::hw::ga10b;

/// What GET_CHARACTERISTICS reports.
#[derive(Debug, Clone)]
pub struct Characteristics {
    /// The struct the kernel copies out.
    pub value: NvgpuGpuCharacteristics,
    /// The size the kernel reports (`sizeof` of its struct: r36 328, r35 312).
    pub reported_size: u64,
    /// The L4T release of the kernel these characteristics belong to: its
    /// ABI, its rules and the layout GET_CHARACTERISTICS copies out (r35's
    /// is `gpuiface_abi::convert::characteristics_to_r35` of [`Characteristics::value`]).
    pub release: Release,
}

impl Default for Characteristics {
    fn default() -> Self {
        Self::jetson_agx_orin_64gb()
    }
}

/// `flags` as the recorded Orin reports it: 0x01bf5fff7f5d035d. Every set
/// bit is a named flag of the r36 ABI (`facts/nvgpu-abi.tsv`); the mock
/// reports them all, whether or not it models the feature (FIDELITY.md
/// lists what it does not).
pub const JETSON_AGX_ORIN_64GB_FLAGS: u64 = 0x01bf_5fff_7f5d_035d;

impl Characteristics {
    /// The recorded Orin (issue 21 item 3; seed 001 names the module).
    pub fn jetson_agx_orin_64gb() -> Self {
        let mut c = NvgpuGpuCharacteristics {
            arch: 0x170,
            impl_: 0xb,
            rev: 0xa1,
            num_gpc: 1,
            // NVGPU_GPU_CHARACTERISTICS_NO_NUMA_INFO: the recorded NUMA node.
            numa_domain_id: -1,
            L2_cache_size: 4 << 20,
            on_board_video_memory_size: 0,
            num_tpc_per_gpc: 4,
            bus_type: 0x20,
            // Recorded 0: nvgpu reports no big page size for ga10b's default AS.
            big_page_size: 0,
            compression_page_size: 0x10000,
            pde_coverage_bit_count: 47,
            available_big_page_sizes: ga10b::BIG_PAGE as u32,
            flags: JETSON_AGX_ORIN_64GB_FLAGS,
            twod_class: 0x902d,
            threed_class: ga10b::GRAPHICS_CLASS,
            compute_class: ga10b::COMPUTE_CLASS,
            gpfifo_class: ga10b::GPFIFO_CLASS,
            inline_to_memory_class: 0xa140,
            dma_copy_class: ga10b::DMA_COPY_CLASS,
            gpc_mask: 0x1,
            sm_arch_sm_version: ga10b::SM_VERSION,
            sm_arch_spa_version: 0x806,
            sm_arch_warp_count: ga10b::REPORTED_WARPS_PER_SM,
            gpu_ioctl_nr_last: NVGPU_GPU_IOCTL_LAST as i16,
            tsg_ioctl_nr_last: NVGPU_TSG_IOCTL_LAST as i16,
            ioctl_channel_nr_last: NVGPU_IOCTL_CHANNEL_LAST as i16,
            as_ioctl_nr_last: NVGPU_AS_IOCTL_LAST as i16,
            gpu_va_bit_count: ga10b::VA_BITS as u8,
            max_fbps_count: 2,
            fbp_en_mask: 0x3,
            max_ltc_per_fbp: 1,
            max_lts_per_ltc: 4,
            max_gpc_count: 1,
            num_ltc: 2,
            max_freq: 1_300_000_000,
            per_device_identifier: 0x0b17_0000_4a45_5453,
            max_veid_count_per_tsg: 64,
            max_gpfifo_entries: 1 << 28,
            ..Default::default()
        };
        c.chipname[..5].copy_from_slice(b"ga10b");
        from_the_sources(&mut c, &R36_SOURCE_VALUES);
        Characteristics {
            value: c,
            reported_size: std::mem::size_of::<NvgpuGpuCharacteristics>() as u64,
            release: Release::R36,
        }
    }

    /// The default profile ([`Characteristics::jetson_agx_orin_64gb`]).
    pub fn ga10b() -> Self {
        Self::jetson_agx_orin_64gb()
    }

    /// The recorded Orin as an L4T r35 kernel would report it: the 312-byte
    /// struct; the ioctl counts r35's headers define (`NVGPU_GPU_IOCTL_LAST`
    /// 0x2a, `NVGPU_TSG_IOCTL_LAST` 0x10, r35 `ioctl_ctrl.c` L474-482 copies
    /// them in); none of the flags r35 does not define (the three r36
    /// added: `SCHED_EXIT_WAIT_FOR_ERRBAR_SUPPORTED`,
    /// `MULTI_PROCESS_TSG_SHARING`, `SUPPORT_GPU_MMIO`). No r35 Orin log
    /// exists: every other value is the r36 recording (FIDELITY.md).
    pub fn r35() -> Self {
        let mut c = Self::ga10b();
        c.value.gpu_ioctl_nr_last = r35::NVGPU_GPU_IOCTL_LAST as i16;
        c.value.tsg_ioctl_nr_last = r35::NVGPU_TSG_IOCTL_LAST as i16;
        c.value.ioctl_channel_nr_last = r35::NVGPU_IOCTL_CHANNEL_LAST as i16;
        c.value.as_ioctl_nr_last = r35::NVGPU_AS_IOCTL_LAST as i16;
        from_the_sources(&mut c.value, &R35_SOURCE_VALUES);
        c.value.flags &= !R36_ONLY_FLAGS;
        // What r35's struct has no room for reads as an r35 kernel leaves it.
        c.value = convert::characteristics_from_r35(&convert::characteristics_to_r35(&c.value));
        c.reported_size = r35::NVGPU_GPU_CHARACTERISTICS_SIZE as u64;
        c.release = Release::R35;
        c
    }

    /// The recorded Orin as a kernel of `release` reports it.
    pub fn for_release(release: Release) -> Self {
        match release {
            Release::R35 => Self::r35(),
            Release::R36 => Self::ga10b(),
        }
    }

    /// The bytes GET_CHARACTERISTICS copies out: [`Characteristics::value`]
    /// in the layout of [`Characteristics::release`].
    pub fn bytes(&self) -> Vec<u8> {
        match self.release {
            Release::R36 => self.value.to_bytes(),
            Release::R35 => convert::characteristics_to_r35(&self.value).to_bytes(),
        }
    }
}

/// Fields of GET_CHARACTERISTICS no Orin log recorded but the kernel's
/// sources fix for every ga10b: `gk20a_ctrl_ioctl_gpu_characteristics`
/// (os/linux/ioctl_ctrl.c, r36.4.3 L455, L496-507; r35.6 L431, L472-483)
/// copies in constants. The `*_ioctl_nr_last` are the highest ioctl numbers
/// of each device node's table (the UAPI headers' `*_IOCTL_LAST`,
/// `facts/nvgpu-abi.tsv` / `nvgpu-abi-r35.tsv`); `reg_ops_limit` is
/// `NVGPU_IOCTL_DBG_REG_OPS_LIMIT` (os/linux/ioctl_dbg.h L27: 1024);
/// `max_css_buffer_size` is `nvgpu_css_get_max_buffer_size`, ga10b's
/// `css.get_max_buffer_size` (common/perf/cyclestats_snapshot.c L604-608:
/// 0xffffffff; hal/init/hal_ga10b.c L1697); `max_ctxsw_ring_buffer_size` is
/// `GK20A_CTXSW_TRACE_MAX_VM_RING_SIZE`, 128 CPU pages
/// (os/linux/fecs_trace_linux.h L23; 4 KiB pages on L4T). Fields the kernel
/// reads from the hardware or its configuration (`lts_per_ltc`,
/// `num_ppc_per_gpc`, the preemption modes, the comptag and EMC fields,
/// `map_buffer_batch_limit`, `max_dbg_tsg_timeslice`, ...) stay zero:
/// FIDELITY.md lists them.
#[derive(Debug, Clone, Copy)]
pub struct SourceValues {
    /// `dbg_gpu_ioctl_nr_last`: `NVGPU_DBG_GPU_IOCTL_LAST`.
    pub dbg_gpu_ioctl_nr_last: i16,
    /// `event_ioctl_nr_last`: `NVGPU_EVENT_IOCTL_LAST`.
    pub event_ioctl_nr_last: i16,
    /// `ctxsw_ioctl_nr_last`: `NVGPU_CTXSW_IOCTL_LAST`.
    pub ctxsw_ioctl_nr_last: i16,
    /// `prof_ioctl_nr_last`: `NVGPU_PROFILER_IOCTL_LAST`.
    pub prof_ioctl_nr_last: i16,
    /// `nvs_ioctl_nr_last`: `NVGPU_NVS_IOCTL_LAST`.
    pub nvs_ioctl_nr_last: i16,
    /// `reg_ops_limit`: `NVGPU_IOCTL_DBG_REG_OPS_LIMIT`.
    pub reg_ops_limit: u32,
    /// `max_css_buffer_size`: `nvgpu_css_get_max_buffer_size`.
    pub max_css_buffer_size: u32,
    /// `max_ctxsw_ring_buffer_size`: `GK20A_CTXSW_TRACE_MAX_VM_RING_SIZE`.
    pub max_ctxsw_ring_buffer_size: u32,
}

/// [`SourceValues`] of an L4T r36.4.3 kernel.
pub const R36_SOURCE_VALUES: SourceValues = SourceValues {
    dbg_gpu_ioctl_nr_last: 0x21,
    event_ioctl_nr_last: 0x1,
    ctxsw_ioctl_nr_last: 0x6,
    prof_ioctl_nr_last: 0xd,
    nvs_ioctl_nr_last: 0x3,
    reg_ops_limit: 1024,
    max_css_buffer_size: 0xffff_ffff,
    max_ctxsw_ring_buffer_size: 128 * 4096,
};

/// [`SourceValues`] of an L4T r35.6 kernel: r35's debugger table ends one
/// number lower (`NVGPU_DBG_GPU_IOCTL_LAST` 0x20); the rest as r36.
pub const R35_SOURCE_VALUES: SourceValues = SourceValues { dbg_gpu_ioctl_nr_last: 0x20, ..R36_SOURCE_VALUES };

fn from_the_sources(c: &mut NvgpuGpuCharacteristics, v: &SourceValues) {
    c.dbg_gpu_ioctl_nr_last = v.dbg_gpu_ioctl_nr_last;
    c.event_ioctl_nr_last = v.event_ioctl_nr_last;
    c.ctxsw_ioctl_nr_last = v.ctxsw_ioctl_nr_last;
    c.prof_ioctl_nr_last = v.prof_ioctl_nr_last;
    c.nvs_ioctl_nr_last = v.nvs_ioctl_nr_last;
    c.reg_ops_limit = v.reg_ops_limit;
    c.max_css_buffer_size = v.max_css_buffer_size;
    c.max_ctxsw_ring_buffer_size = v.max_ctxsw_ring_buffer_size;
}

/// The `NVGPU_GPU_FLAGS_*` bits r36 added (facts/r35-vs-r36.diff.tsv,
/// `added_in_r36`): an r35 kernel reports none of them.
pub const R36_ONLY_FLAGS: u64 = NVGPU_GPU_FLAGS_SCHED_EXIT_WAIT_FOR_ERRBAR_SUPPORTED
    | NVGPU_GPU_FLAGS_MULTI_PROCESS_TSG_SHARING
    | NVGPU_GPU_FLAGS_SUPPORT_GPU_MMIO;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_r35_profile_is_the_r35_abi_s() {
        let c = Characteristics::r35();
        assert_eq!(c.bytes().len(), 312);
        assert_eq!(c.value.flags & R36_ONLY_FLAGS, 0);
        assert_ne!(Characteristics::ga10b().value.flags & R36_ONLY_FLAGS, 0, "the recording has r36-only flags");
        let old = r35::NvgpuGpuCharacteristics::from_bytes(&c.bytes()).unwrap();
        assert_eq!((old.tsg_ioctl_nr_last, old.max_veid_count_per_tsg, old.L2_cache_size), (0x10, 64, 4 << 20));
    }
}
