//! Mnemonics with modifiers, as nvdisasm prints them.

use std::fmt::{self, Formatter, Write};

use crate::op::{BarKind, BarRed, ImadKind, Op, ShfTy, Space};

fn u(uniform: bool) -> &'static str {
    if uniform {
        "U"
    } else {
        ""
    }
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
        Op::Warpsync { all } => f.write_str(if *all { "WARPSYNC.ALL" } else { "WARPSYNC" }),
        Op::Call { absolute } => f.write_str(if *absolute { "CALL.ABS.NOINC" } else { "CALL.REL.NOINC" }),
        Op::Ret => f.write_str("RET.REL.NODEC"),
        Op::Bar { kind } => match kind {
            BarKind::Sync => f.write_str("BAR.SYNC.DEFER_BLOCKING"),
            BarKind::Arrive => f.write_str("BAR.ARV"),
            BarKind::Red(r) => write!(
                f,
                "BAR.RED.{}.DEFER_BLOCKING",
                match r {
                    BarRed::Popc => "POPC",
                    BarRed::And => "AND",
                    BarRed::Or => "OR",
                }
            ),
        },
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
        Op::Imad { kind, signed, x, alias } => {
            f.write_str("IMAD")?;
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
        Op::Uldc { size } => write!(f, "ULDC{}", size.text()),
        Op::Ld { space, size, mods } => {
            f.write_str(match space {
                Space::Global => "LDG",
                Space::Shared => "LDS",
                Space::Local => "LDL",
                Space::Generic => "LD",
            })?;
            f.write_str(mods)?;
            f.write_str(size.text())
        }
        Op::St { space, size, mods } => {
            f.write_str(match space {
                Space::Global => "STG",
                Space::Shared => "STS",
                Space::Local => "STL",
                Space::Generic => "ST",
            })?;
            f.write_str(mods)?;
            f.write_str(size.text())
        }
        Op::Ffma { ftz, sat, rnd } => {
            f.write_str("FFMA")?;
            f.write_str(rnd.text())?;
            if *ftz {
                f.write_str(".FTZ")?;
            }
            if *sat {
                f.write_str(".SAT")?;
            }
            Ok(())
        }
        Op::Hfma2 { mma, f32_out, ftz, sat } => {
            let mut s = String::from("HFMA2");
            if *mma {
                s.push_str(".MMA");
            }
            if *f32_out {
                s.push_str(".F32");
            }
            if *ftz {
                s.push_str(".FTZ");
            }
            if *sat {
                s.push_str(".SAT");
            }
            f.write_str(&s)
        }
    }
}

#[allow(dead_code)]
fn _unused(s: &mut String) {
    let _ = write!(s, "");
}
