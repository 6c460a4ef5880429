//! Turning recorded commands into pushbuffer words and QMDs.
//!
//! Layout of one submission's chunk of command memory:
//! `[QMD 0][cbuf 0] [QMD 1][cbuf 1] ... [pushbuffer]`, every piece 256-byte
//! aligned. The pushbuffer starts with an acquire of the device timeline
//! (the previous submission's value) and ends with a release of the next one.

use crate::classes::{compute, copy, host};
use crate::codec::method::PushBuffer;
use crate::codec::qmd::{v03_00 as qmd, Qmd, Release, QMD_SIZE};
use crate::error::{Error, Result};
use crate::queue::ring::{Chunk, RING_ALIGN};
use crate::types::{Buffer, Signal, SignalPlacement};

/// Which engine a queue feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueueKind {
    /// The compute engine (kernel launches).
    Compute,
    /// The copy engine (DMA).
    Copy,
}

/// A variable of a [`Queue`](super::Queue), bound at each submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VarId(pub(crate) usize);

/// A value in a recorded command: a literal or a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Val {
    /// A fixed value.
    Lit(u64),
    /// Bound at submit.
    Var(VarId),
}

impl From<u64> for Val {
    fn from(v: u64) -> Self {
        Val::Lit(v)
    }
}

impl From<VarId> for Val {
    fn from(v: VarId) -> Self {
        Val::Var(v)
    }
}

/// Grid and block dimensions of a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchDims {
    /// Thread blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    pub shared_mem: u32,
}

impl LaunchDims {
    /// `grid` blocks of `block` threads, no shared memory.
    pub fn new(grid: [u32; 3], block: [u32; 3]) -> Self {
        LaunchDims { grid, block, shared_mem: 0 }
    }
}

/// A program (kernel code) in GPU memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    buffer: Buffer,
}

impl Program {
    /// Wrap a buffer holding code.
    pub fn new(buffer: Buffer) -> Self {
        Program { buffer }
    }
    /// GPU address of the code.
    pub fn gpu_va(&self) -> u64 {
        self.buffer.gpu_va
    }
    /// The buffer.
    pub fn buffer(&self) -> &Buffer {
        &self.buffer
    }
    /// Give the buffer back (to free it).
    pub fn into_buffer(self) -> Buffer {
        self.buffer
    }
}

#[derive(Debug)]
pub(crate) enum Cmd {
    Wait { signal: Signal, value: Val },
    Signal { signal: Signal, value: Val },
    Launch { program: u64, dims: LaunchDims, args: Vec<u8>, arg_vars: Vec<(usize, VarId)> },
    Copy { dst: u64, src: u64, len: u64 },
    Barrier,
    SetObject { subchannel: u8, class: u32 },
}

pub(crate) const QMD_SLOT_SIZE: u64 = QMD_SIZE as u64;

pub(crate) struct EncodeCtx<'a> {
    pub kind: super::QueueKind,
    pub subchannel: u8,
    pub placement: SignalPlacement,
    pub values: &'a [u64],
    pub timeline: &'a Signal,
    pub wait_value: u64,
    pub signal_value: u64,
    pub qmd_slots: Option<&'a Buffer>,
}

impl EncodeCtx<'_> {
    fn value(&self, v: Val) -> u64 {
        match v {
            Val::Lit(x) => x,
            Val::Var(id) => self.values[id.0],
        }
    }
}

pub(crate) struct Encoded {
    pub pushbuffer_offset: u64,
    pub pushbuffer_dwords: u32,
    pub total: u64,
}

fn align(x: u64) -> u64 {
    x.next_multiple_of(RING_ALIGN)
}

/// Constant buffer sizes are in 16-byte units; keep 256-byte alignment.
fn cbuf_bytes(args: &[u8]) -> u64 {
    align(args.len().max(16) as u64)
}

// Dword counts of each command's methods (header + data), for the bound.
const SEM_DWORDS: u64 = 6;
const COPY_DWORDS_PER_CHUNK: u64 = 12;

/// An upper bound of the bytes `encode` writes.
pub(crate) fn upper_bound(cmds: &[Cmd], ctx: &EncodeCtx<'_>) -> u64 {
    let mut data = 0u64;
    let mut dwords = 2 * SEM_DWORDS;
    for c in cmds {
        match c {
            Cmd::Wait { .. } | Cmd::Signal { .. } => dwords += SEM_DWORDS,
            Cmd::Launch { args, .. } => {
                if ctx.qmd_slots.is_none() {
                    data += QMD_SLOT_SIZE;
                }
                data += cbuf_bytes(args);
                dwords += 4;
            }
            Cmd::Copy { len, .. } => dwords += COPY_DWORDS_PER_CHUNK * len.div_ceil(super::MAX_COPY_CHUNK).max(1),
            Cmd::Barrier | Cmd::SetObject { .. } => dwords += 2,
        }
    }
    data + align(dwords * 4)
}

fn semaphore(pb: &mut PushBuffer, subchannel: u8, address: u64, payload: u64, execute: u32) {
    pb.method(
        subchannel,
        host::SEM_ADDR_LO,
        &[address as u32, (address >> 32) as u32, payload as u32, (payload >> 32) as u32, execute],
    );
}

fn release_execute() -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_RELEASE_WFI.field(host::SEM_EXECUTE_RELEASE_WFI_EN)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT)
        | host::SEM_EXECUTE_RELEASE_TIMESTAMP.field(host::SEM_EXECUTE_RELEASE_TIMESTAMP_EN)
}

fn acquire_execute() -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ)
        | host::SEM_EXECUTE_ACQUIRE_SWITCH_TSG.field(host::SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT)
}

/// Write the commands into `chunk`; returns where the pushbuffer is.
pub(crate) fn encode(cmds: &[Cmd], ctx: &EncodeCtx<'_>, chunk: &Chunk) -> Result<Encoded> {
    // Sized from the same bound the chunk was: no reallocation while encoding.
    let mut pb = PushBuffer::with_capacity((chunk.len / 4) as usize);
    let mut data_off = 0u64;
    let mut launch_index = 0u64;
    semaphore(&mut pb, ctx.subchannel, ctx.timeline.gpu_va(), ctx.wait_value, acquire_execute());

    let mut i = 0;
    while i < cmds.len() {
        match &cmds[i] {
            Cmd::Wait { signal, value } => {
                semaphore(&mut pb, ctx.subchannel, signal.gpu_va(), ctx.value(*value), acquire_execute())
            }
            Cmd::Signal { signal, value } => {
                semaphore(&mut pb, ctx.subchannel, signal.gpu_va(), ctx.value(*value), release_execute())
            }
            Cmd::Launch { program, dims, args, arg_vars } => {
                if ctx.kind != super::QueueKind::Compute {
                    return Err(Error::invalid("Runtime::submit", "a launch needs a compute queue"));
                }
                // Kernel arguments (constant buffer 0), patched with variables.
                for (off, _) in arg_vars {
                    if off.checked_add(8).is_none_or(|end| end > args.len()) {
                        return Err(Error::invalid(
                            "Runtime::submit",
                            format!("argument variable at {off} past the arguments"),
                        ));
                    }
                }
                let (qmd_va, qmd_cpu) = match ctx.qmd_slots {
                    Some(slots) => {
                        let off = launch_index * QMD_SLOT_SIZE;
                        let cpu =
                            slots.cpu_addr.ok_or_else(|| Error::invalid("Runtime::submit", "QMD slots unmapped"))?;
                        (slots.gpu_va + off, cpu + off as usize)
                    }
                    None => {
                        let at = data_off;
                        data_off += QMD_SLOT_SIZE;
                        (chunk.gpu_va + at, chunk.cpu_addr + at as usize)
                    }
                };
                let cbuf_at = data_off;
                data_off += cbuf_bytes(args);
                let cbuf_va = chunk.gpu_va + cbuf_at;
                // The arguments go straight into fresh command memory; variables
                // are patched there (bounds checked above).
                write_bytes(chunk, cbuf_at, args);
                for (off, var) in arg_vars {
                    write_bytes(chunk, cbuf_at + *off as u64, &ctx.values[var.0].to_le_bytes());
                }

                let mut q = Qmd::new();
                q.set_version_v03_00();
                q.set(qmd::API_VISIBLE_CALL_LIMIT, 1);
                q.set(qmd::SM_GLOBAL_CACHING_ENABLE, 1);
                q.set_program_address(*program);
                q.set_grid(dims.grid);
                q.set_block(dims.block);
                q.set(qmd::SHARED_MEMORY_SIZE, u64::from(dims.shared_mem));
                q.set_constant_buffer(0, cbuf_va, cbuf_bytes(args) as u32);
                // Fold a directly following signal into the QMD's release slot,
                // unless the backend needs pushbuffer signals (seed 002).
                if ctx.placement == SignalPlacement::QmdRelease {
                    if let Some(Cmd::Signal { signal, value }) = cmds.get(i + 1) {
                        q.set_release(0, &Release::new(signal.gpu_va(), ctx.value(*value)));
                        i += 1;
                    }
                }
                // SAFETY: `qmd_cpu` is the CPU view of a 256-byte QMD slot inside
                // live command memory (the chunk or the queue's slots buffer).
                unsafe {
                    std::ptr::copy_nonoverlapping(q.to_bytes().as_ptr(), qmd_cpu as *mut u8, QMD_SIZE);
                }
                pb.method(ctx.subchannel, compute::SEND_PCAS_A, &[(qmd_va >> 8) as u32]);
                pb.method(
                    ctx.subchannel,
                    compute::SEND_SIGNALING_PCAS2_B,
                    &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
                );
                launch_index += 1;
            }
            Cmd::Copy { dst, src, len } => {
                if ctx.kind != super::QueueKind::Copy {
                    return Err(Error::invalid("Runtime::submit", "a copy needs a copy queue"));
                }
                let mut done = 0u64;
                while done < *len {
                    let n = (*len - done).min(super::MAX_COPY_CHUNK);
                    let (s, d) = (src + done, dst + done);
                    pb.method(
                        ctx.subchannel,
                        copy::OFFSET_IN_UPPER,
                        &[(s >> 32) as u32, s as u32, (d >> 32) as u32, d as u32],
                    );
                    pb.method(ctx.subchannel, copy::LINE_LENGTH_IN, &[n as u32, 1]);
                    pb.method(
                        ctx.subchannel,
                        copy::LAUNCH_DMA,
                        &[copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)
                            | copy::LAUNCH_DMA_FLUSH_ENABLE.field(copy::LAUNCH_DMA_FLUSH_ENABLE_TRUE)
                            | copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH)
                            | copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH)],
                    );
                    done += n;
                }
            }
            Cmd::Barrier => {
                pb.method(ctx.subchannel, host::WFI, &[host::WFI_SCOPE.field(host::WFI_SCOPE_ALL)]);
            }
            Cmd::SetObject { subchannel, class } => {
                pb.method(*subchannel, host::SET_OBJECT, &[*class]);
            }
        }
        i += 1;
    }
    semaphore(&mut pb, ctx.subchannel, ctx.timeline.gpu_va(), ctx.signal_value, release_execute());

    let pb_off = align(data_off);
    let pb_len = pb.len_dwords() as u64 * 4;
    if pb_off + pb_len > chunk.len {
        return Err(Error::invalid("Runtime::submit", "command memory bound exceeded (encoder bug)"));
    }
    // SAFETY: `[pb_off, pb_off + pb_len)` lies inside the chunk (checked above),
    // which is live command memory owned by this submission.
    let out = unsafe { std::slice::from_raw_parts_mut((chunk.cpu_addr + pb_off as usize) as *mut u8, pb_len as usize) };
    pb.write_le_bytes(out);
    Ok(Encoded { pushbuffer_offset: pb_off, pushbuffer_dwords: pb.len_dwords() as u32, total: pb_off + pb_len })
}

fn write_bytes(chunk: &Chunk, offset: u64, bytes: &[u8]) {
    assert!(offset + bytes.len() as u64 <= chunk.len, "chunk overflow");
    // SAFETY: the chunk is live command memory of `chunk.len` bytes, checked above.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), (chunk.cpu_addr + offset as usize) as *mut u8, bytes.len())
    };
}
