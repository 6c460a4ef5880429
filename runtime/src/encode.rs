//! Turning recorded commands into pushbuffer words and QMDs.
//!
//! Layout of one submission's chunk of command memory:
//! `[QMD 0][cbuf 0] [QMD 1][cbuf 1] ... [pushbuffer]`, every QMD and
//! constant buffer 256-byte aligned (the hardware's rule for both); the
//! pushbuffer follows the last of them at the next 16 bytes (its entry
//! needs 4), so a submission copies no padding. The pushbuffer ends with a release (wait-for-idle first) of the
//! next value of its engine's timeline: the channel runs in order, so that
//! value marks the completion of everything submitted before it there.

use gpuiface_hal::classes::{compute, host};

mod pb;
pub(crate) use pb::{acquire_execute, copy_methods, release_execute, semaphore, Pb};

use super::launch;
use crate::launch_image::LaunchImage;
use crate::program::Program;
use crate::queue::Val;
use crate::ring::{Chunk, RING_ALIGN};
use crate::vars::{ArgVar, CmdDims};
use gpuiface_hal::codec::qmd::{Qmd, QMD_SIZE};
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
        dims: CmdDims,
        /// The argument bytes: inline up to [`INLINE_ARGS`] (no allocation).
        args: smallvec::SmallVec<[u8; INLINE_ARGS]>,
        arg_vars: Vec<ArgVar>,
    },
    Copy {
        dst: Val,
        src: Val,
        len: Val,
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

/// Argument bytes a recorded launch holds without allocating.
pub(crate) const INLINE_ARGS: usize = 32;

pub(crate) const QMD_SLOT_SIZE: u64 = QMD_SIZE as u64;

pub(crate) struct EncodeCtx<'a> {
    pub kind: super::QueueKind,
    pub subchannel: u8,
    pub placement: SignalPlacement,
    pub values: &'a [u64],
    pub timeline: &'a Signal,
    pub signal_value: u64,
    pub qmd_slots: Option<&'a Buffer>,
    /// Encoding a template: the values are placeholders, patched at each
    /// submit (and checked when bound, not here).
    pub placeholder: bool,
}

impl EncodeCtx<'_> {
    fn value(&self, v: Val) -> u64 {
        match v {
            Val::Lit(x) => x,
            Val::Var(id) => self.values.get(id.index).copied().unwrap_or(0),
        }
    }
    /// A launch dimension: a placeholder variable encodes as 1 (a valid
    /// launch), then is patched.
    fn dim(&self, v: Val) -> u64 {
        match v {
            Val::Var(_) if self.placeholder => 1,
            v => self.value(v),
        }
    }
}

/// Chunks a copy is split into: a variable length is one (it is at most
/// [`MAX_COPY_CHUNK`](super::MAX_COPY_CHUNK), checked when bound).
fn copy_chunks(len: Val) -> u64 {
    match len {
        Val::Lit(len) => len.div_ceil(super::MAX_COPY_CHUNK).max(1),
        Val::Var(_) => 1,
    }
}

pub(crate) struct Encoded {
    pub pushbuffer_offset: u64,
    pub pushbuffer_dwords: u32,
    pub total: u64,
}

/// Where the pushbuffer may start (its GPFIFO entry needs 4 bytes).
const PB_ALIGN: u64 = 16;

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
#[inline]
pub(crate) fn check_copies(cmds: &[Cmd], va_limit: u64) -> Result<()> {
    for c in cmds {
        // Only literal copies are checked here; a variable address or length
        // is checked when bound (a length is one chunk of at most 1 GiB) and,
        // like any address, a bad one faults on the GPU.
        if let Cmd::Copy { dst: Val::Lit(dst), src: Val::Lit(src), len: Val::Lit(len) } = c {
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
#[inline]
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
                dwords = dwords.saturating_add(COPY_DWORDS_PER_CHUNK.saturating_mul(copy_chunks(*len)))
            }
            Cmd::Barrier | Cmd::SetObject { .. } | Cmd::Method32 { .. } => dwords += 2,
            Cmd::Method64 { .. } => dwords += 3,
        }
    }
    data.saturating_add(align(dwords.saturating_mul(4).min(u64::MAX - RING_ALIGN)))
}

/// Write the commands into `chunk`; returns where the pushbuffer is.
pub(crate) fn encode(
    cmds: &[Cmd],
    ctx: &EncodeCtx<'_>,
    chunk: &Chunk<'_>,
    mut patches: Option<&mut Vec<Patch>>,
) -> Result<Encoded> {
    // Sized from the same bound the chunk was: no reallocation while encoding.
    let mut pb = Pb::new();
    let mut record = |p: Patch| {
        if let Some(list) = patches.as_deref_mut() {
            list.push(p);
        }
    };
    // The payload of a `semaphore()` call starts at its header + 3.
    let payload_word = |pb: &Pb| pb.len_dwords() as u32 + 3;
    let mut data_off = 0u64;
    // The end of the last QMD or constant buffer written: the pushbuffer follows it.
    let mut data_end = 0u64;
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
                let resolved = dims.resolve(|v| ctx.dim(v));
                // The QMD and driver area: the program's kept image when it is
                // of this launch, else checked and built (placeholder
                // dimensions of a template are checked when bound instead).
                let image = if ctx.placeholder && dims.vars().is_some() {
                    crate::program::Image::Built(Box::new(LaunchImage::unchecked(program, &resolved, args.len())?))
                } else {
                    program.launch_image(&resolved, args.len())?
                };
                crate::vars::check_arg_vars(args.len(), arg_vars)?;
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
                let cbuf_at = data_off;
                data_off += cbuf_bytes(program, args);
                data_end = cbuf_at + launch::cbuf0_size(attrs, args.len()) as u64;
                let cbuf_va = chunk.gpu_va + cbuf_at;
                chunk.write(cbuf_at, image.driver())?;
                let params_at = cbuf_at + u64::from(attrs.param_offset);
                chunk.write(params_at, args)?;
                for a in arg_vars {
                    let at = params_at + a.offset as u64;
                    let bytes = ctx.value(Val::Var(a.var)).to_le_bytes();
                    chunk.write(at, &bytes[..usize::from(a.size)])?;
                    record(Patch::Bytes { at, var: a.var.index, size: a.size });
                }
                if let QmdAt::Chunk(at) = qmd_at {
                    record(Patch::CbufAddress { qmd: at, cbuf: cbuf_at });
                }
                // Variable dimensions: in the driver area and in the QMD.
                if let (QmdAt::Chunk(at), Some(vdims)) = (&qmd_at, dims.vars()) {
                    let grid = vdims.grid.iter().zip([ga10b::CBUF0_GRID_DIM; 3]).zip(QMD_GRID);
                    let block = vdims.block.iter().zip([ga10b::CBUF0_BLOCK_DIM; 3]).zip(QMD_BLOCK);
                    for (k, ((v, base), field)) in grid.enumerate().chain(block.enumerate()) {
                        if let Val::Var(var) = v {
                            record(Patch::Bytes { at: cbuf_at + (base + 4 * k) as u64, var: var.index, size: 4 });
                            record(Patch::QmdField { qmd: *at, field, var: var.index, shift: 0 });
                        }
                    }
                }

                // Fold a directly following signal into the QMD's release slot,
                // unless the backend needs pushbuffer signals (seed 002). The
                // timeline is 64-bit: PAYLOAD64B (the image's release has it).
                let mut release = None;
                if ctx.placement == SignalPlacement::QmdRelease {
                    if let Some(Cmd::Signal { signal, value }) = cmds.get(i + 1) {
                        release = Some((signal.gpu_va(), ctx.value(*value)));
                        if let (Val::Var(v), QmdAt::Chunk(at)) = (value, &qmd_at) {
                            record(Patch::QmdField { qmd: *at, field: PAYLOAD_LOWER, var: v.index, shift: 0 });
                            record(Patch::QmdField { qmd: *at, field: PAYLOAD_UPPER, var: v.index, shift: 32 });
                        }
                        i += 1;
                    }
                }
                let qmd = image.qmd(cbuf_va, release);
                match qmd_at {
                    QmdAt::Chunk(at) => {
                        chunk.write_u32s(at, &qmd)?;
                        record(Patch::QmdPointer { word: pb.len_dwords() as u32 + 1, qmd: at });
                    }
                    QmdAt::Slots(off) => {
                        let slots =
                            ctx.qmd_slots.ok_or_else(|| Error::invalid("Runtime::submit", "QMD slots vanished"))?;
                        slots.write(off, &Qmd::from_words(qmd).to_bytes())?
                    }
                }
                pb.method(ctx.subchannel, compute::SEND_PCAS_A, [(qmd_va >> 8) as u32]);
                pb.method(
                    ctx.subchannel,
                    compute::SEND_SIGNALING_PCAS2_B,
                    [compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
                );
                launch_index += 1;
            }
            Cmd::Copy { dst, src, len } => {
                if ctx.kind != super::QueueKind::Copy {
                    return Err(Error::invalid("Runtime::submit", "a copy needs a copy queue"));
                }
                let total = ctx.value(*len);
                let (src0, dst0) = (ctx.value(*src), ctx.value(*dst));
                let mut done = 0u64;
                let mut first = true;
                // A variable length is always one chunk (its bound value is
                // checked to fit); a fixed one may be several.
                while done < total || (first && matches!(len, Val::Var(_))) {
                    first = false;
                    let n = (total - done).min(super::MAX_COPY_CHUNK);
                    let (s, d) = (src0.wrapping_add(done), dst0.wrapping_add(done));
                    // OFFSET_IN_UPPER's data: source upper, lower, destination upper, lower.
                    let data = pb.len_dwords() as u32 + 1;
                    if let Val::Var(v) = src {
                        record(Patch::PbHiLo { word: data, var: v.index, add: done });
                    }
                    if let Val::Var(v) = dst {
                        record(Patch::PbHiLo { word: data + 2, var: v.index, add: done });
                    }
                    if let Val::Var(v) = len {
                        // LINE_LENGTH_IN's data follows the 5 words of OFFSET_IN_UPPER.
                        record(Patch::PbWord { word: data + 5, var: v.index });
                    }
                    copy_methods(&mut pb, ctx.subchannel, d, s, n as u32);
                    done += n;
                }
            }
            Cmd::Barrier => {
                pb.method(ctx.subchannel, host::WFI, [host::WFI_SCOPE.field(host::WFI_SCOPE_ALL)]);
            }
            Cmd::SetObject { subchannel, class } => {
                pb.method(*subchannel, host::SET_OBJECT, [*class]);
            }
            Cmd::Method64 { method, value } => {
                pb.method(ctx.subchannel, *method, [(*value >> 32) as u32, *value as u32]);
            }
            Cmd::Method32 { method, value } => {
                pb.method(ctx.subchannel, *method, [*value]);
            }
        }
        i += 1;
    }
    record(Patch::PbTimeline { word: payload_word(&pb) });
    semaphore(&mut pb, ctx.subchannel, ctx.timeline.gpu_va(), ctx.signal_value, release_execute());

    let pb_off = data_end.next_multiple_of(PB_ALIGN);
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
    /// A one-word field of the QMD at chunk offset `qmd` holds `var >> shift`
    /// (a release payload, a grid or block dimension).
    QmdField { qmd: u64, field: QmdWord, var: usize, shift: u32 },
    /// `size` bytes at chunk offset `at` hold the low bytes of variable `var`
    /// (a kernel argument, a dimension in constant buffer 0).
    Bytes { at: u64, var: usize, size: u8 },
    /// Pushbuffer words `word`, `word + 1` hold `var + add`, upper word first
    /// (a copy address).
    PbHiLo { word: u32, var: usize, add: u64 },
    /// Pushbuffer word `word` holds variable `var`'s low 32 bits (a copy length).
    PbWord { word: u32, var: usize },
}

/// A one-word QMD field: its word index, shift and mask.
pub(crate) type QmdWord = (usize, u32, u32);

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
    pub pb_offset: u64,
    pub pb_dwords: u32,
    /// Its GPFIFO entry but for the pushbuffer's address (the chunk's
    /// plus `pb_offset`), encoded once.
    pub entry: gpuiface_hal::codec::gpfifo::RelocatableEntry,
    /// The image and its patches, resolved to stores checked against it.
    pub patched: crate::patch::Patched,
    /// What the queue's submissions touch (its footprint when compiled: a
    /// change to the queue drops the template with it).
    pub footprint: std::sync::Arc<crate::queue::Footprint>,
    /// The runtime whose replay path may take the queue as it is (0: none;
    /// `Runtime::replays` says when).
    pub replays_for: u64,
    /// Names its image in the command ring (`CommandRing::alloc_image`),
    /// by a number unique per template.
    pub image_key: crate::ring::ImageKey,
}

/// Encode `cmds` once into a [`Template`].
pub(crate) fn compile(cmds: &[Cmd], ctx: &EncodeCtx<'_>, runtime: u64) -> Result<Template> {
    let len = upper_bound(cmds, ctx).next_multiple_of(RING_ALIGN);
    let view = CpuView::zeroed(usize::try_from(len).unwrap_or(usize::MAX))?;
    let chunk = Chunk::host(&view);
    let mut patches = Vec::new();
    let used = encode(cmds, ctx, &chunk, Some(&mut patches))?;
    let image = chunk.to_vec(used.total)?;
    let patched = crate::patch::Patched::resolve(&patches, image, used.pushbuffer_offset, ctx.values.len())?;
    Ok(Template {
        runtime,
        placement: ctx.placement,
        pb_offset: used.pushbuffer_offset,
        pb_dwords: used.pushbuffer_dwords,
        entry: gpuiface_hal::GpFifoEntry::new(0, used.pushbuffer_dwords).relocatable(),
        footprint: Default::default(),
        replays_for: 0,
        image_key: crate::ring::ImageKey::new(
            crate::queue::NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            patched.image().len() as u64,
        ),
        patched,
    })
}

/// A one-word QMD field: its word index, shift and mask.
const fn qmd_word(field: gpuiface_hal::codec::qmd::QmdField) -> QmdWord {
    assert!(field.lo / 32 == field.hi / 32, "the field spans two words");
    let width = field.hi - field.lo + 1;
    let mask = if width == 32 { u32::MAX } else { ((1u32 << width) - 1) << (field.lo % 32) };
    ((field.lo / 32) as usize, field.lo % 32, mask)
}

pub(crate) const CBUF_LOWER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::constant_buffer_addr_lower(0));
pub(crate) const CBUF_UPPER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::constant_buffer_addr_upper(0));
pub(crate) const PAYLOAD_LOWER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_PAYLOAD_LOWER);
pub(crate) const PAYLOAD_UPPER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_PAYLOAD_UPPER);
pub(crate) const RELEASE_ADDR_LOWER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_ADDRESS_LOWER);
pub(crate) const RELEASE_ADDR_UPPER: QmdWord = qmd_word(gpuiface_hal::codec::qmd::v03_00::RELEASE0_ADDRESS_UPPER);
const QMD_GRID: [QmdWord; 3] = {
    use gpuiface_hal::codec::qmd::v03_00 as f;
    [qmd_word(f::CTA_RASTER_WIDTH), qmd_word(f::CTA_RASTER_HEIGHT), qmd_word(f::CTA_RASTER_DEPTH)]
};
const QMD_BLOCK: [QmdWord; 3] = {
    use gpuiface_hal::codec::qmd::v03_00 as f;
    [qmd_word(f::CTA_THREAD_DIMENSION0), qmd_word(f::CTA_THREAD_DIMENSION1), qmd_word(f::CTA_THREAD_DIMENSION2)]
};
