//! The decoder: 128-bit words to [`Instr`].
//!
//! Bits 0..9 name the operation, bits 9..12 its operand form for the ALU
//! operations (see `Form`), bits 12..16 the guard predicate. A word the
//! tables do not know, or a field value they do not know, is refused with
//! [`DecodeError`]: never guessed.

mod alu;
mod bits;
mod ctrl;
mod fpu;
pub(crate) mod half;
mod mem;
mod shape;
mod sync;

use crate::instr::{Instr, MAX_OPERANDS};
use crate::operand::{AddrWidth, CBuf, Operand, Pred, SrcMods, RZ};
use crate::word::Word;

/// An immediate printed unsigned (logic, shift and address operations print
/// `0xfffffffe` where additions print `-0x2`).
pub(crate) fn unsigned(o: Operand) -> Operand {
    match o {
        Operand::Imm(v) => Operand::Imm(i64::from(v as u32)),
        o => o,
    }
}

/// Why a word does not decode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The operation bits name nothing this decoder knows.
    #[error("opcode {opcode:#05x} is not an instruction this decoder knows (word {word:#034x})")]
    UnknownOpcode {
        /// Bits 0..12.
        opcode: u16,
        /// The whole word.
        word: u128,
    },
    /// A field holds a value this decoder does not know for the operation.
    #[error("{mnemonic}: {field} {value:#x} is a form this decoder does not know (word {word:#034x})")]
    UnknownField {
        /// The operation's base mnemonic.
        mnemonic: &'static str,
        /// Which field.
        field: &'static str,
        /// Its value.
        value: u64,
        /// The whole word.
        word: u128,
    },
    /// The operation decoded, but its shape (operand form, uniform-operand
    /// bit, reuse flags, write scoreboard) is one this decoder does not
    /// know for it: `instruction` is the text as far as it decoded, so the
    /// message names the mnemonic and its operands.
    #[error("{instruction}: its {field} {value:#x} is a form this decoder does not know (word {word:#034x})")]
    UnknownShape {
        /// The instruction's text as decoded (without the closing ` ;`).
        instruction: String,
        /// Which part of the shape.
        field: &'static str,
        /// Its value.
        value: u64,
        /// The whole word.
        word: u128,
    },
}

/// Decode one word found at code offset `pc`.
pub fn decode(word: Word, pc: u64) -> Result<Instr, DecodeError> {
    let mut b = Builder { w: word, pc, ops: [Operand::Imm(0); MAX_OPERANDS], len: 0, shown: 0 };
    let op = match word.bits(0, 9) {
        0x002 | 0x082 => alu::mov(&mut b)?,
        0x010 | 0x090 => alu::iadd3(&mut b)?,
        0x011 | 0x091 => alu::lea(&mut b)?,
        0x012 | 0x092 => alu::lop3(&mut b)?,
        0x00c | 0x08c => alu::isetp(&mut b)?,
        0x01c | 0x09c => alu::plop3(&mut b)?,
        0x019 | 0x099 => alu::shf(&mut b)?,
        0x024 | 0x025 | 0x027 | 0x0a4 | 0x0a5 | 0x0a7 => alu::imad(&mut b)?,
        0x023 => alu::ffma(&mut b)?,
        0x119 | 0x1c3 => alu::s2r(&mut b)?,
        0x005 => alu::cs2r(&mut b)?,
        0x0b9 => mem::uldc(&mut b)?,
        0x1c2 => alu::r2ur(&mut b)?,
        0x182 => mem::ldc(&mut b)?,
        0x181 | 0x184 | 0x183 | 0x180 => mem::load(&mut b)?,
        0x185..=0x188 => mem::store(&mut b)?,
        0x118 => ctrl::nop(&mut b)?,
        0x14d => ctrl::exit(&mut b)?,
        0x147 => ctrl::bra(&mut b)?,
        0x145 => ctrl::bssy(&mut b)?,
        0x141 => ctrl::bsync(&mut b)?,
        0x142 => ctrl::brk(&mut b)?,
        0x1ab | 0x146 => ctrl::hint(&mut b)?,
        0x148 => ctrl::warpsync(&mut b)?,
        0x155 | 0x156 => ctrl::bmov(&mut b)?,
        0x11d => ctrl::bar(&mut b)?,
        0x021 => fpu::fadd(&mut b)?,
        0x020 => fpu::fmul(&mut b)?,
        0x009 => fpu::fmnmx(&mut b)?,
        0x00b | 0x02a => fpu::fsetp(&mut b)?,
        0x00a => fpu::fset(&mut b)?,
        0x007 | 0x008 | 0x087 => fpu::sel(&mut b)?,
        0x017 => fpu::imnmx(&mut b)?,
        0x108 => fpu::mufu(&mut b)?,
        0x109 | 0x101 | 0x013 | 0x0bf | 0x0be | 0x038 => fpu::unary(&mut b)?,
        0x100 | 0x0bd => fpu::flo(&mut b)?,
        0x016 | 0x096 => fpu::prmt(&mut b)?,
        0x029 => fpu::dadd(&mut b)?,
        0x028 => fpu::dmul(&mut b)?,
        0x02b => fpu::dfma(&mut b)?,
        0x106 | 0x112 | 0x045 => fpu::i2f(&mut b)?,
        0x105 | 0x111 => fpu::f2i(&mut b)?,
        0x110 => fpu::f2f(&mut b)?,
        0x043 => fpu::f2ip(&mut b)?,
        0x107 | 0x113 => fpu::frnd(&mut b)?,
        0x102 => fpu::fchk(&mut b)?,
        0x189 => sync::shfl(&mut b)?,
        0x006 | 0x086 => sync::vote(&mut b)?,
        0x18e => sync::red(&mut b)?,
        0x1a8 | 0x1a9 | 0x18a | 0x18b => sync::atomg(&mut b)?,
        0x18c => sync::atoms(&mut b)?,
        0x1c4 => sync::redux(&mut b)?,
        0x11c => sync::b2r(&mut b)?,
        0x144 => sync::call(&mut b)?,
        0x150 => sync::ret(&mut b)?,
        0x192 => sync::membar(&mut b)?,
        0x1ae => mem::ldgsts(&mut b)?,
        0x143 => sync::call(&mut b)?,
        0x15d => ctrl::nanosleep(&mut b)?,
        0x11a => ctrl::depbar(&mut b)?,
        0x1af => ctrl::ldgdepbar(&mut b)?,
        0x01a | 0x09a => bits::sgxt(&mut b)?,
        0x01b | 0x09b => bits::bmsk(&mut b)?,
        0x026 => bits::idp(&mut b)?,
        0x014 => bits::vabsdiff(&mut b)?,
        0x01f | 0x09f => bits::plop3_sign(&mut b)?,
        0x004 => bits::r2p(&mut b)?,
        0x003 => bits::p2r(&mut b)?,
        0x1a1 => bits::match_(&mut b)?,
        0x14e => bits::lepc(&mut b)?,
        0x18d => sync::atoms_cas(&mut b)?,
        0x18f => sync::cctl(&mut b)?,
        0x030..=0x032 | 0x035 => half::half2(&mut b)?,
        0x033 => half::hset2(&mut b)?,
        0x034 => half::hsetp2(&mut b)?,
        0x040 => half::hmnmx2(&mut b)?,
        0x03e => half::f2fp(&mut b)?,
        0x104 => half::f2f16(&mut b)?,
        0x03c => half::hmma(&mut b)?,
        0x03b => half::ldsm(&mut b)?,
        _ => return Err(b.unknown_opcode()),
    };
    let instr = Instr::new(pc, word, b.guard(), op, b.ops, b.len, b.shown);
    // The shape is checked once the operation has read its fields, so that
    // a refusal names the instruction as far as it decoded (the operation's
    // own reading of a field it does not know is refused before this).
    let write_barrier = word.bits(110, 3) as u8;
    if let Some((field, value)) =
        shape::refused(word.bits(0, 9) as u16, word.bits(9, 3) as u8, word.bit(91), write_barrier)
    {
        return Err(DecodeError::UnknownShape { instruction: instr.text(), field, value, word: word.0 });
    }
    // A reuse flag (bits 122..126) must belong to a register source the
    // instruction shows: nvdisasm refuses one on a slot it does not have.
    let flags = word.bits(122, 4).count_ones() as usize;
    let shown = instr.shown_operands().filter(|o| o.reuse()).count();
    if flags != shown {
        return Err(DecodeError::UnknownShape {
            instruction: instr.text(),
            field: "reuse flags",
            value: word.bits(122, 4),
            word: word.0,
        });
    }
    Ok(instr)
}

/// Builds one instruction's operand list while its fields are read.
pub(crate) struct Builder {
    pub(crate) w: Word,
    pub(crate) pc: u64,
    ops: [Operand; MAX_OPERANDS],
    len: u8,
    shown: u16,
}

/// The ALU operand forms (bits 9..12): where the B and C sources come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// B = R[32..40], C = R[64..72].
    RegReg,
    /// B = R[64..72], C = imm32[32..64].
    RegImm,
    /// B = R[64..72], C = c[..][32..64].
    RegCbuf,
    /// B = imm32[32..64], C = R[64..72].
    ImmReg,
    /// B = c[..][32..64], C = R[64..72].
    CbufReg,
    /// B = UR[32..38], C = R[64..72].
    URegReg,
    /// B = R[64..72], C = UR[32..38].
    RegUReg,
}

impl Builder {
    pub(crate) fn push(&mut self, o: Operand, show: bool) {
        let i = usize::from(self.len);
        if i < MAX_OPERANDS {
            self.ops[i] = o;
            if show {
                self.shown |= 1 << i;
            }
            self.len += 1;
        }
    }

    /// The guard: a uniform predicate for the uniform datapath's operations
    /// (opcodes 0x080..0x100 but VOTEU, which reads per-lane predicates, and
    /// S2UR), a predicate for the others.
    pub(crate) fn guard(&self) -> Pred {
        let op = self.w.bits(0, 9);
        let (index, not) = (self.w.bits(12, 3) as u8, self.w.bit(15));
        if (op & 0x180 == 0x080 && op != 0x086) || op == 0x1c3 {
            Pred::up(index, not)
        } else {
            Pred::p(index, not)
        }
    }

    pub(crate) fn unknown_opcode(&self) -> DecodeError {
        DecodeError::UnknownOpcode { opcode: self.w.bits(0, 12) as u16, word: self.w.0 }
    }

    pub(crate) fn bad(&self, mnemonic: &'static str, field: &'static str, value: u64) -> DecodeError {
        DecodeError::UnknownField { mnemonic, field, value, word: self.w.0 }
    }

    /// Refuse unless `len` bits at `lo` equal `want`.
    pub(crate) fn expect(
        &self,
        mnemonic: &'static str,
        field: &'static str,
        lo: u32,
        len: u32,
        want: u64,
    ) -> Result<(), DecodeError> {
        let v = self.w.bits(lo, len);
        if v == want {
            Ok(())
        } else {
            Err(self.bad(mnemonic, field, v))
        }
    }

    pub(crate) fn form(&self, mnemonic: &'static str) -> Result<Form, DecodeError> {
        Ok(match self.w.bits(9, 3) {
            1 => Form::RegReg,
            2 => Form::RegImm,
            3 => Form::RegCbuf,
            4 => Form::ImmReg,
            5 => Form::CbufReg,
            6 => Form::URegReg,
            7 => Form::RegUReg,
            v => return Err(self.bad(mnemonic, "form", v)),
        })
    }

    /// The register at `lo` (8 bits).
    pub(crate) fn reg(&self, lo: u32) -> u8 {
        self.w.bits(lo, 8) as u8
    }

    /// The uniform register at `lo` (6 bits).
    pub(crate) fn ureg(&self, lo: u32) -> u8 {
        self.w.bits(lo, 6) as u8
    }

    /// A 3-bit predicate at `lo`, negated when bit `not` is set.
    pub(crate) fn pred(&self, lo: u32, not: Option<u32>) -> Pred {
        Pred::p(self.w.bits(lo, 3) as u8, not.is_some_and(|n| self.w.bit(n)))
    }

    /// A 3-bit uniform predicate.
    pub(crate) fn upred(&self, lo: u32, not: Option<u32>) -> Pred {
        Pred::up(self.w.bits(lo, 3) as u8, not.is_some_and(|n| self.w.bit(n)))
    }

    /// The constant operand in bits 32..64 of an ALU form (`cbuf_bytes`),
    /// whose offset's low two bits the hardware ignores for a whole-word
    /// operand, and nvdisasm does not print.
    pub(crate) fn cbuf(&self, mnemonic: &'static str) -> Result<CBuf, DecodeError> {
        let c = self.cbuf_bytes(mnemonic)?;
        Ok(CBuf { offset: c.offset & !3, ..c })
    }

    /// A constant reference with a byte offset in bits 32..64:
    /// `c[bank][offset]` (bank 54..59, offset 38..54 signed), or with bit
    /// 91 `cx[URn][offset]` (URn at 32..38, the offset unsigned). nvdisasm
    /// reads no bank bits with bit 91, nor bits 32..38 without it. (ULDC
    /// names its URn at 24 instead; LDC's `cx[]` form is another layout,
    /// whose bit 91 the shape check refuses.)
    pub(crate) fn cbuf_bytes(&self, _mnemonic: &'static str) -> Result<CBuf, DecodeError> {
        if self.w.bit(91) {
            let offset = self.w.bits(38, 16) as i32;
            return Ok(CBuf { bank: 0, offset, index: RZ, ubank: Some(self.ureg(32)) });
        }
        let offset = self.w.sbits(38, 16) as i32;
        Ok(CBuf { bank: self.w.bits(54, 5) as u8, offset, index: RZ, ubank: None })
    }

    /// How a shared-memory address's register is scaled (bits 78..80:
    /// none, `.X4`, `.X8`, `.X16`).
    pub(crate) fn shared_scale(&self) -> AddrWidth {
        match self.w.bits(78, 2) {
            0 => AddrWidth::W32,
            1 => AddrWidth::X4,
            2 => AddrWidth::X8,
            _ => AddrWidth::X16,
        }
    }

    /// The reuse flag of operand slot `slot` (0: A, 1: B, 2: C).
    pub(crate) fn reuse(&self, slot: u32) -> bool {
        self.w.bit(122 + slot)
    }

    /// The B and C sources of an ALU form. Source modifiers belong to the
    /// physical slot: the operand in bits 32..64 takes `-` from `neg32`
    /// (bit 63 for most operations; never for an immediate, whose bit 63 is
    /// data) and the register in bits 64..72 from `neg64` (bit 75).
    pub(crate) fn bc(
        &self,
        mnemonic: &'static str,
        neg32: Option<u32>,
        neg64: Option<u32>,
    ) -> Result<(Operand, Operand), DecodeError> {
        let form = self.form(mnemonic)?;
        let n32 = neg32.is_some_and(|b| self.w.bit(b));
        let n64 = neg64.is_some_and(|b| self.w.bit(b));
        let m = |neg: bool, reuse: bool| SrcMods { neg, reuse, ..SrcMods::default() };
        let r64 = |reuse_slot| Operand::Reg(self.reg(64), m(n64, self.reuse(reuse_slot)));
        Ok(match form {
            Form::RegReg => (Operand::Reg(self.reg(32), m(n32, self.reuse(1))), r64(2)),
            Form::RegImm => (r64(1), self.imm32()),
            Form::RegCbuf => (r64(1), Operand::CBuf(self.cbuf(mnemonic)?, m(n32, false))),
            Form::ImmReg => (self.imm32(), r64(2)),
            Form::CbufReg => (Operand::CBuf(self.cbuf(mnemonic)?, m(n32, false)), r64(2)),
            Form::URegReg => (Operand::UReg(self.ureg(32), m(n32, false)), r64(2)),
            Form::RegUReg => (r64(1), Operand::UReg(self.ureg(32), m(n32, false))),
        })
    }

    /// The 32-bit immediate at 32..64 (bit 63 is its top bit, not a negation).
    fn imm32(&self) -> Operand {
        Operand::Imm(self.w.sbits(32, 32))
    }

    /// The float B and C sources: `-` at 63 and `|x|` at 62 for B, `-` at
    /// 75 and `|x|` at 74 for C (not on immediates, whose bit 63 is data);
    /// an immediate is an f32.
    pub(crate) fn fbc(&self, mnemonic: &'static str) -> Result<(Operand, Operand), DecodeError> {
        let (b, c) = self.bc(mnemonic, Some(63), Some(75))?;
        let abs32 = self.w.bit(62);
        let abs64 = self.w.bit(74);
        let form = self.form(mnemonic)?;
        let b_at64 = matches!(form, Form::RegImm | Form::RegCbuf | Form::RegUReg);
        let fm = |o: Operand, abs: bool| match o {
            Operand::Imm(v) => Operand::F32(v as u32, SrcMods::default()),
            Operand::Reg(r, m) => Operand::Reg(r, SrcMods { abs, ..m }),
            Operand::UReg(r, m) => Operand::UReg(r, SrcMods { abs, ..m }),
            Operand::CBuf(c, m) => Operand::CBuf(c, SrcMods { abs, ..m }),
            o => o,
        };
        Ok(if b_at64 { (fm(b, abs64), fm(c, abs32)) } else { (fm(b, abs32), fm(c, abs64)) })
    }

    /// The float A source: R24 with `-` at 72 and `|x|` at 73.
    pub(crate) fn fa(&self) -> Operand {
        Operand::Reg(
            self.reg(24),
            SrcMods { neg: self.w.bit(72), abs: self.w.bit(73), reuse: self.reuse(0), ..SrcMods::default() },
        )
    }

    /// Source A: the register at 24 with negation at bit `neg`.
    pub(crate) fn a(&self, neg: Option<u32>) -> Operand {
        Operand::Reg(
            self.reg(24),
            SrcMods { neg: neg.is_some_and(|b| self.w.bit(b)), reuse: self.reuse(0), ..SrcMods::default() },
        )
    }
}
