//! Operations and their modifiers, as typed data.
//!
//! Each variant documents its operand order (the order of
//! [`Instr::operands`](crate::Instr::operands)); `Display` prints the
//! mnemonic with its modifiers exactly as nvdisasm does.

use std::fmt;

/// Integer comparison (`ISETP`): bits 76..79.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Cmp {
    F,
    Lt,
    Eq,
    Le,
    Gt,
    Ne,
    Ge,
    T,
}

impl Cmp {
    pub(crate) fn from_bits(b: u64) -> Cmp {
        [Cmp::F, Cmp::Lt, Cmp::Eq, Cmp::Le, Cmp::Gt, Cmp::Ne, Cmp::Ge, Cmp::T][(b & 7) as usize]
    }
    fn name(self) -> &'static str {
        ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"][self as usize]
    }
    /// Evaluate on an ordering result.
    pub fn eval(self, ord: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cmp::F => false,
            Cmp::Lt => ord == Less,
            Cmp::Eq => ord == Equal,
            Cmp::Le => ord != Greater,
            Cmp::Gt => ord == Greater,
            Cmp::Ne => ord != Equal,
            Cmp::Ge => ord != Less,
            Cmp::T => true,
        }
    }
}

/// Float comparison (`FSETP`, `DSETP`, `HSETP2`): bits 76..80.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FCmp {
    F,
    Lt,
    Eq,
    Le,
    Gt,
    Ne,
    Ge,
    Num,
    Nan,
    Ltu,
    Equ,
    Leu,
    Gtu,
    Neu,
    Geu,
    T,
}

impl FCmp {
    pub(crate) fn from_bits(b: u64) -> FCmp {
        use FCmp::*;
        [F, Lt, Eq, Le, Gt, Ne, Ge, Num, Nan, Ltu, Equ, Leu, Gtu, Neu, Geu, T][(b & 15) as usize]
    }
    fn name(self) -> &'static str {
        ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"]
            [self as usize]
    }
    /// Evaluate on two values (`None`: unordered, a NaN).
    pub fn eval(self, ord: Option<std::cmp::Ordering>) -> bool {
        use std::cmp::Ordering::*;
        let bits = self as u8;
        match ord {
            None => bits & 8 != 0,
            Some(o) => {
                let m = match o {
                    Less => 1,
                    Equal => 2,
                    Greater => 4,
                };
                bits & m != 0
            }
        }
    }
}

/// A predicate-combining operation: bits 74..76.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BoolOp {
    And,
    Or,
    Xor,
}

impl BoolOp {
    pub(crate) fn from_bits(b: u64) -> Option<BoolOp> {
        [Some(BoolOp::And), Some(BoolOp::Or), Some(BoolOp::Xor), None][(b & 3) as usize]
    }
    fn name(self) -> &'static str {
        ["AND", "OR", "XOR"][self as usize]
    }
    /// Combine.
    pub fn eval(self, a: bool, b: bool) -> bool {
        match self {
            BoolOp::And => a & b,
            BoolOp::Or => a | b,
            BoolOp::Xor => a ^ b,
        }
    }
    /// Combine every lane at once: `eval` on each bit of two lane masks.
    pub fn eval_mask(self, a: u32, b: u32) -> u32 {
        match self {
            BoolOp::And => a & b,
            BoolOp::Or => a | b,
            BoolOp::Xor => a ^ b,
        }
    }
}

/// Float rounding (`.RN` is the default and not printed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Rnd {
    Rn,
    Rm,
    Rp,
    Rz,
}

impl Rnd {
    pub(crate) fn from_bits(b: u64) -> Rnd {
        [Rnd::Rn, Rnd::Rm, Rnd::Rp, Rnd::Rz][(b & 3) as usize]
    }
    fn suffix(self) -> &'static str {
        ["", ".RM", ".RP", ".RZ"][self as usize]
    }
}

/// Memory access sizes (`LDG.E.64`): bits 73..76.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum MemSize {
    U8,
    S8,
    U16,
    S16,
    B32,
    B64,
    B128,
}

impl MemSize {
    pub(crate) fn from_bits(b: u64) -> Option<MemSize> {
        use MemSize::*;
        [Some(U8), Some(S8), Some(U16), Some(S16), Some(B32), Some(B64), Some(B128), None][(b & 7) as usize]
    }
    fn suffix(self) -> &'static str {
        [".U8", ".S8", ".U16", ".S16", "", ".64", ".128"][self as usize]
    }
    /// Bytes moved per thread.
    pub fn bytes(self) -> usize {
        [1, 1, 2, 2, 4, 8, 16][self as usize]
    }
    /// Registers written or read.
    pub fn regs(self) -> usize {
        self.bytes().div_ceil(4)
    }
    /// Sign-extends when loaded.
    pub fn signed(self) -> bool {
        matches!(self, MemSize::S8 | MemSize::S16)
    }
}

/// The operation and its modifiers.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// `NOP`. No operands.
    Nop,
    /// `EXIT`. No operands.
    Exit {
        /// Text of modifiers (rare; `.KEEPREFCOUNT`).
        keep_refcount: bool,
    },
    /// `BRA target`; operands: [target, cond pred (hidden when PT)].
    Bra {
        /// `.U`: the branch is uniform across the warp.
        uniform: bool,
        /// `.DIV`/`.CONV` hint text (no semantic effect modelled).
        hint: &'static str,
    },
    /// `BSSY Bn, target`: operands `[barrier, target]`.
    Bssy,
    /// `BSYNC Bn`: operands `[barrier]`.
    Bsync,
    /// `BREAK Bn`: operands [pred (hidden when PT), barrier].
    Break,
    /// `BMOV.32 Bn, src` or `BMOV.32 Rd, Bn`: operands `[dst, src]`.
    Bmov {
        /// `.CLEAR`: the source barrier is cleared after the move.
        clear: bool,
        /// Writing a barrier register (else reading one).
        to_barrier: bool,
    },
    /// `WARPSYNC mask`: operands [mask (reg or imm)].
    Warpsync {
        /// `.ALL`: all lanes (no mask operand).
        all: bool,
        /// `.EXCLUSIVE` (bit 86; ptxas -O0): the lanes wait for one another
        /// as with plain `WARPSYNC`, which is all the model does.
        exclusive: bool,
    },
    /// `CALL.ABS.NOINC target` / `CALL.REL.NOINC target`: operands `[target]`.
    Call {
        /// Absolute (`.ABS`) or relative (`.REL`).
        absolute: bool,
    },
    /// `RET.REL.NODEC [p,] Rn target`: lanes where `p` holds return:
    /// operands `[p, return register, target]`.
    Ret,
    /// `BAR.SYNC[.DEFER_BLOCKING] id[, count]`, `BAR.ARV id, count`,
    /// `BAR.RED.op[.DEFER_BLOCKING] id[, count], p`: operands `[barrier id,
    /// thread count, predicate]`, the id and count each an immediate
    /// (`Hex`; a count of 0 is the whole block) or a register, or both the
    /// same register (the id in its low bits, the count in bits 16..28).
    Bar {
        /// The variant (`SYNC`, `ARV`, `RED.POPC`, …).
        kind: BarKind,
        /// `.DEFER_BLOCKING` (bit 80): how the hardware schedules a warp
        /// that waits; the same barrier to the interpreter.
        defer: bool,
    },
    /// `SGXT[.U32][.W] d, a, b`: sign- (or zero-) extend `a` from its low
    /// `b` bits; `b` is clamped to 32 (or wrapped mod 32 with `.W`).
    Sgxt {
        /// Sign-extend (else `.U32`: zero-extend).
        signed: bool,
        /// `.W`.
        wrap: bool,
        /// `USGXT`: uniform registers.
        uniform: bool,
    },
    /// `BMSK[.W] d, a, b`: `b` ones starting at bit `a` (both clamped to 32,
    /// or wrapped mod 32 with `.W`).
    Bmsk {
        /// `.W`.
        wrap: bool,
        /// `UBMSK`: uniform registers.
        uniform: bool,
    },
    /// `IDP.4A.{U8,S8}.{U8,S8}` or `IDP.2A.{LO,HI}.{U16,S16}.{U8,S8} d, a, b, c`:
    /// `c` plus the dot product of `a`'s bytes (or halves) with `b`'s bytes.
    Idp {
        /// `.2A` (else `.4A`).
        two: bool,
        /// `.HI`: `.2A` takes `b`'s bytes 2 and 3 (else 0 and 1).
        hi: bool,
        /// `a`'s elements are signed.
        a_signed: bool,
        /// `b`'s elements are signed.
        b_signed: bool,
    },
    /// `VABSDIFF[.U32] d, a, b, c`: `|a - b| + c`.
    Vabsdiff {
        /// Signed difference (else `.U32`).
        signed: bool,
    },
    /// `R2P PR, a[.Bn], mask`: predicates P0..P6 from the bits of byte `n`
    /// of `a` where `mask` has ones: operands `[a, mask]`.
    R2p {
        /// Which byte of `a` (`.B1`..`.B3`).
        byte: u8,
    },
    /// `P2R[.Bn] d, PR, a, mask`: `a` with bits `8n + k` replaced by
    /// predicate `Pk` for each `k < 7` where `mask` has bit `k` (the inverse
    /// of `R2P`; ptxas spills predicates with it): operands `[d, PR, a, mask]`.
    P2r {
        /// Which byte of the result takes the predicates (`.B1`..`.B3`).
        byte: u8,
    },
    /// `MATCH.ANY[.U64] d, a` / `MATCH.ALL[.U64] p, d, a`: operands `[p, d, a]`.
    Match {
        /// `.ALL` (else `.ANY`).
        all: bool,
        /// `.U64`: compare register pairs.
        wide: bool,
    },
    /// `LEPC d`: the address of this instruction, into a register pair.
    Lepc,
    /// `LDGSTS.E[.size] [shared], [global]`: an asynchronous copy from global
    /// to shared memory, done at once (a legal schedule: DEPBAR then finds
    /// it complete): operands `[shared address, global address]`.
    Ldgsts {
        /// Bytes per thread (4, 8 or 16).
        bytes: u8,
        /// nvdisasm's modifiers after `LDGSTS`.
        text: &'static str,
    },
    /// `MEMBAR.SC.GPU` and kin: no operands.
    Membar {
        /// Scope text.
        text: &'static str,
    },
    /// Cache hints (`CCTL.IVALL`, `ERRBAR`, …) with no effect in the model.
    Hint {
        /// The mnemonic with modifiers.
        text: &'static str,
    },
    /// `IADD3 d, [p0, p1,] a, b, c [, cin0, cin1]`: operands `[d, p0, p1, a, b, c, cin0, cin1]`.
    IAdd3 {
        /// `.X`: add the carries in.
        x: bool,
        /// A uniform-datapath instruction (`UIADD3`).
        uniform: bool,
    },
    /// `LOP3.LUT [pd,] d, a, b, c, lut, pc`: operands `[pd, d, a, b, c, lut, pc]`.
    Lop3 {
        /// `.PAND`: the predicate output is the AND-reduction, not the OR.
        pand: bool,
        /// `ULOP3`.
        uniform: bool,
    },
    /// `PLOP3.LUT pd, pq, a, b, c, lut, lut2`: operands `[pd, pq, a, b, c, lut, lut2]`.
    Plop3 {
        /// `UPLOP3`.
        uniform: bool,
    },
    /// `ISETP.cmp[.U32].bool[.EX] pd, pq, a, b, pc[, pex]`: operands `[pd, pq, a, b, pc, pex]`.
    Isetp {
        /// The comparison.
        cmp: Cmp,
        /// Signed (else `.U32`).
        signed: bool,
        /// How the result combines with `pc`.
        bool_op: BoolOp,
        /// `.EX`: the high half of a 64-bit compare, chained through `pex`.
        ex: bool,
        /// `UISETP`.
        uniform: bool,
    },
    /// `IMAD` family: operands `[d, pcarry, a, b, c, pcin]`.
    Imad {
        /// The form.
        kind: ImadKind,
        /// Signed multiply (else `.U32`).
        signed: bool,
        /// `.X`: add carry in.
        x: bool,
        /// The name nvdisasm shows for special operand patterns (`.MOV`, `.SHL`, `.IADD`), display only.
        alias: Option<&'static str>,
        /// `UIMAD`.
        uniform: bool,
    },
    /// `LEA[.HI][.X] d, [p,] a, b, [c,] shift[, pcin]`: operands `[d, p, a, b, c, shift, pcin]`.
    Lea {
        /// `.HI`: shift the 64-bit `c:a` (high word).
        hi: bool,
        /// `.X`: add the carry in.
        x: bool,
        /// `.SX32`: sign-extend `a` before the high shift.
        sx32: bool,
        /// `ULEA`.
        uniform: bool,
    },
    /// `SHF.{L,R}[.W].{S32,U32,S64,U64}[.HI] d, a, b, c`: operands `[d, a, b, c]`.
    Shf {
        /// Shift left (else right).
        left: bool,
        /// `.W`: wrap the shift amount (else clamp).
        wrap: bool,
        /// Data type (`S32`/`U32`/`S64`/`U64`).
        ty: ShfTy,
        /// `.HI`: return the high word.
        hi: bool,
        /// `USHF`.
        uniform: bool,
    },
    /// `MOV d, src[, mask]`: operands `[d, src, lane mask]`.
    Mov {
        /// `UMOV`.
        uniform: bool,
    },
    /// `S2R d, SR`: operands `[d, special]`. `S2UR` with `uniform`; `CS2R` with `cs`.
    S2r {
        /// `S2UR`.
        uniform: bool,
        /// `CS2R` (fast, 32 or 64-bit, only some registers).
        cs64: Option<bool>,
    },
    /// `LDC[.size] Rd, c[bank][Ra+off]`: operands `[d, cbuf with index]`.
    Ldc {
        /// Size.
        size: MemSize,
    },
    /// `R2UR URd, Ra`: operands `[d, a]`; the value of the first active lane.
    R2ur,
    /// `ULDC[.64|.U8|…] URd, c[bank][off]`: operands `[d, cbuf]`.
    Uldc {
        /// Size.
        size: MemSize,
    },
    /// Memory load: operands `[d, addr]`. `LDG`, `LDS`, `LDL`, `LD`, `LDC`.
    Ld {
        /// Which space.
        space: Space,
        /// Size.
        size: MemSize,
        /// Text of cache/scope modifiers printed between the space and size (`.E`, `.E.CONSTANT`, …).
        mods: &'static str,
    },
    /// Memory store: operands `[addr, src]`. `STG`, `STS`, `STL`, `ST`.
    St {
        /// Which space.
        space: Space,
        /// Size.
        size: MemSize,
        /// Cache/scope modifier text.
        mods: &'static str,
    },
    /// `FFMA d, a, b, c`: operands `[d, a, b, c]`.
    Ffma {
        /// Flush to zero.
        ftz: bool,
        /// Saturate to `[0, 1]`.
        sat: bool,
        /// Rounding.
        rnd: Rnd,
    },
    /// `FADD d, a, b` (`a + b`): operands `[d, a, b]`.
    Fadd {
        /// Flush to zero.
        ftz: bool,
        /// Saturate.
        sat: bool,
        /// Rounding.
        rnd: Rnd,
    },
    /// `FMUL d, a, b`: operands `[d, a, b]`.
    Fmul {
        /// Flush to zero.
        ftz: bool,
        /// Saturate.
        sat: bool,
        /// Rounding.
        rnd: Rnd,
        /// The result scaled by `2^scale`, -3..=3 (`.D8` .. `.M8`; 0: none).
        scale: i8,
    },
    /// `FMNMX d, a, b, p` (`p`: min, `!p`: max): operands `[d, a, b, p]`.
    Fmnmx {
        /// Flush to zero.
        ftz: bool,
        /// `.NAN`: a NaN operand gives the canonical NaN (`max.NaN`,
        /// `min.NaN`); else a NaN loses to a number.
        nan: bool,
        /// `.XORSIGN` (`min.xorsign.abs`): the result takes the XOR of the
        /// sources' signs (before their `|x|`), unless it is a NaN.
        xorsign: bool,
    },
    /// `FSETP.cmp[.FTZ].bool pd, pq, a, b, pc`: operands `[pd, pq, a, b, pc]`.
    Fsetp {
        /// The comparison.
        cmp: FCmp,
        /// Flush to zero.
        ftz: bool,
        /// Combination with `pc`.
        bool_op: BoolOp,
        /// `DSETP` (doubles).
        double: bool,
    },
    /// `FSET.BF.cmp[.FTZ].bool d, a, b, pc`: 1.0 where the comparison
    /// combined with `pc` holds, else +0.0 (`set.cmp.f32.f32`): operands
    /// `[d, a, b, pc]`.
    Fset {
        /// The comparison.
        cmp: FCmp,
        /// Flush to zero (the inputs).
        ftz: bool,
        /// Combination with `pc`.
        bool_op: BoolOp,
    },
    /// `SEL`/`FSEL d, a, b, p` (`p ? a : b`): operands `[d, a, b, p]`.
    Sel {
        /// `FSEL` (same semantics; the float spelling).
        float: bool,
        /// `USEL`.
        uniform: bool,
    },
    /// `IMNMX[.U32] d, a, b, p` (`p`: min, `!p`: max): operands `[d, a, b, p]`.
    Imnmx {
        /// Signed.
        signed: bool,
    },
    /// `MUFU.fn d, a`: operands `[d, a]`.
    Mufu {
        /// The function.
        func: Mufu,
    },
    /// `SHFL.mode pd, d, a, b, c`: operands [pd, d, a, lane, clamp/segment mask].
    Shfl {
        /// The mode.
        mode: ShflMode,
    },
    /// `VOTE.mode d, pd, p`: operands `[d, pd, p]`. `VOTEU` writes a uniform register.
    Vote {
        /// ALL, ANY or EQ.
        mode: VoteMode,
        /// `VOTEU`.
        uniform: bool,
    },
    /// Integer to float (`I2F`, `I2FP.F32.*`): operands `[d, a]`.
    I2f {
        /// Source signed.
        signed: bool,
        /// Source bits (8, 16, 32 or 64; 8 and 16 read the byte or half
        /// the source register's `.Bn`/`.H1` names).
        src_bits: u8,
        /// Result bits (32 or 64).
        dst_bits: u8,
        /// Rounding.
        rnd: Rnd,
        /// The `I2FP` spelling.
        fp: bool,
    },
    /// Float to integer (`F2I`): operands `[d, a]`.
    F2i {
        /// Result signed.
        signed: bool,
        /// Source bits (16: a binary16 half of the register, `.H1` the high one).
        src_bits: u8,
        /// Result bits.
        dst_bits: u8,
        /// Rounding.
        rnd: Rnd,
        /// Flush denormal inputs.
        ftz: bool,
        /// `.NTZ`.
        ntz: bool,
    },
    /// Float to float (`F2F`): operands `[d, a]`.
    F2f {
        /// Source bits.
        src_bits: u8,
        /// Result bits.
        dst_bits: u8,
        /// Rounding.
        rnd: Rnd,
        /// Flush to zero.
        ftz: bool,
    },
    /// `F2IP.{U8|S8}.F32[.TRUNC][.NTZ] d, a, b, c`: f32 to a packed 8-bit
    /// integer (ptxas's `cvt.rni/rzi.u8.f32`, with A and C RZ and the result
    /// masked to its low byte): operands `[d, a, b, c]`.
    F2ip {
        /// `.S8` (else `.U8`).
        signed: bool,
        /// Rounding: to nearest even or toward zero (`.TRUNC`).
        rnd: Rnd,
        /// `.NTZ`.
        ntz: bool,
    },
    /// `FRND[.FLOOR|.CEIL|.TRUNC]`: operands `[d, a]`.
    Frnd {
        /// The rounding.
        rnd: Rnd,
        /// Flush to zero.
        ftz: bool,
        /// Doubles.
        double: bool,
        /// `.F16`: the half the source names (`R3.H1`), the result in the low 16 bits.
        half: bool,
    },
    /// `POPC d, a`, `BREV d, a`, `IABS d, a`: operands `[d, a]`.
    Unary {
        /// Which.
        kind: UnaryKind,
        /// `UPOPC`, `UBREV`.
        uniform: bool,
    },
    /// `FLO[.U32][.SH] d, a`: operands `[d, pd, a]`.
    Flo {
        /// Signed.
        signed: bool,
        /// `.SH`: the shift amount (31 - position).
        sh: bool,
        /// `UFLO`.
        uniform: bool,
    },
    /// `PRMT[.mode] d, a, sel, c`: operands `[d, a, sel, c]`.
    Prmt {
        /// The byte-selection mode (`.F4E`, `.ECL`, …); `Index` is plain PRMT.
        mode: PrmtMode,
        /// `UPRMT`.
        uniform: bool,
    },
    /// `DADD d, a, c`: operands `[d, a, b]`.
    Dadd {
        /// Rounding.
        rnd: Rnd,
    },
    /// `DMUL d, a, b`: operands `[d, a, b]`.
    Dmul {
        /// Rounding.
        rnd: Rnd,
    },
    /// `DFMA d, a, b, c`: operands `[d, a, b, c]`.
    Dfma {
        /// Rounding.
        rnd: Rnd,
    },
    /// Atomics and reductions: `ATOMG`/`ATOMS`/`RED`: operands `[pd, d, addr, b, c]`.
    Atom {
        /// Which space (global or shared).
        space: Space,
        /// The operation.
        op: AtomOp,
        /// The data type.
        ty: AtomTy,
        /// `RED` (no result).
        red: bool,
        /// Modifier text (`.E`, `.STRONG.GPU`, …) in nvdisasm's order, after the op and type.
        text: &'static str,
    },
    /// `REDUX.op URd, Ra`: operands `[d, a]`.
    Redux {
        /// The reduction.
        op: AtomOp,
        /// Signed (min/max).
        signed: bool,
    },
    /// `B2R.RESULT d[, p]`: the last `BAR.RED` result, and whether it is non-zero: operands `[d, p]`.
    B2r,
    /// `FCHK pd, a, b`: does `a / b` need the slow path: operands `[pd, a, b]`.
    Fchk,
    // 16-bit floats and tensor cores (decode/half.rs, exec/half.rs). Their
    // sources are `Operand::Half` (register or constant with a swizzle),
    // `Operand::H2` immediates or, for conversions, f32 operands.
    /// `HADD2 d, a, b` / `HMUL2 d, a, b` (operands `[d, a, b]`) and
    /// `HFMA2[.MMA] d, a, b, c` (operands `[d, a, b, c]`): two lanes of
    /// 16-bit arithmetic, each rounded once.
    Half2 {
        /// Which operation.
        kind: Half2Kind,
        /// `.BF16_V2`: bfloat16 lanes (else binary16).
        bf16: bool,
        /// `.F32`: one f32 result (the low lane's) instead of two halves.
        f32_out: bool,
        /// `.FTZ`: subnormal inputs and results are zero.
        ftz: bool,
        /// `.FMZ`: zero times anything is zero.
        fmz: bool,
        /// `.SAT`: results clamped to `[0, 1]`.
        sat: bool,
        /// `.RELU` (HFMA2, `fma.rn.relu`): a negative result, -0 included,
        /// is +0 and a NaN the canonical NaN.
        relu: bool,
    },
    /// `HMNMX2 d, a, b, p` (`p`: min, `!p`: max): operands `[d, a, b, p]`.
    Hmnmx2 {
        /// `.BF16_V2`.
        bf16: bool,
        /// `.FTZ`.
        ftz: bool,
        /// `.NAN`: a NaN input gives NaN (else the other input).
        nan: bool,
        /// `.XORSIGN`.
        xorsign: bool,
        /// `.F32` result.
        f32_out: bool,
    },
    /// `HSETP2.cmp[.H_AND][.FTZ].bool pd, pq, a, b, pc`: operands `[pd, pq, a, b, pc]`.
    Hsetp2 {
        /// The comparison.
        cmp: FCmp,
        /// `.H_AND`: both lanes' results and-ed.
        h_and: bool,
        /// `.FTZ`.
        ftz: bool,
        /// Combination with `pc`.
        bool_op: BoolOp,
    },
    /// `HSET2[.BF].cmp[.FTZ].bool d, a, b, pc`: operands `[d, a, b, pc]`.
    Hset2 {
        /// The comparison.
        cmp: FCmp,
        /// `.BF`: each true lane is 1.0 (else all ones).
        bf: bool,
        /// `.FTZ`.
        ftz: bool,
        /// Combination with `pc`.
        bool_op: BoolOp,
    },
    /// `F2FP[.BF16].PACK_AB[.RZ] d, a, b`: `d = half(a) << 16 | half(b)`: operands `[d, a, b]`.
    /// `F2FP[.RELU][.BF16].MERGE_C[.RZ] d, b, c`: `d = c & 0xffff0000 | half(b)`: operands `[d, b, c]`.
    F2fp {
        /// bfloat16 results (else binary16).
        bf16: bool,
        /// Rounding (nearest or toward zero).
        rnd: Rnd,
        /// `.RELU` (`cvt.rn.relu`): a negative result, -0 included, is +0; a NaN the canonical NaN.
        relu: bool,
        /// `.MERGE_C`: one conversion, into the low half, the high half from C.
        merge: bool,
    },
    /// `F2F[.FTZ].F16.F32` and `F2F[.FTZ].F32.F16`: operands `[d, a]`.
    F2fHalf {
        /// f32 to f16 (else f16 to f32).
        to_f16: bool,
        /// `.BF16.F32` (bit 77; with `to_f16` only): to bfloat16.
        bf16: bool,
        /// Rounding.
        rnd: Rnd,
        /// `.FTZ`.
        ftz: bool,
    },
    /// `HMMA.16816.F32[.BF16] d, a, b, c`: a warp's 16x8x16 matrix
    /// multiply-add, f16 or bf16 into f32: operands `[d, a, b, c]` (the
    /// first of 4, 4, 2 and 4 registers).
    Hmma {
        /// bfloat16 inputs.
        bf16: bool,
    },
    /// `LDSM.16.{M88,MT88}[.2|.4] d, [addr]`: load 8x8 matrices of 16-bit
    /// elements from shared memory across the warp: operands `[d, addr]`.
    Ldsm {
        /// Matrices (1, 2 or 4), one register each.
        count: u8,
        /// `.MT88`: transposed.
        trans: bool,
    },
}

/// The paired-half arithmetic operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Half2Kind {
    /// `HADD2`: `a + b`.
    Add,
    /// `HMUL2`: `a * b`.
    Mul,
    /// `HFMA2`: `a * b + c`.
    Fma,
    /// `HFMA2.MMA`: `a * b + c` on the tensor pipe (the compiler's constant loads).
    FmaMma,
}

/// `MUFU` functions (bits 74..78).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Mufu {
    Cos,
    Sin,
    Ex2,
    Lg2,
    Rcp,
    Rsq,
    Rcp64h,
    Rsq64h,
    Sqrt,
    Tanh,
}

/// `SHFL` modes (bits 58..60).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ShflMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// `VOTE` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum VoteMode {
    All,
    Any,
    Eq,
}

/// PRMT's byte-selection modes (bits 72..75).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrmtMode {
    /// Each selector nibble picks a byte (bit 3: replicate its sign).
    Index,
    /// `.F4E`: forward 4 extract.
    F4e,
    /// `.B4E`: backward 4 extract.
    B4e,
    /// `.RC8`: replicate byte 0 of the selector's choice.
    Rc8,
    /// `.ECL`: edge clamp left.
    Ecl,
    /// `.ECR`: edge clamp right.
    Ecr,
    /// `.RC16`: replicate a 16-bit half.
    Rc16,
}

impl PrmtMode {
    /// The mode for bits 72..75.
    pub fn from_bits(v: u64) -> Option<PrmtMode> {
        Some(match v {
            0 => PrmtMode::Index,
            1 => PrmtMode::F4e,
            2 => PrmtMode::B4e,
            3 => PrmtMode::Rc8,
            4 => PrmtMode::Ecl,
            5 => PrmtMode::Ecr,
            6 => PrmtMode::Rc16,
            _ => return None,
        })
    }

    /// nvdisasm's suffix.
    pub fn text(self) -> &'static str {
        match self {
            PrmtMode::Index => "",
            PrmtMode::F4e => ".F4E",
            PrmtMode::B4e => ".B4E",
            PrmtMode::Rc8 => ".RC8",
            PrmtMode::Ecl => ".ECL",
            PrmtMode::Ecr => ".ECR",
            PrmtMode::Rc16 => ".RC16",
        }
    }
}

/// One-source integer operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum UnaryKind {
    Popc,
    Brev,
    Iabs,
    /// `I2I.<ty>.S32.SAT`: a signed 32-bit value clamped to the range of
    /// `ty` (bits 76..78: 0 `.U8`, 1 `.S8`, 2 `.U16`, 3 `.S16`), the result
    /// in range so its 32-bit pattern is the value (PTX `cvt.sat.s16.s32`).
    I2iSat(u8),
}

/// Atomic operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    Inc,
    Dec,
    And,
    Or,
    Xor,
    Exch,
    Cas,
    /// `CAST.SPIN`: compare and store; the result is 1 when it stored, else 0.
    CastSpin,
    PopcInc,
}

/// Atomic data types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AtomTy {
    U32,
    S32,
    U64,
    F32,
    /// `.F16x2.RN`: two binary16 lanes, each rounded to nearest (`atom.add.noftz.f16x2`).
    F16x2,
    S64,
    F64,
}

/// `BAR` variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarKind {
    /// `BAR.SYNC.DEFER_BLOCKING` (`__syncthreads`).
    Sync,
    /// `BAR.ARV`: arrive without waiting.
    Arrive,
    /// `BAR.RED.{POPC,AND,OR}.DEFER_BLOCKING`: arrive, wait and reduce a predicate.
    Red(BarRed),
}

/// `BAR.RED` reductions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BarRed {
    Popc,
    And,
    Or,
}

/// IMAD forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImadKind {
    /// `d = a*b + c` (low 32 bits); printed `.MOV`, `.SHL`, `.IADD` where nvdisasm does.
    Lo,
    /// `.HI`: the high 32 bits of the 64-bit product plus `c`.
    Hi,
    /// `.WIDE`: 64-bit `d:d+1 = a*b + c:c+1`.
    Wide,
}

/// `SHF` data types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ShfTy {
    S64,
    U64,
    S32,
    U32,
}

/// A memory space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// Global memory (`LDG`/`STG`), through the GPU VM.
    Global,
    /// Shared memory (`LDS`/`STS`), per block.
    Shared,
    /// Local memory (`LDL`/`STL`), per thread.
    Local,
    /// Generic (`LD`/`ST`): shared or local window, else global.
    Generic,
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::render::op(self, f)
    }
}

impl Cmp {
    pub(crate) fn text(self) -> &'static str {
        self.name()
    }
}
impl FCmp {
    pub(crate) fn text(self) -> &'static str {
        self.name()
    }
}
impl BoolOp {
    pub(crate) fn text(self) -> &'static str {
        self.name()
    }
}
impl Rnd {
    pub(crate) fn text(self) -> &'static str {
        self.suffix()
    }
}
impl MemSize {
    pub(crate) fn text(self) -> &'static str {
        self.suffix()
    }
}
