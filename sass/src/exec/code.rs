//! A program's decoded instructions, cached by code offset.
//!
//! Each instruction is decoded once and kept with its word. A launch
//! re-reads a word the first time it reaches it ([`Code::begin_launch`]
//! starts a new epoch) and decodes again only if the bytes changed, so a
//! program rewritten in GPU memory between launches runs its new code.

use super::{Fault, Memory};
use crate::decode::{decode, DecodeError};
use crate::instr::Instr;
use crate::word::Word;

/// Programs larger than this are refused (the pc left the program).
pub const MAX_CODE_BYTES: u64 = 1 << 24;

#[derive(Clone)]
struct Slot {
    epoch: u64,
    word: u128,
    decoded: Result<Instr, DecodeError>,
}

/// The decoded instructions of one program (one code address).
#[derive(Clone)]
pub struct Code {
    base: u64,
    epoch: u64,
    slots: Vec<Option<Slot>>,
    decodes: u64,
}

impl Code {
    /// A program whose first instruction is at GPU address `base`.
    pub fn new(base: u64) -> Code {
        Code { base, epoch: 1, slots: Vec::new(), decodes: 0 }
    }

    /// The program's GPU address.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Start a launch: every word is re-read once before it runs again.
    pub fn begin_launch(&mut self) {
        self.epoch += 1;
    }

    /// How many words were decoded so far (a cache hit decodes none).
    pub fn decodes(&self) -> u64 {
        self.decodes
    }

    /// The instruction at offset `pc`.
    pub fn get(&mut self, mem: &dyn Memory, pc: u64) -> Result<&Instr, Fault> {
        if !pc.is_multiple_of(16) || pc >= MAX_CODE_BYTES {
            return Err(Fault::Control(format!("program counter {pc:#x} is outside the program or misaligned")));
        }
        let index = (pc / 16) as usize;
        if index >= self.slots.len() {
            self.slots.resize_with(index + 1, || None);
        }
        let epoch = self.epoch;
        let fresh = matches!(&self.slots[index], Some(s) if s.epoch == epoch);
        if !fresh {
            let va = self.base.checked_add(pc).ok_or(Fault::Mmu { va: u64::MAX, write: false, pc })?;
            let mut bytes = [0u8; 16];
            mem.read(va, &mut bytes).map_err(|va| Fault::Mmu { va, write: false, pc })?;
            let word = u128::from_le_bytes(bytes);
            match &mut self.slots[index] {
                Some(s) if s.word == word => s.epoch = epoch,
                slot => {
                    self.decodes += 1;
                    *slot = Some(Slot { epoch, word, decoded: decode(Word(word), pc) });
                }
            }
        }
        match &self.slots[index] {
            Some(Slot { decoded: Ok(i), .. }) => Ok(i),
            Some(Slot { decoded: Err(e), .. }) => Err(Fault::Illegal { pc, error: e.clone() }),
            None => Err(Fault::Control("instruction cache slot vanished".into())),
        }
    }
}
