//! The compute engine (C6C0/C7C0): QMD V03_00 launches.
//!
//! `SEND_PCAS_A` latches the QMD address (`>> 8`); `SEND_SIGNALING_PCAS2_B`
//! with a scheduling action (SCHEDULE, INVALIDATE_COPY_SCHEDULE,
//! PREFETCH_SCHEDULE, INVALIDATE_PREFETCH_COPY_SCHEDULE, …FORCE_REQUIRE_SCHEDULING)
//! — or the older `SEND_SIGNALING_PCAS_B` with SCHEDULE set — launches. Other
//! actions (NOP, INVALIDATE, PREFETCH, …) are accepted and recorded.
//!
//! The QMD is read from GPU memory **at the launch**, not at the doorbell:
//! the source of seed 002's race when the CPU rewrites a QMD it already
//! submitted. From it the model takes the grid (`CTA_RASTER_*`), block
//! (`CTA_THREAD_DIMENSION*`), constant buffer 0 (the kernel arguments) and
//! program address; runs the closure registered for the program; then
//! performs releases 0 and 1 (32/64-bit, four-word structure = timestamped,
//! optional reduction) and schedules `DEPENDENT_QMD0` if enabled — which
//! launches at the channel's next step, read from memory then.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::codec::qmd::{v03_00, Qmd, QMD_SIZE};
use gpuiface_hal::{Engine, FaultRecord};

use super::host::{self, Reduction};
use super::{fault, record_or_fault, Channel, Shared};
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

/// What a closure kernel sees: its launch shape, its arguments (constant
/// buffer 0) and GPU memory through the channel's VM. A failed access
/// returns `Err` and, whatever the closure then does, faults the launch as
/// an MMU fault at the failing VA.
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
    args: Vec<u8>,
    vm: &'a dyn GpuVm,
    fault: Option<u64>,
}

impl KernelCtx<'_> {
    /// Constant buffer 0 (empty when the QMD has none).
    pub fn args(&self) -> &[u8] {
        &self.args
    }
    /// The `i`-th 64-bit argument word (0 when past the end).
    pub fn arg_u64(&self, i: usize) -> u64 {
        self.args.get(8 * i..8 * i + 8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes"))).unwrap_or(0)
    }
    /// The `i`-th 32-bit argument word (0 when past the end).
    pub fn arg_u32(&self, i: usize) -> u32 {
        self.args.get(4 * i..4 * i + 4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes"))).unwrap_or(0)
    }
    /// Total threads (grid × block).
    pub fn threads(&self) -> u64 {
        self.grid.iter().chain(&self.block).map(|d| u64::from(*d)).product()
    }
    fn fail(&mut self, va: u64) -> String {
        self.fault.get_or_insert(va);
        format!("GPU memory fault at {va:#x}")
    }
    /// Read GPU memory.
    pub fn read(&mut self, va: u64, out: &mut [u8]) -> Result<(), String> {
        self.vm.read(va, out).map_err(|v| self.fail(v))
    }
    /// Write GPU memory.
    pub fn write(&mut self, va: u64, data: &[u8]) -> Result<(), String> {
        self.vm.write(va, data).map_err(|v| self.fail(v))
    }
    /// Read a u32.
    pub fn read_u32(&mut self, va: u64) -> Result<u32, String> {
        self.vm.read_u32(va).map_err(|v| self.fail(v))
    }
    /// Write a u32.
    pub fn write_u32(&mut self, va: u64, v: u32) -> Result<(), String> {
        self.vm.write_u32(va, v).map_err(|x| self.fail(x))
    }
    /// Read a u64.
    pub fn read_u64(&mut self, va: u64) -> Result<u64, String> {
        self.vm.read_u64(va).map_err(|v| self.fail(v))
    }
    /// Write a u64.
    pub fn write_u64(&mut self, va: u64, v: u64) -> Result<(), String> {
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

/// Dependent-QMD chains longer than this fault (a cycle, most likely).
const MAX_CHAIN: u32 = 1024;

/// Compute-engine registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct ComputeRegs {
    qmd_addr: u64,
    /// A dependent QMD to launch at the next step: (VA, chain depth).
    pending: Option<(u64, u32)>,
}

impl ComputeRegs {
    /// A dependent QMD is waiting to launch.
    pub(super) fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Drop a scheduled dependent QMD (the channel faulted).
    pub(super) fn clear_pending(&mut self) {
        self.pending = None;
    }
}

fn find_kernel(shared: &Shared, vm: &dyn GpuVm, program: u64) -> Option<Arc<KernelFn>> {
    let kernels = shared.kernels.read().unwrap_or_else(|p| p.into_inner());
    kernels.iter().find_map(|(key, f)| {
        let hit = match key {
            ProgramKey::Address(a) => *a == program,
            ProgramKey::Bytes(b) => {
                let mut mem = vec![0u8; b.len()];
                vm.read(program, &mut mem).is_ok() && &mem == b
            }
        };
        hit.then(|| f.clone())
    })
}

/// A compute-engine error that is not a memory fault (`NVGPU_CHANNEL_GR_EXCEPTION`).
fn gr_error(ch: &mut Channel, reason: String) -> FaultRecord {
    fault::gr(ch, reason)
}

/// Read the QMD at `qmd_va` now, run its kernel, release, and schedule its
/// dependent QMD.
fn launch(shared: &Shared, ch: &mut Channel, qmd_va: u64, depth: u32) -> Result<(), FaultRecord> {
    let mut raw = [0u8; QMD_SIZE];
    if let Err(va) = ch.desc.vm.read(qmd_va, &mut raw) {
        return Err(fault::mmu(ch, va, Engine::Compute, "QMD read"));
    }
    let qmd = Qmd::from_bytes(&raw).expect("256 bytes");
    let major = qmd.get(v03_00::QMD_MAJOR_VERSION);
    if major != v03_00::MAJOR_VERSION {
        return Err(gr_error(ch, format!("QMD at {qmd_va:#x} has major version {major}, not V03_00")));
    }
    let program = qmd.program_address();
    let Some(kernel) = find_kernel(shared, ch.desc.vm.as_ref(), program) else {
        return Err(gr_error(ch, format!("no kernel registered for program {program:#x} (QMD at {qmd_va:#x})")));
    };
    let args = match qmd.constant_buffer(0) {
        Some((addr, size)) => {
            let mut a = vec![0u8; size as usize];
            if let Err(va) = ch.desc.vm.read(addr, &mut a) {
                return Err(fault::mmu(ch, va, Engine::Compute, "constant buffer 0"));
            }
            a
        }
        None => Vec::new(),
    };
    let vm = ch.desc.vm.clone();
    let mut ctx = KernelCtx {
        grid: qmd.grid(),
        block: qmd.block(),
        program,
        qmd: qmd_va,
        shared_memory: qmd.shared_memory_size(),
        args,
        vm: vm.as_ref(),
        fault: None,
    };
    let result = catch_unwind(AssertUnwindSafe(|| kernel(&mut ctx)))
        .unwrap_or_else(|p| Err(format!("kernel panicked: {}", panic_text(&*p))));
    shared.launches.fetch_add(1, Ordering::Relaxed);
    ch.stats.launches += 1;
    if let Some(va) = ctx.fault {
        return Err(fault::mmu(ch, va, Engine::Compute, "kernel access"));
    }
    if let Err(msg) = result {
        return Err(gr_error(ch, format!("kernel at {program:#x} failed: {msg}")));
    }
    for i in 0..2 {
        let Some(rel) = qmd.release(i) else { continue };
        let reduction = if rel.reduction_enable {
            let op = match rel.reduction_op {
                0 => Reduction::Add,
                1 => Reduction::Min,
                2 => Reduction::Max,
                3 => Reduction::Inc,
                4 => Reduction::Dec,
                5 => Reduction::And,
                6 => Reduction::Or,
                _ => Reduction::Xor,
            };
            Some((op, rel.reduction_format == 1))
        } else {
            None
        };
        // STRUCTURE_SIZE 0 = four words: payload, then a timestamp at +8.
        let timestamp = rel.structure_size == 0;
        host::release(ch, Engine::Compute, rel.address, rel.payload, rel.payload64, timestamp, reduction)?;
        if rel.non_blocking_intr_type != 0 {
            host::interrupt(shared, ch);
        }
    }
    if let Some(next) = qmd.dependent_qmd0() {
        if qmd.dependent_qmd0_action() != v03_00::DEPENDENT_QMD_ACTION_SCHEDULE as u32 {
            return Err(gr_error(
                ch,
                format!("QMD at {qmd_va:#x}: dependent QMD action {} is not modelled", qmd.dependent_qmd0_action()),
            ));
        }
        if depth + 1 >= MAX_CHAIN {
            return Err(gr_error(ch, format!("dependent QMD chain longer than {MAX_CHAIN} at {qmd_va:#x}")));
        }
        ch.compute.pending = Some((next, depth + 1));
    }
    Ok(())
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned()).unwrap_or_default()
}

/// Launch the scheduled dependent QMD.
pub(super) fn launch_pending(shared: &Shared, ch: &mut Channel) -> Result<(), FaultRecord> {
    match ch.compute.pending.take() {
        Some((va, depth)) => launch(shared, ch, va, depth),
        None => Ok(()),
    }
}

/// PCAS actions that schedule the QMD.
fn schedules(action: u32) -> bool {
    matches!(
        action,
        compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING
    )
}

/// Execute a compute-engine method.
pub(super) fn method(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    match m.method {
        compute::SEND_PCAS_A => {
            ch.compute.qmd_addr = u64::from(m.data) << 8;
            Ok(true)
        }
        compute::SEND_SIGNALING_PCAS2_B if schedules(compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION.get(m.data)) => {
            let qmd = ch.compute.qmd_addr;
            launch(shared, ch, qmd, 0)?;
            Ok(true)
        }
        compute::SEND_SIGNALING_PCAS_B
            if compute::SEND_SIGNALING_PCAS_B_SCHEDULE.get(m.data) == compute::SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE =>
        {
            let qmd = ch.compute.qmd_addr;
            launch(shared, ch, qmd, 0)?;
            Ok(true)
        }
        _ => record_or_fault(ch, class, m),
    }
}
