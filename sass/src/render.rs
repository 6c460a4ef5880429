//! Mnemonics with modifiers, as nvdisasm prints them.

use std::fmt::{self, Formatter};

use crate::op::{AtomOp, AtomTy, BarKind, BarRed, ImadKind, Op, ShfTy, Space, UnaryKind};

fn u(uniform: bool) -> &'static str {
    if uniform {
        "U"
    } else {
        ""
    }
}

/// A load's or store's modifiers around its size, in nvdisasm's order:
/// `.E`, the cache operation, the size, then the memory ordering
/// (`LDG.E.EF.64.CONSTANT`, `STG.E.64.STRONG.GPU`, `LDL.EF.S8`).
fn mem_mods(f: &mut Formatter<'_>, mods: &str, size: &str) -> fmt::Result {
    let at = [".CONSTANT", ".STRONG"].iter().filter_map(|t| mods.find(t)).min().unwrap_or(mods.len());
    let (before, after) = mods.split_at(at);
    write!(f, "{before}{size}{after}")
}

pub(crate) fn op(op: &Op, f: &mut Formatter<'_>) -> fmt::Result {
    match op {
        Op::Nop => f.write_str("NOP"),
        Op::Exit { keep_refcount } => f.write_str(if *keep_refcount { "EXIT.KEEPREFCOUNT" } else { "EXIT" }),
        Op::Bra { uniform, hint } => write!(f, "BRA{hint}{}", if *uniform { ".U" } else { "" }),
        Op::Bssy => f.write_str("BSSY"),
        Op::Bsync => f.write_str("BSYNC"),
        Op::Break => f.write_str("BREAK"),
        Op::Bmov { clear, .. } => f.write_str(if *clear { "BMOV.32.CLEAR" } else { "BMOV.32" }),
        Op::Warpsync { all, exclusive } => {
            f.write_str(if *all { "WARPSYNC.ALL" } else { "WARPSYNC" })?;
            f.write_str(if *exclusive { ".EXCLUSIVE" } else { "" })
        }
        Op::Call { absolute } => f.write_str(if *absolute { "CALL.ABS.NOINC" } else { "CALL.REL.NOINC" }),
        Op::Ret => f.write_str("RET.REL.NODEC"),
        Op::Bar { kind, defer } => {
            match kind {
                BarKind::Sync => f.write_str("BAR.SYNC")?,
                BarKind::Arrive => f.write_str("BAR.ARV")?,
                BarKind::Red(r) => write!(
                    f,
                    "BAR.RED.{}",
                    match r {
                        BarRed::Popc => "POPC",
                        BarRed::And => "AND",
                        BarRed::Or => "OR",
                    }
                )?,
            }
            f.write_str(if *defer { ".DEFER_BLOCKING" } else { "" })
        }
        Op::Membar { text } | Op::Hint { text } => f.write_str(text),
        Op::IAdd3 { x, uniform } => write!(f, "{}IADD3{}", u(*uniform), if *x { ".X" } else { "" }),
        Op::Lop3 { pand, uniform } => write!(f, "{}LOP3.LUT{}", u(*uniform), if *pand { ".PAND" } else { "" }),
        Op::Plop3 { uniform } => write!(f, "{}PLOP3.LUT", u(*uniform)),
        Op::Isetp { cmp, signed, bool_op, ex, uniform } => write!(
            f,
            "{}ISETP.{}{}.{}{}",
            u(*uniform),
            cmp.text(),
            if *signed { "" } else { ".U32" },
            bool_op.text(),
            if *ex { ".EX" } else { "" }
        ),
        Op::Imad { kind, signed, x, alias, uniform } => {
            write!(f, "{}IMAD", u(*uniform))?;
            if let Some(a) = alias {
                f.write_str(a)?;
            }
            match kind {
                ImadKind::Lo => {}
                ImadKind::Hi => f.write_str(".HI")?,
                ImadKind::Wide => f.write_str(".WIDE")?,
            }
            if !signed {
                f.write_str(".U32")?;
            }
            if *x {
                f.write_str(".X")?;
            }
            Ok(())
        }
        Op::Lea { hi, x, sx32, uniform } => write!(
            f,
            "{}LEA{}{}{}",
            u(*uniform),
            if *hi { ".HI" } else { "" },
            if *x { ".X" } else { "" },
            if *sx32 { ".SX32" } else { "" }
        ),
        Op::Shf { left, wrap, ty, hi, uniform } => {
            write!(f, "{}SHF.{}", u(*uniform), if *left { 'L' } else { 'R' })?;
            if *wrap {
                f.write_str(".W")?;
            }
            f.write_str(match ty {
                ShfTy::S64 => ".S64",
                ShfTy::U64 => ".U64",
                ShfTy::S32 => ".S32",
                ShfTy::U32 => ".U32",
            })?;
            if *hi {
                f.write_str(".HI")?;
            }
            Ok(())
        }
        Op::Mov { uniform } => write!(f, "{}MOV", u(*uniform)),
        Op::S2r { uniform, cs64 } => match cs64 {
            Some(true) => f.write_str("CS2R"),
            Some(false) => f.write_str("CS2R.32"),
            None => f.write_str(if *uniform { "S2UR" } else { "S2R" }),
        },
        Op::R2ur => f.write_str("R2UR"),
        Op::Ldc { size } => write!(f, "LDC{}", size.text()),
        Op::Uldc { size } => write!(f, "ULDC{}", size.text()),
        Op::Ld { space, size, mods } => {
            f.write_str(match space {
                Space::Global => "LDG",
                Space::Shared => "LDS",
                Space::Local => "LDL",
                Space::Generic => "LD",
            })?;
            mem_mods(f, mods, size.text())
        }
        Op::St { space, size, mods } => {
            f.write_str(match space {
                Space::Global => "STG",
                Space::Shared => "STS",
                Space::Local => "STL",
                Space::Generic => "ST",
            })?;
            mem_mods(f, mods, size.text())
        }
        Op::Ffma { ftz, sat, rnd } => {
            f.write_str("FFMA")?;
            if *ftz {
                f.write_str(".FTZ")?;
            }
            f.write_str(rnd.text())?;
            if *sat {
                f.write_str(".SAT")?;
            }
            Ok(())
        }
        Op::Fadd { ftz, sat, rnd } | Op::Fmul { ftz, sat, rnd, .. } => {
            let name = if matches!(op, Op::Fadd { .. }) { "FADD" } else { "FMUL" };
            let scale = match op {
                Op::Fmul { scale: s @ 1.., .. } => ["", ".M2", ".M4", ".M8"][*s as usize],
                Op::Fmul { scale: s @ ..=-1, .. } => ["", ".D2", ".D4", ".D8"][s.unsigned_abs() as usize],
                _ => "",
            };
            let (ftz, sat) = (if *ftz { ".FTZ" } else { "" }, if *sat { ".SAT" } else { "" });
            write!(f, "{name}{ftz}{scale}{}{sat}", rnd.text())
        }
        Op::Fmnmx { ftz, nan, xorsign } => write!(
            f,
            "FMNMX{}{}{}",
            if *ftz { ".FTZ" } else { "" },
            if *nan { ".NAN" } else { "" },
            if *xorsign { ".XORSIGN" } else { "" }
        ),
        Op::Fsetp { cmp, ftz, bool_op, double } => write!(
            f,
            "{}.{}{}.{}",
            if *double { "DSETP" } else { "FSETP" },
            // DSETP names its never/always compares MIN and MAX (nvdisasm).
            match (double, cmp) {
                (true, crate::op::FCmp::F) => "MIN",
                (true, crate::op::FCmp::T) => "MAX",
                _ => cmp.text(),
            },
            if *ftz { ".FTZ" } else { "" },
            bool_op.text()
        ),
        Op::Fset { cmp, ftz, bool_op } => {
            write!(f, "FSET.BF.{}{}.{}", cmp.text(), if *ftz { ".FTZ" } else { "" }, bool_op.text())
        }
        Op::Sel { float, uniform } => write!(f, "{}{}", u(*uniform), if *float { "FSEL" } else { "SEL" }),
        Op::Imnmx { signed } => f.write_str(if *signed { "IMNMX" } else { "IMNMX.U32" }),
        Op::Mufu { func } => write!(
            f,
            "MUFU.{}",
            ["COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "RCP64H", "RSQ64H", "SQRT", "TANH"][*func as usize]
        ),
        Op::Shfl { mode } => write!(f, "SHFL.{}", ["IDX", "UP", "DOWN", "BFLY"][*mode as usize]),
        Op::Vote { mode, uniform } => write!(f, "VOTE{}.{}", u(*uniform), ["ALL", "ANY", "EQ"][*mode as usize]),
        Op::I2f { signed, src_bits, dst_bits, rnd, fp } => {
            if *fp {
                return write!(f, "I2FP.F32.{}{}", if *signed { "S32" } else { "U32" }, rnd.text());
            }
            f.write_str("I2F")?;
            match dst_bits {
                64 => f.write_str(".F64")?,
                16 => f.write_str(".F16")?,
                _ => {}
            }
            f.write_str(match (signed, src_bits) {
                (true, 32) => "",
                (false, 32) => ".U32",
                (true, 8) => ".S8",
                (false, 8) => ".U8",
                (true, 16) => ".S16",
                (false, 16) => ".U16",
                (true, _) => ".S64",
                (false, _) => ".U64",
            })?;
            f.write_str(rnd.text())
        }
        Op::F2i { signed, src_bits, dst_bits, rnd, ftz, ntz } => {
            f.write_str("F2I")?;
            if *ftz {
                f.write_str(".FTZ")?;
            }
            f.write_str(match (signed, dst_bits) {
                (true, 8) => ".S8",
                (false, 8) => ".U8",
                (true, 16) => ".S16",
                (false, 16) => ".U16",
                (true, 32) => "",
                (false, 32) => ".U32",
                (true, _) => ".S64",
                (false, _) => ".U64",
            })?;
            f.write_str(match src_bits {
                64 => ".F64",
                16 => ".F16",
                _ => "",
            })?;
            f.write_str(["", ".FLOOR", ".CEIL", ".TRUNC"][*rnd as usize])?;
            if *ntz {
                f.write_str(".NTZ")?;
            }
            Ok(())
        }
        Op::F2f { src_bits, dst_bits, rnd, ftz } => {
            f.write_str("F2F")?;
            if *ftz {
                f.write_str(".FTZ")?;
            }
            write!(f, ".F{dst_bits}.F{src_bits}{}", rnd.text())
        }
        Op::F2ip { signed, rnd, ntz } => write!(
            f,
            "F2IP{}.F32{}{}",
            if *signed { ".S8" } else { ".U8" },
            ["", ".FLOOR", ".CEIL", ".TRUNC"][*rnd as usize],
            if *ntz { ".NTZ" } else { "" }
        ),
        Op::Frnd { rnd, ftz, double, half } => {
            f.write_str("FRND")?;
            if *ftz {
                f.write_str(".FTZ")?;
            }
            if *double {
                f.write_str(".F64")?;
            }
            if *half {
                f.write_str(".F16")?;
            }
            f.write_str(["", ".FLOOR", ".CEIL", ".TRUNC"][*rnd as usize])
        }
        Op::Unary { kind, uniform } => write!(
            f,
            "{}{}",
            u(*uniform),
            match kind {
                UnaryKind::Popc => "POPC",
                UnaryKind::Brev => "BREV",
                UnaryKind::Iabs => "IABS",
                UnaryKind::I2iSat(ty) =>
                    ["I2I.U8.S32.SAT", "I2I.S8.S32.SAT", "I2I.U16.S32.SAT", "I2I.S16.S32.SAT"][usize::from(*ty & 3)],
            }
        ),
        Op::Flo { signed, sh, uniform } => {
            write!(f, "{}FLO{}{}", u(*uniform), if *signed { "" } else { ".U32" }, if *sh { ".SH" } else { "" })
        }
        Op::Prmt { mode, uniform } => write!(f, "{}PRMT{}", u(*uniform), mode.text()),
        Op::Sgxt { signed, wrap, uniform } => {
            write!(f, "{}SGXT{}{}", u(*uniform), if *wrap { ".W" } else { "" }, if *signed { "" } else { ".U32" })
        }
        Op::Bmsk { wrap, uniform } => write!(f, "{}{}", u(*uniform), if *wrap { "BMSK.W" } else { "BMSK" }),
        Op::Idp { two, hi, a_signed, b_signed } => {
            let (a, bb) = (if *a_signed { "S" } else { "U" }, if *b_signed { "S8" } else { "U8" });
            if *two {
                write!(f, "IDP.2A.{}.{a}16.{bb}", if *hi { "HI" } else { "LO" })
            } else {
                write!(f, "IDP.4A.{a}8.{bb}")
            }
        }
        Op::Vabsdiff { signed } => f.write_str(if *signed { "VABSDIFF" } else { "VABSDIFF.U32" }),
        Op::R2p { .. } => f.write_str("R2P"),
        Op::P2r { byte: 0 } => f.write_str("P2R"),
        Op::P2r { byte } => write!(f, "P2R.B{byte}"),
        Op::Match { all, wide } => {
            write!(f, "MATCH.{}{}", if *all { "ALL" } else { "ANY" }, if *wide { ".U64" } else { "" })
        }
        Op::Lepc => f.write_str("LEPC"),
        Op::Ldgsts { text, .. } => f.write_str(text),
        Op::Dadd { rnd } => write!(f, "DADD{}", rnd.text()),
        Op::Dmul { rnd } => write!(f, "DMUL{}", rnd.text()),
        Op::Dfma { rnd } => write!(f, "DFMA{}", rnd.text()),
        Op::Atom { space, op: aop, ty, red, text } => {
            let name = match (space, red) {
                (_, true) => "RED.E",
                (Space::Shared, _) => "ATOMS",
                (Space::Generic, _) => "ATOM.E",
                _ => "ATOMG.E",
            };
            let o = match aop {
                AtomOp::Add => ".ADD",
                AtomOp::Min => ".MIN",
                AtomOp::Max => ".MAX",
                AtomOp::Inc => ".INC",
                AtomOp::Dec => ".DEC",
                AtomOp::And => ".AND",
                AtomOp::Or => ".OR",
                AtomOp::Xor => ".XOR",
                AtomOp::Exch => ".EXCH",
                AtomOp::Cas => ".CAS",
                AtomOp::CastSpin => ".CAST.SPIN",
                AtomOp::PopcInc => ".POPC.INC.32",
            };
            let t = match ty {
                AtomTy::U32 => "",
                AtomTy::S32 => ".S32",
                AtomTy::U64 => ".64",
                AtomTy::F32 => ".F32.FTZ.RN",
                AtomTy::F16x2 => ".F16x2.RN",
                AtomTy::S64 => ".S64",
                AtomTy::F64 => ".F64.RN",
            };
            write!(f, "{name}{o}{t}{text}")
        }
        Op::Redux { op: rop, signed } => {
            let o = match rop {
                AtomOp::And => "",
                AtomOp::Or => ".OR",
                AtomOp::Xor => ".XOR",
                AtomOp::Add => ".SUM",
                AtomOp::Min => ".MIN",
                _ => ".MAX",
            };
            write!(f, "REDUX{o}{}", if *signed { ".S32" } else { "" })
        }
        Op::B2r => f.write_str("B2R.RESULT"),
        Op::Fchk => f.write_str("FCHK"),
        Op::Half2 { .. }
        | Op::Hmnmx2 { .. }
        | Op::Hsetp2 { .. }
        | Op::Hset2 { .. }
        | Op::F2fp { .. }
        | Op::F2fHalf { .. }
        | Op::Hmma { .. }
        | Op::Ldsm { .. } => crate::decode::half::render(op, f),
    }
}
