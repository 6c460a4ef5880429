//! A template's patches, resolved once at compile time into stores at
//! absolute offsets of the submission's chunk.
//!
//! What a replay writes besides the copy of the image is a handful of
//! words, and everything about them but the bound values and the chunk's
//! address is known when the queue is encoded: where each word is, which
//! bits of it the patch owns, and the bits around them (taken from the
//! image, so no word is read back from command memory). Each offset is
//! checked against the image once, here; a replay then checks only that the
//! chunk holds the image (the chunk's own checked writes still guard every
//! store).

use gpuiface_hal::{Error, Result};

use crate::encode::{Patch, QmdWord, CBUF_LOWER, CBUF_UPPER};
use crate::ring::Chunk;

/// One store of a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    /// The 32-bit word at `at` is `(base & !mask) | (((va >> va_shift) as u32) << shift & mask)`
    /// where `va` is the chunk's GPU address plus `add`.
    Va { at: u64, add: u64, va_shift: u32, word: Word },
    /// The 32-bit word at `at` is the same with `var >> var_shift` in place of the address.
    Var { at: u64, var: usize, var_shift: u32, word: Word },
    /// `size` bytes at `at` are variable `var`'s low bytes (little-endian).
    Bytes { at: u64, var: usize, size: u8 },
    /// Two words at `at`: `var + add`, upper word first (a copy address).
    HiLo { at: u64, var: usize, add: u64 },
    /// Eight bytes at `at` are the engine's timeline value.
    Timeline { at: u64 },
}

/// How a patched value becomes a 32-bit word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Word {
    /// The word in the image (the bits the patch does not own).
    base: u32,
    shift: u32,
    mask: u32,
    /// Another patch owns other bits of the same word: read it back.
    shared: bool,
}

impl Word {
    const FULL: Word = Word { base: 0, shift: 0, mask: u32::MAX, shared: false };

    #[inline]
    fn merge(self, old: u32, value: u32) -> u32 {
        let base = if self.shared { old } else { self.base };
        (base & !self.mask) | ((value << self.shift) & self.mask)
    }
}

fn word_at(image: &[u8], at: u64) -> Result<u32> {
    let at = usize::try_from(at).map_err(|_| bug())?;
    let b = image.get(at..at + 4).ok_or_else(bug)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

#[cold]
fn bug() -> Error {
    Error::invalid("Runtime::submit", "a patch outside its encoding (encoder bug)")
}

/// Resolve `patches` of an encoding (`image`, pushbuffer at `pb_offset`)
/// whose queue has `vars` variables.
pub(crate) fn resolve(patches: &[Patch], image: &[u8], pb_offset: u64, vars: usize) -> Result<Vec<Op>> {
    let pb = |w: u32| pb_offset + 4 * u64::from(w);
    let field = |qmd: u64, (index, shift, mask): QmdWord| -> Result<(u64, Word)> {
        let at = qmd + 4 * index as u64;
        Ok((at, Word { base: word_at(image, at)?, shift, mask, shared: false }))
    };
    let mut ops = Vec::with_capacity(patches.len() + 1);
    for p in patches {
        match *p {
            Patch::CbufAddress { qmd, cbuf } => {
                let (lo, w_lo) = field(qmd, CBUF_LOWER)?;
                let (hi, w_hi) = field(qmd, CBUF_UPPER)?;
                ops.push(Op::Va { at: lo, add: cbuf, va_shift: 0, word: w_lo });
                ops.push(Op::Va { at: hi, add: cbuf, va_shift: 32, word: w_hi });
            }
            Patch::QmdPointer { word, qmd } => {
                ops.push(Op::Va { at: pb(word), add: qmd, va_shift: 8, word: Word::FULL })
            }
            Patch::PbValue { word, var } => ops.push(Op::Bytes { at: pb(word), var, size: 8 }),
            Patch::PbTimeline { word } => ops.push(Op::Timeline { at: pb(word) }),
            Patch::QmdField { qmd, field: f, var, shift } => {
                let (at, word) = field(qmd, f)?;
                ops.push(Op::Var { at, var, var_shift: shift, word });
            }
            Patch::Bytes { at, var, size } => ops.push(Op::Bytes { at, var, size }),
            Patch::PbHiLo { word, var, add } => ops.push(Op::HiLo { at: pb(word), var, add }),
            Patch::PbWord { word, var } => ops.push(Op::Var { at: pb(word), var, var_shift: 0, word: Word::FULL }),
        }
    }
    // Checked once: every store lies inside the image, every variable exists.
    let len = image.len() as u64;
    for i in 0..ops.len() {
        let (at, width, var) = match ops[i] {
            Op::Va { at, .. } => (at, 4, None),
            Op::Var { at, var, .. } => (at, 4, Some(var)),
            Op::Bytes { at, var, size } => (at, u64::from(size), Some(var)),
            Op::HiLo { at, var, .. } => (at, 8, Some(var)),
            Op::Timeline { at } => (at, 8, None),
        };
        if at.checked_add(width).is_none_or(|end| end > len) || var.is_some_and(|v| v >= vars) {
            return Err(bug());
        }
        // Two patches of one word (16-bit fields): the later reads it back.
        let shares = |op: &Op| matches!(*op, Op::Va { at: a, .. } | Op::Var { at: a, .. } if a == at);
        if ops[..i].iter().any(shares) {
            if let Op::Va { word, .. } | Op::Var { word, .. } = &mut ops[i] {
                word.shared = true;
            }
        }
    }
    Ok(ops)
}

/// Copy `image` into `chunk` and apply `ops` with this submit's values.
///
/// The chunk's range is checked once ([`Chunk::writer`]) and every store
/// against it; `resolve` checked every store against the image already.
#[inline]
pub(crate) fn apply(ops: &[Op], image: &[u8], chunk: &Chunk<'_>, values: &[u64], timeline_value: u64) -> Result<()> {
    let w = chunk.writer(image.len() as u64)?;
    w.copy_from(image)?;
    let value = |var: usize| values.get(var).copied().ok_or_else(bug);
    for op in ops {
        match *op {
            Op::Va { at, add, va_shift, word } => {
                let old = if word.shared { w.get_u32(at)? } else { 0 };
                w.put(at, word.merge(old, (chunk.gpu_va.wrapping_add(add) >> va_shift) as u32).to_le_bytes())?
            }
            Op::Var { at, var, var_shift, word } => {
                let old = if word.shared { w.get_u32(at)? } else { 0 };
                w.put(at, word.merge(old, (value(var)? >> var_shift) as u32).to_le_bytes())?
            }
            Op::Bytes { at, var, size: 8 } => w.put(at, value(var)?.to_le_bytes())?,
            Op::Bytes { at, var, size: 4 } => w.put(at, (value(var)? as u32).to_le_bytes())?,
            Op::Bytes { at, var, size } => {
                let v = value(var)?.to_le_bytes();
                for (k, b) in v.iter().take(usize::from(size)).enumerate() {
                    w.put(at + k as u64, [*b])?;
                }
            }
            Op::HiLo { at, var, add } => {
                let v = value(var)?.wrapping_add(add);
                let mut b = [0u8; 8];
                b[..4].copy_from_slice(&((v >> 32) as u32).to_le_bytes());
                b[4..].copy_from_slice(&(v as u32).to_le_bytes());
                w.put(at, b)?
            }
            Op::Timeline { at } => w.put(at, timeline_value.to_le_bytes())?,
        }
    }
    Ok(())
}
