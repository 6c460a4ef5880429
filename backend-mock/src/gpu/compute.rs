//! The compute engine (C6C0/C7C0): QMD V03_00 launches.
//!
//! SEND_PCAS_A latches the QMD address; SEND_SIGNALING_PCAS2_B launches:
//! the QMD is read from GPU memory *then*, not at the doorbell (the source
//! of seed 002's race when the CPU rewrites a QMD it already submitted).
//! A kernel is a Rust closure registered against its program (by address,
//! or by the bytes at the QMD's program address).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::codec::qmd::{Qmd, QMD_SIZE};
use gpuiface_hal::{Engine, FaultRecord};

use super::{fault, record_or_fault, Channel, Shared};
use crate::mem::GpuVm;

/// What a kernel closure is registered against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramKey {
    /// The program's GPU address.
    Address(u64),
    /// The program's first bytes (matched at the QMD's program address).
    Bytes(Vec<u8>),
}

/// A closure kernel.
pub type KernelFn = dyn Fn(&mut KernelCtx<'_>) -> Result<(), String> + Send + Sync;

/// What a closure kernel sees: its launch shape, its arguments (constant
/// buffer 0) and GPU memory through the channel's VM.
pub struct KernelCtx<'a> {
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    args: Vec<u8>,
    vm: &'a dyn GpuVm,
    fault: Option<u64>,
}

impl KernelCtx<'_> {
    /// Constant buffer 0.
    pub fn args(&self) -> &[u8] {
        &self.args
    }
    /// The `i`-th 64-bit argument word (0 when past the end).
    pub fn arg_u64(&self, i: usize) -> u64 {
        self.args.get(8 * i..8 * i + 8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes"))).unwrap_or(0)
    }
    /// Total threads (grid × block).
    pub fn threads(&self) -> u64 {
        self.grid.iter().chain(&self.block).map(|d| u64::from(*d)).product()
    }
    fn fail(&mut self, va: u64) -> String {
        self.fault = Some(va);
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
    /// Read an f32.
    pub fn read_f32(&mut self, va: u64) -> Result<f32, String> {
        self.read_u32(va).map(f32::from_bits)
    }
    /// Write an f32.
    pub fn write_f32(&mut self, va: u64, v: f32) -> Result<(), String> {
        self.write_u32(va, v.to_bits())
    }
}

/// Compute-engine registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct ComputeRegs {
    qmd_addr: u64,
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

fn launch(shared: &Shared, ch: &mut Channel, qmd_va: u64, depth: u32) -> Result<(), FaultRecord> {
    let mut raw = [0u8; QMD_SIZE];
    if let Err(va) = ch.desc.vm.read(qmd_va, &mut raw) {
        return Err(fault::mmu(ch, va, Engine::Compute, "QMD read"));
    }
    let qmd = Qmd::from_bytes(&raw).expect("256 bytes");
    let program = qmd.program_address();
    let Some(kernel) = find_kernel(shared, ch.desc.vm.as_ref(), program) else {
        return Err(fault::engine(ch, Engine::Compute, format!("no kernel registered for program {program:#x}")));
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
    let mut ctx = KernelCtx { grid: qmd.grid(), block: qmd.block(), args, vm: vm.as_ref(), fault: None };
    let result = kernel(&mut ctx);
    shared.launches.fetch_add(1, Ordering::Relaxed);
    if let Err(msg) = result {
        return Err(match ctx.fault {
            Some(va) => fault::mmu(ch, va, Engine::Compute, "kernel access"),
            None => fault::engine(ch, Engine::Compute, format!("kernel at {program:#x} failed: {msg}")),
        });
    }
    for i in 0..2 {
        if let Some(rel) = qmd.release(i) {
            let r = if rel.payload64 {
                ch.desc.vm.write_u64(rel.address, rel.payload)
            } else {
                ch.desc.vm.write_u32(rel.address, rel.payload as u32)
            };
            r.map_err(|va| fault::mmu(ch, va, Engine::Compute, "QMD release"))?;
        }
    }
    if let Some(next) = qmd.dependent_qmd0() {
        if depth >= 64 {
            return Err(fault::engine(ch, Engine::Compute, "dependent QMD chain deeper than 64".into()));
        }
        launch(shared, ch, next, depth + 1)?;
    }
    Ok(())
}

/// Execute a compute-engine method.
pub(super) fn method(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    match m.method {
        compute::SEND_PCAS_A => {
            ch.compute.qmd_addr = u64::from(m.data) << 8;
            Ok(true)
        }
        compute::SEND_SIGNALING_PCAS2_B => {
            let qmd = ch.compute.qmd_addr;
            launch(shared, ch, qmd, 0)?;
            Ok(true)
        }
        _ => record_or_fault(ch, class, m),
    }
}
