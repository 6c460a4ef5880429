//! The ioctl numbers, each derived from its argument struct's size.
use super::*;
use core::mem::size_of;
/// `NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE`: `_IOR('G', 1, struct nvgpu_gpu_zcull_get_ctx_size_args)`.
pub const NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE: u32 = ior(b'G', 1, size_of::<NvgpuGpuZcullGetCtxSizeArgs>());
/// `NVGPU_GPU_IOCTL_ZCULL_GET_INFO`: `_IOR('G', 2, struct nvgpu_gpu_zcull_get_info_args)`.
pub const NVGPU_GPU_IOCTL_ZCULL_GET_INFO: u32 = ior(b'G', 2, size_of::<NvgpuGpuZcullGetInfoArgs>());
/// `NVGPU_GPU_IOCTL_GET_CHARACTERISTICS`: `_IOWR('G', 5, struct nvgpu_gpu_get_characteristics)`.
pub const NVGPU_GPU_IOCTL_GET_CHARACTERISTICS: u32 = iowr(b'G', 5, size_of::<NvgpuGpuGetCharacteristics>());
/// `NVGPU_GPU_IOCTL_ALLOC_AS`: `_IOWR('G', 8, struct nvgpu_alloc_as_args)`.
pub const NVGPU_GPU_IOCTL_ALLOC_AS: u32 = iowr(b'G', 8, size_of::<NvgpuAllocAsArgs>());
/// `NVGPU_GPU_IOCTL_OPEN_TSG`: `_IOWR('G', 9, struct nvgpu_gpu_open_tsg_args)`.
pub const NVGPU_GPU_IOCTL_OPEN_TSG: u32 = iowr(b'G', 9, size_of::<NvgpuGpuOpenTsgArgs>());
/// `NVGPU_GPU_IOCTL_GET_TPC_MASKS`: `_IOWR('G', 10, struct nvgpu_gpu_get_tpc_masks_args)`.
pub const NVGPU_GPU_IOCTL_GET_TPC_MASKS: u32 = iowr(b'G', 10, size_of::<NvgpuGpuGetTpcMasksArgs>());
/// `NVGPU_GPU_IOCTL_OPEN_CHANNEL`: `_IOWR('G', 11, struct nvgpu_gpu_open_channel_args)`.
pub const NVGPU_GPU_IOCTL_OPEN_CHANNEL: u32 = iowr(b'G', 11, size_of::<NvgpuGpuOpenChannelArgs>());
/// `NVGPU_GPU_IOCTL_VSMS_MAPPING`: `_IOWR('G', 19, struct nvgpu_gpu_vsms_mapping)`.
pub const NVGPU_GPU_IOCTL_VSMS_MAPPING: u32 = iowr(b'G', 19, size_of::<NvgpuGpuVsmsMapping>());
/// `NVGPU_GPU_IOCTL_NUM_VSMS`: `_IOWR('G', 18, struct nvgpu_gpu_num_vsms)`.
pub const NVGPU_GPU_IOCTL_NUM_VSMS: u32 = iowr(b'G', 18, size_of::<NvgpuGpuNumVsms>());
/// `NVGPU_GPU_IOCTL_GET_ENGINE_INFO`: `_IOWR('G', 26, struct nvgpu_gpu_get_engine_info_args)`.
pub const NVGPU_GPU_IOCTL_GET_ENGINE_INFO: u32 = iowr(b'G', 26, size_of::<NvgpuGpuGetEngineInfoArgs>());
/// `NVGPU_GPU_IOCTL_CLK_GET_RANGE`: `_IOWR('G', 28, struct nvgpu_gpu_clk_range_args)`.
pub const NVGPU_GPU_IOCTL_CLK_GET_RANGE: u32 = iowr(b'G', 28, size_of::<NvgpuGpuClkRangeArgs>());
/// `NVGPU_GPU_IOCTL_CLK_GET_VF_POINTS`: `_IOWR('G', 29, struct nvgpu_gpu_clk_vf_points_args)`.
pub const NVGPU_GPU_IOCTL_CLK_GET_VF_POINTS: u32 = iowr(b'G', 29, size_of::<NvgpuGpuClkVfPointsArgs>());
/// `NVGPU_GPU_IOCTL_GET_FBP_L2_MASKS`: `_IOWR('G', 38, struct nvgpu_gpu_get_fbp_l2_masks_args)`.
pub const NVGPU_GPU_IOCTL_GET_FBP_L2_MASKS: u32 = iowr(b'G', 38, size_of::<NvgpuGpuGetFbpL2MasksArgs>());
/// `NVGPU_GPU_IOCTL_SET_DETERMINISTIC_OPTS`: `_IOWR('G', 40, struct nvgpu_gpu_set_deterministic_opts_args)`.
pub const NVGPU_GPU_IOCTL_SET_DETERMINISTIC_OPTS: u32 = iowr(b'G', 40, size_of::<NvgpuGpuSetDeterministicOptsArgs>());
/// `NVGPU_GPU_IOCTL_REGISTER_BUFFER`: `_IOWR('G', 41, struct nvgpu_gpu_register_buffer_args)`.
pub const NVGPU_GPU_IOCTL_REGISTER_BUFFER: u32 = iowr(b'G', 41, size_of::<NvgpuGpuRegisterBufferArgs>());
/// `NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP`: `_IOWR('G', 43, struct nvgpu_gpu_get_gpc_physical_map_args)`.
pub const NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP: u32 =
    iowr(b'G', 43, size_of::<NvgpuGpuGetGpcPhysicalMapArgs>());
/// `NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_LOGICAL_MAP`: `_IOWR('G', 44, struct nvgpu_gpu_get_gpc_logical_map_args)`.
pub const NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_LOGICAL_MAP: u32 = iowr(b'G', 44, size_of::<NvgpuGpuGetGpcLogicalMapArgs>());
/// `NVGPU_GPU_IOCTL_GET_GPU_TIME`: `_IOWR('G', 25, struct nvgpu_gpu_get_gpu_time_args)`.
pub const NVGPU_GPU_IOCTL_GET_GPU_TIME: u32 = iowr(b'G', 25, size_of::<NvgpuGpuGetGpuTimeArgs>());
/// `NVMAP_IOC_CREATE`: `_IOWR('N', 0, struct nvmap_create_handle)`.
pub const NVMAP_IOC_CREATE: u32 = iowr(b'N', 0, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_CREATE_64`: `_IOWR('N', 1, struct nvmap_create_handle)`.
pub const NVMAP_IOC_CREATE_64: u32 = iowr(b'N', 1, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_FROM_FD`: `_IOWR('N', 16, struct nvmap_create_handle)`.
pub const NVMAP_IOC_FROM_FD: u32 = iowr(b'N', 16, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_ALLOC`: `_IOW('N', 3, struct nvmap_alloc_handle)`.
pub const NVMAP_IOC_ALLOC: u32 = iow(b'N', 3, size_of::<NvmapAllocHandle>());
/// `NVMAP_IOC_FREE`: `_IO('N', 4, -)`.
pub const NVMAP_IOC_FREE: u32 = io(b'N', 4);
/// `NVMAP_IOC_GET_FD`: `_IOWR('N', 15, struct nvmap_create_handle)`.
pub const NVMAP_IOC_GET_FD: u32 = iowr(b'N', 15, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_GET_ID`: `_IOWR('N', 13, struct nvmap_create_handle)`.
pub const NVMAP_IOC_GET_ID: u32 = iowr(b'N', 13, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_FROM_ID`: `_IOWR('N', 2, struct nvmap_create_handle)`.
pub const NVMAP_IOC_FROM_ID: u32 = iowr(b'N', 2, size_of::<NvmapCreateHandle>());
/// `NVMAP_IOC_CACHE`: `_IOW('N', 12, struct nvmap_cache_op)`.
pub const NVMAP_IOC_CACHE: u32 = iow(b'N', 12, size_of::<NvmapCacheOp>());
/// `NVMAP_IOC_CACHE_64`: `_IOW('N', 12, struct nvmap_cache_op_64)`.
pub const NVMAP_IOC_CACHE_64: u32 = iow(b'N', 12, size_of::<NvmapCacheOp64>());
/// `NVMAP_IOC_WRITE`: `_IOW('N', 6, struct nvmap_rw_handle)`.
pub const NVMAP_IOC_WRITE: u32 = iow(b'N', 6, size_of::<NvmapRwHandle>());
/// `NVMAP_IOC_READ`: `_IOW('N', 7, struct nvmap_rw_handle)`.
pub const NVMAP_IOC_READ: u32 = iow(b'N', 7, size_of::<NvmapRwHandle>());
/// `NVMAP_IOC_PARAM`: `_IOWR('N', 8, struct nvmap_handle_param)`.
pub const NVMAP_IOC_PARAM: u32 = iowr(b'N', 8, size_of::<NvmapHandleParam>());
/// `NVMAP_IOC_GET_AVAILABLE_HEAPS`: `_IOR('N', 25, struct nvmap_available_heaps)`.
pub const NVMAP_IOC_GET_AVAILABLE_HEAPS: u32 = ior(b'N', 25, size_of::<NvmapAvailableHeaps>());
/// `NVMAP_IOC_QUERY_HEAP_PARAMS`: `_IOR('N', 105, struct nvmap_query_heap_params)`.
pub const NVMAP_IOC_QUERY_HEAP_PARAMS: u32 = ior(b'N', 105, size_of::<NvmapQueryHeapParams>());
/// `NVGPU_AS_IOCTL_BIND_CHANNEL`: `_IOWR('A', 1, struct nvgpu_as_bind_channel_args)`.
pub const NVGPU_AS_IOCTL_BIND_CHANNEL: u32 = iowr(b'A', 1, size_of::<NvgpuAsBindChannelArgs>());
/// `NVGPU_AS_IOCTL_ALLOC_SPACE`: `_IOWR('A', 6, struct nvgpu_as_alloc_space_args)`.
pub const NVGPU_AS_IOCTL_ALLOC_SPACE: u32 = iowr(b'A', 6, size_of::<NvgpuAsAllocSpaceArgs>());
/// `NVGPU_AS_IOCTL_FREE_SPACE`: `_IOWR('A', 3, struct nvgpu_as_free_space_args)`.
pub const NVGPU_AS_IOCTL_FREE_SPACE: u32 = iowr(b'A', 3, size_of::<NvgpuAsFreeSpaceArgs>());
/// `NVGPU_AS_IOCTL_MAP_BUFFER_EX`: `_IOWR('A', 7, struct nvgpu_as_map_buffer_ex_args)`.
pub const NVGPU_AS_IOCTL_MAP_BUFFER_EX: u32 = iowr(b'A', 7, size_of::<NvgpuAsMapBufferExArgs>());
/// `NVGPU_AS_IOCTL_UNMAP_BUFFER`: `_IOWR('A', 5, struct nvgpu_as_unmap_buffer_args)`.
pub const NVGPU_AS_IOCTL_UNMAP_BUFFER: u32 = iowr(b'A', 5, size_of::<NvgpuAsUnmapBufferArgs>());
/// `NVGPU_AS_IOCTL_GET_VA_REGIONS`: `_IOWR('A', 8, struct nvgpu_as_get_va_regions_args)`.
pub const NVGPU_AS_IOCTL_GET_VA_REGIONS: u32 = iowr(b'A', 8, size_of::<NvgpuAsGetVaRegionsArgs>());
/// `NVGPU_AS_IOCTL_GET_SYNC_RO_MAP`: `_IOR('A', 12, struct nvgpu_as_get_sync_ro_map_args)`.
pub const NVGPU_AS_IOCTL_GET_SYNC_RO_MAP: u32 = ior(b'A', 12, size_of::<NvgpuAsGetSyncRoMapArgs>());
/// `NVGPU_IOCTL_CHANNEL_SET_TIMEOUT_EX`: `_IOWR('H', 18, struct nvgpu_set_timeout_ex_args)`.
pub const NVGPU_IOCTL_CHANNEL_SET_TIMEOUT_EX: u32 = iowr(b'H', 18, size_of::<NvgpuSetTimeoutExArgs>());
/// `NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX`: `_IOWR('H', 108, struct nvgpu_alloc_obj_ctx_args)`.
pub const NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX: u32 = iowr(b'H', 108, size_of::<NvgpuAllocObjCtxArgs>());
/// `NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER`: `_IOWR('H', 111, struct nvgpu_set_error_notifier)`.
pub const NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER: u32 = iowr(b'H', 111, size_of::<NvgpuSetErrorNotifier>());
/// `NVGPU_IOCTL_CHANNEL_WDT`: `_IOW('H', 119, struct nvgpu_channel_wdt_args)`.
pub const NVGPU_IOCTL_CHANNEL_WDT: u32 = iow(b'H', 119, size_of::<NvgpuChannelWdtArgs>());
/// `NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE`: `_IOW('H', 122, struct nvgpu_preemption_mode_args)`.
pub const NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE: u32 = iow(b'H', 122, size_of::<NvgpuPreemptionModeArgs>());
/// `NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT`: `_IOR('H', 126, struct nvgpu_get_user_syncpoint_args)`.
pub const NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT: u32 = ior(b'H', 126, size_of::<NvgpuGetUserSyncpointArgs>());
/// `NVGPU_IOCTL_CHANNEL_SETUP_BIND`: `_IOWR('H', 128, struct nvgpu_channel_setup_bind_args)`.
pub const NVGPU_IOCTL_CHANNEL_SETUP_BIND: u32 = iowr(b'H', 128, size_of::<NvgpuChannelSetupBindArgs>());
/// `NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO`: `_IOWR('H', 107, struct nvgpu_submit_gpfifo_args)`.
pub const NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO: u32 = iowr(b'H', 107, size_of::<NvgpuSubmitGpfifoArgs>());
/// `NVGPU_TSG_IOCTL_BIND_CHANNEL`: `_IOW('T', 1, int)`.
pub const NVGPU_TSG_IOCTL_BIND_CHANNEL: u32 = iow(b'T', 1, size_of::<i32>());
/// `NVGPU_TSG_IOCTL_BIND_CHANNEL_EX`: `_IOWR('T', 11, struct nvgpu_tsg_bind_channel_ex_args)`.
pub const NVGPU_TSG_IOCTL_BIND_CHANNEL_EX: u32 = iowr(b'T', 11, size_of::<NvgpuTsgBindChannelExArgs>());
/// `NVGPU_TSG_IOCTL_UNBIND_CHANNEL`: `_IOW('T', 2, int)`.
pub const NVGPU_TSG_IOCTL_UNBIND_CHANNEL: u32 = iow(b'T', 2, size_of::<i32>());
/// `NVGPU_IOCTL_TSG_EVENT_ID_CTRL`: `_IOWR('T', 7, struct nvgpu_event_id_ctrl_args)`.
pub const NVGPU_IOCTL_TSG_EVENT_ID_CTRL: u32 = iowr(b'T', 7, size_of::<NvgpuEventIdCtrlArgs>());
/// `NVGPU_IOCTL_TSG_SET_TIMESLICE`: `_IOW('T', 9, struct nvgpu_timeslice_args)`.
pub const NVGPU_IOCTL_TSG_SET_TIMESLICE: u32 = iow(b'T', 9, size_of::<NvgpuTimesliceArgs>());
/// `NVGPU_TSG_IOCTL_SET_L2_MAX_WAYS_EVICT_LAST`: `_IOW('T', 13, struct nvgpu_tsg_l2_max_ways_evict_last_args)`.
pub const NVGPU_TSG_IOCTL_SET_L2_MAX_WAYS_EVICT_LAST: u32 = iow(b'T', 13, size_of::<NvgpuTsgL2MaxWaysEvictLastArgs>());
/// `NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT`: `_IOWR('T', 18, struct nvgpu_tsg_create_subcontext_args)`.
pub const NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT: u32 = iowr(b'T', 18, size_of::<NvgpuTsgCreateSubcontextArgs>());
/// `NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT`: `_IOW('T', 19, struct nvgpu_tsg_delete_subcontext_args)`.
pub const NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT: u32 = iow(b'T', 19, size_of::<NvgpuTsgDeleteSubcontextArgs>());

/// Every ioctl this crate defines, with its argument struct's C name.
pub static IOCTLS: &[IoctlDef] = &[
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE",
        NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE,
        Some("nvgpu_gpu_zcull_get_ctx_size_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_ZCULL_GET_INFO",
        NVGPU_GPU_IOCTL_ZCULL_GET_INFO,
        Some("nvgpu_gpu_zcull_get_info_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_GET_CHARACTERISTICS",
        NVGPU_GPU_IOCTL_GET_CHARACTERISTICS,
        Some("nvgpu_gpu_get_characteristics"),
    ),
    IoctlDef::new("NVGPU_GPU_IOCTL_ALLOC_AS", NVGPU_GPU_IOCTL_ALLOC_AS, Some("nvgpu_alloc_as_args")),
    IoctlDef::new("NVGPU_GPU_IOCTL_OPEN_TSG", NVGPU_GPU_IOCTL_OPEN_TSG, Some("nvgpu_gpu_open_tsg_args")),
    IoctlDef::new("NVGPU_GPU_IOCTL_GET_TPC_MASKS", NVGPU_GPU_IOCTL_GET_TPC_MASKS, Some("nvgpu_gpu_get_tpc_masks_args")),
    IoctlDef::new("NVGPU_GPU_IOCTL_OPEN_CHANNEL", NVGPU_GPU_IOCTL_OPEN_CHANNEL, Some("nvgpu_gpu_open_channel_args")),
    IoctlDef::new("NVGPU_GPU_IOCTL_VSMS_MAPPING", NVGPU_GPU_IOCTL_VSMS_MAPPING, Some("nvgpu_gpu_vsms_mapping")),
    IoctlDef::new("NVGPU_GPU_IOCTL_NUM_VSMS", NVGPU_GPU_IOCTL_NUM_VSMS, Some("nvgpu_gpu_num_vsms")),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_GET_ENGINE_INFO",
        NVGPU_GPU_IOCTL_GET_ENGINE_INFO,
        Some("nvgpu_gpu_get_engine_info_args"),
    ),
    IoctlDef::new("NVGPU_GPU_IOCTL_CLK_GET_RANGE", NVGPU_GPU_IOCTL_CLK_GET_RANGE, Some("nvgpu_gpu_clk_range_args")),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_CLK_GET_VF_POINTS",
        NVGPU_GPU_IOCTL_CLK_GET_VF_POINTS,
        Some("nvgpu_gpu_clk_vf_points_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_GET_FBP_L2_MASKS",
        NVGPU_GPU_IOCTL_GET_FBP_L2_MASKS,
        Some("nvgpu_gpu_get_fbp_l2_masks_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_SET_DETERMINISTIC_OPTS",
        NVGPU_GPU_IOCTL_SET_DETERMINISTIC_OPTS,
        Some("nvgpu_gpu_set_deterministic_opts_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_REGISTER_BUFFER",
        NVGPU_GPU_IOCTL_REGISTER_BUFFER,
        Some("nvgpu_gpu_register_buffer_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP",
        NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_PHYSICAL_MAP,
        Some("nvgpu_gpu_get_gpc_physical_map_args"),
    ),
    IoctlDef::new(
        "NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_LOGICAL_MAP",
        NVGPU_GPU_IOCTL_GET_GPC_LOCAL_TO_LOGICAL_MAP,
        Some("nvgpu_gpu_get_gpc_logical_map_args"),
    ),
    IoctlDef::new("NVGPU_GPU_IOCTL_GET_GPU_TIME", NVGPU_GPU_IOCTL_GET_GPU_TIME, Some("nvgpu_gpu_get_gpu_time_args")),
    IoctlDef::new("NVMAP_IOC_CREATE", NVMAP_IOC_CREATE, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_CREATE_64", NVMAP_IOC_CREATE_64, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_FROM_FD", NVMAP_IOC_FROM_FD, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_ALLOC", NVMAP_IOC_ALLOC, Some("nvmap_alloc_handle")),
    IoctlDef::new("NVMAP_IOC_FREE", NVMAP_IOC_FREE, None),
    IoctlDef::new("NVMAP_IOC_GET_FD", NVMAP_IOC_GET_FD, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_GET_ID", NVMAP_IOC_GET_ID, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_FROM_ID", NVMAP_IOC_FROM_ID, Some("nvmap_create_handle")),
    IoctlDef::new("NVMAP_IOC_CACHE", NVMAP_IOC_CACHE, Some("nvmap_cache_op")),
    IoctlDef::new("NVMAP_IOC_CACHE_64", NVMAP_IOC_CACHE_64, Some("nvmap_cache_op_64")),
    IoctlDef::new("NVMAP_IOC_WRITE", NVMAP_IOC_WRITE, Some("nvmap_rw_handle")),
    IoctlDef::new("NVMAP_IOC_READ", NVMAP_IOC_READ, Some("nvmap_rw_handle")),
    IoctlDef::new("NVMAP_IOC_PARAM", NVMAP_IOC_PARAM, Some("nvmap_handle_param")),
    IoctlDef::new("NVMAP_IOC_GET_AVAILABLE_HEAPS", NVMAP_IOC_GET_AVAILABLE_HEAPS, Some("nvmap_available_heaps")),
    IoctlDef::new("NVMAP_IOC_QUERY_HEAP_PARAMS", NVMAP_IOC_QUERY_HEAP_PARAMS, Some("nvmap_query_heap_params")),
    IoctlDef::new("NVGPU_AS_IOCTL_BIND_CHANNEL", NVGPU_AS_IOCTL_BIND_CHANNEL, Some("nvgpu_as_bind_channel_args")),
    IoctlDef::new("NVGPU_AS_IOCTL_ALLOC_SPACE", NVGPU_AS_IOCTL_ALLOC_SPACE, Some("nvgpu_as_alloc_space_args")),
    IoctlDef::new("NVGPU_AS_IOCTL_FREE_SPACE", NVGPU_AS_IOCTL_FREE_SPACE, Some("nvgpu_as_free_space_args")),
    IoctlDef::new("NVGPU_AS_IOCTL_MAP_BUFFER_EX", NVGPU_AS_IOCTL_MAP_BUFFER_EX, Some("nvgpu_as_map_buffer_ex_args")),
    IoctlDef::new("NVGPU_AS_IOCTL_UNMAP_BUFFER", NVGPU_AS_IOCTL_UNMAP_BUFFER, Some("nvgpu_as_unmap_buffer_args")),
    IoctlDef::new("NVGPU_AS_IOCTL_GET_VA_REGIONS", NVGPU_AS_IOCTL_GET_VA_REGIONS, Some("nvgpu_as_get_va_regions_args")),
    IoctlDef::new(
        "NVGPU_AS_IOCTL_GET_SYNC_RO_MAP",
        NVGPU_AS_IOCTL_GET_SYNC_RO_MAP,
        Some("nvgpu_as_get_sync_ro_map_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_SET_TIMEOUT_EX",
        NVGPU_IOCTL_CHANNEL_SET_TIMEOUT_EX,
        Some("nvgpu_set_timeout_ex_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX",
        NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX,
        Some("nvgpu_alloc_obj_ctx_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER",
        NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER,
        Some("nvgpu_set_error_notifier"),
    ),
    IoctlDef::new("NVGPU_IOCTL_CHANNEL_WDT", NVGPU_IOCTL_CHANNEL_WDT, Some("nvgpu_channel_wdt_args")),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE",
        NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE,
        Some("nvgpu_preemption_mode_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT",
        NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT,
        Some("nvgpu_get_user_syncpoint_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_SETUP_BIND",
        NVGPU_IOCTL_CHANNEL_SETUP_BIND,
        Some("nvgpu_channel_setup_bind_args"),
    ),
    IoctlDef::new(
        "NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO",
        NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO,
        Some("nvgpu_submit_gpfifo_args"),
    ),
    IoctlDef::new("NVGPU_TSG_IOCTL_BIND_CHANNEL", NVGPU_TSG_IOCTL_BIND_CHANNEL, Some("int")),
    IoctlDef::new(
        "NVGPU_TSG_IOCTL_BIND_CHANNEL_EX",
        NVGPU_TSG_IOCTL_BIND_CHANNEL_EX,
        Some("nvgpu_tsg_bind_channel_ex_args"),
    ),
    IoctlDef::new("NVGPU_TSG_IOCTL_UNBIND_CHANNEL", NVGPU_TSG_IOCTL_UNBIND_CHANNEL, Some("int")),
    IoctlDef::new("NVGPU_IOCTL_TSG_EVENT_ID_CTRL", NVGPU_IOCTL_TSG_EVENT_ID_CTRL, Some("nvgpu_event_id_ctrl_args")),
    IoctlDef::new("NVGPU_IOCTL_TSG_SET_TIMESLICE", NVGPU_IOCTL_TSG_SET_TIMESLICE, Some("nvgpu_timeslice_args")),
    IoctlDef::new(
        "NVGPU_TSG_IOCTL_SET_L2_MAX_WAYS_EVICT_LAST",
        NVGPU_TSG_IOCTL_SET_L2_MAX_WAYS_EVICT_LAST,
        Some("nvgpu_tsg_l2_max_ways_evict_last_args"),
    ),
    IoctlDef::new(
        "NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT",
        NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT,
        Some("nvgpu_tsg_create_subcontext_args"),
    ),
    IoctlDef::new(
        "NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT",
        NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT,
        Some("nvgpu_tsg_delete_subcontext_args"),
    ),
];
