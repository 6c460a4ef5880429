//! Warp-wide matrix instructions: `HMMA.16816.F32[.BF16]` and `LDSM`.
//!
//! Both need the whole warp (PTX's `.sync.aligned`): the fragments of one
//! thread are read from, or delivered to, the registers of the others. The
//! fragment layouts are PTX's ("Matrix Fragments for mma.m16n8k16" and
//! `ldmatrix`).

use super::float_ops::canon;
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::half::{two_sum, HalfFmt};
use crate::instr::Instr;
use crate::operand::{Operand, SrcMods};

fn reg(i: &Instr, n: usize) -> Result<(u8, SrcMods), Fault> {
    match *i.src(n) {
        Operand::Reg(r, m) => Ok((r, m)),
        _ => Err(bad(i, "matrix operand")),
    }
}

/// Register `r + k` (`RZ` stays `RZ`: a zero accumulator).
fn at(r: u8, k: usize) -> u8 {
    if r == crate::operand::RZ {
        r
    } else {
        r.saturating_add(k as u8)
    }
}

/// `D = A * B + C` for a 16x16 A, a 16x8 B and a 16x8 C, f16 or bf16 inputs
/// into f32. Each element is the exact sum of the 16 exact products and C,
/// rounded once to nearest. (The hardware adds in its own order and
/// precision; it gives the same bits whenever the exact sum is an f32, as
/// for every corpus input.)
pub(crate) fn hmma(w: &mut Warp, i: &Instr, exec: u32, bf16: bool) -> Result<(), Fault> {
    if exec != u32::MAX {
        return Err(bad(i, "HMMA with inactive lanes (it needs the whole warp)"));
    }
    let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
    let ((d, _), (ra, ma), (rb, mb), (rc, _)) = (reg(i, 0)?, reg(i, 1)?, reg(i, 2)?, reg(i, 3)?);
    let (mut a, mut b, mut c) = ([[0f64; 16]; 16], [[0f64; 8]; 16], [[0f64; 8]; 16]);
    let half = |v: u32, h: usize, neg: bool| {
        let x = fmt.to_f64((v >> (16 * h)) as u16);
        if neg {
            -x
        } else {
            x
        }
    };
    for lane in 0..32 {
        let (g, t) = (lane >> 2, lane & 3);
        for k in 0..8 {
            let v = w.r(at(ra, k >> 1), lane);
            a[g + 8 * ((k >> 1) & 1)][2 * t + (k & 1) + 8 * (k >> 2)] = half(v, k & 1, ma.neg);
        }
        for k in 0..4 {
            let v = w.r(at(rb, k >> 1), lane);
            b[2 * t + (k & 1) + 8 * (k >> 1)][g] = half(v, k & 1, mb.neg);
        }
        for k in 0..4 {
            c[g + 8 * (k >> 1)][2 * t + (k & 1)] = f64::from(f32::from_bits(w.r(at(rc, k), lane)));
        }
    }
    // Products of 16-bit values are exact in f64; the sum is carried as
    // hi + lo (Neumaier), then rounded once.
    let mut out = [[0u32; 4]; 32];
    for (lane, o) in out.iter_mut().enumerate() {
        let (g, t) = (lane >> 2, lane & 3);
        for (k, o) in o.iter_mut().enumerate() {
            let (row, col) = (g + 8 * (k >> 1), 2 * t + (k & 1));
            let (mut hi, mut lo) = (c[row][col], 0.0);
            for kk in 0..16 {
                let (s, e) = two_sum(hi, a[row][kk] * b[kk][col]);
                hi = s;
                lo += e;
            }
            let (s, e) = two_sum(hi, lo);
            *o = canon(round_f32_rn(s, e));
        }
    }
    for (lane, v) in out.iter().enumerate() {
        for (k, &x) in v.iter().enumerate() {
            w.set_r(at(d, k), lane, x);
        }
    }
    Ok(())
}

/// The exact value `hi + lo` (`hi` its f64 rounding) rounded to the
/// nearest f32, ties to even. Every f32 midpoint is an f64, so rounding `hi`
/// is right unless `hi` is one; then `lo` says which way.
fn round_f32_rn(hi: f64, lo: f64) -> f32 {
    let r = hi as f32;
    let rd = f64::from(r);
    if lo == 0.0 || rd == hi || !r.is_finite() {
        return r;
    }
    let step = |x: f32, up: bool| {
        let b = x.to_bits();
        // Away from zero is +1 on the magnitude; toward zero -1 (x is not zero here).
        f32::from_bits(if (x > 0.0) == up { b + 1 } else { b - 1 })
    };
    let (below, above) = if rd < hi { (r, step(r, true)) } else { (step(r, false), r) };
    if hi == (f64::from(below) + f64::from(above)) / 2.0 {
        if lo > 0.0 {
            above
        } else {
            below
        }
    } else {
        r
    }
}

/// `LDSM`: thread `8j + r` gives the shared address of row `r` of matrix
/// `j` (16 bytes, 16-aligned); lane `l` receives, in register `d + j`,
/// the 32-bit word `l % 4` of row `l / 4` (`.MT88`: column `l / 4` of
/// rows `2 (l % 4)` and `2 (l % 4) + 1`, low half first).
pub(crate) fn ldsm(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, count: u8, trans: bool) -> Result<(), Fault> {
    let (d, _) = reg(i, 0)?;
    let Operand::Mem(addr) = *i.src(1) else { return Err(bad(i, "address")) };
    let rows = 8 * usize::from(count);
    let need = if rows >= 32 { u32::MAX } else { (1u32 << rows) - 1 };
    if exec & need != need {
        return Err(bad(i, "LDSM with an address lane inactive (it needs the whole warp)"));
    }
    // Each row's 16 bytes, read once.
    let mut data = [[0u8; 16]; 32];
    for (r, row) in data.iter_mut().enumerate().take(rows) {
        let va = super::memops::address_of(w, &addr, r);
        if !va.is_multiple_of(16) {
            return Err(Fault::Misaligned { va, size: 16, pc: i.pc });
        }
        let src = (va as usize).checked_add(16).and_then(|end| env.shared.get(va as usize..end));
        let src = src.ok_or_else(|| Fault::OutOfRange {
            space: "shared",
            addr: va,
            size: 16,
            limit: env.shared.len() as u64,
            pc: i.pc,
        })?;
        row.copy_from_slice(src);
    }
    for l in lanes(exec) {
        for j in 0..usize::from(count) {
            let m = &data[8 * j..8 * j + 8];
            let v = if trans {
                let (col, r0) = (l / 4, 2 * (l % 4));
                let h = |r: usize| u32::from(u16::from_le_bytes([m[r][2 * col], m[r][2 * col + 1]]));
                h(r0) | h(r0 + 1) << 16
            } else {
                let (row, word) = (l / 4, l % 4);
                u32::from_le_bytes([m[row][4 * word], m[row][4 * word + 1], m[row][4 * word + 2], m[row][4 * word + 3]])
            };
            w.set_r(at(d, j), l, v);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::round_f32_rn;

    #[test]
    fn the_low_part_breaks_f32_ties() {
        let tie = 1.0 + crate::half::pow2(-24); // halfway between 1 and 1 + 2^-23
        assert_eq!(round_f32_rn(tie, 0.0), 1.0);
        assert_eq!(round_f32_rn(tie, 1e-30), 1.0 + (crate::half::pow2(-23) as f32));
        assert_eq!(round_f32_rn(-tie, -1e-30), -1.0 - (crate::half::pow2(-23) as f32));
        assert_eq!(round_f32_rn(-tie, 1e-30), -1.0);
        assert_eq!(round_f32_rn(1.0 + 3.0 * crate::half::pow2(-24), -1e-30), 1.0 + (crate::half::pow2(-23) as f32));
    }
}
