//! What a kernel sees while it runs ([`KernelCtx`]): its launch shape, the
//! constant banks (read on access, [`ConstBanks`]), GPU memory through the
//! channel's VM, and whether its channel was closed meanwhile.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gpuiface_hal::hw::ga10b;

use super::cbank::ConstBanks;
use crate::mem::GpuVm;

/// What a kernel closure is registered against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramKey {
    /// The program's GPU address (`PROGRAM_ADDRESS` in the QMD).
    Address(u64),
    /// The program's first bytes (matched at the QMD's program address).
    Bytes(Vec<u8>),
}

/// A closure kernel.
pub type KernelFn = dyn Fn(&mut KernelCtx<'_>) -> Result<(), String> + Send + Sync;

/// What a closure kernel (or a twin) sees: its launch shape, the constant
/// banks (its arguments start at [`ga10b::CBUF0_PARAMS`] of bank 0, after
/// the driver area) and GPU memory through the channel's VM. Constants are
/// read from GPU memory when the kernel reads them, as the hardware fetches
/// them ([`ConstBanks`]). A failed access returns `Err` (or 0 for the
/// `arg_*` helpers) and, whatever the closure then does, faults the launch
/// as an MMU fault at the failing VA.
///
/// In the threaded modes a kernel runs beside the other engines and
/// channels; when its channel is closed meanwhile, every memory access
/// fails ([`KernelCtx::cancelled`]) so the kernel stops promptly.
pub struct KernelCtx<'a> {
    /// Blocks in x, y, z (`CTA_RASTER_WIDTH/HEIGHT/DEPTH`).
    pub grid: [u32; 3],
    /// Threads per block in x, y, z (`CTA_THREAD_DIMENSION0/1/2`).
    pub block: [u32; 3],
    /// The program's GPU address.
    pub program: u64,
    /// The QMD's GPU address.
    pub qmd: u64,
    /// `SHARED_MEMORY_SIZE` in bytes.
    pub shared_memory: u32,
    pub(super) banks: ConstBanks<'a>,
    pub(super) vm: &'a dyn GpuVm,
    pub(super) fault: Cell<Option<u64>>,
    pub(super) realtime: bool,
    pub(super) cancel: Option<&'a AtomicBool>,
}

const CLOSED: &str = "the channel was closed while the kernel ran";

impl KernelCtx<'_> {
    /// The constant banks the QMD binds, read on access.
    pub fn const_banks(&self) -> &ConstBanks<'_> {
        &self.banks
    }
    /// Read `c[bank][offset..]` now: bytes past the bank's declared size
    /// read zero; an unmapped byte inside it faults the launch.
    pub fn read_const(&self, bank: usize, offset: u32, out: &mut [u8]) -> Result<(), String> {
        if self.cancelled() {
            return Err(CLOSED.into());
        }
        self.banks.read(bank, offset, out).map_err(|v| self.fail(v))
    }
    /// `c[0x0][offset]` as a u32 (0 after a failed read, which faults the launch).
    pub fn cbuf0_u32(&self, offset: u32) -> u32 {
        let mut b = [0u8; 4];
        self.read_const(0, offset, &mut b).map(|_| u32::from_le_bytes(b)).unwrap_or(0)
    }
    /// The kernel arguments: constant buffer 0 from [`ga10b::CBUF0_PARAMS`]
    /// to its declared size, read now (empty when the QMD has no constant
    /// buffer 0 or it ends before). Reads every declared byte: a kernel that
    /// needs a few words reads them with [`KernelCtx::arg_u64`] and friends.
    pub fn args(&self) -> Vec<u8> {
        let Some((_, size)) = self.banks.bound(0) else { return Vec::new() };
        let mut out = vec![0u8; (size as usize).saturating_sub(ga10b::CBUF0_PARAMS)];
        match self.read_const(0, ga10b::CBUF0_PARAMS as u32, &mut out) {
            Ok(()) => out,
            Err(_) => Vec::new(),
        }
    }
    /// The GPU runs concurrently with the CPU (threaded modes): a kernel
    /// that stands for long-running work may take real time.
    pub fn realtime(&self) -> bool {
        self.realtime
    }
    /// The kernel's channel was closed while it ran: it should stop (every
    /// memory access fails from now on).
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
    /// Take about `d` of real time, as long-running work would; returns
    /// early when the channel is closed.
    pub fn sleep(&self, d: Duration) {
        let end = Instant::now() + d;
        while !self.cancelled() {
            let now = Instant::now();
            if now >= end {
                return;
            }
            std::thread::sleep((end - now).min(Duration::from_millis(2)));
        }
    }
    /// The `i`-th 64-bit argument word (0 past constant buffer 0's end;
    /// 0 and a fault when it lies in unmapped memory).
    pub fn arg_u64(&self, i: usize) -> u64 {
        let mut b = [0u8; 8];
        let at = ga10b::CBUF0_PARAMS + 8 * i;
        let at = u32::try_from(at).unwrap_or(u32::MAX);
        self.read_const(0, at, &mut b).map(|_| u64::from_le_bytes(b)).unwrap_or(0)
    }
    /// The `i`-th 32-bit argument word (as [`KernelCtx::arg_u64`]).
    pub fn arg_u32(&self, i: usize) -> u32 {
        let at = u32::try_from(ga10b::CBUF0_PARAMS + 4 * i).unwrap_or(u32::MAX);
        self.cbuf0_u32(at)
    }
    /// Total threads (grid × block).
    pub fn threads(&self) -> u64 {
        self.grid.iter().chain(&self.block).map(|d| u64::from(*d)).product()
    }
    fn fail(&self, va: u64) -> String {
        if self.fault.get().is_none() {
            self.fault.set(Some(va));
        }
        format!("GPU memory fault at {va:#x}")
    }
    fn live(&self) -> Result<(), String> {
        if self.cancelled() {
            Err(CLOSED.into())
        } else {
            Ok(())
        }
    }
    /// Read GPU memory.
    pub fn read(&mut self, va: u64, out: &mut [u8]) -> Result<(), String> {
        self.live()?;
        self.vm.read(va, out).map_err(|v| self.fail(v))
    }
    /// Write GPU memory.
    pub fn write(&mut self, va: u64, data: &[u8]) -> Result<(), String> {
        self.live()?;
        self.vm.write(va, data).map_err(|v| self.fail(v))
    }
    /// Read a u32.
    pub fn read_u32(&mut self, va: u64) -> Result<u32, String> {
        self.live()?;
        self.vm.read_u32(va).map_err(|v| self.fail(v))
    }
    /// Write a u32.
    pub fn write_u32(&mut self, va: u64, v: u32) -> Result<(), String> {
        self.live()?;
        self.vm.write_u32(va, v).map_err(|x| self.fail(x))
    }
    /// Read a u64.
    pub fn read_u64(&mut self, va: u64) -> Result<u64, String> {
        self.live()?;
        self.vm.read_u64(va).map_err(|v| self.fail(v))
    }
    /// Write a u64.
    pub fn write_u64(&mut self, va: u64, v: u64) -> Result<(), String> {
        self.live()?;
        self.vm.write_u64(va, v).map_err(|x| self.fail(x))
    }
    /// Read an f32.
    pub fn read_f32(&mut self, va: u64) -> Result<f32, String> {
        self.read_u32(va).map(f32::from_bits)
    }
    /// Write an f32.
    pub fn write_f32(&mut self, va: u64, v: f32) -> Result<(), String> {
        self.write_u32(va, v.to_bits())
    }
}
