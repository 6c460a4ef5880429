//! What tests and tools can see of the kernel: the live objects (leak
//! checks), an address space's VM, the CPU mappings, nvmap's allocations
//! and the channels' ring buffers.

use std::os::fd::RawFd;
use std::sync::Arc;

use super::state::lock;
use super::{cpumap, FdObj, MockKernel, Vm};

/// Counts of what is alive in the kernel, for leak checks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KernelSnapshot {
    /// Open fds by kind.
    pub fds: Vec<(RawFd, &'static str)>,
    /// Live nvmap handle ids.
    pub nvmap_handles: Vec<u32>,
    /// Live GPU mappings `(vm, gpu_va, size)`.
    pub gpu_mappings: Vec<(u32, u64, u64)>,
    /// Live channels.
    pub channels: Vec<u32>,
    /// Live TSGs.
    pub tsgs: Vec<u32>,
    /// Live address spaces.
    pub vms: Vec<u32>,
}

impl KernelSnapshot {
    /// True when nothing is alive.
    pub fn is_empty(&self) -> bool {
        self.fds.is_empty()
            && self.nvmap_handles.is_empty()
            && self.gpu_mappings.is_empty()
            && self.channels.is_empty()
            && self.tsgs.is_empty()
            && self.vms.is_empty()
    }
}

impl MockKernel {
    /// What is alive.
    pub fn snapshot(&self) -> KernelSnapshot {
        let st = lock(&self.state);
        let mut s = KernelSnapshot {
            fds: st.fds.iter().map(|(fd, o)| (*fd, o.kind())).collect(),
            nvmap_handles: st.nvmap.ids(),
            gpu_mappings: st
                .vms
                .iter()
                .flat_map(|(id, vm)| vm.mappings().into_iter().map(move |(va, sz)| (*id, va, sz)))
                .collect(),
            channels: st.channels.keys().copied().collect(),
            tsgs: st.tsgs.keys().copied().collect(),
            vms: st.vms.keys().copied().collect(),
        };
        s.fds.sort();
        s.nvmap_handles.sort();
        s.gpu_mappings.sort();
        s.channels.sort();
        s.tsgs.sort();
        s.vms.sort();
        s
    }

    /// Panic with a readable list when anything is still alive.
    pub fn assert_no_leaks(&self) {
        let s = self.snapshot();
        assert!(s.is_empty(), "mock kernel leaks: {s:#?}");
    }

    /// The VM behind an address-space fd (for tests).
    pub fn vm_of(&self, as_fd: RawFd) -> Option<Arc<Vm>> {
        let st = lock(&self.state);
        match st.fds.get(&as_fd) {
            Some(FdObj::As(id)) => st.vms.get(id).cloned(),
            _ => None,
        }
    }

    /// True when `[addr, addr + len)` overlaps a CPU mapping of one of the
    /// model's fds (a dma-buf or a usermode window).
    pub fn maps_cpu_range(&self, addr: usize, len: usize) -> bool {
        !lock(&self.state).cpu_maps.overlapping(addr, len).is_empty()
    }

    /// The CPU mappings of the model's fds, with the attributes each got
    /// (a dma-buf's nvmap cache mode; the usermode window is uncached).
    pub fn cpu_mappings(&self) -> Vec<cpumap::CpuMap> {
        lock(&self.state).cpu_maps.all()
    }

    /// The cache mode nvmap recorded for a handle at ALLOC (`NVMAP_HANDLE_*`).
    pub fn handle_cache_mode(&self, handle: u32) -> Option<u32> {
        lock(&self.state).nvmap.cache_mode(handle)
    }

    /// Live allocated nvmap handles: `(id, size, cache mode)`.
    pub fn nvmap_allocations(&self) -> Vec<(u32, u64, u32)> {
        lock(&self.state).nvmap.allocated()
    }

    /// The nvmap handles of each set-up channel's GPFIFO and USERD dma-bufs:
    /// `(chid, gpfifo handle, userd handle)`.
    pub fn channel_buffers(&self) -> Vec<(u32, u32, u32)> {
        let st = lock(&self.state);
        let mut v: Vec<(u32, u32, u32)> =
            st.channels.values().filter_map(|c| Some((c.chid, c.gpfifo_handle?, c.userd_handle?))).collect();
        v.sort();
        v
    }
}
