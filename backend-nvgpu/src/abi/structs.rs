//! Definitions of the L4T r36 nvgpu/nvmap argument structs (written by hand, not
//! generated: unions, aliases and padding notes need a reader). Layouts are checked
//! field by field against facts/nvgpu-abi.tsv by tests/abi_facts.rs.
use super::abi_struct;
abi_struct! {
    /// `struct nvgpu_gpu_zcull_get_ctx_size_args` (4 bytes).
    "nvgpu_gpu_zcull_get_ctx_size_args" => NvgpuGpuZcullGetCtxSizeArgs (4) {
        /// `__u32 size` at offset 0.
        "size" size: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_zcull_get_info_args` (40 bytes).
    "nvgpu_gpu_zcull_get_info_args" => NvgpuGpuZcullGetInfoArgs (40) {
        /// `__u32 width_align_pixels` at offset 0.
        "width_align_pixels" width_align_pixels: u32,
        /// `__u32 height_align_pixels` at offset 4.
        "height_align_pixels" height_align_pixels: u32,
        /// `__u32 pixel_squares_by_aliquots` at offset 8.
        "pixel_squares_by_aliquots" pixel_squares_by_aliquots: u32,
        /// `__u32 aliquot_total` at offset 12.
        "aliquot_total" aliquot_total: u32,
        /// `__u32 region_byte_multiplier` at offset 16.
        "region_byte_multiplier" region_byte_multiplier: u32,
        /// `__u32 region_header_size` at offset 20.
        "region_header_size" region_header_size: u32,
        /// `__u32 subregion_header_size` at offset 24.
        "subregion_header_size" subregion_header_size: u32,
        /// `__u32 subregion_width_align_pixels` at offset 28.
        "subregion_width_align_pixels" subregion_width_align_pixels: u32,
        /// `__u32 subregion_height_align_pixels` at offset 32.
        "subregion_height_align_pixels" subregion_height_align_pixels: u32,
        /// `__u32 subregion_count` at offset 36.
        "subregion_count" subregion_count: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_characteristics` (16 bytes).
    "nvgpu_gpu_get_characteristics" => NvgpuGpuGetCharacteristics (16) {
        /// `__u64 gpu_characteristics_buf_size` at offset 0.
        "gpu_characteristics_buf_size" gpu_characteristics_buf_size: u64,
        /// `__u64 gpu_characteristics_buf_addr` at offset 8.
        "gpu_characteristics_buf_addr" gpu_characteristics_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_alloc_as_args` (64 bytes).
    "nvgpu_alloc_as_args" => NvgpuAllocAsArgs (64) {
        /// `__u32 big_page_size` at offset 0.
        "big_page_size" big_page_size: u32,
        /// `__s32 as_fd` at offset 4.
        "as_fd" as_fd: i32,
        /// `__u32 flags` at offset 8.
        "flags" flags: u32,
        /// `__u32 reserved` at offset 12.
        "reserved" reserved: u32,
        /// `__u64 va_range_start` at offset 16.
        "va_range_start" va_range_start: u64,
        /// `__u64 va_range_end` at offset 24.
        "va_range_end" va_range_end: u64,
        /// `__u64 va_range_split` at offset 32.
        "va_range_split" va_range_split: u64,
        /// `__u32[6] padding` at offset 40.
        "padding" padding: [u32; 6],
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_open_tsg_args` (24 bytes).
    "nvgpu_gpu_open_tsg_args" => NvgpuGpuOpenTsgArgs (24) {
        /// `__u32 tsg_fd` at offset 0.
        "tsg_fd" tsg_fd: u32,
        /// `__u32 flags` at offset 4.
        "flags" flags: u32,
        /// `__u64 source_device_instance_id` at offset 8.
        "source_device_instance_id" source_device_instance_id: u64,
        /// `__u64 share_token` at offset 16.
        "share_token" share_token: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_tpc_masks_args` (16 bytes).
    "nvgpu_gpu_get_tpc_masks_args" => NvgpuGpuGetTpcMasksArgs (16) {
        /// `__u32 mask_buf_size` at offset 0.
        "mask_buf_size" mask_buf_size: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
        /// `__u64 mask_buf_addr` at offset 8.
        "mask_buf_addr" mask_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_open_channel_args` (4 bytes).
    "nvgpu_gpu_open_channel_args" => NvgpuGpuOpenChannelArgs (4) {
        /// `__s32 channel_fd` at offset 0.
        "channel_fd" channel_fd: i32,
    }
    aliases [("in", 0, 4), ("in.runlist_id", 0, 4), ("out", 0, 4), ("out.channel_fd", 0, 4)]
}
abi_struct! {
    /// `struct nvgpu_gpu_vsms_mapping` (8 bytes).
    "nvgpu_gpu_vsms_mapping" => NvgpuGpuVsmsMapping (8) {
        /// `__u64 vsms_map_buf_addr` at offset 0.
        "vsms_map_buf_addr" vsms_map_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_num_vsms` (8 bytes).
    "nvgpu_gpu_num_vsms" => NvgpuGpuNumVsms (8) {
        /// `__u32 num_vsms` at offset 0.
        "num_vsms" num_vsms: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_engine_info_args` (16 bytes).
    "nvgpu_gpu_get_engine_info_args" => NvgpuGpuGetEngineInfoArgs (16) {
        /// `__u32 engine_info_buf_size` at offset 0.
        "engine_info_buf_size" engine_info_buf_size: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
        /// `__u64 engine_info_buf_addr` at offset 8.
        "engine_info_buf_addr" engine_info_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_clk_range_args` (16 bytes).
    "nvgpu_gpu_clk_range_args" => NvgpuGpuClkRangeArgs (16) {
        /// `__u32 flags` at offset 0.
        "flags" flags: u32,
        /// `__u16 pad0` at offset 4.
        "pad0" pad0: u16,
        /// `__u16 num_entries` at offset 6.
        "num_entries" num_entries: u16,
        /// `__u64 clk_range_entries` at offset 8.
        "clk_range_entries" clk_range_entries: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_clk_vf_points_args` (24 bytes).
    "nvgpu_gpu_clk_vf_points_args" => NvgpuGpuClkVfPointsArgs (24) {
        /// `__u32 flags` at offset 0.
        "flags" flags: u32,
        /// `__u32 clk_domain` at offset 4.
        "clk_domain" clk_domain: u32,
        /// `__u16 max_entries` at offset 8.
        "max_entries" max_entries: u16,
        /// `__u16 num_entries` at offset 10.
        "num_entries" num_entries: u16,
        /// `__u32 reserved` at offset 12.
        "reserved" reserved: u32,
        /// `__u64 clk_vf_point_entries` at offset 16.
        "clk_vf_point_entries" clk_vf_point_entries: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_fbp_l2_masks_args` (16 bytes).
    "nvgpu_gpu_get_fbp_l2_masks_args" => NvgpuGpuGetFbpL2MasksArgs (16) {
        /// `__u32 mask_buf_size` at offset 0.
        "mask_buf_size" mask_buf_size: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
        /// `__u64 mask_buf_addr` at offset 8.
        "mask_buf_addr" mask_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_set_deterministic_opts_args` (16 bytes).
    "nvgpu_gpu_set_deterministic_opts_args" => NvgpuGpuSetDeterministicOptsArgs (16) {
        /// `__u32 num_channels` at offset 0.
        "num_channels" num_channels: u32,
        /// `__u32 flags` at offset 4.
        "flags" flags: u32,
        /// `__u64 channels` at offset 8.
        "channels" channels: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_register_buffer_args` (24 bytes).
    "nvgpu_gpu_register_buffer_args" => NvgpuGpuRegisterBufferArgs (24) {
        /// `__s32 dmabuf_fd` at offset 0.
        "dmabuf_fd" dmabuf_fd: i32,
        /// `__u8 comptags_alloc_control` at offset 4.
        "comptags_alloc_control" comptags_alloc_control: u8,
        /// `__u8 reserved0` at offset 5.
        "reserved0" reserved0: u8,
        /// `__u16 reserved1` at offset 6.
        "reserved1" reserved1: u16,
        /// `__u64 metadata_addr` at offset 8.
        "metadata_addr" metadata_addr: u64,
        /// `__u32 metadata_size` at offset 16.
        "metadata_size" metadata_size: u32,
        /// `__u32 flags` at offset 20.
        "flags" flags: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_gpc_physical_map_args` (16 bytes).
    "nvgpu_gpu_get_gpc_physical_map_args" => NvgpuGpuGetGpcPhysicalMapArgs (16) {
        /// `__u32 map_buf_size` at offset 0.
        "map_buf_size" map_buf_size: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
        /// `__u64 physical_gpc_buf_addr` at offset 8.
        "physical_gpc_buf_addr" physical_gpc_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_gpc_logical_map_args` (16 bytes).
    "nvgpu_gpu_get_gpc_logical_map_args" => NvgpuGpuGetGpcLogicalMapArgs (16) {
        /// `__u32 map_buf_size` at offset 0.
        "map_buf_size" map_buf_size: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
        /// `__u64 logical_gpc_buf_addr` at offset 8.
        "logical_gpc_buf_addr" logical_gpc_buf_addr: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_get_gpu_time_args` (16 bytes).
    "nvgpu_gpu_get_gpu_time_args" => NvgpuGpuGetGpuTimeArgs (16) {
        /// `__u64 gpu_timestamp` at offset 0.
        "gpu_timestamp" gpu_timestamp: u64,
        /// `__u64 reserved` at offset 8.
        "reserved" reserved: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_create_handle` (8 bytes). A union in C: `size`/`fd` share
    /// bytes 0..4 and `size64`/`ivm_id` cover 0..8, hence 8-byte alignment.
    #[repr(align(8))]
    "nvmap_create_handle" => NvmapCreateHandle (8) {
        /// `__u32 size` at offset 0.
        "size" size: u32,
        /// `__u32 handle` at offset 4.
        "handle" handle: u32,
    }
    aliases [("fd", 0, 4), ("ivm_id", 0, 8), ("ivm_handle", 0, 4), ("size64", 0, 8), ("handle64", 0, 4)]
}
abi_struct! {
    /// `struct nvmap_alloc_handle` (20 bytes).
    "nvmap_alloc_handle" => NvmapAllocHandle (20) {
        /// `__u32 handle` at offset 0.
        "handle" handle: u32,
        /// `__u32 heap_mask` at offset 4.
        "heap_mask" heap_mask: u32,
        /// `__u32 flags` at offset 8.
        "flags" flags: u32,
        /// `__u32 align` at offset 12.
        "align" align: u32,
        /// `__s32 numa_nid` at offset 16.
        "numa_nid" numa_nid: i32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_cache_op` (24 bytes).
    "nvmap_cache_op" => NvmapCacheOp (24) {
        /// `unsigned long addr` at offset 0.
        "addr" addr: u64,
        /// `__u32 handle` at offset 8.
        "handle" handle: u32,
        /// `__u32 len` at offset 12.
        "len" len: u32,
        /// `__s32 op` at offset 16.
        "op" op: i32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_cache_op_64` (32 bytes; 4 bytes of padding after `handle`).
    "nvmap_cache_op_64" => NvmapCacheOp64 (32) {
        /// `unsigned long addr` at offset 0.
        "addr" addr: u64,
        /// `__u32 handle` at offset 8.
        "handle" handle: u32,
        /// `__u64 len` at offset 16.
        "len" len: u64,
        /// `__s32 op` at offset 24.
        "op" op: i32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_rw_handle` (56 bytes; 4 bytes of padding after `handle`),
    /// the argument of NVMAP_IOC_WRITE / NVMAP_IOC_READ.
    "nvmap_rw_handle" => NvmapRwHandle (56) {
        /// `__u64 addr` at offset 0: the user buffer.
        "addr" addr: u64,
        /// `__u32 handle` at offset 8.
        "handle" handle: u32,
        /// `__u64 offset` at offset 16: into the handle's memory.
        "offset" offset: u64,
        /// `__u64 elem_size` at offset 24.
        "elem_size" elem_size: u64,
        /// `__u64 hmem_stride` at offset 32.
        "hmem_stride" hmem_stride: u64,
        /// `__u64 user_stride` at offset 40.
        "user_stride" user_stride: u64,
        /// `__u64 count` at offset 48 (the kernel writes the bytes copied back here).
        "count" count: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_handle_param` (16 bytes), the argument of NVMAP_IOC_PARAM.
    "nvmap_handle_param" => NvmapHandleParam (16) {
        /// `__u32 handle` at offset 0.
        "handle" handle: u32,
        /// `__u32 param` at offset 4 (`NVMAP_HANDLE_PARAM_*`).
        "param" param: u32,
        /// `unsigned long result` at offset 8.
        "result" result: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_available_heaps` (8 bytes).
    "nvmap_available_heaps" => NvmapAvailableHeaps (8) {
        /// `__u64 heaps` at offset 0.
        "heaps" heaps: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvmap_query_heap_params` (48 bytes).
    "nvmap_query_heap_params" => NvmapQueryHeapParams (48) {
        /// `__u32 heap_mask` at offset 0.
        "heap_mask" heap_mask: u32,
        /// `__u32 flags` at offset 4.
        "flags" flags: u32,
        /// `__u8 contig` at offset 8.
        "contig" contig: u8,
        /// `__u64 total` at offset 16.
        "total" total: u64,
        /// `__u64 free` at offset 24.
        "free" free: u64,
        /// `__u64 largest_free_block` at offset 32.
        "largest_free_block" largest_free_block: u64,
        /// `__u32 granule_size` at offset 40.
        "granule_size" granule_size: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_bind_channel_args` (4 bytes).
    "nvgpu_as_bind_channel_args" => NvgpuAsBindChannelArgs (4) {
        /// `__u32 channel_fd` at offset 0.
        "channel_fd" channel_fd: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_alloc_space_args` (32 bytes).
    "nvgpu_as_alloc_space_args" => NvgpuAsAllocSpaceArgs (32) {
        /// `__u64 pages` at offset 0.
        "pages" pages: u64,
        /// `__u32 page_size` at offset 8.
        "page_size" page_size: u32,
        /// `__u32 flags` at offset 12.
        "flags" flags: u32,
        /// `__u64 o_a.offset` at offset 16.
        "o_a.offset" offset: u64,
        /// `__u32[2] padding` at offset 24.
        "padding" padding: [u32; 2],
    }
    aliases [("o_a", 16, 8), ("o_a.align", 16, 8)]
}
abi_struct! {
    /// `struct nvgpu_as_free_space_args` (32 bytes).
    "nvgpu_as_free_space_args" => NvgpuAsFreeSpaceArgs (32) {
        /// `__u64 offset` at offset 0.
        "offset" offset: u64,
        /// `__u64 pages` at offset 8.
        "pages" pages: u64,
        /// `__u32 page_size` at offset 16.
        "page_size" page_size: u32,
        /// `__u32[3] padding` at offset 20.
        "padding" padding: [u32; 3],
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_map_buffer_ex_args` (40 bytes).
    "nvgpu_as_map_buffer_ex_args" => NvgpuAsMapBufferExArgs (40) {
        /// `__u32 flags` at offset 0.
        "flags" flags: u32,
        /// `__s16 compr_kind` at offset 4.
        "compr_kind" compr_kind: i16,
        /// `__s16 incompr_kind` at offset 6.
        "incompr_kind" incompr_kind: i16,
        /// `__u32 dmabuf_fd` at offset 8.
        "dmabuf_fd" dmabuf_fd: u32,
        /// `__u32 page_size` at offset 12.
        "page_size" page_size: u32,
        /// `__u64 buffer_offset` at offset 16.
        "buffer_offset" buffer_offset: u64,
        /// `__u64 mapping_size` at offset 24.
        "mapping_size" mapping_size: u64,
        /// `__u64 offset` at offset 32.
        "offset" offset: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_unmap_buffer_args` (8 bytes).
    "nvgpu_as_unmap_buffer_args" => NvgpuAsUnmapBufferArgs (8) {
        /// `__u64 offset` at offset 0.
        "offset" offset: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_get_va_regions_args` (16 bytes).
    "nvgpu_as_get_va_regions_args" => NvgpuAsGetVaRegionsArgs (16) {
        /// `__u64 buf_addr` at offset 0.
        "buf_addr" buf_addr: u64,
        /// `__u32 buf_size` at offset 8.
        "buf_size" buf_size: u32,
        /// `__u32 reserved` at offset 12.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_as_get_sync_ro_map_args` (16 bytes).
    "nvgpu_as_get_sync_ro_map_args" => NvgpuAsGetSyncRoMapArgs (16) {
        /// `__u64 base_gpuva` at offset 0.
        "base_gpuva" base_gpuva: u64,
        /// `__u32 sync_size` at offset 8.
        "sync_size" sync_size: u32,
        /// `__u32 num_syncpoints` at offset 12.
        "num_syncpoints" num_syncpoints: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_set_timeout_ex_args` (8 bytes).
    "nvgpu_set_timeout_ex_args" => NvgpuSetTimeoutExArgs (8) {
        /// `__u32 timeout` at offset 0.
        "timeout" timeout: u32,
        /// `__u32 flags` at offset 4.
        "flags" flags: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_alloc_obj_ctx_args` (16 bytes).
    "nvgpu_alloc_obj_ctx_args" => NvgpuAllocObjCtxArgs (16) {
        /// `__u32 class_num` at offset 0.
        "class_num" class_num: u32,
        /// `__u32 flags` at offset 4.
        "flags" flags: u32,
        /// `__u64 obj_id` at offset 8.
        "obj_id" obj_id: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_set_error_notifier` (24 bytes).
    "nvgpu_set_error_notifier" => NvgpuSetErrorNotifier (24) {
        /// `__u64 offset` at offset 0.
        "offset" offset: u64,
        /// `__u64 size` at offset 8.
        "size" size: u64,
        /// `__u32 mem` at offset 16.
        "mem" mem: u32,
        /// `__u32 padding` at offset 20.
        "padding" padding: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_channel_wdt_args` (8 bytes).
    "nvgpu_channel_wdt_args" => NvgpuChannelWdtArgs (8) {
        /// `__u32 wdt_status` at offset 0.
        "wdt_status" wdt_status: u32,
        /// `__u32 timeout_ms` at offset 4.
        "timeout_ms" timeout_ms: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_preemption_mode_args` (8 bytes).
    "nvgpu_preemption_mode_args" => NvgpuPreemptionModeArgs (8) {
        /// `__u32 graphics_preempt_mode` at offset 0.
        "graphics_preempt_mode" graphics_preempt_mode: u32,
        /// `__u32 compute_preempt_mode` at offset 4.
        "compute_preempt_mode" compute_preempt_mode: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_get_user_syncpoint_args` (16 bytes).
    "nvgpu_get_user_syncpoint_args" => NvgpuGetUserSyncpointArgs (16) {
        /// `__u64 gpu_va` at offset 0.
        "gpu_va" gpu_va: u64,
        /// `__u32 syncpoint_id` at offset 8.
        "syncpoint_id" syncpoint_id: u32,
        /// `__u32 syncpoint_max` at offset 12.
        "syncpoint_max" syncpoint_max: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_channel_setup_bind_args` (104 bytes).
    "nvgpu_channel_setup_bind_args" => NvgpuChannelSetupBindArgs (104) {
        /// `__u32 num_gpfifo_entries` at offset 0.
        "num_gpfifo_entries" num_gpfifo_entries: u32,
        /// `__u32 num_inflight_jobs` at offset 4.
        "num_inflight_jobs" num_inflight_jobs: u32,
        /// `__u32 flags` at offset 8.
        "flags" flags: u32,
        /// `__s32 userd_dmabuf_fd` at offset 12.
        "userd_dmabuf_fd" userd_dmabuf_fd: i32,
        /// `__s32 gpfifo_dmabuf_fd` at offset 16.
        "gpfifo_dmabuf_fd" gpfifo_dmabuf_fd: i32,
        /// `__u32 work_submit_token` at offset 20.
        "work_submit_token" work_submit_token: u32,
        /// `__u64 userd_dmabuf_offset` at offset 24.
        "userd_dmabuf_offset" userd_dmabuf_offset: u64,
        /// `__u64 gpfifo_dmabuf_offset` at offset 32.
        "gpfifo_dmabuf_offset" gpfifo_dmabuf_offset: u64,
        /// `__u64 gpfifo_gpu_va` at offset 40.
        "gpfifo_gpu_va" gpfifo_gpu_va: u64,
        /// `__u64 userd_gpu_va` at offset 48.
        "userd_gpu_va" userd_gpu_va: u64,
        /// `__u64 usermode_mmio_gpu_va` at offset 56.
        "usermode_mmio_gpu_va" usermode_mmio_gpu_va: u64,
        /// `__u32[9] reserved` at offset 64.
        "reserved" reserved: [u32; 9],
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_fence` (8 bytes).
    "nvgpu_fence" => NvgpuFence (8) {
        /// `__u32 id` at offset 0.
        "id" id: u32,
        /// `__u32 value` at offset 4.
        "value" value: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_submit_gpfifo_args` (24 bytes).
    "nvgpu_submit_gpfifo_args" => NvgpuSubmitGpfifoArgs (24) {
        /// `__u64 gpfifo` at offset 0.
        "gpfifo" gpfifo: u64,
        /// `__u32 num_entries` at offset 8.
        "num_entries" num_entries: u32,
        /// `__u32 flags` at offset 12.
        "flags" flags: u32,
        /// `struct nvgpu_fence fence` at offset 16.
        "fence" fence: NvgpuFence,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_tsg_bind_channel_ex_args` (24 bytes).
    "nvgpu_tsg_bind_channel_ex_args" => NvgpuTsgBindChannelExArgs (24) {
        /// `__s32 channel_fd` at offset 0.
        "channel_fd" channel_fd: i32,
        /// `__u32 subcontext_id` at offset 4.
        "subcontext_id" subcontext_id: u32,
        /// `__u8[16] reserved` at offset 8.
        "reserved" reserved: [u8; 16],
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_event_id_ctrl_args` (16 bytes).
    "nvgpu_event_id_ctrl_args" => NvgpuEventIdCtrlArgs (16) {
        /// `__u32 cmd` at offset 0.
        "cmd" cmd: u32,
        /// `__u32 event_id` at offset 4.
        "event_id" event_id: u32,
        /// `__s32 event_fd` at offset 8.
        "event_fd" event_fd: i32,
        /// `__u32 padding` at offset 12.
        "padding" padding: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_timeslice_args` (8 bytes).
    "nvgpu_timeslice_args" => NvgpuTimesliceArgs (8) {
        /// `__u32 timeslice_us` at offset 0.
        "timeslice_us" timeslice_us: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_tsg_l2_max_ways_evict_last_args` (8 bytes).
    "nvgpu_tsg_l2_max_ways_evict_last_args" => NvgpuTsgL2MaxWaysEvictLastArgs (8) {
        /// `__u32 max_ways` at offset 0.
        "max_ways" max_ways: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_tsg_create_subcontext_args` (16 bytes).
    "nvgpu_tsg_create_subcontext_args" => NvgpuTsgCreateSubcontextArgs (16) {
        /// `__u32 type` at offset 0.
        "type" type_: u32,
        /// `__s32 as_fd` at offset 4.
        "as_fd" as_fd: i32,
        /// `__u32 veid` at offset 8.
        "veid" veid: u32,
        /// `__u32 reserved` at offset 12.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_tsg_delete_subcontext_args` (8 bytes).
    "nvgpu_tsg_delete_subcontext_args" => NvgpuTsgDeleteSubcontextArgs (8) {
        /// `__u32 veid` at offset 0.
        "veid" veid: u32,
        /// `__u32 reserved` at offset 4.
        "reserved" reserved: u32,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_characteristics` (328 bytes).
    "nvgpu_gpu_characteristics" => NvgpuGpuCharacteristics (328) {
        /// `__u32 arch` at offset 0.
        "arch" arch: u32,
        /// `__u32 impl` at offset 4.
        "impl" impl_: u32,
        /// `__u32 rev` at offset 8.
        "rev" rev: u32,
        /// `__u32 num_gpc` at offset 12.
        "num_gpc" num_gpc: u32,
        /// `__s32 numa_domain_id` at offset 16.
        "numa_domain_id" numa_domain_id: i32,
        /// `__u64 L2_cache_size` at offset 24.
        "L2_cache_size" L2_cache_size: u64,
        /// `__u64 on_board_video_memory_size` at offset 32.
        "on_board_video_memory_size" on_board_video_memory_size: u64,
        /// `__u32 num_tpc_per_gpc` at offset 40.
        "num_tpc_per_gpc" num_tpc_per_gpc: u32,
        /// `__u32 bus_type` at offset 44.
        "bus_type" bus_type: u32,
        /// `__u32 big_page_size` at offset 48.
        "big_page_size" big_page_size: u32,
        /// `__u32 compression_page_size` at offset 52.
        "compression_page_size" compression_page_size: u32,
        /// `__u32 pde_coverage_bit_count` at offset 56.
        "pde_coverage_bit_count" pde_coverage_bit_count: u32,
        /// `__u32 available_big_page_sizes` at offset 60.
        "available_big_page_sizes" available_big_page_sizes: u32,
        /// `__u64 flags` at offset 64.
        "flags" flags: u64,
        /// `__u32 twod_class` at offset 72.
        "twod_class" twod_class: u32,
        /// `__u32 threed_class` at offset 76.
        "threed_class" threed_class: u32,
        /// `__u32 compute_class` at offset 80.
        "compute_class" compute_class: u32,
        /// `__u32 gpfifo_class` at offset 84.
        "gpfifo_class" gpfifo_class: u32,
        /// `__u32 inline_to_memory_class` at offset 88.
        "inline_to_memory_class" inline_to_memory_class: u32,
        /// `__u32 dma_copy_class` at offset 92.
        "dma_copy_class" dma_copy_class: u32,
        /// `__u32 gpc_mask` at offset 96.
        "gpc_mask" gpc_mask: u32,
        /// `__u32 sm_arch_sm_version` at offset 100.
        "sm_arch_sm_version" sm_arch_sm_version: u32,
        /// `__u32 sm_arch_spa_version` at offset 104.
        "sm_arch_spa_version" sm_arch_spa_version: u32,
        /// `__u32 sm_arch_warp_count` at offset 108.
        "sm_arch_warp_count" sm_arch_warp_count: u32,
        /// `__s16 gpu_ioctl_nr_last` at offset 112.
        "gpu_ioctl_nr_last" gpu_ioctl_nr_last: i16,
        /// `__s16 tsg_ioctl_nr_last` at offset 114.
        "tsg_ioctl_nr_last" tsg_ioctl_nr_last: i16,
        /// `__s16 dbg_gpu_ioctl_nr_last` at offset 116.
        "dbg_gpu_ioctl_nr_last" dbg_gpu_ioctl_nr_last: i16,
        /// `__s16 ioctl_channel_nr_last` at offset 118.
        "ioctl_channel_nr_last" ioctl_channel_nr_last: i16,
        /// `__s16 as_ioctl_nr_last` at offset 120.
        "as_ioctl_nr_last" as_ioctl_nr_last: i16,
        /// `__u8 gpu_va_bit_count` at offset 122.
        "gpu_va_bit_count" gpu_va_bit_count: u8,
        /// `__u8 reserved` at offset 123.
        "reserved" reserved: u8,
        /// `__u32 max_fbps_count` at offset 124.
        "max_fbps_count" max_fbps_count: u32,
        /// `__u32 fbp_en_mask` at offset 128.
        "fbp_en_mask" fbp_en_mask: u32,
        /// `__u32 emc_en_mask` at offset 132.
        "emc_en_mask" emc_en_mask: u32,
        /// `__u32 max_ltc_per_fbp` at offset 136.
        "max_ltc_per_fbp" max_ltc_per_fbp: u32,
        /// `__u32 max_lts_per_ltc` at offset 140.
        "max_lts_per_ltc" max_lts_per_ltc: u32,
        /// `__u32 max_tex_per_tpc` at offset 144.
        "max_tex_per_tpc" max_tex_per_tpc: u32,
        /// `__u32 max_gpc_count` at offset 148.
        "max_gpc_count" max_gpc_count: u32,
        /// `__u32[2] rop_l2_en_mask_DEPRECATED` at offset 152.
        "rop_l2_en_mask_DEPRECATED" rop_l2_en_mask_DEPRECATED: [u32; 2],
        /// `__u8[8] chipname` at offset 160.
        "chipname" chipname: [u8; 8],
        /// `__u64 gr_compbit_store_base_hw` at offset 168.
        "gr_compbit_store_base_hw" gr_compbit_store_base_hw: u64,
        /// `__u32 gr_gobs_per_comptagline_per_slice` at offset 176.
        "gr_gobs_per_comptagline_per_slice" gr_gobs_per_comptagline_per_slice: u32,
        /// `__u32 num_ltc` at offset 180.
        "num_ltc" num_ltc: u32,
        /// `__u32 lts_per_ltc` at offset 184.
        "lts_per_ltc" lts_per_ltc: u32,
        /// `__u32 cbc_cache_line_size` at offset 188.
        "cbc_cache_line_size" cbc_cache_line_size: u32,
        /// `__u32 cbc_comptags_per_line` at offset 192.
        "cbc_comptags_per_line" cbc_comptags_per_line: u32,
        /// `__u32 map_buffer_batch_limit` at offset 196.
        "map_buffer_batch_limit" map_buffer_batch_limit: u32,
        /// `__u64 max_freq` at offset 200.
        "max_freq" max_freq: u64,
        /// `__u32 graphics_preemption_mode_flags` at offset 208.
        "graphics_preemption_mode_flags" graphics_preemption_mode_flags: u32,
        /// `__u32 compute_preemption_mode_flags` at offset 212.
        "compute_preemption_mode_flags" compute_preemption_mode_flags: u32,
        /// `__u32 default_graphics_preempt_mode` at offset 216.
        "default_graphics_preempt_mode" default_graphics_preempt_mode: u32,
        /// `__u32 default_compute_preempt_mode` at offset 220.
        "default_compute_preempt_mode" default_compute_preempt_mode: u32,
        /// `__u64 local_video_memory_size` at offset 224.
        "local_video_memory_size" local_video_memory_size: u64,
        /// `__u16 pci_vendor_id` at offset 232.
        "pci_vendor_id" pci_vendor_id: u16,
        /// `__u16 pci_device_id` at offset 234.
        "pci_device_id" pci_device_id: u16,
        /// `__u16 pci_subsystem_vendor_id` at offset 236.
        "pci_subsystem_vendor_id" pci_subsystem_vendor_id: u16,
        /// `__u16 pci_subsystem_device_id` at offset 238.
        "pci_subsystem_device_id" pci_subsystem_device_id: u16,
        /// `__u16 pci_class` at offset 240.
        "pci_class" pci_class: u16,
        /// `__u8 pci_revision` at offset 242.
        "pci_revision" pci_revision: u8,
        /// `__u8 vbios_oem_version` at offset 243.
        "vbios_oem_version" vbios_oem_version: u8,
        /// `__u32 vbios_version` at offset 244.
        "vbios_version" vbios_version: u32,
        /// `__u32 reg_ops_limit` at offset 248.
        "reg_ops_limit" reg_ops_limit: u32,
        /// `__u32 reserved1` at offset 252.
        "reserved1" reserved1: u32,
        /// `__s16 event_ioctl_nr_last` at offset 256.
        "event_ioctl_nr_last" event_ioctl_nr_last: i16,
        /// `__u16 pad` at offset 258.
        "pad" pad: u16,
        /// `__u32 max_css_buffer_size` at offset 260.
        "max_css_buffer_size" max_css_buffer_size: u32,
        /// `__s16 ctxsw_ioctl_nr_last` at offset 264.
        "ctxsw_ioctl_nr_last" ctxsw_ioctl_nr_last: i16,
        /// `__s16 prof_ioctl_nr_last` at offset 266.
        "prof_ioctl_nr_last" prof_ioctl_nr_last: i16,
        /// `__s16 nvs_ioctl_nr_last` at offset 268.
        "nvs_ioctl_nr_last" nvs_ioctl_nr_last: i16,
        /// `__u8[2] reserved2` at offset 270.
        "reserved2" reserved2: [u8; 2],
        /// `__u32 max_ctxsw_ring_buffer_size` at offset 272.
        "max_ctxsw_ring_buffer_size" max_ctxsw_ring_buffer_size: u32,
        /// `__u32 reserved3` at offset 276.
        "reserved3" reserved3: u32,
        /// `__u64 per_device_identifier` at offset 280.
        "per_device_identifier" per_device_identifier: u64,
        /// `__u32 num_ppc_per_gpc` at offset 288.
        "num_ppc_per_gpc" num_ppc_per_gpc: u32,
        /// `__u32 max_veid_count_per_tsg` at offset 292.
        "max_veid_count_per_tsg" max_veid_count_per_tsg: u32,
        /// `__u32 num_sub_partition_per_fbpa` at offset 296.
        "num_sub_partition_per_fbpa" num_sub_partition_per_fbpa: u32,
        /// `__u32 gpu_instance_id` at offset 300.
        "gpu_instance_id" gpu_instance_id: u32,
        /// `__u32 gr_instance_id` at offset 304.
        "gr_instance_id" gr_instance_id: u32,
        /// `__u32 max_gpfifo_entries` at offset 308.
        "max_gpfifo_entries" max_gpfifo_entries: u32,
        /// `__u32 max_dbg_tsg_timeslice` at offset 312.
        "max_dbg_tsg_timeslice" max_dbg_tsg_timeslice: u32,
        /// `__u32 reserved5` at offset 316.
        "reserved5" reserved5: u32,
        /// `__u64 device_instance_id` at offset 320.
        "device_instance_id" device_instance_id: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_notification` (16 bytes).
    "nvgpu_notification" => NvgpuNotification (16) {
        /// `__u32[2] time_stamp.nanoseconds` at offset 0.
        "time_stamp.nanoseconds" nanoseconds: [u32; 2],
        /// `__u32 info32` at offset 8.
        "info32" info32: u32,
        /// `__u16 info16` at offset 12.
        "info16" info16: u16,
        /// `__u16 status` at offset 14.
        "status" status: u16,
    }
    aliases [("time_stamp", 0, 8)]
}
abi_struct! {
    /// `struct nvgpu_as_va_region` (24 bytes).
    "nvgpu_as_va_region" => NvgpuAsVaRegion (24) {
        /// `__u64 offset` at offset 0.
        "offset" offset: u64,
        /// `__u32 page_size` at offset 8.
        "page_size" page_size: u32,
        /// `__u32 reserved` at offset 12.
        "reserved" reserved: u32,
        /// `__u64 pages` at offset 16.
        "pages" pages: u64,
    }
    aliases []
}
abi_struct! {
    /// `struct nvgpu_gpu_zbc_query_table_args` (56 bytes).
    "nvgpu_gpu_zbc_query_table_args" => NvgpuGpuZbcQueryTableArgs (56) {
        /// `__u32[4] color_ds` at offset 0.
        "color_ds" color_ds: [u32; 4],
        /// `__u32[4] color_l2` at offset 16.
        "color_l2" color_l2: [u32; 4],
        /// `__u32 depth` at offset 32.
        "depth" depth: u32,
        /// `__u32 stencil` at offset 36.
        "stencil" stencil: u32,
        /// `__u32 ref_cnt` at offset 40.
        "ref_cnt" ref_cnt: u32,
        /// `__u32 format` at offset 44.
        "format" format: u32,
        /// `__u32 type` at offset 48.
        "type" type_: u32,
        /// `__u32 index_size` at offset 52.
        "index_size" index_size: u32,
    }
    aliases []
}

/// Every struct's layout.
pub(super) const ALL_LAYOUTS: [super::StructLayout; 52] = [
    NvgpuGpuZcullGetCtxSizeArgs::LAYOUT,
    NvgpuGpuZcullGetInfoArgs::LAYOUT,
    NvgpuGpuGetCharacteristics::LAYOUT,
    NvgpuAllocAsArgs::LAYOUT,
    NvgpuGpuOpenTsgArgs::LAYOUT,
    NvgpuGpuGetTpcMasksArgs::LAYOUT,
    NvgpuGpuOpenChannelArgs::LAYOUT,
    NvgpuGpuVsmsMapping::LAYOUT,
    NvgpuGpuNumVsms::LAYOUT,
    NvgpuGpuGetEngineInfoArgs::LAYOUT,
    NvgpuGpuClkRangeArgs::LAYOUT,
    NvgpuGpuClkVfPointsArgs::LAYOUT,
    NvgpuGpuGetFbpL2MasksArgs::LAYOUT,
    NvgpuGpuSetDeterministicOptsArgs::LAYOUT,
    NvgpuGpuRegisterBufferArgs::LAYOUT,
    NvgpuGpuGetGpcPhysicalMapArgs::LAYOUT,
    NvgpuGpuGetGpcLogicalMapArgs::LAYOUT,
    NvgpuGpuGetGpuTimeArgs::LAYOUT,
    NvmapCreateHandle::LAYOUT,
    NvmapAllocHandle::LAYOUT,
    NvmapCacheOp::LAYOUT,
    NvmapCacheOp64::LAYOUT,
    NvmapRwHandle::LAYOUT,
    NvmapHandleParam::LAYOUT,
    NvmapAvailableHeaps::LAYOUT,
    NvmapQueryHeapParams::LAYOUT,
    NvgpuAsBindChannelArgs::LAYOUT,
    NvgpuAsAllocSpaceArgs::LAYOUT,
    NvgpuAsFreeSpaceArgs::LAYOUT,
    NvgpuAsMapBufferExArgs::LAYOUT,
    NvgpuAsUnmapBufferArgs::LAYOUT,
    NvgpuAsGetVaRegionsArgs::LAYOUT,
    NvgpuAsGetSyncRoMapArgs::LAYOUT,
    NvgpuSetTimeoutExArgs::LAYOUT,
    NvgpuAllocObjCtxArgs::LAYOUT,
    NvgpuSetErrorNotifier::LAYOUT,
    NvgpuChannelWdtArgs::LAYOUT,
    NvgpuPreemptionModeArgs::LAYOUT,
    NvgpuGetUserSyncpointArgs::LAYOUT,
    NvgpuChannelSetupBindArgs::LAYOUT,
    NvgpuFence::LAYOUT,
    NvgpuSubmitGpfifoArgs::LAYOUT,
    NvgpuTsgBindChannelExArgs::LAYOUT,
    NvgpuEventIdCtrlArgs::LAYOUT,
    NvgpuTimesliceArgs::LAYOUT,
    NvgpuTsgL2MaxWaysEvictLastArgs::LAYOUT,
    NvgpuTsgCreateSubcontextArgs::LAYOUT,
    NvgpuTsgDeleteSubcontextArgs::LAYOUT,
    NvgpuGpuCharacteristics::LAYOUT,
    NvgpuNotification::LAYOUT,
    NvgpuAsVaRegion::LAYOUT,
    NvgpuGpuZbcQueryTableArgs::LAYOUT,
];
