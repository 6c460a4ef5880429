//! The r35 ioctls the backend issues safely (r36's less the subcontext
//! ones, which r35 lacks): each request bound to its argument struct
//! ([`Ioctl`]), for structs that carry no user pointers (integers and fds
//! only). The size of each struct is checked against its request at compile
//! time. Requests whose argument does carry a pointer
//! (`GET_CHARACTERISTICS`' buffer address) are issued through the `unsafe`
//! `SysFd::ioctl` (backend-nvgpu) at their one call site.

use super::*;
use crate::common::calls;

calls! {
    NVGPU_GPU_IOCTL_OPEN_TSG: NvgpuGpuOpenTsgArgs, "a reserved word in, the new TSG fd out";
    NVGPU_GPU_IOCTL_OPEN_CHANNEL: NvgpuGpuOpenChannelArgs, "a runlist in, the new channel fd out";
    NVGPU_GPU_IOCTL_ALLOC_AS: NvgpuAllocAsArgs, "page size, flags and the VA range in, the new address-space fd out";
    NVGPU_TSG_IOCTL_BIND_CHANNEL_EX: NvgpuTsgBindChannelExArgs, "a channel fd and subcontext fields";
    NVGPU_AS_IOCTL_BIND_CHANNEL: NvgpuAsBindChannelArgs, "a channel fd";
    NVGPU_AS_IOCTL_ALLOC_SPACE: NvgpuAsAllocSpaceArgs, "pages, page size, flags and an offset";
    NVGPU_AS_IOCTL_MAP_BUFFER_EX: NvgpuAsMapBufferExArgs, "a dma-buf fd, kinds, offsets and sizes";
    NVGPU_AS_IOCTL_UNMAP_BUFFER: NvgpuAsUnmapBufferArgs, "a GPU VA";
    NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX: NvgpuAllocObjCtxArgs, "a class number and flags in, an object id out";
    NVGPU_IOCTL_CHANNEL_WDT: NvgpuChannelWdtArgs, "a watchdog command and timeout";
    NVGPU_IOCTL_CHANNEL_SETUP_BIND: NvgpuChannelSetupBindArgs, "dma-buf fds, offsets, entry counts and flags in, the work-submit token out";
    NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT: NvgpuGetUserSyncpointArgs, "syncpoint id, value and GPU VA out";
    NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER: NvgpuSetErrorNotifier, "a dma-buf fd, an offset and a size";
    NVMAP_IOC_CREATE: NvmapCreateHandle, "a size in, a handle out";
    NVMAP_IOC_ALLOC: NvmapAllocHandle, "a handle, heap mask, flags and alignment";
    NVMAP_IOC_GET_FD: NvmapCreateHandle, "a handle in, a dma-buf fd out";
}
