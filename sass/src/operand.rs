//! Operands, as the decoder produces them and nvdisasm prints them.

use std::fmt;

/// `RZ`: general register 255 reads zero and discards writes.
pub const RZ: u8 = 255;
/// `URZ`: uniform register 63 reads zero and discards writes.
pub const URZ: u8 = 63;
/// `PT`/`UPT`: predicate 7 is always true; writes to it are discarded.
pub const PT: u8 = 7;

/// A predicate operand (`P0`..`P6`, `PT`, or uniform `UP0`..`UPT`), maybe negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pred {
    /// Index 0..=7 (7 is `PT`).
    pub index: u8,
    /// Printed `!P`: the value is inverted when read.
    pub not: bool,
    /// A uniform predicate (`UP`).
    pub uniform: bool,
}

impl Pred {
    /// A general predicate.
    pub fn p(index: u8, not: bool) -> Pred {
        Pred { index, not, uniform: false }
    }
    /// A uniform predicate.
    pub fn up(index: u8, not: bool) -> Pred {
        Pred { index, not, uniform: true }
    }
    /// `PT` (or `UPT`), not negated.
    pub fn is_true(self) -> bool {
        self.index == PT && !self.not
    }
}

impl fmt::Display for Pred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.not {
            f.write_str("!")?;
        }
        let u = if self.uniform { "U" } else { "" };
        if self.index == PT {
            write!(f, "{u}PT")
        } else {
            write!(f, "{u}P{}", self.index)
        }
    }
}

/// Source-operand modifiers printed around a register or constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SrcMods {
    /// `-x` (arithmetic negation).
    pub neg: bool,
    /// `|x|`.
    pub abs: bool,
    /// `~x` (bitwise not).
    pub not: bool,
    /// `.reuse`: the operand-reuse cache hint (no effect on results).
    pub reuse: bool,
    /// `.SIGN`: the operand's sign bit as a boolean (PLOP3's register form).
    pub sign: bool,
    /// `.Bn`: byte `n` of the register (R2P, I2F from 8 bits); 0 prints nothing.
    pub byte: u8,
    /// `.H1`: the register's high 16 bits (I2F and F2I from 16 bits).
    pub h1: bool,
}

/// A constant-bank reference `c[bank][offset]`, or `c[bank][Rn+offset]` with a register index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CBuf {
    /// Bank 0..=17 (0: the driver area and parameters).
    pub bank: u8,
    /// Byte offset (signed: nvdisasm prints a negative one as `-0x…`).
    pub offset: i32,
    /// An index register (`RZ`: none) or, with `ubank`, an index uniform register.
    pub index: u8,
    /// The bank is a uniform register's value (`cx[URn]`).
    pub ubank: Option<u8>,
}

/// How a memory address's register base is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddrWidth {
    /// A 32-bit register (`[R1+0x10]`).
    W32,
    /// A 64-bit register pair (`[R2.64]`).
    W64,
    /// A 64-bit register pair that nvdisasm prints without `.64` (the
    /// address of `ATOMG.E.CAS`, whose `.E` alone makes it 64-bit).
    W64Unmarked,
    /// A 32-bit register zero-extended, added to a 64-bit uniform register
    /// pair (`[R2.U32+UR4]`: a global or generic address).
    U32,
    /// A 32-bit register scaled by 4 (`[R6.X4]`), in shared memory addressing.
    X4,
    /// Scaled by 8 (`.X8`).
    X8,
    /// Scaled by 16 (`.X16`).
    X16,
}

/// A memory address `[Ra(.64) + URb + imm]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Addr {
    /// Base register (`RZ`: none).
    pub base: u8,
    /// How the base is read.
    pub width: AddrWidth,
    /// A uniform register added (`URZ`: none); 64-bit where the base is.
    pub ubase: u8,
    /// The immediate offset, signed.
    pub offset: i32,
    /// `.reuse` on the base register.
    pub reuse: bool,
    /// The uniform-register form, printed even with `URZ` (`[R17+URZ]`).
    pub uniform_form: bool,
}

/// One operand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Operand {
    /// A general register `Rn` (`RZ` is 255).
    Reg(u8, SrcMods),
    /// A uniform register `URn` (`URZ` is 63).
    UReg(u8, SrcMods),
    /// A predicate.
    Pred(Pred),
    /// An integer immediate, printed in hex (`0x10`, `-0x400`).
    Imm(i64),
    /// A 32-bit float immediate, kept as bits.
    F32(u32, SrcMods),
    /// A 64-bit float immediate (the top 32 bits of a double are encoded).
    F64(u64, SrcMods),
    /// Two half-precision immediates (`HFMA2 ... 0, 1.5`).
    H2(u16, u16),
    /// A paired-half register or constant with its swizzle (`R2.H0_H0`).
    Half(crate::half::HalfSrc),
    /// A constant-bank reference.
    CBuf(CBuf, SrcMods),
    /// A memory address.
    Mem(Addr),
    /// A convergence barrier register `B0`..`B15`.
    BarReg(u8),
    /// A branch or call target, as an absolute code offset.
    Target(u64),
    /// A special register by its name (`SR_TID.X`).
    Special(u16),
    /// A word printed as is (a LUT, a shuffle mode, a mask).
    Hex(u64),
    /// Text printed as is (rare fixed forms, e.g. `SRZ`).
    Text(&'static str),
}

/// An operand as the interpreter reads it, resolved once when the
/// instruction is decoded ([`Instr::resolved`](crate::instr::Instr)): the
/// kinds that carry one 32-bit value per warp (`RZ`, immediates, a `LUT`
/// word) are that value, so running the instruction is one small match
/// instead of one over every operand kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Resolved {
    /// A general register other than `RZ`: a value per lane.
    Reg(u8, SrcMods),
    /// One value for the warp: `RZ` (zero), an integer, float or paired-half
    /// immediate, a hex word.
    Value(u32, SrcMods),
    /// A uniform register (`URZ` included: it reads zero).
    UReg(u8, SrcMods),
    /// A constant, read when the instruction runs (banks change between launches).
    Const(CBuf, SrcMods),
    /// Not a value source (a predicate, an address, a target...).
    Other,
}

impl Resolved {
    /// How the interpreter reads `o` as a source.
    pub(crate) fn of(o: &Operand) -> Resolved {
        match *o {
            Operand::Reg(RZ, m) => Resolved::Value(0, m),
            Operand::Reg(r, m) => Resolved::Reg(r, m),
            Operand::UReg(r, m) => Resolved::UReg(r, m),
            Operand::Imm(v) => Resolved::Value(v as u32, SrcMods::default()),
            Operand::Hex(v) => Resolved::Value(v as u32, SrcMods::default()),
            Operand::F32(b, m) => Resolved::Value(b, m),
            Operand::H2(hi, lo) => Resolved::Value(u32::from(hi) << 16 | u32::from(lo), SrcMods::default()),
            Operand::CBuf(c, m) => Resolved::Const(c, m),
            _ => Resolved::Other,
        }
    }
}

impl Operand {
    /// A plain general register.
    pub fn reg(r: u8) -> Operand {
        Operand::Reg(r, SrcMods::default())
    }
    /// A plain uniform register.
    pub fn ureg(r: u8) -> Operand {
        Operand::UReg(r, SrcMods::default())
    }
}

fn write_reg(f: &mut fmt::Formatter<'_>, prefix: &str, r: u8, zero: u8, m: SrcMods) -> fmt::Result {
    let (open, close) = if m.abs { ("|", "|") } else { ("", "") };
    if m.neg {
        f.write_str("-")?;
    }
    if m.not {
        f.write_str("~")?;
    }
    f.write_str(open)?;
    if r == zero {
        write!(f, "{prefix}Z")?;
    } else {
        write!(f, "{prefix}{r}")?;
    }
    // Inside the bars: `|R2.H1|`.
    if m.h1 {
        f.write_str(".H1")?;
    }
    f.write_str(close)?;
    if m.byte != 0 {
        write!(f, ".B{}", m.byte)?;
    }
    if m.reuse {
        f.write_str(".reuse")?;
    }
    if m.sign {
        f.write_str(".SIGN")?;
    }
    Ok(())
}

/// nvdisasm's hex for a signed value: `0x10`, `-0x10`.
pub(crate) fn hex_signed(v: i64) -> String {
    if v < 0 {
        format!("-{:#x}", v.unsigned_abs())
    } else {
        format!("{v:#x}")
    }
}

impl Operand {
    /// Whether the operand carries a `.reuse` flag.
    pub fn reuse(&self) -> bool {
        match self {
            Operand::Reg(_, m) | Operand::UReg(_, m) | Operand::CBuf(_, m) => m.reuse,
            Operand::Mem(a) => a.reuse,
            Operand::Half(h) => h.mods.reuse,
            _ => false,
        }
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Operand::Reg(r, m) => write_reg(f, "R", r, RZ, m),
            Operand::UReg(r, m) => write_reg(f, "UR", r, URZ, m),
            Operand::Pred(p) => write!(f, "{p}"),
            Operand::Imm(v) => f.write_str(&hex_signed(v)),
            Operand::F32(bits, m) => {
                if m.neg {
                    f.write_str("-")?;
                }
                if m.abs {
                    write!(f, "|{}|", crate::float::fmt_f32(bits))
                } else {
                    f.write_str(&crate::float::fmt_f32(bits))
                }
            }
            Operand::F64(bits, m) => {
                if m.neg {
                    f.write_str("-")?;
                }
                f.write_str(&crate::float::fmt_f64(bits))
            }
            Operand::H2(a, b) => write!(f, "{}, {}", crate::float::fmt_f16(a), crate::float::fmt_f16(b)),
            Operand::Half(h) => write!(f, "{h}"),
            Operand::CBuf(c, m) => {
                if m.neg {
                    f.write_str("-")?;
                }
                if m.not {
                    f.write_str("~")?;
                }
                if m.abs {
                    f.write_str("|")?;
                }
                match c.ubank {
                    Some(URZ) => f.write_str("cx[URZ]")?,
                    Some(u) => write!(f, "cx[UR{u}]")?,
                    None => write!(f, "c[{:#x}]", c.bank)?,
                }
                if c.index != RZ {
                    if c.offset != 0 {
                        write!(f, "[R{}+{}]", c.index, hex_signed(c.offset.into()))?;
                    } else {
                        write!(f, "[R{}]", c.index)?;
                    }
                } else {
                    write!(f, "[{}]", hex_signed(c.offset.into()))?;
                }
                // A 16-bit conversion's high half, inside the bars as on a
                // register: `|c[0x0][0x18c].H1|`.
                if m.h1 {
                    f.write_str(".H1")?;
                }
                if m.abs {
                    f.write_str("|")?;
                }
                if m.sign {
                    f.write_str(".SIGN")?;
                }
                Ok(())
            }
            Operand::Mem(a) => {
                f.write_str("[")?;
                let mut first = true;
                // nvdisasm drops a zero base before a plain offset
                // (`[0x40]`) but prints `[RZ]` alone; the uniform form
                // drops it before its `URZ` (`[URZ+0x10]`).
                // A scaled RZ before a uniform register stays (`[RZ.X4+UR10]`).
                let scaled = matches!(a.width, AddrWidth::X4 | AddrWidth::X8 | AddrWidth::X16);
                let rz_scaled_u = a.base == RZ && scaled && a.ubase != URZ;
                if a.base != RZ || rz_scaled_u || (a.ubase == URZ && !a.uniform_form && a.offset == 0) {
                    first = false;
                    if a.base == RZ {
                        f.write_str("RZ")?;
                    } else {
                        write!(f, "R{}", a.base)?;
                    }
                    match a.width {
                        // A scaled RZ is zero: nvdisasm shows no scale on it.
                        AddrWidth::X4 | AddrWidth::X8 | AddrWidth::X16 if a.base == RZ && !rz_scaled_u => {}
                        AddrWidth::W32 | AddrWidth::W64Unmarked => {}
                        AddrWidth::W64 => f.write_str(".64")?,
                        AddrWidth::U32 => f.write_str(".U32")?,
                        AddrWidth::X4 => f.write_str(".X4")?,
                        AddrWidth::X8 => f.write_str(".X8")?,
                        AddrWidth::X16 => f.write_str(".X16")?,
                    }
                    if a.reuse {
                        f.write_str(".reuse")?;
                    }
                }
                if a.ubase != URZ || a.uniform_form {
                    if !first {
                        f.write_str("+")?;
                    }
                    first = false;
                    if a.ubase == URZ {
                        f.write_str("URZ")?;
                    } else {
                        write!(f, "UR{}", a.ubase)?;
                    }
                }
                if a.offset != 0 || first {
                    if !first {
                        // nvdisasm keeps the `+` before a negative offset: `[R8+-0x4]`.
                        if a.offset < 0 {
                            write!(f, "+-{:#x}", a.offset.unsigned_abs())?;
                        } else {
                            write!(f, "+{:#x}", a.offset)?;
                        }
                    } else {
                        f.write_str(&hex_signed(a.offset.into()))?;
                    }
                }
                f.write_str("]")
            }
            Operand::BarReg(b) => write!(f, "B{b}"),
            // A target before address 0 prints negative, as nvdisasm does.
            Operand::Target(t) => f.write_str(&hex_signed(t as i64)),
            Operand::Special(s) => f.write_str(crate::special::name(s)),
            Operand::Hex(v) => write!(f, "{v:#x}"),
            Operand::Text(t) => f.write_str(t),
        }
    }
}
