//! Device profiles: what GET_CHARACTERISTICS reports, per Orin module with
//! a recorded log. One profile today, [`Characteristics::jetson_agx_orin_64gb`]:
//! every field issue 21 item 3 recorded on a real Orin (L4T r36), which seed
//! 001 names a "Jetson Orin AGX 64GB" (its log reports 1 GPC × 4 TPC).
//! Other modules get a profile only when a log of theirs exists.

use gpuiface_abi::r36::*;
use gpuiface_hal::hw::ga10b;

/// What GET_CHARACTERISTICS reports.
#[derive(Debug, Clone)]
pub struct Characteristics {
    /// The struct the kernel copies out.
    pub value: NvgpuGpuCharacteristics,
    /// The size the kernel reports (`sizeof` of its struct: r36 328, r35 312).
    pub reported_size: u64,
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
        Characteristics { value: c, reported_size: std::mem::size_of::<NvgpuGpuCharacteristics>() as u64 }
    }

    /// The default profile ([`Characteristics::jetson_agx_orin_64gb`]).
    pub fn ga10b() -> Self {
        Self::jetson_agx_orin_64gb()
    }

    /// An L4T r35 kernel: the 312-byte characteristics struct.
    pub fn r35() -> Self {
        Characteristics { reported_size: gpuiface_abi::r35::NVGPU_GPU_CHARACTERISTICS_SIZE as u64, ..Self::ga10b() }
    }
}
