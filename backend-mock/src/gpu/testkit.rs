//! A harness for driving the GPU model without the kernel model: a
//! [`TestVm`] (a few [`Backing`]s at fixed GPU VAs) and a [`TestChannel`]
//! (GPFIFO ring, USERD and bump-allocated command memory; submit =
//! write the entry, bump GP_PUT, ring the doorbell — what a runtime does).
//!
//! ```
//! use gpuiface_hal::classes::host;
//! use gpuiface_hal::codec::method::PushBuffer;
//! use gpuiface_mock::gpu::testkit::{TestChannel, TestVm};
//! use gpuiface_mock::gpu::{Gpu, GpuConfig};
//!
//! let gpu = Gpu::new(GpuConfig::default()); // Immediate
//! let vm = TestVm::new();
//! let data = vm.map(0x20_0000, 4096);
//! let mut ch = TestChannel::attach(&gpu, &vm, 1);
//! let mut pb = PushBuffer::new();
//! let exec = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE);
//! pb.method(0, host::SEM_ADDR_LO, &[0x20_0010, 0, 7, 0, exec]);
//! ch.submit(&gpu, &pb);
//! assert_eq!(data.read_u32(0x10), 7);
//! assert_eq!(ch.gp_get(), 1);
//! ```

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gpuiface_hal::codec::gpfifo::{GpFifoEntry, ENTRY_BYTES};
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::hw::ga10b::USERD_SIZE;

use super::{ChannelDesc, Gpu, USERD_GP_GET, USERD_GP_PUT};
use crate::mem::{page_size, Backing, GpuVm, Translation};

/// A GPU address space of a few backings at fixed VAs (no page tables).
#[derive(Debug, Default)]
pub struct TestVm {
    maps: Mutex<Vec<(u64, Arc<Backing>, bool)>>,
}

impl TestVm {
    /// An empty address space.
    pub fn new() -> Arc<TestVm> {
        Arc::new(TestVm::default())
    }

    /// Map `len` bytes (page-rounded, zeroed) read-write at `va` (page-aligned).
    pub fn map(&self, va: u64, len: usize) -> Arc<Backing> {
        let b = Arc::new(Backing::new("testvm", len).expect("memfd"));
        self.map_backing(va, b.clone(), true);
        b
    }

    /// Map an existing backing at `va`. Panics on overlap or misalignment.
    pub fn map_backing(&self, va: u64, backing: Arc<Backing>, writable: bool) {
        assert!(va.is_multiple_of(page_size() as u64), "unaligned VA {va:#x}");
        let mut maps = self.maps.lock().unwrap_or_else(|p| p.into_inner());
        let end = va + backing.len() as u64;
        assert!(maps.iter().all(|(v, b, _)| end <= *v || va >= *v + b.len() as u64), "mapping at {va:#x} overlaps");
        maps.push((va, backing, writable));
    }

    /// Remove the mapping at `va`; later GPU accesses there fault.
    pub fn unmap(&self, va: u64) {
        self.maps.lock().unwrap_or_else(|p| p.into_inner()).retain(|(v, _, _)| *v != va);
    }
}

impl GpuVm for TestVm {
    fn translate(&self, va: u64) -> Option<Translation> {
        let maps = self.maps.lock().unwrap_or_else(|p| p.into_inner());
        maps.iter().find_map(|(base, b, w)| {
            let off = va.checked_sub(*base)? as usize;
            (off < b.len()).then(|| Translation { backing: b.clone(), offset: off, len: b.len() - off, writable: *w })
        })
    }
}

/// GPU VA of channel `chid`'s command memory in a [`TestVm`].
pub fn command_va(chid: u32) -> u64 {
    0x40_0000_0000 + u64::from(chid) * 0x100_0000
}

/// Size of each channel's command memory.
pub const COMMAND_BYTES: usize = 1 << 20;

/// A channel attached to a [`Gpu`] with its ring, USERD and command memory.
#[derive(Debug)]
pub struct TestChannel {
    /// Hardware channel id (also the doorbell token).
    pub chid: u32,
    /// The ring.
    pub gpfifo: Arc<Backing>,
    /// USERD.
    pub userd: Arc<Backing>,
    /// Command memory, mapped at [`command_va`]`(chid)`.
    pub commands: Arc<Backing>,
    /// Ring entries.
    pub entries: u32,
    put: u32,
    next_cmd: usize,
}

impl TestChannel {
    /// Attach channel `chid` (token = chid) with a 64-entry ring, mapping its
    /// command memory into `vm`.
    pub fn attach(gpu: &Gpu, vm: &Arc<TestVm>, chid: u32) -> TestChannel {
        let entries = 64;
        let gpfifo = Arc::new(Backing::new("gpfifo", (ENTRY_BYTES * u64::from(entries)) as usize).expect("memfd"));
        let userd = Arc::new(Backing::new("userd", USERD_SIZE as usize).expect("memfd"));
        let commands = vm.map(command_va(chid), COMMAND_BYTES);
        let vm_dyn: Arc<dyn GpuVm> = vm.clone();
        gpu.attach_channel(ChannelDesc {
            chid,
            token: chid,
            vm: vm_dyn,
            gpfifo: gpfifo.clone(),
            gpfifo_entries: entries,
            userd: userd.clone(),
        });
        TestChannel { chid, gpfifo, userd, commands, entries, put: 0, next_cmd: 0 }
    }

    /// Copy `bytes` into fresh command memory (never reused); returns the GPU VA.
    pub fn alloc_bytes(&mut self, bytes: &[u8]) -> u64 {
        let at = self.next_cmd;
        let end = (at + bytes.len()).next_multiple_of(256);
        assert!(end <= self.commands.len(), "test command memory exhausted");
        self.commands.write(at, bytes);
        self.next_cmd = end;
        command_va(self.chid) + at as u64
    }

    /// Put the pushbuffer into fresh command memory and a GPFIFO entry for it
    /// into the ring, and advance GP_PUT (no doorbell). Returns the entry index.
    pub fn push(&mut self, pb: &PushBuffer) -> u32 {
        let va = self.alloc_bytes(&pb.as_bytes());
        self.push_entry(GpFifoEntry::new(va, pb.len_dwords() as u32).encode())
    }

    /// Write a raw ring word and advance GP_PUT (no doorbell). Returns the entry index.
    /// Panics when the ring is full (the GPU has not consumed enough yet).
    pub fn push_entry(&mut self, word: u64) -> u32 {
        let idx = self.put;
        assert_ne!((idx + 1) % self.entries, self.gp_get(), "GPFIFO ring full");
        self.gpfifo.write((ENTRY_BYTES * u64::from(idx)) as usize, &word.to_le_bytes());
        self.put = (self.put + 1) % self.entries;
        self.userd.write_u32(USERD_GP_PUT, self.put);
        idx
    }

    /// Ring the doorbell.
    pub fn ring(&self, gpu: &Gpu) {
        gpu.doorbell(self.chid);
    }

    /// [`push`](Self::push) then [`ring`](Self::ring).
    pub fn submit(&mut self, gpu: &Gpu, pb: &PushBuffer) -> u32 {
        let i = self.push(pb);
        self.ring(gpu);
        i
    }

    /// GP_GET as the GPU last wrote it.
    pub fn gp_get(&self) -> u32 {
        self.userd.read_u32(USERD_GP_GET)
    }

    /// GP_PUT as this harness last wrote it.
    pub fn gp_put(&self) -> u32 {
        self.put
    }
}

/// Poll `cond` until it holds or `timeout` passes; returns whether it held.
/// For bounded waits on the threaded model (never a timing assertion).
pub fn wait_until(timeout: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + timeout;
    loop {
        if cond() {
            return true;
        }
        if Instant::now() >= end {
            return false;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}
