//! One-shots: queues recorded afresh for every submit, borrowing what they
//! name, whose shape's encoding the runtime keeps and patches.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, QueueKind, SHAPES_KEPT};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::{self, pattern};
use crate::{ensure, CaseResult};

/// A pipeline that streams chunks with one-shots: for each chunk a copy
/// one-shot moves it and a compute one-shot, waiting for it, fills the
/// chunk's part of an output over as many blocks as it needs. Every chunk
/// has another offset, length and grid, the whole stream runs twice (the
/// second time from kept shapes), and more grids than the runtime keeps
/// shapes of are launched in turn: each launch must run with its own
/// values, never another one-shot's.
pub(super) fn one_shots_stream_chunks_with_their_own_values(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        const TOTAL: usize = 64 << 10;
        let e = |e: gpuiface::Error| e.to_string();
        let src = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let dst = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let out = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let data = pattern(TOTAL, 29);
        rt.copyin(&src, 0, &data).map_err(e)?;
        let copied = dev.signal_alloc().map_err(e)?;
        let filled = dev.signal_alloc().map_err(e)?;
        let fill = support::load_fill_kernel(rt)?;
        let chunks: [(u64, u64); 5] = [(0, 4096), (4096, 1000), (8192, 260), (12288, 33_000), (49152, 4)];

        let mut step = 0u64;
        for round in 0..2u32 {
            rt.copyin(&out, 0, &vec![0xffu8; TOTAL]).map_err(e)?;
            let k = 3 + round;
            for &(off, len) in &chunks {
                step += 1;
                let words = len / 4;
                let args =
                    fill.pack_args(&[Arg::U64(out.gpu_va() + off), Arg::U32(words as u32), Arg::U32(k)]).map_err(e)?;
                rt.one_shot(QueueKind::Copy)
                    .copy(dst.gpu_va() + off, src.gpu_va() + off, len)
                    .signal(&copied, step)
                    .submit()
                    .map_err(e)?;
                let dims = LaunchDims::new([words.div_ceil(32) as u32, 1, 1], [32, 1, 1]);
                rt.one_shot(QueueKind::Compute)
                    .wait(&copied, step)
                    .launch(&fill, dims, &args)
                    .signal(&filled, step)
                    .submit()
                    .map_err(e)?;
            }
            dev.signal_wait(&filled, step, Duration::from_secs(10)).map_err(e)?;
            let (mut got, mut outs) = (vec![0u8; TOTAL], vec![0u8; TOTAL]);
            rt.copyout(&mut got, &dst, 0).map_err(e)?;
            rt.copyout(&mut outs, &out, 0).map_err(e)?;
            let mut expect_out = vec![0xffu8; TOTAL];
            for &(off, len) in &chunks {
                let r = off as usize..(off + len) as usize;
                ensure!(got[r.clone()] == data[r], "round {round}: chunk at {off} was not copied");
                for w in 0..len / 4 {
                    let at = (off + 4 * w) as usize;
                    expect_out[at..at + 4].copy_from_slice(&(k * w as u32).to_le_bytes());
                }
            }
            ensure!(outs == expect_out, "round {round}: a one-shot launch wrote the wrong words");
        }

        // More grids than shapes kept, in turn, each writing its own word.
        let grids = SHAPES_KEPT as u32 + 3;
        for pass in 0..3u32 {
            for g in 1..=grids {
                step += 1;
                let args = fill
                    .pack_args(&[Arg::U64(out.gpu_va() + 4096 * u64::from(g)), Arg::U32(32 * g), Arg::U32(g + pass)])
                    .map_err(e)?;
                rt.one_shot(QueueKind::Compute)
                    .launch(&fill, LaunchDims::new([g, 1, 1], [32, 1, 1]), &args)
                    .signal(&filled, step)
                    .submit()
                    .map_err(e)?;
            }
            dev.signal_wait(&filled, step, Duration::from_secs(10)).map_err(e)?;
            for g in 1..=grids {
                let mut words = vec![0u8; 4 * 32 * g as usize];
                rt.copyout(&mut words, &out, 4096 * u64::from(g)).map_err(e)?;
                let last = u32::from_le_bytes(words[words.len() - 4..].try_into().map_err(|_| "word")?);
                ensure!(
                    last == (32 * g - 1) * (g + pass),
                    "pass {pass}, grid {g}: the last word is {last}, another launch's values were used"
                );
            }
        }

        // What a launch cannot take is refused every time, not only when its
        // shape is first encoded; nothing is submitted then.
        let before = rt.last_timeline_value(QueueKind::Compute);
        let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(1), Arg::U32(1)]).map_err(e)?;
        for _ in 0..2 {
            let too_wide = LaunchDims::new([1, 1, 1], [4096, 1, 1]);
            let r = rt.one_shot(QueueKind::Compute).launch(&fill, too_wide, &args).submit();
            ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "a block of 4096 threads was accepted");
            let r = rt.one_shot(QueueKind::Copy).launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).submit();
            ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "a launch on the copy engine was accepted");
        }
        let past = rt.one_shot(QueueKind::Copy).copy(u64::MAX - 8, src.gpu_va(), 16).submit();
        ensure!(kind_of(past) == Some(ErrorKind::InvalidArgument), "a copy past the address space was accepted");
        ensure!(rt.last_timeline_value(QueueKind::Compute) == before, "a refused one-shot was submitted");

        rt.synchronize().map_err(e)?;
        for b in [src, dst, out] {
            rt.free(b).map_err(e)?;
        }
        Ok(rt.free_program(fill).map_err(e)?)
    })
}
