//! Rust twins of the suite's SM 8.7 kernels (`gpuiface-kernels`).
//!
//! The model cannot run SASS. When a launch's program address holds the
//! exact code bytes of a suite kernel (its `.text` section, parsed from the
//! cubin with the hal's loader), the model runs the kernel's twin instead:
//! a Rust function that computes what the SASS computes, reading its
//! parameters from constant buffer 0 at the offsets the cubin's
//! `EIATTR_KPARAM_INFO` gives, and `%ntid`/`%nctaid` from the driver area
//! exactly where the compiled code reads them. A runtime that lays out
//! constant buffer 0 wrongly gets the wrong result on the mock, as it would
//! on an Orin.
//!
//! The twins are known to every [`Gpu`](super::Gpu), so any process that
//! launches a suite cubin through the model (the preload library included)
//! gets the right result; unknown code still faults at once.
//!
//! One deliberate difference: where a launch would leave results undefined
//! on the hardware (`reduce_sum` with a block other than 256 threads), the
//! twin fails the launch with a reason rather than invent values.

use std::sync::OnceLock;
use std::time::Duration;

use gpuiface_hal::cubin::{Cubin, KernelAttributes};
use gpuiface_hal::hw::ga10b;

use super::compute::KernelCtx;
use crate::mem::GpuVm;

/// A twin: the kernel's code and attributes, and its Rust function.
pub(super) struct Twin {
    pub name: &'static str,
    pub code: Vec<u8>,
    pub attrs: KernelAttributes,
    run: fn(&mut KernelCtx<'_>, &KernelAttributes) -> Result<(), String>,
}

impl Twin {
    pub(super) fn run(&self, ctx: &mut KernelCtx<'_>) -> Result<(), String> {
        (self.run)(ctx, &self.attrs)
    }
}

type TwinFn = fn(&mut KernelCtx<'_>, &KernelAttributes) -> Result<(), String>;

fn table() -> &'static [Twin] {
    static TWINS: OnceLock<Vec<Twin>> = OnceLock::new();
    TWINS.get_or_init(|| {
        let fns: [(&str, TwinFn); 8] = [
            ("fill", fill),
            ("saxpy", saxpy),
            ("reduce_sum", reduce_sum),
            ("local_scratch", local_scratch),
            ("many_params", many_params),
            ("spin", spin),
            ("fault_store", fault_store),
            ("launch_geometry", launch_geometry),
        ];
        gpuiface_kernels::ALL
            .iter()
            .map(|k| {
                let cubin = Cubin::parse(k.cubin).unwrap_or_else(|e| panic!("suite kernel {}: {e}", k.name));
                let image = cubin.kernel(k.name).unwrap_or_else(|e| panic!("suite kernel {}: {e}", k.name));
                let run = fns.iter().find(|(n, _)| *n == k.name).map(|(_, f)| *f);
                let run = run.unwrap_or_else(|| panic!("suite kernel {} has no twin", k.name));
                Twin { name: k.name, code: image.code.clone(), attrs: image.attrs.clone(), run }
            })
            .collect()
    })
}

/// The twin whose code is at `program`, if any.
pub(super) fn find(vm: &dyn GpuVm, program: u64) -> Option<&'static Twin> {
    let mut head = [0u8; 64];
    vm.read(program, &mut head).ok()?;
    table().iter().find(|t| {
        let n = t.code.len().min(head.len());
        if t.code[..n] != head[..n] {
            return false;
        }
        let mut all = vec![0u8; t.code.len()];
        vm.read(program, &mut all).is_ok() && all == t.code
    })
}

/// Every twin's kernel name (for the docs and tests).
pub fn names() -> Vec<&'static str> {
    table().iter().map(|t| t.name).collect()
}

// ---- reading what the SASS reads -------------------------------------------

/// Parameter `ordinal`'s bytes, read from constant buffer 0 now (at the
/// cubin's parameter-bank offset), as the SASS's `c[0x0][...]` operands do.
fn param(ctx: &KernelCtx<'_>, attrs: &KernelAttributes, ordinal: u16) -> Result<Vec<u8>, String> {
    let p = attrs
        .params
        .iter()
        .find(|p| p.ordinal == ordinal)
        .ok_or_else(|| format!("kernel has no parameter {ordinal}"))?;
    let at = attrs.param_offset.saturating_add(u32::from(p.offset));
    let mut out = vec![0u8; usize::from(p.size)];
    ctx.read_const(0, at, &mut out)?;
    Ok(out)
}
fn p_u64(ctx: &KernelCtx<'_>, a: &KernelAttributes, i: u16) -> Result<u64, String> {
    Ok(u64::from_le_bytes(param(ctx, a, i)?.try_into().map_err(|_| format!("parameter {i} is not 8 bytes"))?))
}
fn p_u32(ctx: &KernelCtx<'_>, a: &KernelAttributes, i: u16) -> Result<u32, String> {
    Ok(u32::from_le_bytes(param(ctx, a, i)?.try_into().map_err(|_| format!("parameter {i} is not 4 bytes"))?))
}
fn p_u16(ctx: &KernelCtx<'_>, a: &KernelAttributes, i: u16) -> Result<u16, String> {
    Ok(u16::from_le_bytes(param(ctx, a, i)?.try_into().map_err(|_| format!("parameter {i} is not 2 bytes"))?))
}
fn p_u8(ctx: &KernelCtx<'_>, a: &KernelAttributes, i: u16) -> Result<u8, String> {
    param(ctx, a, i)?.first().copied().ok_or_else(|| format!("parameter {i} is empty"))
}
/// A u32 of the driver area (`c[0x0][at]`).
fn driver_u32(ctx: &KernelCtx<'_>, at: usize) -> u32 {
    ctx.cbuf0_u32(at as u32)
}

/// The linear indices `ctaid.x * ntid.x + tid.x` (u32, wrapping) the x
/// threads compute, with `ntid.x` read from constant buffer 0 as the SASS
/// does. Threads with `tid.y`/`tid.z` > 0 compute the same indices again.
///
/// The iterator borrows nothing (`use<>`): a twin walks it while it writes
/// through `ctx`, without collecting the indices (a 2^31 x 2 grid would be
/// 32 GiB of them).
fn linear_ids(ctx: &KernelCtx<'_>) -> impl Iterator<Item = u32> + use<> {
    let ntid = driver_u32(ctx, ga10b::CBUF0_BLOCK_DIM);
    let (grid, block) = (ctx.grid[0], ctx.block[0]);
    (0..grid).flat_map(move |b| (0..block).map(move |t| b.wrapping_mul(ntid).wrapping_add(t)))
}

/// When the indices are exactly `0..count` (the driver area agrees with
/// the launch), the kernel can run on whole slices.
fn contiguous(ctx: &KernelCtx<'_>) -> Option<u32> {
    let ntid = driver_u32(ctx, ga10b::CBUF0_BLOCK_DIM);
    (ntid == ctx.block[0]).then(|| ctx.grid[0].checked_mul(ctx.block[0])).flatten()
}

/// Words a twin moves per step of a contiguous launch: host memory per
/// launch stays this small whatever the grid (issue 22, item 14), and the
/// first failed access ends the launch.
const CHUNK_WORDS: u32 = 16 << 10;

/// `f(start, count)` over `0..total` in chunks of [`CHUNK_WORDS`], stopping
/// at the first error.
fn in_chunks(total: u32, mut f: impl FnMut(u32, u32) -> Result<(), String>) -> Result<(), String> {
    let mut start = 0u32;
    while start < total {
        let count = (total - start).min(CHUNK_WORDS);
        f(start, count)?;
        start += count;
    }
    Ok(())
}

/// The word `4 * i` bytes after `base`.
fn word_at(base: u64, i: u32) -> u64 {
    base.wrapping_add(4 * u64::from(i))
}

fn read_words(ctx: &mut KernelCtx<'_>, va: u64, count: usize) -> Result<Vec<u32>, String> {
    let mut b = vec![0u8; count * 4];
    ctx.read(va, &mut b)?;
    Ok(b.chunks_exact(4).map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes"))).collect())
}
fn write_words(ctx: &mut KernelCtx<'_>, va: u64, words: &[u32]) -> Result<(), String> {
    let b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    ctx.write(va, &b)
}

// ---- the twins --------------------------------------------------------------

fn fill(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let (out, n, k) = (p_u64(ctx, a, 0)?, p_u32(ctx, a, 1)?, p_u32(ctx, a, 2)?);
    if let Some(total) = contiguous(ctx) {
        return in_chunks(total.min(n), |start, count| {
            let words: Vec<u32> = (start..start + count).map(|i| i.wrapping_mul(k)).collect();
            write_words(ctx, word_at(out, start), &words)
        });
    }
    for i in linear_ids(ctx) {
        if i < n {
            ctx.write_u32(word_at(out, i), i.wrapping_mul(k))?;
        }
    }
    Ok(())
}

fn saxpy(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let (x, y) = (p_u64(ctx, a, 0)?, p_u64(ctx, a, 1)?);
    let alpha = f32::from_bits(p_u32(ctx, a, 2)?);
    let n = p_u32(ctx, a, 3)?;
    // fma.rn.f32: one rounding, as f32::mul_add.
    if let Some(total) = contiguous(ctx) {
        return in_chunks(total.min(n), |start, count| {
            let xs = read_words(ctx, word_at(x, start), count as usize)?;
            let ys = read_words(ctx, word_at(y, start), count as usize)?;
            let out: Vec<u32> = xs
                .iter()
                .zip(&ys)
                .map(|(xv, yv)| alpha.mul_add(f32::from_bits(*xv), f32::from_bits(*yv)).to_bits())
                .collect();
            write_words(ctx, word_at(y, start), &out)
        });
    }
    for i in linear_ids(ctx) {
        if i < n {
            let off = 4 * u64::from(i);
            let xv = ctx.read_f32(x.wrapping_add(off))?;
            let yv = ctx.read_f32(y.wrapping_add(off))?;
            ctx.write_f32(y.wrapping_add(off), alpha.mul_add(xv, yv))?;
        }
    }
    Ok(())
}

fn reduce_sum(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let (input, out, n) = (p_u64(ctx, a, 0)?, p_u64(ctx, a, 1)?, p_u32(ctx, a, 2)?);
    if ctx.block != [256, 1, 1] {
        return Err(format!("reduce_sum is written for 256 threads per block; launched with {:?}", ctx.block));
    }
    for b in 0..ctx.grid[0] {
        let first = b.wrapping_shl(8);
        let count = n.saturating_sub(first).min(256) as usize;
        let words = read_words(ctx, input.wrapping_add(4 * u64::from(first)), count)?;
        let sum = words.iter().fold(0u32, |s, w| s.wrapping_add(*w));
        ctx.write_u32(out.wrapping_add(4 * u64::from(b)), sum)?;
    }
    Ok(())
}

fn local_scratch(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let (out, n) = (p_u64(ctx, a, 0)?, p_u32(ctx, a, 1)?);
    let value = |i: u32| {
        let at = |j: u32| i.wrapping_mul(j).wrapping_add(1);
        at(i & 255).wrapping_add(at(i.wrapping_mul(7).wrapping_add(3) & 255))
    };
    if let Some(total) = contiguous(ctx) {
        return in_chunks(total.min(n), |start, count| {
            let words: Vec<u32> = (start..start + count).map(value).collect();
            write_words(ctx, word_at(out, start), &words)
        });
    }
    for i in linear_ids(ctx) {
        if i < n {
            ctx.write_u32(out.wrapping_add(4 * u64::from(i)), value(i))?;
        }
    }
    Ok(())
}

fn many_params(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let mut words = [0u64; 11];
    words[0] = u64::from(p_u8(ctx, a, 0)?);
    words[1] = u64::from(p_u16(ctx, a, 1)?);
    words[2] = u64::from(p_u32(ctx, a, 2)?);
    words[3] = p_u64(ctx, a, 3)?;
    words[4] = u64::from(p_u32(ctx, a, 4)?);
    words[5] = p_u64(ctx, a, 5)?;
    words[6] = u64::from(p_u8(ctx, a, 6)?);
    let out = p_u64(ctx, a, 7)?;
    words[7] = u64::from(p_u16(ctx, a, 8)?);
    let blob = param(ctx, a, 9)?;
    for (i, w) in blob.chunks_exact(4).enumerate() {
        words[8 + i] = u64::from(u32::from_le_bytes(w.try_into().expect("4 bytes")));
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    ctx.write(out, &bytes)
}

/// `x -> x * A + C (mod 2^32)` applied `n` times, in O(log n).
fn lcg_jump(mut x: u32, mut n: u32) -> u32 {
    let (mut a, mut c) = (1_664_525u32, 1_013_904_223u32);
    while n > 0 {
        if n & 1 == 1 {
            x = x.wrapping_mul(a).wrapping_add(c);
        }
        // Compose the step with itself: (a, c) -> (a*a, a*c + c).
        c = a.wrapping_mul(c).wrapping_add(c);
        a = a.wrapping_mul(a);
        n >>= 1;
    }
    x
}

/// Longest a twin sleeps to stand for a long-running kernel.
const SPIN_SLEEP_CAP: Duration = Duration::from_millis(200);

fn spin(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let (out, iters, tag) = (p_u64(ctx, a, 0)?, p_u32(ctx, a, 1)?, p_u32(ctx, a, 2)?);
    if ctx.realtime() {
        // About a nanosecond per dependent multiply-add, as on the GPU.
        // Cut short when the channel is closed meanwhile.
        ctx.sleep(Duration::from_nanos(u64::from(iters)).min(SPIN_SLEEP_CAP));
    }
    let value = (u64::from(tag) << 32) | u64::from(lcg_jump(tag, iters));
    for b in 0..ctx.grid[0] {
        ctx.write_u64(out.wrapping_add(8 * u64::from(b)), value)?;
    }
    Ok(())
}

fn fault_store(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let addr = p_u64(ctx, a, 0)?;
    ctx.write_u32(addr, 0xdead)
}

fn launch_geometry(ctx: &mut KernelCtx<'_>, a: &KernelAttributes) -> Result<(), String> {
    let out = p_u64(ctx, a, 0)?;
    let words: Vec<u32> = (0..6).map(|i| driver_u32(ctx, ga10b::CBUF0_BLOCK_DIM + 4 * i)).collect();
    write_words(ctx, out, &words)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lcg_jump_matches_stepping() {
        for (x0, n) in [(0u32, 0u32), (1, 1), (7, 2), (0xdead_beef, 1000), (3, 12_345)] {
            let mut x = x0;
            for _ in 0..n {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            }
            assert_eq!(super::lcg_jump(x0, n), x, "{x0} {n}");
        }
    }

    #[test]
    fn every_suite_kernel_has_a_twin() {
        let names = super::names();
        for k in gpuiface_kernels::ALL {
            assert!(names.contains(&k.name), "{}", k.name);
        }
    }
}
