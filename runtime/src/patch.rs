//! A template's patches, resolved once at compile time into stores at
//! absolute offsets of the submission's chunk.
//!
//! What a replay writes besides the copy of the image is a handful of
//! words, and everything about them but the bound values and the chunk's
//! address is known when the queue is encoded: where each word is, which
//! bits of it the patch owns, and the bits around them (taken from the
//! image, so no word is read back from command memory). Each store is
//! checked against the image once, here, and kept with that image in a
//! [`Patched`] no one changes afterwards; a replay then checks only that the
//! chunk holds the image, and stores without a check per store.

use gpuiface_hal::{Error, Result};

use crate::encode::{Patch, QmdWord, CBUF_LOWER, CBUF_UPPER};
use crate::ring::Chunk;

/// One store of a replay: a value from `src`, plus `add`, shifted right
/// by `vshift`, stored at byte `at` of the chunk as `kind` says.
///
/// One flat shape for every patch (no per-kind fields to unpack): a
/// replay's loop over a handful of these is a few instructions each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Op {
    /// Byte offset in the image (the store lies inside it: checked by `resolve`).
    at: usize,
    /// [`SRC_VA`], [`SRC_TIMELINE`], or variable `src - SRC_VARS`.
    src: usize,
    add: u64,
    /// Below 64 (checked by `resolve`).
    vshift: u32,
    /// For a word: the word in the image (the bits the patch does not
    /// own), where the value goes (`shift`, below 32) and which bits it owns.
    base: u32,
    shift: u32,
    mask: u32,
    kind: Kind,
    /// For [`Kind::Low`]: bytes stored (1 to 8).
    bytes: u8,
}

/// How a value is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A 32-bit word holding the value in `mask`'s bits, the others from `base`.
    Word,
    /// The same, when another patch owns other bits of the word: the
    /// others are read back from the chunk.
    SharedWord,
    /// Eight bytes, little-endian.
    U64,
    /// Two 32-bit words, upper first (a copy address).
    HiLo,
    /// The value's low `bytes` bytes, little-endian.
    Low,
}

/// The bound values a replay's patches read, by variable index.
pub(crate) trait Bound {
    /// Variable `k`'s value; `None` past the last.
    fn get(&self, k: usize) -> Option<u64>;
    /// How many variables are bound.
    fn len(&self) -> usize;
}

impl Bound for [u64] {
    #[inline(always)]
    fn get(&self, k: usize) -> Option<u64> {
        <[u64]>::get(self, k).copied()
    }
    #[inline(always)]
    fn len(&self) -> usize {
        <[u64]>::len(self)
    }
}

/// Bindings given in variable order (`bindings[k]` binds variable `k`, as
/// the caller checked): read where they are, with nothing copied.
pub(crate) struct InOrder<'a>(pub &'a [(crate::queue::VarId, u64)]);

impl Bound for InOrder<'_> {
    #[inline(always)]
    fn get(&self, k: usize) -> Option<u64> {
        self.0.get(k).map(|&(_, v)| v)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// The chunk's GPU address.
const SRC_VA: usize = 0;
/// The engine's timeline value.
const SRC_TIMELINE: usize = 1;
/// Variable `k` is source `SRC_VARS + k`.
const SRC_VARS: usize = 2;

/// A one-word field: the word in the image, the field's shift and mask.
type Word = (u32, u32, u32);

const FULL: Word = (0, 0, u32::MAX);

fn word_at(image: &[u8], at: u64) -> Result<u32> {
    let at = usize::try_from(at).map_err(|_| bug())?;
    let b = image.get(at..at + 4).ok_or_else(bug)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

#[cold]
fn bug() -> Error {
    Error::invalid("Runtime::submit", "a patch outside its encoding (encoder bug)")
}

/// An encoding and its patches, resolved and checked together: every
/// store lies inside `image` (the invariant [`Patched::resolve`], the only
/// constructor, establishes; no field changes afterwards).
#[derive(Debug)]
pub(crate) struct Patched {
    image: Vec<u8>,
    /// Variables the patches read: a replay binds at least these.
    vars: usize,
    /// Stores of the chunk's address into a word no other store touches.
    va_words: Vec<Op>,
    /// The eight-byte store of the timeline value that touches no other
    /// store: every encoding ends with one (its pushbuffer's release of
    /// the engine's timeline), kept apart so that a replay stores it
    /// without a loop's step or a test of its source. Any other such
    /// store of the timeline value is in `rest`.
    timeline_u64: Option<usize>,
    /// Eight-byte stores of a variable touching no other store,
    /// `(offset, variable)`.
    u64s: Vec<(usize, usize)>,
    /// The other stores, in encoding order (where two touch the same
    /// bytes, the later one's effect is what stays).
    rest: Vec<Op>,
    /// The 64-byte lines of the image a replay whose chunk holds the image
    /// writes (its eight-byte stores and `rest`).
    hit_lines: HitLines,
}

/// Lines of an image (64 bytes each): those in its first 4 KiB as a mask
/// (bit `k`: the line at byte `64 k`), any beyond as byte offsets,
/// ascending. A replay hints a line or two: walking a mask takes a few
/// instructions per line, where a loop over a list paid more to start
/// than to run.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct HitLines {
    pub near: u64,
    pub far: Vec<usize>,
}

impl HitLines {
    /// Add the line at byte offset `line` (a multiple of 64).
    fn add(&mut self, line: usize) {
        match 1u64.checked_shl((line / 64) as u32) {
            Some(bit) if line < 64 * 64 => self.near |= bit,
            _ => {
                if let Err(k) = self.far.binary_search(&line) {
                    self.far.insert(k, line);
                }
            }
        }
    }

    /// Every line, as byte offsets, ascending.
    #[cfg(test)]
    pub(crate) fn offsets(&self) -> impl Iterator<Item = usize> + '_ {
        (0..64).filter(|k| self.near >> k & 1 == 1).map(|k| 64 * k).chain(self.far.iter().copied())
    }
}

impl Patched {
    /// The bytes a replay copies.
    pub(crate) fn image(&self) -> &[u8] {
        &self.image
    }

    /// The 64-byte lines of the image a replay writes where its chunk
    /// already holds the image.
    pub(crate) fn hit_lines(&self) -> &HitLines {
        &self.hit_lines
    }

    /// Resolve `patches` of an encoding (`image`, pushbuffer at `pb_offset`)
    /// whose queue has `vars` variables.
    ///
    /// The common stores (addresses, 64-bit values) that share their bytes
    /// with no other store are sorted by kind, so that a replay makes them
    /// in tight loops without a per-store dispatch; the order among stores
    /// that touch different bytes does not change what the chunk holds.
    pub(crate) fn resolve(patches: &[Patch], image: Vec<u8>, pb_offset: u64, vars: usize) -> Result<Patched> {
        let ops = resolve(patches, &image, pb_offset, vars)?;
        let range = |o: &Op| (o.at, o.at + o.width());
        let alone = |i: usize| {
            let (s, e) = range(&ops[i]);
            ops.iter().enumerate().all(|(j, o)| j == i || range(o).1 <= s || e <= range(o).0)
        };
        let mut p = Patched {
            image,
            vars,
            va_words: Vec::new(),
            timeline_u64: None,
            u64s: Vec::new(),
            rest: Vec::new(),
            hit_lines: HitLines::default(),
        };
        for (i, op) in ops.iter().enumerate() {
            match (op.kind, op.src) {
                (Kind::Word, SRC_VA) if alone(i) => p.va_words.push(*op),
                (Kind::U64, SRC_TIMELINE) if p.timeline_u64.is_none() && alone(i) && op.add == 0 && op.vshift == 0 => {
                    p.timeline_u64 = Some(op.at)
                }
                (Kind::U64, src) if src >= SRC_VARS && alone(i) && op.add == 0 && op.vshift == 0 => {
                    p.u64s.push((op.at, src - SRC_VARS))
                }
                _ => p.rest.push(*op),
            }
        }
        let u64s = p.timeline_u64.iter().chain(p.u64s.iter().map(|(at, _)| at)).map(|&at| (at, 8));
        let stores = u64s.chain(p.rest.iter().map(|o| (o.at, o.width())));
        for (at, width) in stores {
            for line in [at / 64 * 64, (at + width - 1) / 64 * 64] {
                p.hit_lines.add(line);
            }
        }
        Ok(p)
    }

    /// Copy the image into `chunk` (unless `holds_image`: it is there
    /// already, changed since only by these same patches, made at this same
    /// chunk) and apply the patches with this submit's values.
    ///
    /// The chunk is checked once to hold the image ([`Chunk::writer`]);
    /// the stores need no check of their own: `resolve` checked each
    /// against the image. The first store to each word merges the value
    /// into the image's word (not the chunk's), so a chunk that holds the
    /// image ends byte for byte as a fresh copy would. Where it holds the
    /// image, the words that depend on the chunk's address alone are left
    /// as they are: the submission that left the image there wrote them
    /// for this same address.
    #[inline(always)]
    pub(crate) fn apply<V: Bound + ?Sized>(
        &self,
        chunk: &Chunk<'_>,
        values: &V,
        timeline_value: u64,
        holds_image: bool,
    ) -> Result<()> {
        let w = chunk.writer(self.image.len() as u64)?;
        if values.len() < self.vars {
            return Err(bug());
        }
        // Every unchecked store below: its offset plus its width lies inside
        // `self.image` (`resolve`'s check; `Patched` never changes after it), and the
        // writer holds `self.image.len()` bytes (checked by `writer`).
        if !holds_image {
            w.copy_from(&self.image)?;
            for op in &self.va_words {
                let v = chunk.gpu_va.wrapping_add(op.add).wrapping_shr(op.vshift);
                // SAFETY: 4 bytes at the store's offset lie inside the image, the image inside the writer (above).
                unsafe { w.put_unchecked(op.at, op.merge(op.base, v).to_le_bytes()) };
            }
        }
        if let Some(at) = self.timeline_u64 {
            // SAFETY: 8 bytes at the store's offset lie inside the image, the image inside the writer (above).
            unsafe { w.put_unchecked(at, timeline_value.to_le_bytes()) };
        }
        for &(at, var) in &self.u64s {
            let v = values.get(var).ok_or_else(bug)?;
            // SAFETY: 8 bytes at the store's offset lie inside the image, the image inside the writer (above).
            unsafe { w.put_unchecked(at, v.to_le_bytes()) };
        }
        for op in &self.rest {
            let src = match op.src {
                SRC_VA => chunk.gpu_va,
                SRC_TIMELINE => timeline_value,
                k => values.get(k - SRC_VARS).ok_or_else(bug)?,
            };
            let v = src.wrapping_add(op.add).wrapping_shr(op.vshift);
            match op.kind {
                Kind::Word => {
                    // SAFETY: 4 bytes at the store's offset lie inside the image, the image inside the writer (above).
                    unsafe { w.put_unchecked(op.at, op.merge(op.base, v).to_le_bytes()) }
                }
                Kind::U64 => {
                    // SAFETY: 8 bytes at the store's offset lie inside the image, the image inside the writer (above).
                    unsafe { w.put_unchecked(op.at, v.to_le_bytes()) }
                }
                Kind::SharedWord => {
                    // SAFETY: 4 bytes at the store's offset lie inside the image, the image inside the writer (above).
                    let old = unsafe { w.get_u32_unchecked(op.at) };
                    // SAFETY: 4 bytes at the store's offset lie inside the image, the image inside the writer (above).
                    unsafe { w.put_unchecked(op.at, op.merge(old, v).to_le_bytes()) }
                }
                Kind::HiLo => {
                    let mut b = [0u8; 8];
                    b[..4].copy_from_slice(&((v >> 32) as u32).to_le_bytes());
                    b[4..].copy_from_slice(&(v as u32).to_le_bytes());
                    // SAFETY: 8 bytes at the store's offset lie inside the image, the image inside the writer (above).
                    unsafe { w.put_unchecked(op.at, b) }
                }
                Kind::Low => {
                    for (k, b) in v.to_le_bytes().iter().take(usize::from(op.bytes)).enumerate() {
                        w.put(op.at + k, [*b])?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Op {
    /// Bytes the store writes.
    fn width(&self) -> usize {
        match self.kind {
            Kind::Word | Kind::SharedWord => 4,
            Kind::U64 | Kind::HiLo => 8,
            Kind::Low => usize::from(self.bytes),
        }
    }

    /// The word: `base` outside the field's bits, the value shifted into them.
    #[inline(always)]
    fn merge(&self, base: u32, v: u64) -> u32 {
        (base & !self.mask) | ((v as u32).wrapping_shl(self.shift) & self.mask)
    }
}

/// Resolve `patches` of an encoding (`image`, pushbuffer at `pb_offset`)
/// whose queue has `vars` variables into stores, each checked against the image.
fn resolve(patches: &[Patch], image: &[u8], pb_offset: u64, vars: usize) -> Result<Vec<Op>> {
    let pb = |w: u32| pb_offset + 4 * u64::from(w);
    let field = |qmd: u64, (index, shift, mask): QmdWord| -> Result<(u64, Word)> {
        let at = qmd + 4 * index as u64;
        Ok((at, (word_at(image, at)?, shift, mask)))
    };
    let store = |at: u64, src: usize, add: u64, vshift: u32, kind: Kind, bytes: u8| -> Result<Op> {
        let at = usize::try_from(at).map_err(|_| bug())?;
        Ok(Op { at, src, add, vshift, base: 0, shift: 0, mask: 0, kind, bytes })
    };
    let word = |at: u64, src: usize, add: u64, vshift: u32, (base, shift, mask): Word| -> Result<Op> {
        Ok(Op { base, shift, mask, ..store(at, src, add, vshift, Kind::Word, 4)? })
    };
    let var = |k: usize| SRC_VARS + k;
    let mut ops = Vec::with_capacity(patches.len() + 1);
    for p in patches {
        match *p {
            Patch::CbufAddress { qmd, cbuf } => {
                let (lo, w_lo) = field(qmd, CBUF_LOWER)?;
                let (hi, w_hi) = field(qmd, CBUF_UPPER)?;
                ops.push(word(lo, SRC_VA, cbuf, 0, w_lo)?);
                ops.push(word(hi, SRC_VA, cbuf, 32, w_hi)?);
            }
            Patch::QmdPointer { word: w, qmd } => ops.push(word(pb(w), SRC_VA, qmd, 8, FULL)?),
            Patch::PbValue { word: w, var: v } => ops.push(store(pb(w), var(v), 0, 0, Kind::U64, 8)?),
            Patch::PbTimeline { word: w } => ops.push(store(pb(w), SRC_TIMELINE, 0, 0, Kind::U64, 8)?),
            Patch::QmdField { qmd, field: f, var: v, shift } => {
                let (at, w) = field(qmd, f)?;
                ops.push(word(at, var(v), 0, shift, w)?);
            }
            Patch::Bytes { at, var: v, size: 8 } => ops.push(store(at, var(v), 0, 0, Kind::U64, 8)?),
            Patch::Bytes { at, var: v, size } => ops.push(store(at, var(v), 0, 0, Kind::Low, size)?),
            Patch::PbHiLo { word: w, var: v, add } => ops.push(store(pb(w), var(v), add, 0, Kind::HiLo, 8)?),
            Patch::PbWord { word: w, var: v } => ops.push(word(pb(w), var(v), 0, 0, FULL)?),
        }
    }
    // Checked once: every store lies inside the image, every variable
    // exists, every shift and width is one a replay can make.
    for i in 0..ops.len() {
        let Op { at, src, vshift, shift, kind, bytes, .. } = ops[i];
        let width = ops[i].width();
        let fits = at.checked_add(width).is_some_and(|end| end <= image.len());
        let source_ok = src < SRC_VARS || src - SRC_VARS < vars;
        let shape_ok = vshift < 64 && shift < 32 && (1..=8).contains(&bytes);
        if !fits || !source_ok || !shape_ok {
            return Err(bug());
        }
        // Two patches of one word (16-bit fields): the later reads it back.
        let is_word = |k: Kind| matches!(k, Kind::Word | Kind::SharedWord);
        if is_word(kind) && ops[..i].iter().any(|o| is_word(o.kind) && o.at == at) {
            ops[i].kind = Kind::SharedWord;
        }
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuiface_hal::CpuView;

    /// Two replays in a chunk that holds the image, with every value
    /// changed between them: each byte that differs lies in a line the
    /// template says a hit writes (the lines the replay path has fetched),
    /// and each of those lines holds a store.
    #[test]
    fn a_hit_writes_only_inside_its_hit_lines() {
        const PB: u64 = 512;
        let patches = [
            Patch::PbTimeline { word: 3 },
            Patch::PbValue { word: 40, var: 0 },
            Patch::Bytes { at: 130, var: 1, size: 8 },
            // Across the boundary of lines 0 and 1.
            Patch::Bytes { at: 62, var: 1, size: 4 },
            Patch::PbWord { word: 100, var: 0 },
            // The chunk's address: the same at every replay in this chunk.
            Patch::QmdPointer { word: 5, qmd: 0 },
        ];
        let image: Vec<u8> = (0..1024u32).map(|k| k as u8).collect();
        let p = Patched::resolve(&patches, image.clone(), PB, 2).unwrap();
        let view = CpuView::zeroed(1024).unwrap();
        let chunk = Chunk::host(&view);
        p.apply(&chunk, &[1u64, 2][..], 3, false).unwrap();
        let mut before = vec![0u8; 1024];
        view.read(0, &mut before).unwrap();
        p.apply(&chunk, &[u64::MAX, 0xaaaa_aaaa_aaaa_aaaa][..], 0x5555_5555_5555_5555, true).unwrap();
        let mut after = vec![0u8; 1024];
        view.read(0, &mut after).unwrap();
        let lines: Vec<usize> = p.hit_lines().offsets().collect();
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "ascending, no repeats: {lines:?}");
        let changed: Vec<usize> = (0..1024).filter(|&k| before[k] != after[k]).collect();
        for k in &changed {
            assert!(lines.contains(&(k / 64 * 64)), "byte {k} changed outside the hit lines {lines:?}");
        }
        for line in &lines {
            assert!(changed.iter().any(|k| k / 64 * 64 == *line), "line {line} has no store");
        }
        // Lines 0 and 1 (the straddling store), 128 (at 130), the pushbuffer's
        // timeline (512 + 12), value (512 + 160) and word (512 + 400): not the
        // address word's line alone.
        assert_eq!(lines, &[0, 64, 128, 512, 640, 896]);
    }

    /// Every store of the timeline value is made, whichever way it is
    /// kept: the first one alone (apart), a second one alone (with the
    /// other stores), and one whose bytes another store shares (in
    /// encoding order: the later store's bytes stay).
    #[test]
    fn every_timeline_store_is_made() {
        const PB: u64 = 256;
        let patches = [
            Patch::PbTimeline { word: 2 },
            Patch::PbTimeline { word: 10 },
            Patch::PbTimeline { word: 20 },
            // The upper half of word 20's value, overwritten by variable 0.
            Patch::PbWord { word: 21, var: 0 },
        ];
        let p = Patched::resolve(&patches, vec![0u8; 512], PB, 1).unwrap();
        assert!(p.timeline_u64.is_some(), "the first timeline store is kept apart");
        let view = CpuView::zeroed(512).unwrap();
        let timeline = 0x1122_3344_5566_7788u64;
        for holds_image in [false, true] {
            p.apply(&Chunk::host(&view), &[0xdead_beef][..], timeline, holds_image).unwrap();
            let mut out = vec![0u8; 512];
            view.read(0, &mut out).unwrap();
            let u64_at = |word: usize| u64::from_le_bytes(out[PB as usize + 4 * word..][..8].try_into().unwrap());
            assert_eq!(u64_at(2), timeline, "the store kept apart");
            assert_eq!(u64_at(10), timeline, "a second store of the timeline value");
            assert_eq!(u64_at(20), 0xdead_beef_5566_7788, "a store whose upper half a later one owns");
        }
    }

    /// Lines past the first 4 KiB are kept as offsets, in order, once each.
    #[test]
    fn lines_beyond_the_mask_are_listed() {
        let mut h = HitLines::default();
        for line in [8192, 64, 4096, 8192, 4032, 0] {
            h.add(line);
        }
        assert_eq!(h.near, 1 | 2 | 1 << 63);
        assert_eq!(h.far, [4096, 8192]);
        assert_eq!(h.offsets().collect::<Vec<_>>(), [0, 64, 4032, 4096, 8192]);
    }
}
