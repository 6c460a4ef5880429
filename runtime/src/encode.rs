//! Turning recorded commands into pushbuffer words and QMDs.
//!
//! Layout of one submission's chunk of command memory:
//! `[QMD 0][cbuf 0] [QMD 1][cbuf 1] ... [pushbuffer]`, every piece 256-byte
//! aligned. The pushbuffer ends with a release (wait-for-idle first) of the
//! next value of its engine's timeline: the channel runs in order, so that
//! value marks the completion of everything submitted before it there.

use gpuiface_hal::classes::{compute, copy, host};
use gpuiface_hal::codec::method::PushBuffer;

use super::launch;
use crate::program::Program;
use crate::queue::{LaunchDims, Val, VarId};
use crate::ring::{Chunk, RING_ALIGN};
use gpuiface_hal::codec::qmd::{Qmd, Release, QMD_SIZE};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{Buffer, CpuView, Signal, SignalPlacement};
use gpuiface_hal::{Error, Result};

#[derive(Debug)]
pub(crate) enum Cmd {
    Wait {
        signal: Signal,
        value: Val,
    },
    Signal {
        signal: Signal,
        value: Val,
    },
    Launch {
        program: Program,
        dims: LaunchDims,
        args: Vec<u8>,
        arg_vars: Vec<(usize, VarId)>,
    },
    Copy {
        dst: u64,
        src: u64,
        len: u64,
    },
    Barrier,
    SetObject {
        subchannel: u8,
        class: u32,
    },
    /// A method pair taking a 64-bit value, upper word first (`*_A`, `*_B`).
    Method64 {
        method: u32,
        value: u64,
    },
    /// A one-word method.
    Method32 {
        method: u32,
        value: u32,
    },
}

pub(crate) const QMD_SLOT_SIZE: u64 = QMD_SIZE as u64;

pub(crate) struct EncodeCtx<'a> {
    pub kind: super::QueueKind,
    pub subchannel: u8,
    pub placement: SignalPlacement,
    pub values: &'a [u64],
    pub timeline: &'a Signal,
    pub signal_value: u64,
    pub qmd_slots: Option<&'a Buffer>,
}

impl EncodeCtx<'_> {
    fn value(&self, v: Val) -> u64 {
        match v {
            Val::Lit(x) => x,
            Val::Var(id) => self.values[id.index],
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

/// Bytes of command memory a launch's constant buffer 0 takes (256-aligned).
fn cbuf_bytes(program: &Program, args: &[u8]) -> u64 {
    align(launch::cbuf0_size(program.attributes(), args.len()) as u64)
}

// Dword counts of each command's methods (header + data), for the bound.
const SEM_DWORDS: u64 = 6;
const COPY_DWORDS_PER_CHUNK: u64 = 12;

/// Refuse a copy that runs past the GPU address space (`va_limit` bytes)
/// before anything is encoded: its chunks would make the encoding, and the
/// host memory it is built in, grow with a length no buffer can have
/// (issue 22, item 15), and its addresses would overflow.
pub(crate) fn check_copies(cmds: &[Cmd], va_limit: u64) -> Result<()> {
    for c in cmds {
        if let Cmd::Copy { dst, src, len } = c {
            let inside = |a: u64| a.checked_add(*len).is_some_and(|end| end <= va_limit);
            if !inside(*src) || !inside(*dst) {
                return Err(Error::invalid(
                    "Runtime::submit",
                    format!("a copy of {len:#x} bytes from {src:#x} to {dst:#x} runs past the {va_limit:#x}-byte GPU address space"),
                ));
            }
        }
    }
    Ok(())
}

/// An upper bound of the bytes `encode` writes.
pub(crate) fn upper_bound(cmds: &[Cmd], ctx: &EncodeCtx<'_>) -> u64 {
    let mut data = 0u64;
    let mut dwords = SEM_DWORDS;
    for c in cmds {
        match c {
            Cmd::Wait { .. } | Cmd::Signal { .. } => dwords += SEM_DWORDS,
            Cmd::Launch { program, args, .. } => {
                if ctx.qmd_slots.is_none() {
                    data += QMD_SLOT_SIZE;
                }
                data += cbuf_bytes(program, args);
                dwords += 4;
            }
            Cmd::Copy { len, .. } => {
                dwords = dwords
                    .saturating_add(COPY_DWORDS_PER_CHUNK.saturating_mul(len.div_ceil(super::MAX_COPY_CHUNK).max(1)))
            }
            Cmd::Barrier | Cmd::SetObject { .. } | Cmd::Method32 { .. } => dwords += 2,
            Cmd::Method64 { .. } => dwords += 3,
        }
    }
    data.saturating_add(align(dwords.saturating_mul(4).min(u64::MAX - RING_ALIGN)))
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
pub(crate) fn encode(
    cmds: &[Cmd],
    ctx: &EncodeCtx<'_>,
    chunk: &Chunk<'_>,
    mut patches: Option<&mut Vec<Patch>>,
) -> Result<Encoded> {
    // Sized from the same bound the chunk was: no reallocation while encoding.
    let mut pb = PushBuffer::with_capacity((chunk.len / 4) as usize);
    let mut record = |p: Patch| {
        if let Some(list) = patches.as_deref_mut() {
            list.push(p);
        }
    };
    // The payload of a `semaphore()` call starts at its header + 3.
    let payload_word = |pb: &PushBuffer| pb.len_dwords() as u32 + 3;
    let mut data_off = 0u64;
    let mut launch_index = 0u64;

    let mut i = 0;
    while i < cmds.len() {
        match &cmds[i] {
            Cmd::Wait { signal, value } => {
                if let Val::Var(v) = value {
                    record(Patch::PbValue { word: payload_word(&pb), var: v.index });
                }
                semaphore(&mut pb, ctx.subchannel, signal.gpu_va(), ctx.value(*value), acquire_execute())
            }
            Cmd::Signal { signal, value } => {
                if let Val::Var(v) = value {
                    record(Patch::PbValue { word: payload_word(&pb), var: v.index });
                }
                semaphore(&mut pb, ctx.subchannel, signal.gpu_va(), ctx.value(*value), release_execute())
            }
            Cmd::Launch { program, dims, args, arg_vars } => {
                if ctx.kind != super::QueueKind::Compute {
                    return Err(Error::invalid("Runtime::submit", "a launch needs a compute queue"));
                }
                let attrs = program.attributes();
                launch::check_launch(program.name(), attrs, dims, args.len())?;
                for (off, _) in arg_vars {
                    if off.checked_add(8).is_none_or(|end| end > args.len()) {
                        return Err(Error::invalid(
                            "Runtime::submit",
                            format!("argument variable at {off} past the arguments"),
                        ));
                    }
                }
                let (qmd_va, qmd_at) = match ctx.qmd_slots {
                    Some(slots) => {
                        let off = launch_index * QMD_SLOT_SIZE;
                        (slots.gpu_va() + off, QmdAt::Slots(off))
                    }
                    None => {
                        let at = data_off;
                        data_off += QMD_SLOT_SIZE;
                        (chunk.gpu_va + at, QmdAt::Chunk(at))
                    }
                };
                // Constant buffer 0 in fresh command memory: the driver area
                // compiled code reads, then the arguments at the kernel's
                // parameter-bank offset, then the variables patched in place.
                let cbuf_len = launch::cbuf0_size(attrs, args.len());
                let cbuf_at = data_off;
                data_off += cbuf_bytes(program, args);
                let cbuf_va = chunk.gpu_va + cbuf_at;
                let mut driver = [0u8; ga10b::CBUF0_PARAMS];
                launch::write_driver_area(&mut driver, dims)?;
                chunk.write(cbuf_at, &driver)?;
                let params_at = cbuf_at + u64::from(attrs.param_offset);
                chunk.write(params_at, args)?;
                for (off, var) in arg_vars {
                    chunk.write(params_at + *off as u64, &ctx.values[var.index].to_le_bytes())?;
                    record(Patch::Bytes { at: params_at + *off as u64, var: var.index });
                }
                if let QmdAt::Chunk(at) = qmd_at {
                    record(Patch::CbufAddress { qmd: at, cbuf: cbuf_at });
                }

                let mut q: Qmd = *program.qmd_template();
                launch::fill_launch(&mut q, attrs, dims, cbuf_va, cbuf_len)?;
                // Fold a directly following signal into the QMD's release slot,
                // unless the backend needs pushbuffer signals (seed 002). The
                // timeline is 64-bit: PAYLOAD64B, or the upper half is lost.
                if ctx.placement == SignalPlacement::QmdRelease {
                    if let Some(Cmd::Signal { signal, value }) = cmds.get(i + 1) {
                        let mut rel = Release::new(signal.gpu_va(), ctx.value(*value));
                        rel.payload64 = true;
                        q.set_release(0, &rel);
                        if let (Val::Var(v), QmdAt::Chunk(at)) = (value, &qmd_at) {
                            record(Patch::QmdPayload { qmd: *at, var: v.index });
                        }
                        i += 1;
                    }
                }
                match qmd_at {
                    QmdAt::Chunk(at) => chunk.write(at, &q.to_bytes())?,
                    QmdAt::Slots(off) => {
                        let slots =
                            ctx.qmd_slots.ok_or_else(|| Error::invalid("Runtime::submit", "QMD slots vanished"))?;
                        slots.write(off, &q.to_bytes())?
                    }
                }
                if let QmdAt::Chunk(at) = qmd_at {
                    record(Patch::QmdPointer { word: pb.len_dwords() as u32 + 1, qmd: at });
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
            Cmd::Method64 { method, value } => {
                pb.method(ctx.subchannel, *method, &[(*value >> 32) as u32, *value as u32]);
            }
            Cmd::Method32 { method, value } => {
                pb.method(ctx.subchannel, *method, &[*value]);
            }
        }
        i += 1;
    }
    record(Patch::PbTimeline { word: payload_word(&pb) });
    semaphore(&mut pb, ctx.subchannel, ctx.timeline.gpu_va(), ctx.signal_value, release_execute());

    let pb_off = align(data_off);
    let pb_len = pb.len_dwords() as u64 * 4;
    if pb_off + pb_len > chunk.len {
        return Err(Error::invalid("Runtime::submit", "command memory bound exceeded (encoder bug)"));
    }
    chunk.write_u32s(pb_off, pb.words())?;
    Ok(Encoded { pushbuffer_offset: pb_off, pushbuffer_dwords: pb.len_dwords() as u32, total: pb_off + pb_len })
}

/// Where a launch's QMD goes: fresh command memory, or a queue's slots.
enum QmdAt {
    Chunk(u64),
    Slots(u64),
}

/// A place in an encoded submission that changes from one submit to the
/// next (offsets relative to the submission's chunk; pushbuffer words
/// relative to the pushbuffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Patch {
    /// The QMD at chunk offset `qmd` points at constant buffer 0 at chunk offset `cbuf`.
    CbufAddress { qmd: u64, cbuf: u64 },
    /// Pushbuffer word `word` is `SEND_PCAS_A`'s `(chunk + qmd) >> 8`.
    QmdPointer { word: u32, qmd: u64 },
    /// Pushbuffer words `word` and `word + 1` hold variable `var` (64-bit, low word first).
    PbValue { word: u32, var: usize },
    /// Pushbuffer words `word` and `word + 1` hold the engine's timeline value.
    PbTimeline { word: u32 },
    /// The release 0 payload of the QMD at chunk offset `qmd` holds variable `var`.
    QmdPayload { qmd: u64, var: usize },
    /// Eight bytes at chunk offset `at` hold variable `var` (a kernel argument).
    Bytes { at: u64, var: usize },
}

/// A queue encoded once, for one runtime: the bytes of a submission
/// (QMDs, constant buffers, pushbuffer) at chunk address 0, and the places
/// to patch. A submit copies `image` into fresh command memory and applies
/// the patches: no re-encoding, no allocation, no per-command branching.
#[derive(Debug)]
pub(crate) struct Template {
    /// The runtime it was encoded for (timeline addresses, subchannels).
    pub runtime: u64,
    /// The signal placement it was encoded with.
    pub placement: SignalPlacement,
    pub image: Vec<u8>,
    pub pb_offset: u64,
    pub pb_dwords: u32,
    pub patches: Vec<Patch>,
}

/// Encode `cmds` once into a [`Template`].
pub(crate) fn compile(cmds: &[Cmd], ctx: &EncodeCtx<'_>, runtime: u64) -> Result<Template> {
    let len = upper_bound(cmds, ctx).next_multiple_of(RING_ALIGN);
    let view = CpuView::zeroed(usize::try_from(len).unwrap_or(usize::MAX))?;
    let chunk = Chunk::host(&view);
    let mut patches = Vec::new();
    let used = encode(cmds, ctx, &chunk, Some(&mut patches))?;
    let image = chunk.to_vec(used.total)?;
    Ok(Template {
        runtime,
        placement: ctx.placement,
        image,
        pb_offset: used.pushbuffer_offset,
        pb_dwords: used.pushbuffer_dwords,
        patches,
    })
}

/// A one-word QMD field: its word index, shift and mask.
const fn qmd_word(field: gpuiface_hal::codec::qmd::QmdField) -> (usize, u32, u32) {
    assert!(field.lo / 32 == field.hi / 32, "the field spans two words");
    let width = field.hi - field.lo + 1;
    let mask = if width == 32 { u32::MAX } else { ((1u32 << width) - 1) << (field.lo % 32) };
    ((field.lo / 32) as usize, field.lo % 32, mask)
}

const CBUF_LOWER: (usize, u32, u32) = qmd_word(gpuiface_hal::codec::qmd::v03_00::constant_buffer_addr_lower(0));
const CBUF_UPPER: (usize, u32, u32) = qmd_word(gpuiface_hal::codec::qmd::v03_00::constant_buffer_addr_upper(0));
const PAYLOAD_LOWER: (usize, u32, u32) = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_PAYLOAD_LOWER);
const PAYLOAD_UPPER: (usize, u32, u32) = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_PAYLOAD_UPPER);

/// Write `value` into one QMD word field, in place in chunk memory.
fn patch_qmd_word(chunk: &Chunk<'_>, qmd: u64, (word, shift, mask): (usize, u32, u32), value: u32) -> Result<()> {
    let at = qmd + 4 * word as u64;
    let old = chunk.read_u32(at)?;
    chunk.write(at, &((old & !mask) | ((value << shift) & mask)).to_le_bytes())
}

/// Copy a template into `chunk` and patch it for this submit.
pub(crate) fn apply(t: &Template, chunk: &Chunk<'_>, values: &[u64], timeline_value: u64) -> Result<Encoded> {
    chunk.write(0, &t.image)?;
    let pb_word = |w: u32| t.pb_offset + 4 * u64::from(w);
    for p in &t.patches {
        match *p {
            Patch::CbufAddress { qmd, cbuf } => {
                let va = chunk.gpu_va + cbuf;
                patch_qmd_word(chunk, qmd, CBUF_LOWER, va as u32)?;
                patch_qmd_word(chunk, qmd, CBUF_UPPER, (va >> 32) as u32)?;
            }
            Patch::QmdPointer { word, qmd } => {
                chunk.write(pb_word(word), &(((chunk.gpu_va + qmd) >> 8) as u32).to_le_bytes())?
            }
            Patch::PbValue { word, var } => chunk.write(pb_word(word), &values[var].to_le_bytes())?,
            Patch::PbTimeline { word } => chunk.write(pb_word(word), &timeline_value.to_le_bytes())?,
            Patch::QmdPayload { qmd, var } => {
                patch_qmd_word(chunk, qmd, PAYLOAD_LOWER, values[var] as u32)?;
                patch_qmd_word(chunk, qmd, PAYLOAD_UPPER, (values[var] >> 32) as u32)?;
            }
            Patch::Bytes { at, var } => chunk.write(at, &values[var].to_le_bytes())?,
        }
    }
    Ok(Encoded { pushbuffer_offset: t.pb_offset, pushbuffer_dwords: t.pb_dwords, total: t.image.len() as u64 })
}
