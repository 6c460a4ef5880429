//! Integer carries on the interpreter: the carry-out predicates of a
//! three-way `IADD3` and the `IADD3.X` that adds them back, with words
//! taken from a ptxas 12.9 cubin (their text checked against what nvdisasm
//! prints). Expected values are the 64-bit sums, computed here.

mod harness;

use harness::{op, run};

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
    let r = run(1, &regs, &[lo, hi], &[6, 7]);
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
    run(1, &[(12, x as u32)], &[w], &[2])[0]
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
