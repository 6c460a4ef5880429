//! Every word of `sass/corpus/operand_forms.tsv` that decodes (each opcode's
//! operand forms and their modifier flips) run on the interpreter, with the
//! fast paths on and off, in a 32-thread block whose every register,
//! uniform register, predicate, constant and memory byte was set first to
//! pseudo-random values (a fixed-seed xorshift: zeros, small numbers,
//! floats, and addresses of the flat, shared and local memory, so memory
//! forms run as often as they fault).
//!
//! A word is *executed* when its launch ends normally or with a fault the
//! hardware raises for what the instruction did (MMU, misaligned, out of
//! range, a branch out of the program, an instruction budget spent), and
//! *refused* when the interpreter stops at it with `Illegal` or
//! `Unsupported` (at the word itself: a branch, relative and not
//! relocated, that lands on something that is no instruction ran). Every
//! refused word must be in `EXPECTED_REFUSED`, with the
//! reason; a word there that runs fails the test too, so the list stays
//! true. Both paths must leave the same memory (the epilogue stores every
//! register, uniform register, predicate and the shared memory of each
//! thread to its local memory) and end the same way.
//!
//! The test writes `sass/corpus/OPERAND_FORMS.md` (forms accepted, decoded,
//! executed per opcode) and fails when the file is not what it finds
//! (`GPUIFACE_WRITE_FORMS=1` rewrites it). One test in its own binary:
//! the fast-path switch is process-wide.

mod harness;
mod oracle;

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;

use gpuiface_sass::{
    decode, run_launch, set_fast_path, Code, ConstBuffer, Fault, FlatMemory, LaunchConfig, LocalMemory, Stats, Word,
};
use oracle::{forms, Outcome};

/// Where the flat memory starts (the program is at its start).
const BASE: u64 = 0x1_0000_0000;
/// Constant banks 0 and 2, `CBUF_BYTES` each.
const CBUF: u64 = BASE + 0x4000;
const CBUF_BYTES: u32 = 0x400;
/// Each thread's registers as the prologue loads them: `SLOT` bytes per thread.
const REGS_IN: u64 = BASE + 0x5000;
const SLOT: u64 = 0x400;
/// Pseudo-random bytes the address registers point into.
const SCRATCH: u64 = BASE + 0xD000;
const SCRATCH_BYTES: u64 = 0x3000;
/// The threads' local memory (`LOCAL_SLOT` bytes each): where the epilogue stores.
const LOCAL: u64 = BASE + 0x1_0000;
const LOCAL_SLOT: u32 = 0x700;
/// Threads in the block (one warp).
const THREADS: u32 = 32;
/// Bytes of flat memory.
const MEMORY: u64 = 0x1_0000 + THREADS as u64 * LOCAL_SLOT as u64;
/// The block's shared memory.
const SHARED: u32 = 0x100;
const SHARED_WINDOW: u64 = 0xFE_0000_0000;
const LOCAL_WINDOW: u64 = 0xFD_0000_0000;
/// Registers the launch gives each thread (R0..R254: all of them).
const REGISTERS: u32 = 255;

/// Words nvdisasm prints, the decoder decodes and the interpreter refuses
/// (`Unsupported` or `Illegal` at the word), each with the reason.
const EXPECTED_REFUSED: &[(u128, &str)] = &[
    // CS2R R8, SR_CLOCKHI (64-bit): the pair's high word would be the
    // register after SR_CLOCKHI, which is not modelled (exec/alu.rs; the
    // 64-bit reads from SR_CLOCKLO and SR_GLOBALTIMERLO, `clock64()` and
    // `%globaltimer`, run).
    (0x000fc800000151000000000000087805, "64-bit CS2R from the clock's high register"),
    // LOP3.LUT.PAND R6, R9, 0x80000000, R0, 0xf8, !PT and
    // ULOP3.LUT.PAND UR4, UR4, 0x1c, URZ, 0xc0, !UPT: the .PAND predicate
    // result is not modelled (exec/alu.rs).
    (0x000fe200078ff8008000000009067812, "LOP3.PAND"),
    (0x000fe2000f8fc03f0000001c04047892, "ULOP3.PAND"),
    // HADD2.F32 R7, -RZ.F32, R2.H0_H0; HMUL2 R9, R2.F32, R5;
    // HMNMX2.BF16_V2 R9, R2.F32, R5, PT: the .F32 source swizzle is not
    // modelled (exec/half.rs: .F32 and .H0_NH1 swizzles).
    (0x004fca000000450020000002ff077230, "the .F32 source swizzle"),
    (0x004fca00000004000000000502097232, "the .F32 source swizzle"),
    (0x004fca0003a004000000000502097240, "the .F32 source swizzle"),
    // HFMA2.BF16_V2.FMZ R5, R2.H0_H0, R5.H0_H0, R6.H0_H0; HMUL2.FMZ R9, R2, R5;
    // HFMA2.MMA.FMZ R17, -RZ, RZ, 0, 4.768e-07: .FMZ is not modelled (exec/half.rs).
    (0x004fca00002418062000000502057231, ".FMZ"),
    (0x004fca00000010000000000502097232, ".FMZ"),
    (0x000fe200000011ff00000008ff117435, ".FMZ"),
    // F2FP.MERGE_C R9, RZ, <C> with C an immediate or a constant other than
    // 0: which half of C it keeps is not known, so a C other than 0 is
    // refused (exec/half.rs; FIDELITY.md). The immediate is 5 and the
    // prologue's c[0x0][0x0] is not 0 (its UR5 is, and that form runs).
    (0x004fca00000040ff000000050209743e, "F2FP.MERGE_C with a C other than 0"),
    (0x004fca00000040ff000000050209763e, "F2FP.MERGE_C with a C other than 0"),
];

/// Words whose two paths (fast, per-lane) end differently: interpreter bugs
/// found by this test, each with what differs.
const KNOWN_DISAGREEMENTS: &[(u128, &str)] = &[];

/// A fixed-seed xorshift64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }

    fn below(&mut self, n: u32) -> u32 {
        self.u32() % n
    }
}

/// A word of `operand_forms.tsv` (its 16 bytes in file order).
fn tsv(hex: &str) -> u128 {
    let bytes: Vec<u8> = (0..16).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex")).collect();
    u128::from_le_bytes(bytes.try_into().expect("16 bytes"))
}

/// `w` with bits `lo..lo + width` set to `v`.
fn put(w: u128, lo: u32, width: u32, v: u128) -> u128 {
    let mask = ((1u128 << width) - 1) << lo;
    w & !mask | (v << lo) & mask
}

/// `w`, checked to decode to `text`.
fn checked(w: u128, text: &str) -> Word {
    let w = Word(w);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(text.to_string()), "{:#034x}", w.0);
    w
}

/// The words the prologue and epilogue are made of, from corpus words with
/// their fields replaced.
mod words {
    use super::{checked, put, tsv};
    use gpuiface_sass::Word;

    /// `S2R R0, SR_TID.X`.
    pub fn s2r_tid() -> Word {
        let w = 0x000e220000002100u128 << 64 | 0x00000000001b7919;
        checked(put(w, 16, 8, 0), "S2R R0, SR_TID.X ;")
    }

    /// `IMAD.WIDE.U32 Rd, Ra, imm, Rc`.
    pub fn imad_wide(d: u8, a: u8, imm: u32, c: u8) -> Word {
        let w = 0x000fe400078e001cu128 << 64 | 0x000000041b1c7825;
        let w = put(put(put(put(w, 16, 8, d.into()), 24, 8, a.into()), 32, 32, imm.into()), 64, 8, c.into());
        checked(w, &format!("IMAD.WIDE.U32 R{d}, R{a}, {imm:#x}, R{c} ;"))
    }

    /// The size field of loads and stores (bits 73..75) and its suffix.
    fn size(bytes: u32) -> (u128, &'static str) {
        match bytes {
            4 => (4, ""),
            8 => (5, ".64"),
            _ => (6, ".128"),
        }
    }

    /// `LDG.E[.64|.128] Rd, [Ra.64+off]`.
    pub fn ldg(bytes: u32, d: u8, a: u8, off: u32) -> Word {
        let (s, suffix) = size(bytes);
        let w = tsv("81790e0e0600000000191e0c00620f00");
        let w = put(put(put(put(w, 16, 8, d.into()), 24, 8, a.into()), 40, 24, off.into()), 73, 3, s);
        let at = if off == 0 { String::new() } else { format!("+{off:#x}") };
        checked(w, &format!("LDG.E{suffix} R{d}, [R{a}.64{at}] ;"))
    }

    /// `STL[.64|.128] [off], Rs` (the address register RZ).
    pub fn stl(bytes: u32, off: u32, s: u8) -> Word {
        let (z, suffix) = size(bytes);
        let w = tsv("87730001110800000008100000e80f00");
        let w = put(put(put(put(w, 24, 8, 255), 32, 8, s.into()), 40, 24, off.into()), 73, 3, z);
        let at = if off == 0 { "RZ".to_string() } else { format!("{off:#x}") };
        checked(w, &format!("STL{suffix} [{at}], R{s} ;"))
    }

    /// `LDS.128 Rd, [off]` (the address register RZ).
    pub fn lds128(d: u8, off: u32) -> Word {
        let w = tsv("84a90805000000000008000000280e00");
        let w = put(put(put(put(put(w, 12, 4, 7), 16, 8, d.into()), 24, 8, 255), 40, 24, off.into()), 73, 3, 6);
        let at = if off == 0 { "RZ".to_string() } else { format!("{off:#x}") };
        checked(w, &format!("LDS.128 R{d}, [{at}] ;"))
    }

    /// `R2P PR, Ra, 0x7f`.
    pub fn r2p(a: u8) -> Word {
        let w = put(put(tsv("0478000a030000000000000000e20f00"), 24, 8, a.into()), 32, 32, 0x7f);
        checked(w, &format!("R2P PR, R{a}, 0x7f ;"))
    }

    /// `P2R Rd, PR, RZ, 0x7f`.
    pub fn p2r(d: u8) -> Word {
        let w = put(put(tsv("037806ff010000000000000000e40f00"), 16, 8, d.into()), 32, 32, 0x7f);
        checked(w, &format!("P2R R{d}, PR, RZ, 0x7f ;"))
    }

    /// `UISETP.LE.AND UPp, UPT, URZ, URb, UPT`: UPp = 0 <= URb (signed).
    pub fn uisetp(p: u8, b: u8) -> Word {
        let w = put(put(tsv("8c72003f070000007032f00b00e40f00"), 32, 8, b.into()), 81, 3, p.into());
        checked(w, &format!("UISETP.LE.AND UP{p}, UPT, URZ, UR{b}, UPT ;"))
    }

    /// `USEL URd, URZ, imm, !UPp`: URd = UPp ? imm : 0.
    pub fn usel(d: u8, imm: u32, p: u8) -> Word {
        let w = tsv("87780404060000000000000c00e40f00");
        let w = put(put(put(put(w, 16, 8, d.into()), 24, 8, 63), 32, 32, imm.into()), 87, 3, p.into());
        checked(w, &format!("USEL UR{d}, URZ, {imm:#x}, !UP{p} ;"))
    }

    /// `NOP`.
    pub fn nop() -> Word {
        checked(tsv("18790000000000000000000000c00f00"), "NOP ;")
    }
}

/// The state the prologue sets: per lane, R0..R254; UR0..UR62; the
/// constant banks, scratch memory and local memory's bytes.
struct State {
    regs: Vec<[u32; 255]>,
    uregs: [u32; 63],
    cbuf: Vec<u8>,
    scratch: Vec<u8>,
    local: Vec<u8>,
}

/// Floats the registers hold now and then (normal, zero, subnormal, infinite, NaN).
const F32S: [f32; 10] = [1.0, -2.5, 0.5, 3.0e3, 1e-40, -0.0, f32::INFINITY, f32::NAN, 65504.0, 0.1];
const F64S: [f64; 8] = [1.0, -2.5, 0.1, 1e300, -0.0, 5e-324, 4503599627370497.0, f64::NAN];

/// The uniform registers that set UP0..UP6: UP(k) = 0 <= UR(UP_FROM + k).
const UP_FROM: u8 = 56;

fn state() -> State {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut regs = vec![[0u32; 255]; THREADS as usize];
    for pair in 0..128usize {
        // Most pairs are drawn at random; a few are fixed so that the address
        // registers of the corpus's memory words address memory (the words
        // are not rewritten), and:
        // R0 = 0 in every lane: BAR's register forms (`BAR.RED.POPC R0, R0, P1`)
        // take a barrier id and thread count from it, which lanes must agree
        // on (the interpreter refuses them otherwise), and 0, 0 is a valid pair;
        // `LDL R0, [R0]` reads local address 0. R1 = 0x40, a stack pointer
        // (`STL [R1+0x8]`). R4: per-lane random, its bits the predicates.
        // R5: a shared address per lane (`LDS R8, [R5]`). R2.64 (LD, ATOMG,
        // RED, LDGSTS) and R12.64 (STG): 16-byte aligned, lanes one span;
        // R6.64 (ST), R10.64 (ATOM), R14.64 (LDG): anywhere in SCRATCH.
        let kind = match pair {
            0 => 10,
            1 | 6 => 2,
            2 => 11,
            3 | 5 | 7 => 3,
            _ => rng.below(10),
        };
        let (u0, u1) = (rng.u32(), rng.u32());
        for (lane, r) in regs.iter_mut().enumerate() {
            let lane32 = lane as u32;
            let (lo, hi) = match kind {
                0 => (rng.u32(), rng.u32()),
                1 => (u0, u1),
                // A pair addressing SCRATCH: lanes 16 bytes apart (one
                // contiguous span), then anywhere 16- or 4-byte aligned.
                2 => ((SCRATCH - BASE) as u32 + (u0 & 0xff0) + 16 * lane32, (BASE >> 32) as u32),
                3 => {
                    let mask = if pair % 4 == 1 { 0x2ffc } else { 0x2ff0 };
                    ((SCRATCH - BASE) as u32 + (rng.u32() & mask), (BASE >> 32) as u32)
                }
                // Small numbers; a shared or local address.
                4 => (rng.below(9), u1 & 0xf0),
                5 => (0, 0),
                6 => (F32S[rng.below(10) as usize].to_bits(), F32S[rng.below(10) as usize].to_bits()),
                7 => {
                    let b = F64S[rng.below(8) as usize].to_bits();
                    (b as u32, (b >> 32) as u32)
                }
                // A generic address in the shared or the local window.
                8 => ((u0 & 0x70) + 4 * lane32, (SHARED_WINDOW >> 32) as u32),
                9 => ((u0 & 0xf0) + 8 * lane32, (LOCAL_WINDOW >> 32) as u32),
                10 => (0, 0x40),
                _ => (rng.u32(), 4 * lane32),
            };
            r[2 * pair] = lo;
            if 2 * pair + 1 < 255 {
                r[2 * pair + 1] = hi;
            }
        }
    }
    let mut uregs = [0u32; 63];
    for pair in 0..32usize {
        let (lo, hi) = match rng.below(7) {
            0 => (rng.u32(), rng.u32()),
            1 => (4 * rng.below(16), 16 * rng.below(8)),
            2 => (0, 0),
            3 => ((SCRATCH - BASE) as u32 + (rng.u32() & 0x2ff0), (BASE >> 32) as u32),
            4 => (1.5f32.to_bits(), (-3.0f32).to_bits()),
            // A bindless constant buffer's handle (`cx[URn]`): SCRATCH / 16,
            // its size / 16 from bit 45.
            5 => ((SCRATCH >> 4) as u32, 0x400 >> 4 << 13),
            _ => (rng.below(4), rng.u32() & 0x7fc),
        };
        uregs[2 * pair] = lo;
        if 2 * pair + 1 < 63 {
            uregs[2 * pair + 1] = hi;
        }
    }
    for k in 0..7 {
        let v = rng.u32();
        uregs[usize::from(UP_FROM) + k] = if k % 2 == 0 { v & 0x7fff_ffff } else { v | 0x8000_0000 };
    }
    let mut bytes = |n: u64| (0..n).map(|_| rng.u32() as u8).collect::<Vec<u8>>();
    let cbuf = bytes(2 * u64::from(CBUF_BYTES));
    let scratch = bytes(SCRATCH_BYTES);
    let local = bytes(u64::from(THREADS * LOCAL_SLOT));
    State { regs, uregs, cbuf, scratch, local }
}

/// Local memory offsets of the epilogue's stores.
const DUMP_UREGS: u32 = 0x400;
const DUMP_UPREDS: u32 = 0x500;
const DUMP_SHARED: u32 = 0x600;

/// The prologue: uniform registers, each thread's registers from `REGS_IN`,
/// the predicates from R4, the uniform predicates.
fn prologue(s: &State) -> Vec<Word> {
    let mut p: Vec<Word> = (0..63u8).map(|u| harness::umov(u, s.uregs[usize::from(u)])).collect();
    p.extend([
        words::s2r_tid(),
        harness::mov(2, (REGS_IN - BASE) as u32),
        harness::mov(3, (REGS_IN >> 32) as u32),
        words::imad_wide(2, 0, SLOT as u32, 2),
    ]);
    p.extend((1..63u8).map(|k| words::ldg(16, 4 * k, 2, 16 * u32::from(k))));
    p.extend([words::ldg(8, 252, 2, 0x3f0), words::ldg(4, 254, 2, 0x3f8), words::ldg(16, 0, 2, 0), words::r2p(4)]);
    p.extend((0..7u8).map(|k| words::uisetp(k, UP_FROM + k)));
    p
}

/// The epilogue: every register, uniform register, predicate, uniform
/// predicate and the shared memory, stored to the thread's local memory.
fn epilogue() -> Vec<Word> {
    let mut e: Vec<Word> = (0..63u8).map(|k| words::stl(16, 16 * u32::from(k), 4 * k)).collect();
    e.extend([words::stl(8, 0x3f0, 252), words::stl(4, 0x3f8, 254)]);
    e.extend((0..63u8).map(|u| harness::mov_ur(u, u)));
    e.push(words::p2r(63));
    e.extend((0..16u8).map(|k| words::stl(16, DUMP_UREGS + 16 * u32::from(k), 4 * k)));
    e.extend((0..7u8).map(|k| words::usel(k, 1 << k, k)));
    e.extend((0..7u8).map(|u| harness::mov_ur(u, u)));
    e.extend([words::stl(16, DUMP_UPREDS, 0), words::stl(16, DUMP_UPREDS + 16, 4)]);
    e.extend((0..16u8).map(|k| words::lds128(4 * k, 16 * u32::from(k))));
    e.extend((0..16u8).map(|k| words::stl(16, DUMP_SHARED + 16 * u32::from(k), 4 * k)));
    e.push(harness::exit());
    e
}

/// A launch's end: how it ended and the memory it left.
#[derive(PartialEq)]
struct End {
    result: Result<Stats, Fault>,
    memory: Vec<u8>,
}

/// The launch's memory before it runs: program, constants, registers, scratch, local.
fn image(s: &State, prog: &[Word]) -> Vec<u8> {
    let mut m = vec![0u8; MEMORY as usize];
    let code: Vec<u8> = prog.iter().flat_map(|w| w.0.to_le_bytes()).collect();
    m[..code.len()].copy_from_slice(&code);
    let at = |va: u64| (va - BASE) as usize;
    m[at(CBUF)..at(CBUF) + s.cbuf.len()].copy_from_slice(&s.cbuf);
    for (lane, r) in s.regs.iter().enumerate() {
        let o = at(REGS_IN) + lane * SLOT as usize;
        let b: Vec<u8> = r.iter().flat_map(|v| v.to_le_bytes()).collect();
        m[o..o + b.len()].copy_from_slice(&b);
    }
    m[at(SCRATCH)..at(SCRATCH) + s.scratch.len()].copy_from_slice(&s.scratch);
    m[at(LOCAL)..at(LOCAL) + s.local.len()].copy_from_slice(&s.local);
    m
}

fn config() -> LaunchConfig {
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: CBUF_BYTES });
    const_buffers[2] = Some(ConstBuffer { va: CBUF + u64::from(CBUF_BYTES), size: CBUF_BYTES });
    LaunchConfig {
        grid: [1, 1, 1],
        block: [THREADS, 1, 1],
        registers: REGISTERS,
        shared_memory: SHARED,
        const_buffers,
        shared_window: SHARED_WINDOW,
        local_window: LOCAL_WINDOW,
        local_memory: Some(LocalMemory {
            base: LOCAL,
            size: u64::from(THREADS * LOCAL_SLOT),
            low: LOCAL_SLOT,
            high: 0,
        }),
        max_warp_instructions: 2000,
    }
}

/// Run `image` with `word` at `at` (a byte offset), fast paths on or off.
/// `Err` holds a panic's message.
fn launch(code: &mut Code, image: &[u8], at: usize, word: Word, fast: bool) -> Result<End, String> {
    let mem = FlatMemory::new(BASE, image.len());
    mem.store(BASE, image);
    mem.store(BASE + at as u64, &word.0.to_le_bytes());
    set_fast_path(fast);
    let cfg = config();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| run_launch(code, &mem, &cfg, None))).map_err(|e| {
        e.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    })?;
    Ok(End { result, memory: mem.load(BASE, image.len()) })
}

/// Thread `t`'s 32-bit word at `off` of its local memory.
fn local_word(m: &[u8], t: usize, off: u32) -> u32 {
    let o = (LOCAL - BASE) as usize + t * LOCAL_SLOT as usize + off as usize;
    u32::from_le_bytes(m[o..o + 4].try_into().unwrap())
}

/// What one word did.
enum Ran {
    /// It ran: the launch ended normally or with this fault (`None`: normally).
    Executed(Option<String>),
    /// The interpreter refused it: what it said.
    Refused(String),
}

#[test]
fn every_decoded_word_runs_the_same_on_both_paths() {
    let s = state();
    let pro = prologue(&s);
    let epi = epilogue();
    let at = 16 * pro.len();
    let mut prog = pro.clone();
    prog.push(words::nop());
    prog.extend(epi);
    let image = image(&s, &prog);
    let mut code = Code::new(BASE);

    // The prologue and epilogue, around a NOP: every register, uniform
    // register and uniform predicate as set, each predicate differing
    // between lanes, the shared memory zero.
    let base = launch(&mut code, &image, at, words::nop(), true).expect("no panic");
    assert_eq!(base.result.as_ref().err(), None);
    for (t, r) in s.regs.iter().enumerate() {
        let got: Vec<u32> = (0..255).map(|k| local_word(&base.memory, t, 4 * k)).collect();
        assert_eq!(&got[..], &r[..], "thread {t}'s registers");
        let ur: Vec<u32> = (0..63).map(|k| local_word(&base.memory, t, DUMP_UREGS + 4 * k)).collect();
        assert_eq!(&ur[..], &s.uregs[..], "thread {t}'s uniform registers");
        assert_eq!(local_word(&base.memory, t, DUMP_UREGS + 4 * 63), r[4] & 0x7f, "thread {t}'s predicates");
        let up: Vec<u32> = (0..7).map(|k| local_word(&base.memory, t, DUMP_UPREDS + 4 * k)).collect();
        assert_eq!(up, [1, 0, 4, 0, 16, 0, 64], "thread {t}'s uniform predicates");
        assert!((0..64).all(|k| local_word(&base.memory, t, DUMP_SHARED + 4 * k) == 0));
    }
    for p in 0..7 {
        let lanes = s.regs.iter().filter(|r| r[4] >> p & 1 == 1).count();
        assert!(lanes > 0 && lanes < THREADS as usize, "P{p} holds in {lanes} lanes");
    }
    assert!(
        base == launch(&mut code, &image, at, words::nop(), false).expect("no panic"),
        "the paths disagree on a NOP"
    );

    let words = forms::words();
    let table = forms::opcodes(&words);
    let mut executed: BTreeMap<u16, Vec<String>> = BTreeMap::new();
    let (mut problems, mut refused_as_expected, mut ran_count) = (Vec::new(), Vec::new(), 0);
    let (mut run_words, mut disagreeing) = (Vec::new(), Vec::new());
    let mut faults: BTreeMap<String, usize> = BTreeMap::new();
    for w in &words {
        let word = w.verdict.word;
        match &w.outcome {
            Outcome::Same => {}
            Outcome::Refused => continue,
            Outcome::Wrong(got) => {
                problems.push(format!("{:#034x}: decoded as {got}, not as nvdisasm prints it", word.0));
                continue;
            }
        }
        let text = decode(word, at as u64).map(|i| i.to_string()).unwrap_or_else(|e| format!("({e})"));
        let ends = [true, false].map(|fast| launch(&mut code, &image, at, word, fast));
        run_words.push(word.0);
        let [fast, slow] = match ends {
            [Ok(f), Ok(s)] => [f, s],
            [f, s] => {
                problems.push(format!("{:#034x} {text}: panicked: {:?} / {:?}", word.0, f.err(), s.err()));
                continue;
            }
        };
        if fast != slow {
            let what = if fast.result != slow.result {
                format!("fast {:?}, per-lane {:?}", fast.result, slow.result)
            } else {
                let first = fast.memory.iter().zip(&slow.memory).position(|(a, b)| a != b).unwrap_or(0);
                format!("memory differs from {:#x}", BASE + first as u64)
            };
            disagreeing.push(word.0);
            if !KNOWN_DISAGREEMENTS.iter().any(|&(k, _)| k == word.0) {
                problems.push(format!("{:#034x} {text}: the paths disagree: {what}", word.0));
            }
        }
        let ran = match &fast.result {
            Ok(_) => Ran::Executed(None),
            Err(Fault::Illegal { pc, error }) if *pc == at as u64 => Ran::Refused(format!("illegal: {error}")),
            Err(Fault::Unsupported { pc, what, .. }) if *pc == at as u64 => {
                Ran::Refused(format!("unsupported: {what}"))
            }
            Err(f) => Ran::Executed(Some(format!("{f:?}").split([' ', '{', '(']).next().unwrap_or("").to_string())),
        };
        let expected = EXPECTED_REFUSED.iter().find(|&&(k, _)| k == word.0);
        match (&ran, expected) {
            (Ran::Executed(fault), None) => {
                ran_count += 1;
                *faults.entry(fault.clone().unwrap_or_else(|| "Ok".into())).or_default() += 1;
                if let Some(f) = &w.form {
                    executed.entry(w.op).or_default().push(f.clone());
                }
            }
            (Ran::Executed(_), Some((_, why))) => {
                problems.push(format!("{:#034x} {text}: listed as refused ({why}) but runs", word.0));
            }
            (Ran::Refused(what), None) => problems.push(format!("{:#034x} {text}: refused: {what}", word.0)),
            (Ran::Refused(_), Some(_)) => refused_as_expected.push(word.0),
        }
    }
    // The lists name only words that still do what they say.
    for &(k, why) in EXPECTED_REFUSED {
        if !run_words.contains(&k) {
            problems.push(format!("{k:#034x}: listed as refused ({why}) but not a decoded word of operand_forms.tsv"));
        }
    }
    for &(k, why) in KNOWN_DISAGREEMENTS {
        if !disagreeing.contains(&k) {
            problems.push(format!("{k:#034x}: listed as a disagreement ({why}) but the paths agree"));
        }
    }
    let runs = run_words.len();
    eprintln!("{runs} words run: {ran_count} executed ({faults:?}), {} refused as expected", refused_as_expected.len());
    assert!(runs >= 1000, "{runs} words decoded");
    assert!(problems.is_empty(), "{} words:\n{}", problems.len(), problems.join("\n"));

    let md = forms::markdown(&table, &executed);
    let path = forms::corpus().join("OPERAND_FORMS.md");
    if std::env::var_os("GPUIFACE_WRITE_FORMS").is_some() {
        std::fs::write(&path, &md).expect("write OPERAND_FORMS.md");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == md,
        "sass/corpus/OPERAND_FORMS.md is not what the decoder and interpreter do now; rewrite it with GPUIFACE_WRITE_FORMS=1:\n{md}"
    );
}
