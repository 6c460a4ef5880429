//! A program's decoded instructions, cached by code offset.
//!
//! Each instruction is decoded once and kept with its word, its sources
//! already resolved as the interpreter reads them (a register, the warp's
//! one value, a uniform register, or a constant, read when it runs since
//! banks change between launches). A launch
//! re-reads a word the first time it reaches it ([`Code::begin_launch`]
//! starts a new launch) and decodes again only if the bytes changed, so a
//! program rewritten in GPU memory between launches runs its new code.
//!
//! ## Memory
//! The table is sparse: a fixed 64-entry top level, then 256-entry middle
//! tables and 64-instruction pages (1 KiB of code each), each allocated when
//! the program first reaches an instruction in it. Its memory is therefore
//! proportional to the instructions a program actually ran, never to how
//! far it jumps: a branch at 0 to an `EXIT` at `0xfffff0` allocates two
//! middle tables, two pages and two decoded instructions (about 12 KiB),
//! where a dense table indexed by pc held 1 Mi slots (about 336 MiB).
//! [`Code::bytes`] reports the table's size.
//!
//! ## Sharing
//! One `Code` serves every host worker of a launch
//! ([`run_launch_parallel`](super::run_launch_parallel)): lookups take
//! `&self`, and a slot is filled once per launch through a [`OnceLock`]
//! (the first worker to reach an instruction reads and decodes it; the
//! others wait for that and then read it). Between launches
//! ([`Code::begin_launch`], `&mut self`) each slot's decoding moves to its
//! "before" place, where the next launch finds it again if the word is
//! unchanged.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use super::{Fault, Memory};
use crate::decode::{decode, DecodeError};
use crate::instr::Instr;
use crate::word::Word;

/// Programs larger than this are refused (the pc left the program).
pub const MAX_CODE_BYTES: u64 = 1 << 24;

/// Instructions per page (1 KiB of code).
const PAGE_BITS: u32 = 6;
/// Pages per middle table.
const MID_BITS: u32 = 8;
/// Middle tables in the top level: `MAX_CODE_BYTES / 16` instructions in all.
const TOP: usize = (MAX_CODE_BYTES / 16) as usize >> (PAGE_BITS + MID_BITS);

/// One instruction's word and what the decoder made of it.
struct Decoded {
    word: u128,
    decoded: Result<Instr, DecodeError>,
}

impl Decoded {
    /// The instruction, or the illegal-instruction fault its word raises at `pc`.
    #[inline]
    fn instr(&self, pc: u64) -> Result<&Instr, Fault> {
        match &self.decoded {
            Ok(i) => Ok(i),
            Err(e) => Err(Fault::Illegal { pc, error: e.clone() }),
        }
    }
}

/// Bytes one decoded instruction holds (with its shared count).
const DECODED_BYTES: u64 = std::mem::size_of::<Decoded>() as u64 + 2 * std::mem::size_of::<usize>() as u64;

#[derive(Default)]
struct Slot {
    /// Read (and decoded, if the word changed) in the current launch.
    now: OnceLock<Arc<Decoded>>,
    /// What an earlier launch decoded here.
    before: Option<Arc<Decoded>>,
}

struct Page {
    slots: [Slot; 1 << PAGE_BITS],
}

struct Mid {
    pages: [OnceLock<Box<Page>>; 1 << MID_BITS],
}

/// The decoded instructions of one program (one code address), shared by
/// the host workers of a launch.
pub struct Code {
    base: u64,
    top: [OnceLock<Box<Mid>>; TOP],
    decodes: AtomicU64,
    /// Bytes of the table and the decoded instructions it holds.
    bytes: AtomicU64,
}

impl Code {
    /// A program whose first instruction is at GPU address `base`.
    pub fn new(base: u64) -> Code {
        Code {
            base,
            top: std::array::from_fn(|_| OnceLock::new()),
            decodes: AtomicU64::new(0),
            bytes: AtomicU64::new(std::mem::size_of::<Code>() as u64),
        }
    }

    /// The program's GPU address.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Start a launch: every word is re-read once before it runs again.
    pub fn begin_launch(&mut self) {
        let mut freed = 0u64;
        for mid in self.top.iter_mut().filter_map(OnceLock::get_mut) {
            for page in mid.pages.iter_mut().filter_map(OnceLock::get_mut) {
                for slot in &mut page.slots {
                    let Some(now) = slot.now.take() else { continue };
                    if let Some(old) = slot.before.replace(now) {
                        if slot.before.as_ref().is_some_and(|n| !Arc::ptr_eq(n, &old)) {
                            // The word changed last launch: its old decoding goes.
                            freed += DECODED_BYTES;
                        }
                    }
                }
            }
        }
        let bytes = self.bytes.get_mut();
        *bytes = bytes.saturating_sub(freed);
    }

    /// How many words were decoded so far (a cache hit decodes none).
    pub fn decodes(&self) -> u64 {
        self.decodes.load(Ordering::Relaxed)
    }

    /// Bytes this program's decoded-code table holds now: the table itself
    /// (allocated a page of 64 instructions at a time, for the pages the
    /// program reached) and one decoded instruction per instruction reached.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The instruction at offset `pc`.
    #[inline]
    pub fn get(&self, mem: &dyn Memory, pc: u64) -> Result<&Instr, Fault> {
        if !pc.is_multiple_of(16) || pc >= MAX_CODE_BYTES {
            return Err(Fault::Control(format!("program counter {pc:#x} is outside the program or misaligned")));
        }
        let index = (pc / 16) as usize;
        let slot = &self.page(index).slots[index & ((1 << PAGE_BITS) - 1)];
        let d = match slot.now.get() {
            Some(d) => d,
            None => self.fill(slot, mem, pc)?,
        };
        d.instr(pc)
    }

    /// A reader of this program that keeps the instructions it read last,
    /// so a loop body or straight-line code skips the table ([`Cursor`]).
    pub(crate) fn cursor(&self) -> Cursor<'_> {
        Cursor { code: self, cache: [None; CACHED] }
    }

    /// The page holding instruction `index`, allocated when first reached.
    #[inline]
    fn page(&self, index: usize) -> &Page {
        let mid = self.top[(index >> (PAGE_BITS + MID_BITS)) % TOP].get_or_init(|| {
            self.bytes.fetch_add(std::mem::size_of::<Mid>() as u64, Ordering::Relaxed);
            Box::new(Mid { pages: std::array::from_fn(|_| OnceLock::new()) })
        });
        mid.pages[(index >> PAGE_BITS) & ((1 << MID_BITS) - 1)].get_or_init(|| {
            self.bytes.fetch_add(std::mem::size_of::<Page>() as u64, Ordering::Relaxed);
            Box::new(Page { slots: std::array::from_fn(|_| Slot::default()) })
        })
    }

    /// The first time this launch reaches `pc`: read its word, and decode
    /// it unless an earlier launch decoded the same word there.
    #[cold]
    fn fill<'a>(&self, slot: &'a Slot, mem: &dyn Memory, pc: u64) -> Result<&'a Arc<Decoded>, Fault> {
        let va = self.base.checked_add(pc).ok_or(Fault::Mmu { va: u64::MAX, write: false, pc })?;
        let mut bytes = [0u8; 16];
        mem.read(va, &mut bytes).map_err(|va| Fault::Mmu { va, write: false, pc })?;
        let word = u128::from_le_bytes(bytes);
        // Another worker may fill it meanwhile (it read the same launch's
        // code); the first one stands.
        Ok(slot.now.get_or_init(|| match &slot.before {
            Some(b) if b.word == word => b.clone(),
            _ => {
                self.decodes.fetch_add(1, Ordering::Relaxed);
                self.bytes.fetch_add(DECODED_BYTES, Ordering::Relaxed);
                Arc::new(Decoded { word, decoded: decode(Word(word), pc) })
            }
        }))
    }
}

/// Instructions a [`Cursor`] keeps at hand: a loop body or a straight run
/// of up to this many instructions (8 KiB of code) is found again without
/// the table. At 64, softmax's loops (longer than that) missed on most
/// instructions; 16 bytes an entry, 8 KiB a cursor, one per host thread
/// of a launch.
const CACHED: usize = 512;

/// A reader of a [`Code`] that keeps the instructions it read last
/// ([`Code::cursor`]): a direct-mapped cache indexed by `pc / 16`, holding
/// each entry's pc as its tag.
///
/// An entry stays right for the cursor's whole life: the cursor borrows
/// the `Code`, and only [`Code::begin_launch`] (`&mut`) can change what a
/// slot decodes to. Only instructions that decoded are kept, so a pc that
/// faults takes the table's path each time.
pub(crate) struct Cursor<'a> {
    code: &'a Code,
    /// `(pc, instruction)` where an instruction was read.
    cache: [Option<(u64, &'a Instr)>; CACHED],
}

impl<'a> Cursor<'a> {
    /// The instruction at offset `pc`, as [`Code::get`] gives it.
    #[inline(always)]
    pub(crate) fn get(&mut self, mem: &dyn Memory, pc: u64) -> Result<&'a Instr, Fault> {
        match self.cache[(pc >> 4) as usize % CACHED] {
            Some((tag, i)) if tag == pc => Ok(i),
            _ => self.miss(mem, pc),
        }
    }

    /// [`get`](Self::get) through the table, keeping what it finds.
    #[inline(never)]
    fn miss(&mut self, mem: &dyn Memory, pc: u64) -> Result<&'a Instr, Fault> {
        let i = self.code.get(mem, pc)?;
        self.cache[(pc >> 4) as usize % CACHED] = Some((pc, i));
        Ok(i)
    }
}

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Code")
            .field("base", &self.base)
            .field("decodes", &self.decodes())
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}
