//! Integer carries on the interpreter: the carry-out predicates of a
//! three-way `IADD3` and the `IADD3.X` that adds them back, with words
//! taken from a ptxas 12.9 cubin (their text checked against what nvdisasm
//! prints). Expected values are the 64-bit sums, computed here.

use gpuiface_sass::{decode, run_launch, Code, ConstBuffer, FlatMemory, LaunchConfig, Word};

const BASE: u64 = 0x1_0000_0000;
const OUT: u64 = BASE + 0x8000;
const CBUF: u64 = BASE + 0x9000;
const CTRL: u128 = 0x000fe4 << 104;
const ADDR: u8 = 28;

fn mov(d: u8, imm: u32) -> Word {
    Word(0x7802 | u128::from(d) << 16 | u128::from(imm) << 32 | 0xf << 72 | CTRL)
}

fn stg(s: u8) -> Word {
    let t = Word::from_le_bytes(*b"\x86\x79\x00\x02\x09\x00\x00\x00\x06\x19\x10\x0c\x00\xe2\x0f\x00");
    Word(t.0 & !(0xff << 32) & !(0xff << 24) | u128::from(s) << 32 | u128::from(ADDR) << 24)
}

fn exit() -> Word {
    Word::from_le_bytes(*b"\x4d\x79\x00\x00\x00\x00\x00\x00\x00\x00\x80\x03\x00\xea\x0f\x00")
}

fn op(lo: u64, hi: u64, text: &str) -> Word {
    let w = Word(u128::from(lo) | u128::from(hi) << 64);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(text.to_string()), "{lo:#x} {hi:#x}");
    w
}

/// One thread: set `regs`, run `body`, return the registers `outs`.
fn run(regs: &[(u8, u32)], body: &[Word], outs: &[u8]) -> Vec<u32> {
    let mut prog: Vec<Word> = regs.iter().map(|&(r, v)| mov(r, v)).collect();
    prog.extend_from_slice(body);
    for (k, &o) in outs.iter().enumerate() {
        let at = OUT + 4 * k as u64;
        prog.extend([mov(ADDR, at as u32), mov(ADDR + 1, (at >> 32) as u32), stg(o)]);
    }
    prog.push(exit());
    let mem = FlatMemory::new(BASE, 0x10000);
    let code: Vec<u8> = prog.iter().flat_map(|w| w.0.to_le_bytes()).collect();
    mem.store(BASE, &code);
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: 0x200 });
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        registers: 32,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 1000,
    };
    run_launch(&mut Code::new(BASE), &mem, &cfg, None).expect("runs");
    mem.load(OUT, 4 * outs.len()).chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// `a + b + c` over 64 bits as ptxas compiles `add.u64` twice:
/// `IADD3 R6, P0, P1, R8, R4, R6` then `IADD3.X R7, R9, R5, R7, P0, P1`.
fn add3_64(a: u64, b: u64, c: u64) -> u64 {
    let lo = op(0x0000000408067210, 0x004fc4000791e006, "IADD3 R6, P0, P1, R8, R4, R6 ;");
    let hi = op(0x0000000509077210, 0x000fe200007e2407, "IADD3.X R7, R9, R5, R7, P0, P1 ;");
    let regs = [
        (8, a as u32),
        (9, (a >> 32) as u32),
        (4, b as u32),
        (5, (b >> 32) as u32),
        (6, c as u32),
        (7, (c >> 32) as u32),
    ];
    let r = run(&regs, &[lo, hi], &[6, 7]);
    u64::from(r[0]) | u64::from(r[1]) << 32
}

#[test]
fn a_carry_of_two_reaches_the_high_word() {
    // The low words sum to 0x2_0000_011d: a carry of 2, whose predicates are
    // "at least 1" and "at least 2" (read as bits 32 and 33 it was 0b10,
    // and IADD3.X added back 1). The case: 471 + 4 * (-93) as the
    // unrolled loop of mad.wide.s32 computes it, two products at a time.
    let p = (-93i64) as u64;
    assert_eq!(add3_64(p, 471, p), 471u64.wrapping_add(p.wrapping_mul(2)));
    assert_eq!(add3_64(p, 471, p), 285);
}

#[test]
fn three_way_sums_of_every_carry_count() {
    let cases = [
        (0u64, 0u64, 0u64),                      // carry 0
        (0xffff_ffff, 1, 0),                     // carry 1
        (0xffff_ffff, 0xffff_ffff, 2),           // carry 2, low word 0
        (0xffff_ffff, 0xffff_ffff, 0xffff_ffff), // carry 2, low word 0xffff_fffd
        (u64::MAX, u64::MAX, u64::MAX),          // wraps in the high word too
        (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321, 0x8000_0000_8000_0000),
    ];
    for (a, b, c) in cases {
        assert_eq!(add3_64(a, b, c), a.wrapping_add(b).wrapping_add(c), "{a:#x} + {b:#x} + {c:#x}");
    }
}

/// `I2I.<ty>.S32.SAT R2, R12` (ptxas 12.9 for `cvt.sat.s16.s32`, the result
/// type in bits 76..78 rewritten): the source clamped to the type's range.
fn i2i(ty: u128, x: i32) -> u32 {
    let names = ["U8", "S8", "U16", "S16"];
    let w = op(
        0x0000000c00027238,
        0x000fe20000000000 | (ty as u64) << 12,
        &format!("I2I.{}.S32.SAT R2, R12 ;", names[ty as usize]),
    );
    run(&[(12, x as u32)], &[w], &[2])[0]
}

#[test]
fn i2i_saturates_to_the_narrow_type() {
    let cases: [(u128, i32, i32); 12] = [
        (0, -5, 0),
        (0, 300, 255),
        (0, 77, 77),
        (1, -200, -128),
        (1, 200, 127),
        (1, -7, -7),
        (2, -1, 0),
        (2, 70_000, 65_535),
        (3, -40_000, -32_768),
        (3, 40_000, 32_767),
        (3, -123, -123),
        (3, i32::MIN, -32_768),
    ];
    for (ty, x, want) in cases {
        assert_eq!(i2i(ty, x) as i32, want, "type {ty}, {x}");
    }
}
