//! The copy engine (C6B5/C7B5): pitch copies and their semaphore.
//!
//! `LAUNCH_DMA` copies `LINE_LENGTH_IN` bytes from `OFFSET_IN` to
//! `OFFSET_OUT` — `LINE_COUNT` lines `PITCH_IN`/`PITCH_OUT` apart when
//! `MULTI_LINE_ENABLE` is set, else one line — unless `DATA_TRANSFER_TYPE`
//! is NONE (a semaphore-only launch). Then, per `SEMAPHORE_TYPE`, it releases
//! `SET_SEMAPHORE_PAYLOAD` at `SET_SEMAPHORE_A/B`: one word, or four words
//! (payload, 0, then a nonzero timestamp at +8), with the optional
//! `SEMAPHORE_REDUCTION`. A NON_BLOCKING interrupt is counted.
//!
//! The model's memory is coherent, so FLUSH_ENABLE/FLUSH_TYPE need no
//! action. What it does not model faults the channel rather than copy the
//! wrong bytes: block-linear layouts, physical addressing, REMAP (component
//! swizzles and constant fills) and the FADD reduction.

use std::sync::atomic::Ordering;

use gpuiface_hal::classes::copy;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::{Engine, FaultRecord};

use super::host::{self, Reduction};
use super::{fault, record_or_fault, Channel, Gpu, Shared};

/// Copy-engine registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct CopyRegs {
    src: u64,
    dst: u64,
    pitch_in: u32,
    pitch_out: u32,
    line_length: u32,
    line_count: Option<u32>,
    sem_addr: u64,
    sem_payload: u32,
    /// A LAUNCH_DMA still moving data: it continues at the channel's next
    /// steps (one timeslice each) before any later method runs.
    job: Option<Job>,
}

impl CopyRegs {
    /// A launch is still copying.
    pub(super) fn has_job(&self) -> bool {
        self.job.is_some()
    }
    /// Drop an unfinished launch (the channel faulted).
    pub(super) fn clear_job(&mut self) {
        self.job = None;
    }
}

/// An unfinished LAUNCH_DMA: its registers as latched at launch, and where it is.
#[derive(Debug, Clone, Copy)]
struct Job {
    data: u32,
    regs: Latched,
    lines: u64,
    line: u64,
    /// Bytes of the current line already moved.
    done_in_line: u64,
    /// Pieces moved so far (for the watchdog).
    pieces: u64,
}

/// The registers a launch uses, copied at LAUNCH_DMA (later methods cannot
/// change a launch in flight).
#[derive(Debug, Clone, Copy)]
struct Latched {
    src: u64,
    dst: u64,
    pitch_in: u32,
    pitch_out: u32,
    line_length: u32,
    sem_addr: u64,
    sem_payload: u32,
}

/// The largest piece moved at once (bounds the model's temporary buffer).
const CHUNK: usize = 1 << 20;

/// Pieces (a line, or up to `CHUNK` bytes of one) a launch moves per
/// step: the copy engine's timeslice. Long copies yield to other channels
/// (and to the kernel model, which may be closing one) between slices.
pub const TIMESLICE_PIECES: u64 = 256;

/// Pieces after which a launch that is still running is stopped and its
/// channel faulted with `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`, as the
/// scheduler's context-switch timeout does with an engine that does not
/// finish: 2^20 lines (or 1 TiB). Legitimate copies are far below it.
pub const WATCHDOG_PIECES: u64 = 1 << 20;

fn unsupported(ch: &mut Channel, data: u32, what: &str) -> FaultRecord {
    fault::engine(ch, Engine::Copy, format!("LAUNCH_DMA {data:#x}: {what} is not modelled"))
}

/// The address of byte `offset` of line `line` (`base + line * pitch + offset`),
/// or `None` when the arithmetic leaves the 64-bit space (the GPU would fault).
fn line_addr(base: u64, line: u64, pitch: u32, offset: u64) -> Option<u64> {
    line.checked_mul(u64::from(pitch))?.checked_add(base)?.checked_add(offset)
}

fn launch(shared: &Shared, ch: &mut Channel, data: u32) -> Result<(), FaultRecord> {
    let r = ch.copy;
    if copy::LAUNCH_DMA_SRC_TYPE.get(data) == copy::LAUNCH_DMA_SRC_TYPE_PHYSICAL
        || copy::LAUNCH_DMA_DST_TYPE.get(data) == copy::LAUNCH_DMA_DST_TYPE_PHYSICAL
    {
        return Err(unsupported(ch, data, "physical addressing"));
    }
    if copy::LAUNCH_DMA_REMAP_ENABLE.get(data) == copy::LAUNCH_DMA_REMAP_ENABLE_TRUE {
        return Err(unsupported(ch, data, "REMAP"));
    }
    let regs = Latched {
        src: r.src,
        dst: r.dst,
        pitch_in: r.pitch_in,
        pitch_out: r.pitch_out,
        line_length: r.line_length,
        sem_addr: r.sem_addr,
        sem_payload: r.sem_payload,
    };
    let transfer = copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.get(data);
    let mut lines = 0;
    if transfer != copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE {
        if copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.get(data) != copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH
            || copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.get(data) != copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH
        {
            return Err(unsupported(ch, data, "a block-linear layout"));
        }
        let multi = copy::LAUNCH_DMA_MULTI_LINE_ENABLE.get(data) == copy::LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE;
        lines = if multi { u64::from(r.line_count.unwrap_or(1)) } else { 1 };
    }
    ch.copy.job = Some(Job { data, regs, lines, line: 0, done_in_line: 0, pieces: 0 });
    resume(shared, ch)
}

/// Run the unfinished launch for one timeslice; when it has moved its last
/// byte, release its semaphore and interrupt. A launch over its watchdog
/// budget faults the channel.
pub(super) fn resume(shared: &Shared, ch: &mut Channel) -> Result<(), FaultRecord> {
    let Some(mut job) = ch.copy.job else { return Ok(()) };
    let len = u64::from(job.regs.line_length);
    let mut buf = vec![0u8; CHUNK.min(len as usize)];
    let mut slice = 0;
    while job.line < job.lines {
        if slice == TIMESLICE_PIECES {
            ch.copy.job = Some(job);
            return Ok(());
        }
        if job.pieces >= shared.watchdog_pieces.load(std::sync::atomic::Ordering::Relaxed) {
            ch.copy.job = None;
            return Err(fault::timeout(
                ch,
                Engine::Copy,
                format!(
                    "LAUNCH_DMA {:#x}: still copying after {} pieces (line {} of {})",
                    job.data, job.pieces, job.line, job.lines
                ),
            ));
        }
        let n = (len - job.done_in_line).min(CHUNK as u64);
        let at = |base, pitch| line_addr(base, job.line, pitch, job.done_in_line);
        let (Some(src), Some(dst)) = (at(job.regs.src, job.regs.pitch_in), at(job.regs.dst, job.regs.pitch_out)) else {
            ch.copy.job = None;
            return Err(fault::mmu(ch, u64::MAX, Engine::Copy, "copy address past the 64-bit space"));
        };
        if n > 0 {
            let piece = &mut buf[..n as usize];
            if let Err(va) = ch.desc.vm.read(src, piece) {
                ch.copy.job = None;
                return Err(fault::mmu(ch, va, Engine::Copy, "copy source"));
            }
            if let Err(va) = ch.desc.vm.write(dst, piece) {
                ch.copy.job = None;
                return Err(fault::mmu(ch, va, Engine::Copy, "copy destination"));
            }
        }
        job.done_in_line += n;
        if job.done_in_line >= len {
            job.line += 1;
            job.done_in_line = 0;
        }
        job.pieces += 1;
        slice += 1;
    }
    ch.copy.job = None;
    finish(shared, ch, job)
}

/// The end of a launch: the copy counts, then the semaphore and interrupt.
fn finish(shared: &Shared, ch: &mut Channel, job: Job) -> Result<(), FaultRecord> {
    let (data, r) = (job.data, job.regs);
    if copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.get(data) != copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE {
        ch.stats.copies += 1;
    }
    let sem = copy::LAUNCH_DMA_SEMAPHORE_TYPE.get(data);
    if sem != copy::LAUNCH_DMA_SEMAPHORE_TYPE_NONE {
        let reduction = if copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE.get(data)
            == copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE
        {
            let Some(op) = Reduction::from_host(copy::LAUNCH_DMA_SEMAPHORE_REDUCTION.get(data)) else {
                return Err(unsupported(ch, data, "this semaphore reduction"));
            };
            let signed =
                copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN.get(data) == copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED;
            Some((op, signed))
        } else {
            None
        };
        let four = sem == copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE;
        if four {
            if let Err(va) = ch.desc.vm.write_u32(r.sem_addr + 4, 0) {
                return Err(fault::mmu(ch, va, Engine::Copy, "copy semaphore"));
            }
        }
        host::release(ch, Engine::Copy, r.sem_addr, u64::from(r.sem_payload), false, four, reduction)?;
    }
    if copy::LAUNCH_DMA_INTERRUPT_TYPE.get(data) == copy::LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING {
        host::interrupt(shared, ch);
    }
    Ok(())
}

/// Execute a copy-engine method.
pub(super) fn method(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    let r = &mut ch.copy;
    let (hi, lo) = (super::set_upper, super::set_lower);
    match m.method {
        copy::OFFSET_IN_UPPER => r.src = hi(r.src, m.data),
        copy::OFFSET_IN_LOWER => r.src = lo(r.src, m.data),
        copy::OFFSET_OUT_UPPER => r.dst = hi(r.dst, m.data),
        copy::OFFSET_OUT_LOWER => r.dst = lo(r.dst, m.data),
        copy::PITCH_IN => r.pitch_in = m.data,
        copy::PITCH_OUT => r.pitch_out = m.data,
        copy::LINE_LENGTH_IN => r.line_length = m.data,
        copy::LINE_COUNT => r.line_count = Some(m.data),
        copy::SET_SEMAPHORE_A => r.sem_addr = hi(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_B => r.sem_addr = lo(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_PAYLOAD => r.sem_payload = m.data,
        copy::LAUNCH_DMA => launch(shared, ch, m.data)?,
        _ => return record_or_fault(ch, class, m),
    }
    Ok(true)
}

impl Gpu {
    /// Set the copy engine's watchdog budget (pieces: lines, or 1 MiB of a
    /// line, see [`WATCHDOG_PIECES`]); a launch still running past it
    /// faults its channel with `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`.
    pub fn set_copy_watchdog(&self, pieces: u64) {
        self.shared.watchdog_pieces.store(pieces, Ordering::Relaxed);
    }
}
