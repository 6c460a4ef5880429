//! Scattered loads and shared atomics on the fast paths (`gather`: a global window read once,
//! shared words read for the warp at once) against the per-lane path: 32
//! lanes load at `base + lane * stride` for strides that make the access a
//! broadcast, a window, too wide for a window, out of range or misaligned.
//! Both paths must load the same words, or raise the same fault (the
//! per-lane path's: the lowest faulting lane's address and kind).
//!
//! One test in its own binary: the fast-path switch is process-wide.

mod harness;

use gpuiface_sass::{set_fast_path, Fault, Word};
use harness::{mov, op, run_threads_shared, run_threads_with, BASE, DATA, MEMORY, SHARED};

/// `IMAD.WIDE.U32 Rd, R27, stride, Rc` (R27 holds the thread index).
fn scaled(d: u8, stride: u32, c: u8) -> Word {
    let lo = u64::from(stride) << 32 | 0x1b << 24 | u64::from(d) << 16 | 0x7825;
    let hi = 0x000fe400078e0000 | u64::from(c);
    let cs = if c == 255 { "RZ".to_string() } else { format!("R{c}") };
    op(lo, hi, &format!("IMAD.WIDE.U32 R{d}, R27, {stride:#x}, {cs} ;"))
}

/// `IMAD.WIDE.U32 Rd, Ra, 0x1, Rc`: the pair `Rc:Rc+1` plus `Ra`.
fn add_wide(d: u8, a: u8, c: u8) -> Word {
    let lo = 1u64 << 32 | u64::from(a) << 24 | u64::from(d) << 16 | 0x7825;
    op(lo, 0x000fe400078e0000 | u64::from(c), &format!("IMAD.WIDE.U32 R{d}, R{a}, 0x1, R{c} ;"))
}

/// `LOP3.LUT Rd, Ra, mask, RZ, 0xc0, !PT`: `Rd = Ra & mask`.
fn and_imm(d: u8, a: u8, mask: u32) -> Word {
    let lo = u64::from(mask) << 32 | u64::from(a) << 24 | u64::from(d) << 16 | 0x7812;
    op(lo, 0x004fc800078ec0ff, &format!("LOP3.LUT R{d}, R{a}, {mask:#x}, RZ, 0xc0, !PT ;"))
}

/// `SHF.R.U32.HI Rd, RZ, n, Rc`: `Rd = Rc >> n`.
fn shr(d: u8, c: u8, n: u32) -> Word {
    let lo = u64::from(n) << 32 | 0xff << 24 | u64::from(d) << 16 | 0x7819;
    op(lo, 0x000fe40000011600 | u64::from(c), &format!("SHF.R.U32.HI R{d}, RZ, {n:#x}, R{c} ;"))
}

/// `IMAD Rd, Ra, imm, Rc`: `Rd = Ra * imm + Rc`.
fn mad_imm(d: u8, a: u8, imm: u32, c: u8) -> Word {
    let lo = u64::from(imm) << 32 | u64::from(a) << 24 | u64::from(d) << 16 | 0x7824;
    let cs = if c == 255 { "RZ".to_string() } else { format!("R{c}") };
    // nvdisasm names the multiply by zero IMAD.MOV.
    let name = if imm == 0 { "IMAD.MOV" } else { "IMAD" };
    op(lo, 0x000fe200078e0200 | u64::from(c), &format!("{name} R{d}, R{a}, {imm:#x}, {cs} ;"))
}

/// `IMAD Rd, Ra, Rb, Rc`: `Rd = Ra * Rb + Rc`.
fn mad(d: u8, a: u8, b: u8, c: u8) -> Word {
    let lo = u64::from(b) << 32 | u64::from(a) << 24 | u64::from(d) << 16 | 0x7224;
    let cs = if c == 255 { "RZ".to_string() } else { format!("R{c}") };
    op(lo, 0x000fe200078e0200 | u64::from(c), &format!("IMAD R{d}, R{a}, R{b}, {cs} ;"))
}

/// The thread's load, run with the fast paths on and off: both must agree.
fn both(label: &str, run: impl Fn() -> Result<Vec<u32>, Fault>) -> Result<Vec<u32>, Fault> {
    set_fast_path(true);
    let fast = run();
    set_fast_path(false);
    let slow = run();
    set_fast_path(true);
    assert_eq!(fast, slow, "{label}: the fast and per-lane paths differ");
    fast
}

/// Word `i` of the test data.
fn datum(i: u64) -> u32 {
    (i as u32).wrapping_mul(0x9e37_79b9) ^ 0x5bd1_e995
}

#[test]
fn scattered_loads_agree_with_the_per_lane_path_in_value_and_fault() {
    let data: Vec<u8> = (0..(MEMORY - (DATA - BASE)) / 4).flat_map(|i| datum(i).to_le_bytes()).collect();
    let ldg = op(0x0000000402047981, 0x0000a8000c1e1900, "LDG.E R4, [R2.64] ;");
    for stride in [0u32, 8, 12, 0x100, 0x300, 0x1000, 2] {
        let body = [mov(2, DATA as u32), mov(3, (DATA >> 32) as u32), scaled(2, stride, 2), ldg];
        let label = format!("LDG.E, stride {stride:#x}");
        let got = both(&label, || run_threads_with(32, &body, 4, &data, &[]));
        let s = u64::from(stride);
        // The first lane whose address is misaligned or past the memory.
        let bad = (0..32u64).find(|l| (l * s) % 4 != 0 || DATA + l * s + 4 > BASE + MEMORY);
        match bad {
            None => {
                let want: Vec<u32> = (0..32).map(|l| datum(l * s / 4)).collect();
                assert_eq!(got, Ok(want), "{label}");
            }
            Some(l) if (l * s) % 4 != 0 => {
                assert!(matches!(got, Err(Fault::Misaligned { va, .. }) if va == DATA + l * s), "{label}: {got:?}")
            }
            Some(l) => assert!(
                matches!(got, Err(Fault::Mmu { va, write: false, .. }) if va == DATA + l * s),
                "{label}: lane {l}: {got:?}"
            ),
        }
    }
    // Loads and stores whose first and last lanes sit where a contiguous
    // span would put them but a lane between does not (two lanes swapped,
    // a lane repeating its neighbour's address): the span test must look
    // at every lane. Each thread reads its byte offset from a table at
    // DATA, then loads the word there and stores it back at DATA + 0x800
    // + offset.
    let stg = op(0x0000000408007986, 0x000fe8000c101904, "STG.E [R8.64], R4 ;");
    let ldg_at = op(0x0000000408047981, 0x000ea8000c1e1900, "LDG.E R4, [R8.64] ;");
    let ldg_table = op(0x0000000402067981, 0x000ea8000c1e1900, "LDG.E R6, [R2.64] ;");
    for (label, perm) in
        [("lanes 1 and 2 swapped", [(1usize, 2usize), (2, 1)]), ("lane 16 at lane 15's", [(16, 15), (16, 15)])]
    {
        let offset = |l: usize| 0x100 + 4 * perm.iter().find(|p| p.0 == l).map_or(l, |p| p.1) as u32;
        let mut data: Vec<u8> = (0..32).flat_map(|l| offset(l).to_le_bytes()).collect();
        data.resize(0x100, 0);
        data.extend((0x40..0x200u64).flat_map(|i| datum(i).to_le_bytes()));
        let body = [
            mov(2, DATA as u32),
            mov(3, (DATA >> 32) as u32),
            scaled(2, 4, 2),
            ldg_table,
            mov(10, DATA as u32),
            mov(11, (DATA >> 32) as u32),
            add_wide(8, 6, 10),
            ldg_at,
            mov(10, (DATA + 0x800) as u32),
            add_wide(8, 6, 10),
            stg,
            // R4 = what the store wrote, read back.
            ldg_at,
        ];
        let got = both(label, || run_threads_with(32, &body, 4, &data, &[]));
        let want: Vec<u32> = (0..32).map(|l| datum(u64::from(offset(l) / 4))).collect();
        assert_eq!(got, Ok(want), "{label}");
    }
    // Global tile rows (`gather_halves`): lane l loads at DATA +
    // `(l & 15) * lo + (l >> 4) * hi + skew`: two runs of 16 words far apart,
    // the whole warp consecutive, the halves at the same words, the upper
    // run past the end of memory from its ninth lane, a misaligned run,
    // and runs with a stride.
    let data: Vec<u8> = (0..(MEMORY - (DATA - BASE)) / 4).flat_map(|i| datum(i).to_le_bytes()).collect();
    let end = MEMORY - (DATA - BASE);
    for (lo, hi, skew) in
        [(4u32, 0x400u32, 0u32), (4, 0x40, 0), (4, 0, 0), (4, (end - 0x20) as u32, 0), (4, 0x400, 2), (8, 0x400, 0)]
    {
        let body = [
            and_imm(9, 27, 0xf),
            shr(11, 27, 4),
            mov(10, skew),
            mad_imm(10, 11, hi, 10),
            mad_imm(6, 9, lo, 10),
            mov(2, DATA as u32),
            mov(3, (DATA >> 32) as u32),
            add_wide(2, 6, 2),
            ldg,
        ];
        let label = format!("LDG.E at (l & 15) * {lo:#x} + (l >> 4) * {hi:#x} + {skew:#x}");
        let got = both(&label, || run_threads_with(32, &body, 4, &data, &[]));
        let at = |l: u64| (l & 15) * u64::from(lo) + (l >> 4) * u64::from(hi) + u64::from(skew);
        match (0..32u64).find(|&l| at(l) % 4 != 0 || at(l) + 4 > end) {
            None => {
                let want: Vec<u32> = (0..32).map(|l| datum(at(l) / 4)).collect();
                assert_eq!(got, Ok(want), "{label}");
            }
            Some(l) if at(l) % 4 != 0 => {
                assert!(matches!(got, Err(Fault::Misaligned { va, .. }) if va == DATA + at(l)), "{label}: {got:?}")
            }
            Some(l) => assert!(
                matches!(got, Err(Fault::Mmu { va, write: false, .. }) if va == DATA + at(l)),
                "{label}: lane {l}: {got:?}"
            ),
        }
    }
    // Consecutive low words under high words that differ (lanes 7..15 and
    // 23..31, those where bit 3 of `tid + 1` is set, a further 8 GiB up,
    // past the memory; lanes 0 and 31 agree): no contiguous span, however
    // the low words look (`pair_run` checks every lane's high word). The
    // load and the store fault at lane 7's address, as lane by lane.
    let stg2 = op(0x0000000402007986, 0x000fe8000c101904, "STG.E [R2.64], R4 ;");
    for (label, access, write) in [("LDG.E", ldg, false), ("STG.E", stg2, true)] {
        let body = [
            mov(2, DATA as u32),
            mov(3, (DATA >> 32) as u32),
            scaled(2, 4, 2),
            mov(10, 1),
            mov(12, 1),
            mad(9, 27, 12, 10),
            and_imm(9, 9, 0x8),
            shr(9, 9, 3),
            mad_imm(3, 9, 2, 3),
            mov(4, 7),
            access,
        ];
        let label = format!("{label} with a high word apart");
        let got = both(&label, || run_threads_with(32, &body, 4, &data, &[]));
        let va = DATA + 7 * 4 + (2 << 32);
        assert!(matches!(got, Err(Fault::Mmu { va: v, write: w, .. }) if v == va && w == write), "{label}: {got:?}");
    }
    // Shared atomics: each lane adds one at `tid * stride`
    // (`ATOMS.POPC.INC`), then reads its word back.
    let atoms = op(0x0000000006ff7f8c, 0x0001ee000d00003f, "ATOMS.POPC.INC.32 RZ, [R6+URZ] ;");
    let lds = op(0x0000000006047984, 0x000fe80000000800, "LDS R4, [R6] ;");
    for stride in [0u32, 4, 8, 12, 6] {
        let body = [scaled(6, stride, 255), atoms, lds];
        let label = format!("ATOMS.POPC.INC, stride {stride:#x}");
        let got = both(&label, || run_threads_shared(32, &body, 4, &[]));
        let s = u64::from(stride);
        match (0..32u64).find(|l| (l * s) % 4 != 0 || l * s + 4 > u64::from(SHARED)) {
            // Each lane sees how many lanes share its word.
            None => {
                let want: Vec<u32> = (0..32u64).map(|l| (0..32u64).filter(|k| k * s == l * s).count() as u32).collect();
                assert_eq!(got, Ok(want), "{label}");
            }
            Some(l) if (l * s) % 4 != 0 => {
                assert!(matches!(got, Err(Fault::Misaligned { va, .. }) if va == l * s), "{label}: {got:?}")
            }
            Some(l) => assert!(
                matches!(got, Err(Fault::OutOfRange { space: "shared", addr, .. }) if addr == l * s),
                "{label}: lane {l}: {got:?}"
            ),
        }
    }
    // Shared memory: each thread stores its index at word `tid`, then loads
    // at `tid * stride` (4 bytes, and 16 bytes into R12..R15).
    let sts = op(0x0000001b08007388, 0x008fe80000000800, "STS [R8], R27 ;");
    let lds128 = op(0x00000000060c7984, 0x000e280000000c00, "LDS.128 R12, [R6] ;");
    for (load, n, out) in [(lds, 4u64, 4u8), (lds128, 16, 14)] {
        for stride in [0u32, 8, 16, 12, 6] {
            let body = [scaled(8, 4, 255), sts, scaled(6, stride, 255), load];
            let label = format!("LDS of {n} bytes, stride {stride:#x}");
            let got = both(&label, || run_threads_shared(32, &body, out, &[]));
            let s = u64::from(stride);
            let bad = (0..32u64).find(|l| (l * s) % n != 0 || l * s + n > u64::from(SHARED));
            match bad {
                None => {
                    // The word the thread's `out` register holds: word
                    // (out - first register) of its `n` bytes; words past
                    // the 32 stored are still zero.
                    let first = if n == 4 { 4 } else { 12 };
                    let word = |l: u64| l * s / 4 + u64::from(out - first);
                    let want: Vec<u32> = (0..32).map(|l| if word(l) < 32 { word(l) as u32 } else { 0 }).collect();
                    assert_eq!(got, Ok(want), "{label}");
                }
                Some(l) if (l * s) % n != 0 => {
                    assert!(matches!(got, Err(Fault::Misaligned { va, .. }) if va == l * s), "{label}: {got:?}")
                }
                Some(l) => assert!(
                    matches!(got, Err(Fault::OutOfRange { space: "shared", addr, .. }) if addr == l * s),
                    "{label}: lane {l}: {got:?}"
                ),
            }
        }
    }
    // The tile patterns of a 16-wide block (`shared_load_warp`): lane l
    // loads at `(l & 15) * lo + (l >> 4) * hi + skew`: each half-warp at one
    // address (lo 0), the upper half at the lower one's addresses (hi 0),
    // the whole warp consecutive, neither; past the end in the upper half
    // only; misaligned.
    for (load, n, out) in [(lds, 4u64, 4u8), (lds128, 16, 14)] {
        for (lo, hi, skew) in [(0u32, 64u32, 0u32), (0, 0x80, 16), (4, 0, 0), (16, 0, 0), (4, 64, 0), (4, 0x80, 0)]
            .into_iter()
            .chain([(0, SHARED, 0), (4, SHARED - 0x40, 0), (4, 0, 2), (0, 64, 8)])
        {
            let body = [
                scaled(8, 4, 255),
                sts,
                mov(10, skew),
                and_imm(9, 27, 0xf),
                shr(11, 27, 4),
                mad_imm(10, 11, hi, 10),
                mad_imm(6, 9, lo, 10),
                load,
            ];
            let label = format!("LDS of {n} bytes at (l & 15) * {lo:#x} + (l >> 4) * {hi:#x} + {skew:#x}");
            let got = both(&label, || run_threads_shared(32, &body, out, &[]));
            let at = |l: u64| (l & 15) * u64::from(lo) + (l >> 4) * u64::from(hi) + u64::from(skew);
            match (0..32u64).find(|&l| at(l) % n != 0 || at(l) + n > u64::from(SHARED)) {
                None => {
                    let first = if n == 4 { 4 } else { 12 };
                    let word = |l: u64| at(l) / 4 + u64::from(out - first);
                    let want: Vec<u32> = (0..32).map(|l| if word(l) < 32 { word(l) as u32 } else { 0 }).collect();
                    assert_eq!(got, Ok(want), "{label}");
                }
                Some(l) if at(l) % n != 0 => {
                    assert!(matches!(got, Err(Fault::Misaligned { va, .. }) if va == at(l)), "{label}: {got:?}")
                }
                Some(l) => assert!(
                    matches!(got, Err(Fault::OutOfRange { space: "shared", addr, .. }) if addr == at(l)),
                    "{label}: lane {l}: {got:?}"
                ),
            }
        }
    }
    // Half-warps that only partly match a pattern: lane l at
    // `(l & 15) * (l >> 4) * 4`, the lower half all at 0 and the upper half
    // consecutive; and at `(l & 15) * (1 - (l >> 4)) * 4`, the lower half
    // consecutive and the upper half all at 0.
    for (load, n, out) in [(lds, 4u64, 4u8), (lds128, 16, 14)] {
        for upper_first in [true, false] {
            // R11 = l >> 4, or 1 - (l >> 4); R12 = (l & 15) * R11; R6 = R12 * n.
            let flip = [mov(13, 1), op(0x0000000d0b0b7210, 0x000fe40007ffe1ff, "IADD3 R11, -R11, R13, RZ ;")];
            let mut body = vec![scaled(8, 4, 255), sts, and_imm(9, 27, 0xf), shr(11, 27, 4)];
            if !upper_first {
                body.extend(flip);
            }
            // R10 = 0 as the addend (with RZ nvdisasm names these IMAD.SHL).
            body.extend([mov(10, 0), mad(12, 9, 11, 10), mad_imm(6, 12, n as u32, 10), load]);
            let label =
                format!("LDS of {n} bytes, the {} half consecutive", if upper_first { "upper" } else { "lower" });
            let got = both(&label, || run_threads_shared(32, &body, out, &[]));
            let at = |l: u64| (l & 15) * if upper_first { l >> 4 } else { 1 - (l >> 4) } * n;
            let first = if n == 4 { 4 } else { 12 };
            let word = |l: u64| at(l) / 4 + u64::from(out - first);
            let want: Vec<u32> = (0..32).map(|l| if word(l) < 32 { word(l) as u32 } else { 0 }).collect();
            assert_eq!(got, Ok(want), "{label}");
        }
    }
}
