//! The 16-bit float instructions on the interpreter, one thread at a time:
//! each case loads its inputs with `MOV`, runs the instruction under test
//! (its text checked against what nvdisasm prints for the word), and stores
//! the result. Expected values are worked out by hand in the comments.

use gpuiface_sass::{decode, run_launch, Code, ConstBuffer, Fault, FlatMemory, LaunchConfig, Word};

const BASE: u64 = 0x1_0000_0000;
const OUT: u64 = BASE + 0x8000;
const CBUF: u64 = BASE + 0x9000;

/// Control bits (stall 2, no barriers) every test word gets.
const CTRL: u128 = 0x000fe4 << 104;

fn word(bits: u128) -> Word {
    Word(bits | CTRL)
}

/// `MOV Rd, imm32`.
fn mov(d: u8, imm: u32) -> Word {
    word(0x7802 | u128::from(d) << 16 | u128::from(imm) << 32 | 0xf << 72)
}

/// `STG.E [R2.64], Rs`, from a ptxas word with its data register replaced.
fn stg(s: u8) -> Word {
    let t = Word::from_le_bytes(*b"\x86\x79\x00\x02\x09\x00\x00\x00\x06\x19\x10\x0c\x00\xe2\x0f\x00");
    Word(t.0 & !(0xff << 32) | u128::from(s) << 32)
}

fn exit() -> Word {
    Word::from_le_bytes(*b"\x4d\x79\x00\x00\x00\x00\x00\x00\x00\x00\x80\x03\x00\xea\x0f\x00")
}

/// A word from its 16 bytes in file order, checked to print as `text`.
fn op(hex: &str, text: &str) -> Word {
    let b: Vec<u8> = (0..16).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect();
    let w = Word::from_le_bytes(b.try_into().unwrap());
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(text.to_string()), "{hex}");
    w
}

/// Run `body` after setting `regs`; returns what `R{out}` holds, or the fault.
fn run(regs: &[(u8, u32)], body: &[Word], out: u8) -> Result<u32, Fault> {
    run_threads(1, regs, body, out)
}

/// [`run`] with a block of `threads` threads, all running the same code
/// (they store the same value to the same word).
fn run_threads(threads: u32, regs: &[(u8, u32)], body: &[Word], out: u8) -> Result<u32, Fault> {
    let mut prog: Vec<Word> = regs.iter().map(|&(r, v)| mov(r, v)).collect();
    prog.extend_from_slice(body);
    prog.extend([mov(2, OUT as u32), mov(3, (OUT >> 32) as u32), stg(out), exit()]);
    let mem = FlatMemory::new(BASE, 0x10000);
    let code: Vec<u8> = prog.iter().flat_map(|w| w.0.to_le_bytes()).collect();
    mem.store(BASE, &code);
    // Constant bank 0: words 0x100.. hold test constants.
    mem.store(CBUF + 0x100, &0x3c00_4000u32.to_le_bytes());
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: 0x200 });
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        registers: 32,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 1000,
    };
    run_launch(&mut Code::new(BASE), &mem, &cfg, None)?;
    Ok(u32::from_le_bytes(mem.load(OUT, 4).try_into().unwrap()))
}

fn one(regs: &[(u8, u32)], body: Word) -> u32 {
    run(regs, &[body], 9).unwrap()
}

#[test]
fn hadd2_rounds_each_lane_once_to_nearest_even() {
    let add = op("30720902050000000000000000ca4f00", "HADD2 R9, R2, R5 ;");
    // 1 + 2^-11 is halfway between 0x3c00 and 0x3c01 (to even: 0x3c00);
    // (1 + 2^-10) + 2^-11 halfway between 0x3c01 and 0x3c02 (0x3c02).
    assert_eq!(one(&[(2, 0x3c01_3c00), (5, 0x1000_1000)], add), 0x3c02_3c00);
    // Subnormals are kept without .FTZ: 2^-24 + 2^-24 = 2^-23.
    assert_eq!(one(&[(2, 0x0001_0001), (5, 0x8000_0001)], add), 0x0001_0002);
    // Overflow to infinity; inf - inf is the canonical NaN.
    assert_eq!(one(&[(2, 0x7c00_7bff), (5, 0xfc00_7bff)], add), 0x7fff_7c00);
    // -x: both halves negated; 1 - 1 is +0.
    let sub = op("30720902050000800000000000ca4f00", "HADD2 R9, R2, -R5 ;");
    assert_eq!(one(&[(2, 0x3c00_4000), (5, 0x3c00_3c00)], sub), 0x0000_3c00);
    // An f16 immediate pair and a constant (0x3c00_4000: 1 in the high lane, 2 in the low).
    let imm = op("30740902004000380000000000ca4f00", "HADD2 R9, R2, 0.5, 2 ;");
    assert_eq!(one(&[(2, 0x3c00_3c00)], imm), 0x3e00_4200);
    let cb = op("30760902004000000000000000ca4f00", "HADD2 R9, R2, c[0x0][0x100] ;");
    assert_eq!(one(&[(2, 0x3c00_3c00)], cb), 0x4000_4200);
}

#[test]
fn hadd2_swizzles_ftz_and_f32_results() {
    // R2.H1_H1 + R5.H0_H0.
    let w = op("3072090205000020000c000000ca4f00", "HADD2 R9, R2.H1_H1, R5.H0_H0 ;");
    assert_eq!(one(&[(2, 0x4000_3c00), (5, 0x4400_3c00)], w), 0x4200_4200);
    // .FTZ: a subnormal input counts as zero, a subnormal result is zero.
    let ftz = op("30720902050000000000010000ca4f00", "HADD2.FTZ R9, R2, R5 ;");
    assert_eq!(one(&[(2, 0x3c00_0001), (5, 0x0001_0001)], ftz), 0x3c00_0000);
    // HADD2.F32 -RZ, R2.H0_H0: the f16 widened to f32 (the compiler's cvt.f32.f16).
    let f32 = op("307207ff020000200041000000ca4f00", "HADD2.F32 R7, -RZ, R2.H0_H0 ;");
    assert_eq!(run(&[(2, 0x1234_3555)], &[f32], 7).unwrap(), 0.333_251_95f32.to_bits());
    assert_eq!(run(&[(2, 0x0001)], &[f32], 7).unwrap(), 2f32.powi(-24).to_bits());
}

#[test]
fn hfma2_rounds_once() {
    let fma = op("31720b02050000000600000000ca4f00", "HFMA2 R11, R2, R5, R6 ;");
    // (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly (a subnormal, 0x0010); rounding
    // the product first would give 0. High lane: 2 * 3 + 1 = 7.
    let r = run(&[(2, 0x4000_3c01), (5, 0x4200_3c01), (6, 0x3c00_bc02)], &[fma], 11).unwrap();
    assert_eq!(r, 0x4700_0010);
    // The same in bfloat16: (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880).
    let bf = op("31720b02050000000600200000ca4f00", "HFMA2.BF16_V2 R11, R2, R5, R6 ;");
    let r = run(&[(2, 0x4000_3f81), (5, 0x4040_3f81), (6, 0x3f80_bf82)], &[bf], 11).unwrap();
    assert_eq!(r, 0x40e0_3880);
    // .MMA with immediates (the compiler's constant loads): -RZ * RZ + (0, 2^-22).
    let mma = op("357407ff04000000ff01000000e20f00", "HFMA2.MMA R7, -RZ, RZ, 0, 2.384185791015625e-07 ;");
    assert_eq!(run(&[], &[mma], 7).unwrap(), 0x0000_0004);
    // .FMZ is not modelled: a GR exception naming it, never a guess.
    let fmz = op("31720b02050000000610000000ca4f00", "HFMA2.FMZ R11, R2, R5, R6 ;");
    assert!(matches!(run(&[], &[fmz], 11), Err(Fault::Unsupported { .. })));
}

#[test]
fn hmul2_saturates() {
    let w = op("32720902050000000020000000ca4f00", "HMUL2.SAT R9, R2, R5 ;");
    // 2 * 1 -> 1; -2 * 1 -> +0.
    assert_eq!(one(&[(2, 0xc000_4000), (5, 0x3c00_3c00)], w), 0x0000_3c00);
    let plain = op("32720902050000000000000000ca4f00", "HMUL2 R9, R2, R5 ;");
    // 3 * 0x3555 (1365/4096) = 4095/4096: halfway between 0x3bff and 1.0,
    // so to even (0x3c00); 0x1000 (2^-11) * 0x1000 = 2^-22 (subnormal 0x0004).
    assert_eq!(one(&[(2, 0x1000_4200), (5, 0x1000_3555)], plain), 0x0004_3c00);
}

#[test]
fn hmnmx2_orders_signed_zeros_and_drops_nans() {
    let min = op("40720902050000000000800300ca4f00", "HMNMX2 R9, R2, R5, PT ;");
    let max = op("40720902050000000000800700ca4f00", "HMNMX2 R9, R2, R5, !PT ;");
    // Low lane: +0 vs -0; high lane: NaN vs 1.
    let regs = [(2, 0x7e00_0000), (5, 0x3c00_8000)];
    assert_eq!(one(&regs, min), 0x3c00_8000);
    assert_eq!(one(&regs, max), 0x3c00_0000);
    let bf = op("40720902050000000000a00300ca4f00", "HMNMX2.BF16_V2 R9, R2, R5, PT ;");
    // bf16 1.0 (0x3f80) vs 2.0 (0x4000), and -1 vs 1.
    assert_eq!(one(&[(2, 0xbf80_3f80), (5, 0x3f80_4000)], bf), 0xbf80_3f80);
}

#[test]
fn f2fp_and_f2f_round_as_told() {
    let pack = op("3e72090205000000ff00000000ca4f00", "F2FP.PACK_AB R9, R2, R5 ;");
    // High lane from A: 1 + 2^-11 + 2^-20 rounds up to 0x3c01; low from B: 65520 overflows to inf.
    let a = 1.0f32 + 2f32.powi(-11) + 2f32.powi(-20);
    assert_eq!(one(&[(2, a.to_bits()), (5, 65520f32.to_bits())], pack), 0x3c01_7c00);
    let rz = op("3e72090205000000ff80010000ca4f00", "F2FP.PACK_AB.RZ R9, R2, R5 ;");
    assert_eq!(one(&[(2, a.to_bits()), (5, 65520f32.to_bits())], rz), 0x3c00_7bff);
    let bf = op("3e72090205000000ff10000000ca4f00", "F2FP.BF16.PACK_AB R9, R2, R5 ;");
    // 1 + 2^-8 is a tie (to even: 0x3f80); 1 + 3 * 2^-8 a tie to 0x3f82. NaN is 0x7fff.
    let (x, y) = (1.0f32 + 2f32.powi(-8), 1.0f32 + 3.0 * 2f32.powi(-8));
    assert_eq!(one(&[(2, x.to_bits()), (5, y.to_bits())], bf), 0x3f80_3f82);
    assert_eq!(one(&[(2, f32::NAN.to_bits()), (5, 0)], bf), 0x7fff_0000);
    let rp = op("04730900020000000088200000284e00", "F2F.F16.F32.RP R9, R2 ;");
    let rm = op("04730900020000000048200000284e00", "F2F.F16.F32.RM R9, R2 ;");
    let v = (1.0f32 + 2f32.powi(-20)).to_bits();
    assert_eq!(one(&[(2, v)], rp), 0x3c01);
    assert_eq!(one(&[(2, v)], rm), 0x3c00);
    assert_eq!(one(&[(2, (-1.0f32 - 2f32.powi(-20)).to_bits())], rm), 0xbc01);
}

#[test]
fn hset2_and_hsetp2_compare_each_lane() {
    // HSET2.BF.LT.AND R9, R2, R5, PT: 1.0 in each lane where a < b.
    let set = op("33720902050000008010800300ca4f00", "HSET2.BF.LT.AND R9, R2, R5, PT ;");
    assert_eq!(one(&[(2, 0x4000_3c00), (5, 0x3c00_4000)], set), 0x0000_3c00);
    // HSETP2.LT.AND P0, P1, R2, R5, PT, then @P0 MOV R9, 1 and @P1 MOV R10, 1.
    let setp = op("34720902050000000010900300ca4f00", "HSETP2.LT.AND P0, P1, R2, R5, PT ;");
    let guarded = |p: u128, d: u8| Word(mov(d, 1).0 & !(0xf << 12) | p << 12);
    let regs = [(2, 0x4000_3c00), (5, 0x3c00_4000), (9, 0), (10, 0)];
    assert_eq!(run(&regs, &[setp, guarded(0, 9)], 9).unwrap(), 1); // low lane: 1 < 2
    assert_eq!(run(&regs, &[setp, guarded(1, 10)], 10).unwrap(), 0); // high lane: 2 < 1 is false
}

/// LDSM on a whole warp: each thread writes its 16 bytes of shared memory
/// (each word holding its own byte offset), loads matrices with `LDSM`, and
/// stores the four registers it got at `OUT + 16 * tid`.
fn ldsm_run(ldsm: Word) -> Vec<u32> {
    ldsm_run_after(&[], ldsm)
}

/// As `ldsm_run`, with `pre` run first (setting uniform registers).
fn ldsm_run_after(pre: &[Word], ldsm: Word) -> Vec<u32> {
    let mut prog = pre.to_vec();
    prog.extend([
        op("19790000000000000021000000240e00", "S2R R0, SR_TID.X ;"),
        op("1978070004000000ff06000000e20f00", "SHF.L.U32 R7, R0, 0x4, RZ ;"),
    ]);
    for k in 0..4u8 {
        let add = format!("10780907{:02x}000000ffe0ff0700ca0f00", 4 * k);
        let imm = if k == 0 { String::new() } else { format!("+{:#x}", 4 * k) };
        prog.push(op(&add, &format!("IADD3 R9, R7, {:#x}, RZ ;", 4 * k)));
        prog.push(op(&format!("8873000709{:02x}00000008000000e80f00", 4 * k), &format!("STS [R7{imm}], R9 ;")));
    }
    prog.extend([
        ldsm,
        mov(2, OUT as u32),
        mov(3, (OUT >> 32) as u32),
        op("257802001000000002008e0700ca0f00", "IMAD.WIDE.U32 R2, R0, 0x10, R2 ;"),
        op("8679000208000000041d100c00e20f00", "STG.E.128 [R2.64], R8 ;"),
        exit(),
    ]);
    let mem = FlatMemory::new(BASE, 0x10000);
    mem.store(BASE, &prog.iter().flat_map(|w| w.0.to_le_bytes()).collect::<Vec<u8>>());
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: 0x200 });
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        registers: 32,
        shared_memory: 512,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 1000,
    };
    run_launch(&mut Code::new(BASE), &mem, &cfg, None).unwrap();
    mem.load(OUT, 512).chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn ldsm_adds_its_uniform_register_to_the_address() {
    // Form 4u (nvdisasm 13.2): [R7+UR5-0x40] with UR5 = 0x40 is [R7].
    let plain = ldsm_run(op("3b780807000000000002000000680e00", "LDSM.16.M88.4 R8, [R7] ;"));
    let w = Word(0xffffc0050708783b | 0x000e680008000200 << 64);
    assert_eq!(decode(w, 0).map(|i| i.to_string()).as_deref(), Ok("LDSM.16.M88.4 R8, [R7+UR5+-0x40] ;"));
    let umov5 = Word(0x7882 | 5 << 16 | 0x40 << 32 | 0x000fe4 << 104);
    assert_eq!(ldsm_run_after(&[umov5], w), plain);
    // Without UR5 set the lanes read 0x40 lower (lane 0..3 below shared memory: a fault).
    assert!(std::panic::catch_unwind(|| ldsm_run(w)).is_err());
}

#[test]
fn ldsm_delivers_ldmatrix_fragments() {
    // Shared byte b holds the byte of the word (b & !3) whose value is b & !3.
    let half_at = |b: usize| ((b & !3) as u32 >> (8 * (b & 2))) & 0xffff;
    let got = ldsm_run(op("3b780807000000000002000000680e00", "LDSM.16.M88.4 R8, [R7] ;"));
    for l in 0..32 {
        for j in 0..4 {
            // Word l % 4 of row l / 4 of matrix j (its rows at 16 * (8j + r)).
            assert_eq!(got[4 * l + j], (16 * (8 * j + l / 4) + 4 * (l % 4)) as u32, "lane {l} reg {j}");
        }
    }
    let got = ldsm_run(op("3b780807000000000042000000680e00", "LDSM.16.MT88.4 R8, [R7] ;"));
    for l in 0..32 {
        for j in 0..4 {
            // Column l / 4 of rows 2 (l % 4) and 2 (l % 4) + 1.
            let at = |r: usize| half_at(16 * (8 * j + r) + 2 * (l / 4));
            assert_eq!(got[4 * l + j], at(2 * (l % 4)) | at(2 * (l % 4) + 1) << 16, "lane {l} reg {j}");
        }
    }
}

#[test]
fn operand_quirks_print_as_nvdisasm_does() {
    // Each text was read off nvdisasm 13.2 for the word. bf16 immediates print as bf16:
    op(
        "40780502050000200008a00300ca4f00",
        "HMNMX2.BF16_V2 R5, R2.H0_H0, 1.084202172485504434e-19, 4.591774807899560578e-40, PT ;",
    );
    // A constant's swizzle sits inside its |x|, and the offset's two low bits are ignored.
    op("327a0502000000600008000000ca4f00", "HMUL2 R5, R2.H0_H0, |c[0x0][0x0].H0_H0| ;");
    op("327a0902400000000000000000ca4f00", "HMUL2 R9, R2, c[0x0][0x0] ;");
    // HADD2.F32 takes (and prints) only the low immediate, and has no |x| on A.
    let f32 = op("307407ff020000200041000000e20f00", "HADD2.F32 R7, -RZ, 1.1920928955078125e-07 ;");
    assert_eq!(run(&[], &[f32], 7).unwrap(), 2f32.powi(-23).to_bits());
    op("30720302ff0000a0004a000000ca4f00", "HADD2.F32 R3, R2.H0_H0, -RZ.H0_H0 ;");
    // A negative shared offset, as nvdisasm prints it.
    op("3b780807000000800002000000680e00", "LDSM.16.M88.4 R8, [R7+-0x800000] ;");
    // HADD2 flags its B register's reuse in slot C; its slot B flag is refused, as nvdisasm does.
    op("30720302050000200008000000e44f10", "HADD2 R3, R2.H0_H0, R5.reuse.H0_H0 ;");
    let w = Word::from_le_bytes(*b"\x30\x72\x03\x02\x05\x00\x00\x20\x00\x08\x00\x00\x00\xe4\x4f\x0c");
    assert!(decode(w, 0).is_err());
    // nvdisasm refuses a reuse flag on an immediate.
    let w = Word::from_le_bytes(*b"\x35\x74\x08\x02\x05\x00\x00\x20\x02\x08\x04\x00\x00\xe4\x0f\x1c");
    assert!(decode(w, 0).is_err());
}

#[test]
fn hmma_needs_the_whole_warp() {
    // One thread cannot hold a warp's fragments: a GR exception naming HMMA, not a partial product.
    let hmma = op("3c72080804000000ff18000000de4f00", "HMMA.16816.F32 R8, R8, R4, RZ ;");
    match run(&[], &[hmma], 8) {
        Err(Fault::Unsupported { text, .. }) => assert!(text.starts_with("HMMA"), "{text}"),
        r => panic!("{r:?}"),
    }
}

/// `HFMA2.MMA R5, a, b, 0, c` with `a` and `b` zero registers and `c` an
/// immediate (ptxas's constant move, with every modifier the word can
/// carry) is worked out once at decode when a whole warp runs it (the
/// prepared form `uop::Uop::Set`); one thread runs it lane by lane. Both
/// must give the same bits, and, without `.FTZ` or `.SAT`, the IEEE sum
/// of the zero product and `c`: `c` itself, except that a NaN is the
/// canonical one and a zero is -0 only where the product and `c` both are.
#[test]
fn folded_constant_moves_equal_the_lane_by_lane_result() {
    const BASE_LO: u128 = 0x0000_0000_ff05_7435;
    const BASE_HI: u128 = 0x000f_e200_0000_01ff;
    let (neg_a, abs_a, ftz, sat, abs_b, neg_b) = (72, 73, 80, 77, 83, 84);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut imms =
        vec![0, 0x8000_8000, 0x0000_8000, 0x8000_0000, 0x7c00_fc00, 0x7e00_7fff, 0x0001_8001, 0x3c00_bc00, 0x03ff_83ff];
    for _ in 0..24 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        imms.push(x as u32);
    }
    for mods in 0u32..64 {
        let bits = [neg_a, abs_a, ftz, sat, abs_b, neg_b];
        let set = |k: usize| mods >> k & 1 == 1;
        // The high word has bit 72 (a's `-`) set in ptxas's word: toggle it.
        let hi = bits.iter().enumerate().fold(BASE_HI << 64, |w, (k, &b)| if set(k) { w ^ 1 << b } else { w });
        for &c in &imms {
            let w = Word(hi | BASE_LO | u128::from(c) << 32);
            let Ok(text) = decode(w, 0).map(|i| i.to_string()) else { continue };
            let folded = run_threads(32, &[], &[w], 5).unwrap();
            let per_lane = run_threads(1, &[], &[w], 5).unwrap();
            assert_eq!(folded, per_lane, "{text} (c = {c:#010x})");
            if set(2) || set(3) {
                continue;
            }
            // The product's sign: a's `-` (applied after `|x|`; ptxas's
            // word has it, so toggling bit 72 clears it) and b's.
            let a_neg = !set(0);
            let b_neg = set(5);
            let p_neg = a_neg != b_neg;
            let want = |h: u16| -> u16 {
                let nan = h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
                if nan {
                    0x7fff
                } else if h & 0x7fff == 0 {
                    if p_neg && h == 0x8000 {
                        0x8000
                    } else {
                        0
                    }
                } else {
                    h
                }
            };
            let expect = u32::from(want((c >> 16) as u16)) << 16 | u32::from(want(c as u16));
            assert_eq!(folded, expect, "{text} (c = {c:#010x})");
        }
    }
}
