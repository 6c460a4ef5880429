//! Row kernels compiled twice: for baseline x86-64 and for hosts with
//! AVX2 and FMA, chosen once at run time (the `multiversion` crate).
//!
//! Why: baseline x86-64 has no fused multiply-add instruction, so
//! `f32::mul_add` there is a call into the runtime's `fmaf` for every lane
//! (correct, but a call per lane, and the 32-lane loop around it cannot be
//! vectorised). Nearly every x86-64 host the mock runs on has FMA; the
//! second copy computes a warp's `FFMA` as four 8-lane `vfmadd`s. Both
//! copies are the same Rust code, and `mul_add` is correctly rounded on
//! either, so the results are bit for bit the same. Elsewhere (aarch64,
//! whose baseline has FMA) there is one copy.
//!
//! Each kernel's body is a plain function (`*_body`), which the run-time
//! choice wraps: the unit tests below check both the copy this host picks
//! (through the wrapper) and the body compiled for baseline x86-64 (called
//! directly), against each kernel's lane-by-lane definition, so the copy a
//! host without AVX2 runs is tested on every host. The exactness tests
//! (corpus, random programs, tinygrad) run whichever copy the host picks.

use multiversion::multiversion;

use super::float_ops::{canon, ftz};
use super::memops::Pattern;

/// `FFMA` in round-to-nearest for 32 lanes: `a * b + c` rounded once, the
/// canonical NaN for any NaN, then clamped to [+0, 1] where `sat` (NaN and
/// negatives, -0 included, becoming +0) and flushed to zero where `fz`.
#[multiversion(targets("x86_64+avx2+fma"))]
pub(crate) fn ffma_rn_rows(a: &[u32; 32], b: &[u32; 32], c: &[u32; 32], sat: bool, fz: bool) -> [u32; 32] {
    ffma_rn_rows_body(a, b, c, sat, fz)
}

/// [`ffma_rn_rows`]'s lanes, as each copy compiles them.
#[inline(always)]
fn ffma_rn_rows_body(a: &[u32; 32], b: &[u32; 32], c: &[u32; 32], sat: bool, fz: bool) -> [u32; 32] {
    let f = |row: &[u32; 32], l: usize| f32::from_bits(row[l]);
    let (a, b, c) = (|l| f(a, l), |l| f(b, l), |l| f(c, l));
    let mut out = [0u32; 32];
    if sat {
        for (l, o) in out.iter_mut().enumerate() {
            let r = a(l).mul_add(b(l), c(l));
            *o = if r.is_nan() || r.is_sign_negative() { 0 } else { r.min(1.0).to_bits() };
        }
    } else {
        for (l, o) in out.iter_mut().enumerate() {
            *o = canon(a(l).mul_add(b(l), c(l)));
        }
    }
    if fz {
        for v in &mut out {
            *v = ftz(*v);
        }
    }
    out
}

/// `FFMA` rounded toward `rnd` (`.RM`, `.RP`, `.RZ`) for the lanes of
/// `exec` (0 elsewhere): what [`fma_f32`](super::float_ops::fma_f32) gives
/// lane by lane, then `.SAT`, the canonical NaN and `.FTZ` as
/// [`ffma_rn_rows`] applies them. The lanes whose inputs are finite and
/// whose result is neither zero nor past the finite range take its f64
/// path (the exact product, the sum's error recovered by TwoSum, one step
/// from the nearest f32 where that is on the wrong side) as vector
/// arithmetic; the others take the soft-float, lane by lane.
#[multiversion(targets("x86_64+avx2+fma"))]
pub(crate) fn ffma_directed_rows(
    (a, b, c): (&[u32; 32], &[u32; 32], &[u32; 32]),
    rnd: crate::op::Rnd,
    exec: u32,
    sat: bool,
    fz: bool,
) -> [u32; 32] {
    ffma_directed_rows_body((a, b, c), rnd, exec, sat, fz)
}

/// [`ffma_directed_rows`]'s lanes, as each copy compiles them.
#[inline(always)]
fn ffma_directed_rows_body(
    (a, b, c): (&[u32; 32], &[u32; 32], &[u32; 32]),
    rnd: crate::op::Rnd,
    exec: u32,
    sat: bool,
    fz: bool,
) -> [u32; 32] {
    use crate::op::Rnd;
    let mut out = [0u32; 32];
    let mut slow = 0u32;
    for l in 0..32 {
        let (x, y, z) = (f32::from_bits(a[l]), f32::from_bits(b[l]), f32::from_bits(c[l]));
        let (p, zc) = (f64::from(x) * f64::from(y), f64::from(z));
        let s = p + zc;
        let v = s - p;
        let e = (p - (s - v)) + (zc - v);
        let t = s as f32;
        let up = match rnd {
            Rnd::Rp => true,
            Rnd::Rm => false,
            _ => s < 0.0,
        };
        let d = f64::from(t) - s;
        // One step up or down from `t` (finite, not zero) in its bits: away
        // from zero is one more, toward zero one less.
        let tb = t.to_bits();
        let away =
            |toward_positive: bool| if (t > 0.0) == toward_positive { tb.wrapping_add(1) } else { tb.wrapping_sub(1) };
        let bits = if up && d < e {
            away(true)
        } else if !up && d > e {
            away(false)
        } else {
            tb
        };
        let exact = x.is_finite() && y.is_finite() && z.is_finite() && s != 0.0 && t != 0.0 && t.is_finite();
        slow |= u32::from(!exact) << l;
        let r = f32::from_bits(bits);
        out[l] = if sat {
            if r.is_sign_negative() {
                0
            } else {
                r.min(1.0).to_bits()
            }
        } else {
            bits
        };
    }
    for l in super::warp::lanes(slow & exec) {
        let (x, y, z) = (f32::from_bits(a[l]), f32::from_bits(b[l]), f32::from_bits(c[l]));
        let mut r = super::float_ops::fma_f32(x, y, z, rnd);
        if sat {
            r = if r.is_nan() || r.is_sign_negative() { 0.0 } else { r.min(1.0) };
        }
        out[l] = canon(r);
    }
    for l in super::warp::lanes(slow & !exec) {
        out[l] = 0;
    }
    if fz {
        for v in &mut out {
            *v = ftz(*v);
        }
    }
    out
}

/// The shared-memory byte addresses of a warp's `n`-byte accesses,
/// `(base << shift) + add` in each lane, written to `addr`, and their
/// layout; `None` where a lane's address is not a multiple of `n` (a power
/// of two, at least 4) or is past `last`. One pass over the two
/// half-warps, each test's differences OR-ed (no branch per lane).
/// Addresses in range are far below 2^32, so byte and word runs agree.
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn shared_layout(
    base: &[u32; 32],
    (shift, add): (u32, u32),
    n: u32,
    last: u32,
    addr: &mut [u32; 32],
) -> Option<Pattern> {
    shared_layout_body(base, (shift, add), n, last, addr)
}

/// [`shared_layout`]'s lanes, as each copy compiles them.
#[inline(always)]
fn shared_layout_body(
    base: &[u32; 32],
    (shift, add): (u32, u32),
    n: u32,
    last: u32,
    addr: &mut [u32; 32],
) -> Option<Pattern> {
    for (a, b) in addr.iter_mut().zip(base) {
        *a = (b << (shift & 31)).wrapping_add(add);
    }
    let (a0, b0) = (addr[0], addr[16]);
    let low_bits = n - 1;
    let (mut bad, mut spread, mut repeat, mut half_run, mut run_hi) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for l in 0..16 {
        let (lo, hi) = (addr[l], addr[l + 16]);
        bad |= ((lo | hi) & low_bits) | u32::from(lo > last) | u32::from(hi > last);
        spread |= (lo ^ a0) | (hi ^ b0);
        repeat |= lo ^ hi;
        half_run |= lo ^ a0.wrapping_add(4 * l as u32);
        run_hi |= hi ^ a0.wrapping_add(64 + 4 * l as u32);
    }
    if bad != 0 {
        return None;
    }
    Some(Pattern { spread: spread == 0, repeat: repeat == 0, half_run: half_run == 0, run: (half_run | run_hi) == 0 })
}

/// The lanes where `x < y` (signed or unsigned) and where `x == y`, as
/// masks: one vector compare and one mask extraction per eight lanes on
/// AVX2 (`ISETP` of the whole warp).
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn compare_masks(x: &[u32; 32], y: &[u32; 32], signed: bool) -> (u32, u32) {
    compare_masks_body(x, y, signed)
}

/// [`compare_masks`]'s lanes, as each copy compiles them.
#[inline(always)]
fn compare_masks_body(x: &[u32; 32], y: &[u32; 32], signed: bool) -> (u32, u32) {
    // Unsigned order is signed order with the sign bits flipped.
    let flip = if signed { 0 } else { 0x8000_0000 };
    let (mut less, mut equal) = (0u32, 0u32);
    for l in 0..32 {
        less |= u32::from(((x[l] ^ flip) as i32) < ((y[l] ^ flip) as i32)) << l;
        equal |= u32::from(x[l] == y[l]) << l;
    }
    (less, equal)
}

/// `IMAD.WIDE` with no carry for 32 lanes: `a * b + c` modulo 2^64, the
/// product signed or unsigned, the addend the pair `c_lo:c_hi`, returned as
/// the result's low and high words (the destination pair's rows). With
/// AVX2, four lanes a multiply (`vpmuludq`); baseline x86-64 has two.
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn mad_wide_rows(
    a: &[u32; 32],
    b: &[u32; 32],
    c_lo: &[u32; 32],
    c_hi: &[u32; 32],
    signed: bool,
) -> ([u32; 32], [u32; 32]) {
    mad_wide_rows_body(a, b, c_lo, c_hi, signed)
}

/// [`mad_wide_rows`]'s lanes, as each copy compiles them.
#[inline(always)]
fn mad_wide_rows_body(
    a: &[u32; 32],
    b: &[u32; 32],
    c_lo: &[u32; 32],
    c_hi: &[u32; 32],
    signed: bool,
) -> ([u32; 32], [u32; 32]) {
    let (mut lo, mut hi) = ([0u32; 32], [0u32; 32]);
    let c = |l: usize| u64::from(c_lo[l]) | u64::from(c_hi[l]) << 32;
    if signed {
        for l in 0..32 {
            let s = ((a[l] as i32 as i64).wrapping_mul(b[l] as i32 as i64) as u64).wrapping_add(c(l));
            (lo[l], hi[l]) = (s as u32, (s >> 32) as u32);
        }
    } else {
        for l in 0..32 {
            let s = (u64::from(a[l]) * u64::from(b[l])).wrapping_add(c(l));
            (lo[l], hi[l]) = (s as u32, (s >> 32) as u32);
        }
    }
    (lo, hi)
}

/// Whether lane `l`'s register pair `lo:hi` is lane 0's plus `l << scale`
/// with no carry into the high word: every low word that far above lane
/// 0's, every high word lane 0's (a coalesced access's addresses, before
/// they are made; the caller has checked that lane 31's low word does not
/// wrap).
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn consecutive_pairs(lo: &[u32; 32], hi: &[u32; 32], scale: u32) -> bool {
    consecutive_pairs_body(lo, hi, scale)
}

/// [`consecutive_pairs`]'s lanes, as each copy compiles them.
#[inline(always)]
fn consecutive_pairs_body(lo: &[u32; 32], hi: &[u32; 32], scale: u32) -> bool {
    let (l0, h0) = (lo[0], hi[0]);
    let mut diff = 0u32;
    for l in 0..32 {
        diff |= (lo[l].wrapping_sub(l0) ^ ((l as u32) << (scale & 31))) | (hi[l] ^ h0);
    }
    diff == 0
}

/// The lowest of a warp's 32 program counters (a full warp's next path).
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn lowest(pcs: &[u64; 32]) -> u64 {
    lowest_body(pcs)
}

/// [`lowest`]'s lanes, as each copy compiles them.
#[inline(always)]
fn lowest_body(pcs: &[u64; 32]) -> u64 {
    pcs.iter().fold(u64::MAX, |m, &p| m.min(p))
}

/// The lanes whose program counter is `pc`, as a mask.
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn lanes_at(pcs: &[u64; 32], pc: u64) -> u32 {
    lanes_at_body(pcs, pc)
}

/// [`lanes_at`]'s lanes, as each copy compiles them.
#[inline(always)]
fn lanes_at_body(pcs: &[u64; 32], pc: u64) -> u32 {
    let mut mask = 0u32;
    for (l, &p) in pcs.iter().enumerate() {
        mask |= u32::from(p == pc) << l;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::softfloat as sf;
    use crate::op::Rnd;

    /// Single-precision bit patterns biased to where rounding is hard:
    /// subnormals, the ends of the normal range, values a few ulps apart,
    /// infinities and NaNs among any others.
    fn pick(x: &mut u64) -> u32 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let r = *x >> 8;
        let sign = ((*x >> 63) as u32) << 31;
        sign | match *x % 8 {
            0 => r as u32 & 0x007f_ffff,
            1 => 0x0080_0000 + (r as u32 & 0xff_ffff),
            2 => 0x7f7f_ffff - (r as u32 & 0xffff),
            3 => 0x3f80_0000 + (r as u32 & 0xf),
            4 => [0, 0x7f80_0000, 0x7fc0_0000, 0x7f80_0001][r as usize % 4],
            _ => r as u32,
        }
    }

    /// A xorshift64 stream.
    fn stream(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// Compare masks, the lowest pc and the lanes at a pc are what their
    /// lane-by-lane definitions give, on values that are often equal, often
    /// differ only in the sign bit, and sometimes differ anywhere.
    #[test]
    fn warp_reductions_are_their_definitions() {
        let mut next = stream(0x853c_49e6_748f_ea9b);
        for _ in 0..20_000 {
            let base = next();
            let mut pick = || match next() % 4 {
                0 => base,
                1 => base ^ 0x8000_0000,
                2 => base.wrapping_add(next() % 3),
                _ => next(),
            };
            let x: [u32; 32] = std::array::from_fn(|_| pick() as u32);
            let y: [u32; 32] = std::array::from_fn(|_| pick() as u32);
            let pcs: [u64; 32] = std::array::from_fn(|_| pick() << 4);
            for signed in [false, true] {
                let (less, equal) = compare_masks(&x, &y, signed);
                assert_eq!((less, equal), compare_masks_body(&x, &y, signed));
                for l in 0..32 {
                    let lt = if signed { (x[l] as i32) < (y[l] as i32) } else { x[l] < y[l] };
                    assert_eq!(less >> l & 1 == 1, lt, "{:#x} < {:#x} signed {signed}", x[l], y[l]);
                    assert_eq!(equal >> l & 1 == 1, x[l] == y[l]);
                }
            }
            let low = lowest(&pcs);
            assert_eq!(low, *pcs.iter().min().unwrap_or(&u64::MAX));
            assert_eq!(low, lowest_body(&pcs));
            let at = lanes_at(&pcs, low);
            assert_eq!(at, lanes_at_body(&pcs, low));
            for (l, &p) in pcs.iter().enumerate() {
                assert_eq!(at >> l & 1 == 1, p == low);
            }
            assert_ne!(at, 0);
        }
    }

    /// The wide multiply-add is its 128-bit definition taken modulo 2^64,
    /// in the copy this host picks and in the baseline body.
    #[test]
    fn mad_wide_rows_is_its_definition() {
        let mut next = stream(0x2f8a_b1c3_d4e5_f607);
        for _ in 0..5_000 {
            let mut pick = || match next() % 4 {
                0 => 0,
                1 => u32::MAX - (next() % 3) as u32,
                2 => 0x8000_0000 ^ (next() % 5) as u32,
                _ => next() as u32,
            };
            let rows: [[u32; 32]; 4] = std::array::from_fn(|_| std::array::from_fn(|_| pick()));
            let [a, b, c_lo, c_hi] = &rows;
            for signed in [false, true] {
                let got = mad_wide_rows(a, b, c_lo, c_hi, signed);
                assert_eq!(got, mad_wide_rows_body(a, b, c_lo, c_hi, signed));
                for l in 0..32 {
                    let (x, y) = if signed {
                        (i128::from(a[l] as i32), i128::from(b[l] as i32))
                    } else {
                        (i128::from(a[l]), i128::from(b[l]))
                    };
                    let c = i128::from(u64::from(c_lo[l]) | u64::from(c_hi[l]) << 32);
                    let want = (x * y + c) as u64;
                    assert_eq!((got.0[l], got.1[l]), (want as u32, (want >> 32) as u32), "lane {l} signed {signed}");
                }
            }
        }
    }

    /// Consecutive pairs are found exactly where every lane's pair is
    /// lane 0's plus `l << scale`: on runs, runs with one lane's low or
    /// high word moved, and random rows.
    #[test]
    fn consecutive_pairs_is_its_definition() {
        let mut next = stream(0x1234_5678_9abc_def1);
        for _ in 0..20_000 {
            let scale = [2u32, 3, 4][(next() % 3) as usize];
            let (l0, h0) = (next() as u32 >> 8, next() as u32);
            let mut lo: [u32; 32] = std::array::from_fn(|l| l0.wrapping_add((l as u32) << scale));
            let mut hi = [h0; 32];
            match next() % 4 {
                0 => {}
                1 => lo[(next() % 32) as usize] ^= 1 << (next() % 32),
                2 => hi[(next() % 32) as usize] ^= 1 << (next() % 32),
                _ => lo = std::array::from_fn(|_| next() as u32),
            }
            let want = (0..32).all(|l| {
                let pair = |k: usize| u64::from(lo[k]) | u64::from(hi[k]) << 32;
                pair(l) == pair(0) + ((l as u64) << scale)
            });
            assert_eq!(consecutive_pairs(&lo, &hi, scale), want);
            assert_eq!(consecutive_pairs_body(&lo, &hi, scale), want);
        }
    }

    /// The directed-rounding rows are `fma_f32` lane by lane, with `.SAT`
    /// and `.FTZ` after it, in each mode, on values where rounding is
    /// hard (`pick`): in the copy this host picks and in the baseline body.
    #[test]
    fn directed_rows_equal_fma_f32_lane_by_lane() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..3000 {
            let rows: [[u32; 32]; 3] = std::array::from_fn(|_| std::array::from_fn(|_| pick(&mut x)));
            let rnd = [Rnd::Rm, Rnd::Rp, Rnd::Rz][round % 3];
            let (sat, fz) = (round / 3 % 2 == 1, round / 6 % 2 == 1);
            let exec = if round % 5 == 0 { (x >> 7) as u32 } else { u32::MAX };
            let got = ffma_directed_rows((&rows[0], &rows[1], &rows[2]), rnd, exec, sat, fz);
            assert_eq!(got, ffma_directed_rows_body((&rows[0], &rows[1], &rows[2]), rnd, exec, sat, fz));
            for l in super::super::warp::lanes(exec) {
                let f = |r: &[u32; 32]| f32::from_bits(r[l]);
                let mut r = crate::exec::float_ops::fma_f32(f(&rows[0]), f(&rows[1]), f(&rows[2]), rnd);
                if sat {
                    r = if r.is_nan() || r.is_sign_negative() { 0.0 } else { r.min(1.0) };
                }
                let want = if fz { ftz(canon(r)) } else { canon(r) };
                assert_eq!(
                    got[l], want,
                    "lane {l} {rnd:?} sat {sat} fz {fz}: {:#x} {:#x} {:#x}",
                    rows[0][l], rows[1][l], rows[2][l]
                );
            }
        }
    }

    /// The layout as its definition says it, lane by lane.
    fn layout_by_lanes(addr: &[u32; 32], n: u32, last: u32) -> Option<(bool, bool, bool, bool)> {
        if addr.iter().any(|&a| a % n != 0 || a > last) {
            return None;
        }
        let idx = addr.map(|a| a / 4);
        let spread = (0..32).all(|l| idx[l] == idx[l & 16]);
        let repeat = (0..16).all(|l| idx[l] == idx[l + 16]);
        let half_run = (0..16).all(|l| idx[l] == idx[0] + l as u32);
        let run = (0..32).all(|l| idx[l] == idx[0] + l as u32);
        Some((spread, repeat, half_run, run))
    }

    /// Every pattern, and every pattern with one lane moved (to a
    /// neighbour's address, one word off, misaligned, past the end), is
    /// classified as the lane-by-lane definition classifies it.
    #[test]
    fn shared_layout_is_its_definition() {
        let mut next = stream(0x2545_f491_4f6c_dd1d);
        let last = 0x1_0000 - 16;
        let (mut checked, mut seen) = (0, [0u32; 4]);
        for _ in 0..20_000 {
            let n = [4u32, 8, 16][next() as usize % 3];
            let base = (next() as u32 % 0x8000) & !(n - 1);
            let other = (next() as u32 % 0x8000) & !(n - 1);
            let mut addr: [u32; 32] = match next() % 5 {
                0 => std::array::from_fn(|l| base + 4 * l as u32),
                1 => std::array::from_fn(|l| if l < 16 { base } else { other }),
                2 => std::array::from_fn(|l| base + 4 * (l as u32 & 15)),
                3 => std::array::from_fn(|l| (base + n * (l as u32 & 15)) + if l < 16 { 0 } else { other }),
                _ => std::array::from_fn(|_| (next() as u32 % 0x8000) & !(n - 1)),
            };
            if next().is_multiple_of(2) {
                let l = next() as usize % 32;
                addr[l] = match next() % 5 {
                    0 => addr[(l + 1) % 32],
                    1 => addr[(l + 31) % 32],
                    2 => addr[l].wrapping_add(4),
                    3 => addr[l] | 1,
                    _ => last + n,
                };
            }
            let want = layout_by_lanes(&addr, n, last);
            // As the instruction gives them: a base register scaled, plus a sum.
            let (shift, add) = ((next() % 3) as u32, next() as u32);
            let base = addr.map(|a| a.wrapping_sub(add) >> shift);
            let (mut made, mut made_body) = ([0u32; 32], [0u32; 32]);
            let got = shared_layout(&base, (shift, add), n, last, &mut made);
            let got = got.map(|p| (p.spread, p.repeat, p.half_run, p.run));
            let body = shared_layout_body(&base, (shift, add), n, last, &mut made_body);
            assert_eq!(body.map(|p| (p.spread, p.repeat, p.half_run, p.run)), got);
            assert_eq!(made_body, made);
            let scaled = base.map(|b| (b << shift).wrapping_add(add));
            assert_eq!(made, scaled);
            let want = if scaled == addr { want } else { layout_by_lanes(&scaled, n, last) };
            assert_eq!(got, want, "{addr:x?} n {n}");
            if let Some(p) = want {
                for (k, b) in [p.0, p.1, p.2, p.3].into_iter().enumerate() {
                    seen[k] += u32::from(b);
                }
            }
            checked += 1;
        }
        // Each pattern was met many times.
        assert!(seen.iter().all(|&c| c > 300), "{seen:?} of {checked}");
    }

    /// The copy this host runs, and the baseline body, give the soft-float's
    /// result for every lane, in every combination of `.SAT` and `.FTZ` (the inputs
    /// here are the operands as the instruction reads them: flushing
    /// inputs is the caller's).
    #[test]
    fn rows_equal_the_soft_float_lane_by_lane() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..4000 {
            let mut rows = [[0f32; 32]; 3];
            for row in &mut rows {
                for v in row.iter_mut() {
                    *v = f32::from_bits(pick(&mut x));
                }
            }
            if round % 3 == 0 {
                // Cancellation: c near -a*b, where a second rounding shows.
                let [a, b, c] = &mut rows;
                for ((c, a), b) in c.iter_mut().zip(a.iter()).zip(b.iter()) {
                    *c = -(a * b);
                }
            }
            let [a, b, c] = &rows;
            for (sat, fz) in [(false, false), (true, false), (false, true), (true, true)] {
                let bits = |row: &[f32; 32]| row.map(f32::to_bits);
                // The host's copy, and the baseline body.
                let got = ffma_rn_rows(&bits(a), &bits(b), &bits(c), sat, fz);
                assert_eq!(got, ffma_rn_rows_body(&bits(a), &bits(b), &bits(c), sat, fz));
                for l in 0..32 {
                    let exact = sf::fma(
                        sf::F32,
                        a[l].to_bits().into(),
                        b[l].to_bits().into(),
                        Some(c[l].to_bits().into()),
                        Rnd::Rn,
                    ) as u32;
                    let r = f32::from_bits(exact);
                    let mut want = if sat {
                        if r.is_nan() || r.is_sign_negative() {
                            0
                        } else {
                            r.min(1.0).to_bits()
                        }
                    } else if r.is_nan() {
                        0x7fff_ffff
                    } else {
                        exact
                    };
                    if fz {
                        want = ftz(want);
                    }
                    assert_eq!(got[l], want, "{:e} * {:e} + {:e} sat {sat} ftz {fz}", a[l], b[l], c[l]);
                }
            }
        }
    }
}
