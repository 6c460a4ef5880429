//! The CPU mappings of the model's fds (what the kernel's VMAs are): which
//! address range maps which dma-buf (with its nvmap cache mode) or which
//! ctrl fd's usermode window. nvmap's CACHE ioctl, munmap of the usermode
//! window and msync need them (issue 12 items 4, 8, 10).

use std::collections::BTreeMap;
use std::os::fd::RawFd;

/// What a CPU mapping maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mapped {
    /// A dma-buf of this nvmap handle, with the handle's cache mode
    /// (`NVMAP_HANDLE_*`: the attributes the real mapping gets).
    DmaBuf {
        /// The nvmap handle id.
        handle: u32,
        /// Its cache mode.
        cache: u32,
    },
    /// The usermode doorbell window of this ctrl fd (uncached MMIO).
    Usermode {
        /// The ctrl fd.
        ctrl_fd: RawFd,
    },
}

/// One mapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuMap {
    /// Start address.
    pub addr: usize,
    /// Length in bytes (page-rounded).
    pub len: usize,
    /// What it maps.
    pub what: Mapped,
}

/// All of them, by start address.
#[derive(Debug, Default)]
pub(crate) struct CpuMaps {
    maps: BTreeMap<usize, CpuMap>,
}

/// `len` rounded up to whole pages, saturating (never an overflow panic:
/// these run inside the preload's C-callable functions).
fn page_round(len: usize) -> usize {
    let page = crate::mem::page_size();
    len.checked_next_multiple_of(page).unwrap_or(usize::MAX - usize::MAX % page)
}

impl CpuMaps {
    /// Remove `[addr, addr + len)` from every mapping (splitting them), as
    /// munmap or a MAP_FIXED overlay does; returns the mappings that lost bytes.
    pub(crate) fn punch(&mut self, addr: usize, len: usize) -> Vec<CpuMap> {
        let end = addr.saturating_add(page_round(len));
        let hit: Vec<CpuMap> =
            self.maps.range(..end).map(|(_, m)| *m).filter(|m| m.addr.saturating_add(m.len) > addr).collect();
        for m in &hit {
            self.maps.remove(&m.addr);
            if m.addr < addr {
                self.maps.insert(m.addr, CpuMap { len: addr - m.addr, ..*m });
            }
            if m.addr + m.len > end {
                self.maps.insert(end, CpuMap { addr: end, len: m.addr + m.len - end, ..*m });
            }
        }
        hit
    }

    /// Record a new mapping (replacing whatever it overlays).
    pub(crate) fn insert(&mut self, addr: usize, len: usize, what: Mapped) {
        self.punch(addr, len);
        self.maps.insert(addr, CpuMap { addr, len: page_round(len), what });
    }

    /// The mapping containing `addr`.
    pub(crate) fn at(&self, addr: usize) -> Option<CpuMap> {
        self.maps.range(..=addr).next_back().map(|(_, m)| *m).filter(|m| addr < m.addr + m.len)
    }

    /// Every mapping overlapping `[addr, addr + len)`.
    pub(crate) fn overlapping(&self, addr: usize, len: usize) -> Vec<CpuMap> {
        let end = addr.saturating_add(len.max(1));
        self.maps.range(..end).map(|(_, m)| *m).filter(|m| m.addr + m.len > addr).collect()
    }

    /// All mappings.
    pub(crate) fn all(&self) -> Vec<CpuMap> {
        self.maps.values().copied().collect()
    }
}
