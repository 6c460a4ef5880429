//! A decoded instruction: guard, operation with its modifiers, operands.

use std::fmt;

use crate::exec::uop::Uop;
use crate::op::Op;
use crate::operand::{Operand, Pred, Resolved};
use crate::word::{Control, Word};

/// The most operands one instruction carries (shown or hidden).
pub const MAX_OPERANDS: usize = 10;

/// One decoded instruction.
///
/// `operands` holds every operand the operation reads or writes, in the
/// operation's own fixed order (documented on each [`Op`] variant), hidden
/// defaults included (an `IADD3` without carry-out still has its two `PT`
/// carry-out predicates); `shown` says which of them nvdisasm prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Instr {
    /// The code offset this was decoded at (branch targets are absolute).
    pub pc: u64,
    /// The encoding.
    pub word: Word,
    /// `@P0`, `@!P1`; `PT` when unconditional.
    pub guard: Pred,
    /// The operation and its modifiers.
    pub op: Op,
    /// Every operand, in the operation's order.
    pub operands: [Operand; MAX_OPERANDS],
    /// How many of `operands` are used.
    pub len: u8,
    /// Bit `i` set: operand `i` is printed.
    pub shown: u16,
    /// `operands` as the interpreter reads them, resolved once here.
    pub(crate) resolved: [Resolved; MAX_OPERANDS],
    /// The guard always holds (`PT`, `UPT`): the interpreter runs every
    /// lane it chose without reading a predicate.
    pub(crate) unguarded: bool,
    /// The prepared form the whole-warp path runs, if the instruction has one.
    pub(crate) uop: Uop,
}

impl Instr {
    /// An instruction from its decoded parts.
    pub fn new(
        pc: u64,
        word: Word,
        guard: Pred,
        op: Op,
        operands: [Operand; MAX_OPERANDS],
        len: u8,
        shown: u16,
    ) -> Instr {
        let resolved = operands.each_ref().map(Resolved::of);
        let unguarded = guard.is_true();
        let uop = Uop::of(&op, &operands, &resolved);
        Instr { pc, word, guard, op, operands, len, shown, resolved, unguarded, uop }
    }

    /// Operand `n` as the interpreter reads it (see [`Resolved`]).
    #[inline(always)]
    pub(crate) fn resolved(&self, n: usize) -> &Resolved {
        &self.resolved[n.min(MAX_OPERANDS - 1)]
    }

    /// Operand `i` (an `RZ`-like zero operand past the end).
    #[inline]
    pub fn src(&self, i: usize) -> &Operand {
        &self.operands[i.min(MAX_OPERANDS - 1)]
    }

    /// The scheduling control bits.
    pub fn control(&self) -> Control {
        self.word.control()
    }

    /// The guard as nvdisasm prints it (`@P0`, `@!PT`), or empty.
    pub fn predicate_text(&self) -> String {
        if self.guard.is_true() {
            String::new()
        } else {
            format!("@{}", self.guard)
        }
    }

    /// The predicate field of `nvdisasm -json`: the guard, except for P2R,
    /// whose `PR` operand nvdisasm's JSON puts there (and the guard among
    /// the operands in its place: see [`operands_json`](Self::operands_json)).
    pub fn predicate_json(&self) -> String {
        if matches!(self.op, Op::P2r { .. }) {
            "PR".to_string()
        } else {
            self.predicate_text()
        }
    }

    /// The opcode with its modifiers (`ISETP.NE.U32.AND`).
    pub fn opcode_text(&self) -> String {
        self.op.to_string()
    }

    pub(crate) fn shown_operands(&self) -> impl Iterator<Item = &Operand> {
        self.operands[..usize::from(self.len)]
            .iter()
            .enumerate()
            .filter(|(i, _)| self.shown >> i & 1 == 1)
            .map(|(_, o)| o)
    }

    /// The operands as `nvdisasm -json` lists them: joined with `,`, except
    /// that a memory operand following another operand is not preceded by one.
    pub fn operands_json(&self) -> String {
        self.operands_json_with(&|_| None)
    }

    /// As [`operands_json`](Self::operands_json), with call and return
    /// targets named by `symbol` (nvdisasm prints the function there).
    pub fn operands_json_with(&self, symbol: &dyn Fn(u64) -> Option<String>) -> String {
        let mut s = String::new();
        // P2R: the guard (if any) stands where `PR` is printed.
        let p2r_guard = self.predicate_text();
        let p2r_skip =
            |o: &Operand| matches!((o, &self.op), (Operand::Text("PR"), Op::P2r { .. })) && p2r_guard.is_empty();
        for (i, o) in self.shown_operands().filter(|o| !p2r_skip(o)).enumerate() {
            let text = match (o, &self.op) {
                (Operand::Target(t), Op::Call { .. } | Op::Ret) => symbol(*t).unwrap_or_else(|| o.to_string()),
                (Operand::Text("PR"), Op::P2r { .. }) => p2r_guard.clone(),
                _ => o.to_string(),
            };
            if i > 0 && !matches!(o, Operand::Mem(_)) {
                s.push(',');
            }
            s.push_str(&text.replace(", ", ","));
        }
        s
    }
}

impl Instr {
    /// The text without the closing ` ;`: `@P0 IADD3 R1, R2, -0x400, RZ`.
    pub fn text(&self) -> String {
        let s = self.to_string();
        s.strip_suffix(" ;").map(str::to_string).unwrap_or(s)
    }
}

impl fmt::Display for Instr {
    /// As nvdisasm's listing prints it: `@P0 IADD3 R1, R2, -0x400, RZ ;`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.predicate_text();
        if !p.is_empty() {
            write!(f, "{p} ")?;
        }
        write!(f, "{}", self.op)?;
        for (i, o) in self.shown_operands().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write!(f, "{o}")?;
        }
        f.write_str(" ;")
    }
}
