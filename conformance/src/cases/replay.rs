//! Replay with everything a runtime changes between runs as a variable:
//! copy addresses and lengths, launch dimensions, kernel arguments of any
//! size and the buffers a launch names.

use std::time::Duration;

use gpuiface::queue::{Arg, ArgVar, Dims, Queue, Val};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::{self, pattern};
use crate::{ensure, CaseResult};

/// A pipeline that streams chunks records its queues once and replays them
/// with new copy addresses, lengths and launch dimensions: a copy queue
/// moves chunk `i` of a source into a destination, and a compute queue,
/// waiting for it, fills chunk `i` of an output over exactly as many blocks
/// as the chunk needs. Every chunk has another size, offset and grid.
pub(super) fn streaming_pipeline_records_once_and_replays_with_new_addresses_lengths_and_dims(
    ctx: &crate::Ctx,
) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        const TOTAL: usize = 64 << 10;
        let e = |e: gpuiface::Error| e.to_string();
        let src = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let dst = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let out = dev.alloc(AllocRequest::new(TOTAL as u64)).map_err(e)?;
        let data = pattern(TOTAL, 23);
        rt.copyin(&src, 0, &data).map_err(e)?;
        rt.copyin(&out, 0, &vec![0xffu8; TOTAL]).map_err(e)?;
        let copied = dev.signal_alloc().map_err(e)?;
        let filled = dev.signal_alloc().map_err(e)?;

        // Recorded once.
        let mut copy = Queue::copy_queue();
        let (c_dst, c_src, c_len, c_step) = (copy.var(), copy.var(), copy.var(), copy.var());
        copy.copy(c_dst, c_src, c_len).signal(&copied, c_step);
        let fill = support::load_fill_kernel(rt)?;
        let params = &fill.attributes().params;
        ensure!(params.len() == 3, "fill takes (out, n, k)");
        let template = fill.pack_args(&[Arg::U64(0), Arg::U32(0), Arg::U32(3)]).map_err(e)?;
        let mut compute = Queue::compute();
        let (k_step, k_out, k_n, k_blocks) = (compute.var(), compute.var(), compute.var(), compute.var());
        let dims = Dims::new([k_blocks.into(), 1u32.into(), 1u32.into()], [Val::from(32u32), 1u32.into(), 1u32.into()]);
        let arg_vars = [
            ArgVar::value(usize::from(params[0].offset), 8, k_out),
            ArgVar::value(usize::from(params[1].offset), 4, k_n),
        ];
        compute.wait(&copied, k_step).launch_vars(&fill, dims, &template, &arg_vars).signal(&filled, k_step);

        let chunks: [(u64, u64); 5] = [(0, 4096), (4096, 1000), (8192, 260), (12288, 33_000), (49152, 4)];
        for (i, &(off, len)) in chunks.iter().enumerate() {
            let step = i as u64 + 1;
            let words = len / 4;
            rt.submit(&copy, &[(c_dst, dst.gpu_va() + off), (c_src, src.gpu_va() + off), (c_len, len), (c_step, step)])
                .map_err(e)?;
            rt.submit(
                &compute,
                &[(k_step, step), (k_out, out.gpu_va() + off), (k_n, words), (k_blocks, words.div_ceil(32))],
            )
            .map_err(e)?;
        }
        let n = chunks.len() as u64;
        dev.signal_wait(&filled, n, Duration::from_secs(10)).map_err(e)?;
        ensure!(copy.encoded_len().is_some() && compute.encoded_len().is_some(), "queues never encoded");

        let mut got = vec![0u8; TOTAL];
        rt.copyout(&mut got, &dst, 0).map_err(e)?;
        let mut outs = vec![0u8; TOTAL];
        rt.copyout(&mut outs, &out, 0).map_err(e)?;
        let mut expect_out = vec![0xffu8; TOTAL];
        let mut expect_dst = vec![0u8; TOTAL];
        for &(off, len) in &chunks {
            let r = off as usize..(off + len) as usize;
            expect_dst[r.clone()].copy_from_slice(&data[r]);
            for w in 0..len / 4 {
                let at = (off + 4 * w) as usize;
                expect_out[at..at + 4].copy_from_slice(&(3 * w as u32).to_le_bytes());
            }
        }
        ensure!(got == expect_dst, "streamed copies differ from the source chunks");
        ensure!(outs == expect_out, "a replayed launch wrote the wrong words (grid, n or out not patched)");

        // Values a launch or a copy cannot take are refused when bound.
        let bind = |blocks: u64, n: u64| {
            rt.submit(&compute, &[(k_step, 0), (k_out, out.gpu_va()), (k_n, n), (k_blocks, blocks)])
        };
        ensure!(kind_of(bind(0, 1)) == Some(ErrorKind::InvalidArgument), "an empty grid was accepted");
        ensure!(kind_of(bind(1 << 31, 1)) == Some(ErrorKind::InvalidArgument), "a grid past 2^31-1 was accepted");
        ensure!(kind_of(bind(1, 1 << 32)) == Some(ErrorKind::InvalidArgument), "n past its 4 bytes was accepted");
        let zero_len = rt.submit(&copy, &[(c_dst, dst.gpu_va()), (c_src, src.gpu_va()), (c_len, 0), (c_step, 0)]);
        ensure!(kind_of(zero_len) == Some(ErrorKind::InvalidArgument), "a copy of 0 bytes was accepted");
        rt.synchronize().map_err(e)?;
        for b in [src, dst, out] {
            rt.free(b).map_err(e)?;
        }
        drop(compute); // its launch holds a clone of `fill`
        Ok(rt.free_program(fill).map_err(e)?)
    })
}

/// A launch names a buffer through a buffer variable: replayed over two
/// buffers, each receives the launch's writes, and the runtime refuses a
/// buffer of another device and a number bound in its place.
pub(super) fn a_launch_replays_over_the_buffer_bound_to_it(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let fill = support::load_fill_kernel(rt)?;
        let params = &fill.attributes().params;
        let args = fill.pack_args(&[Arg::U64(0), Arg::U32(64), Arg::U32(7)]).map_err(e)?;
        let mut q = Queue::compute();
        let target = q.buffer_var();
        q.launch_vars(
            &fill,
            gpuiface::queue::LaunchDims::new([2, 1, 1], [32, 1, 1]),
            &args,
            &[ArgVar::buffer(usize::from(params[0].offset), target)],
        );
        let a = dev.alloc(AllocRequest::new(256)).map_err(e)?;
        let b = dev.alloc(AllocRequest::new(256)).map_err(e)?;
        for buf in [&a, &b] {
            rt.submit_with(&q, &[], &[(target, buf)]).map_err(e)?;
            let mut got = vec![0u8; 256];
            rt.copyout(&mut got, buf, 0).map_err(e)?; // waits for the launch that names `buf`
            let words: Vec<u32> = got.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
            ensure!(
                words == (0..64).map(|i| 7 * i).collect::<Vec<u32>>(),
                "buffer {:#x} holds {words:?}",
                buf.gpu_va()
            );
        }
        let other = ctx.open()?;
        let foreign = other.alloc(AllocRequest::new(256)).map_err(e)?;
        ensure!(
            kind_of(rt.submit_with(&q, &[], &[(target, &foreign)])) == Some(ErrorKind::InvalidArgument),
            "another device's buffer was bound"
        );
        other.free(foreign).map_err(e)?;
        ensure!(kind_of(rt.submit(&q, &[])) == Some(ErrorKind::InvalidArgument), "an unbound buffer variable ran");
        rt.free(a).map_err(e)?;
        rt.free(b).map_err(e)?;
        drop(q); // its launch holds a clone of `fill`
        Ok(rt.free_program(fill).map_err(e)?)
    })
}
