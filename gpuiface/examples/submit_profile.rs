//! A small driver for counting the instructions of one submit with
//! callgrind (the count does not depend on the host's load):
//!
//! ```sh
//! cargo build --release -p gpuiface --example submit_profile
//! valgrind --tool=callgrind --toggle-collect='*Runtime*submit*' \
//!     target/release/examples/submit_profile replay 10000
//! valgrind --tool=callgrind --toggle-collect='submit_profile::one_*' \
//!     target/release/examples/submit_profile fresh 10000
//! callgrind_annotate callgrind.out.<pid> | head -40
//! ```
//!
//! `replay` resubmits one recorded launch of the real fill kernel (and its
//! signal) with a new value, in the steady state where the command ring
//! still holds its image; `replay-copy` does the same where the image is
//! copied (the ring's first lap: at most 5,000); `fresh` records a new
//! queue for each submit and `one-shot` a one-shot, both in the same
//! steady state as `replay`; `replay-args` is `replay` with the
//! launch's argument words as variables too.
//! It also prints the time per submit, measured between the drains of the
//! stepped GPU (a rough figure: the benchmark is the one to quote).
//! `RING=<bytes>` sets the command ring's size and `EVERY=<n>` how many
//! submits go between drains (default 500), for experiments. A drain runs
//! the stepped GPU and then waits through the runtime
//! (`Runtime::synchronize`), as a runtime waits for its work between
//! steps; `SYNC=0` leaves the wait out.
//! Divide the total by the submits (the stepped mock GPU runs the work
//! between batches, outside the counted functions). `*Runtime*submit*`
//! counts the submit alone; `submit_profile::one_*` counts what the
//! benchmark times: for a fresh queue, recording it, submitting it and
//! dropping it.

use std::time::Duration;

use gpuiface::mock::gpu::{ExecMode, GpuConfig};
use gpuiface::mock::{open_on, MockDeviceExt, MockKernel};
use gpuiface::queue::{Arg, LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, GpuIface};

fn main() -> gpuiface::Result<()> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "replay".into());
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let kernel = std::sync::Arc::new(
        MockKernel::builder().gpu(GpuConfig::with_mode(ExecMode::Stepped)).trace_stderr(false).build(),
    );
    let dev = open_on(kernel)?;
    let gpu = dev.gpu().clone();
    let rt = gpu.run_stepping(|| {
        Runtime::with_config(
            &dev,
            std::env::var("RING").ok().and_then(|v| v.parse().ok()).unwrap_or(gpuiface::queue::DEFAULT_RING_SIZE),
            Duration::from_secs(30),
        )
    })?;
    let prog = gpu.run_stepping(|| rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill"))?;
    let out = dev.alloc(AllocRequest::new(1 << 16))?;
    let args = prog.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(3)])?;
    let s = dev.signal_alloc()?;
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    // `replay-args`: the launch's two argument words are variables too
    // (bound to the same values), so a replay also writes their line.
    let mut q = Queue::compute();
    let v = q.var();
    let with_args = mode == "replay-args";
    let (a0, a1) = if with_args { (q.var(), q.var()) } else { (v, v) };
    let word = |k: usize| args.get(8 * k..8 * k + 8).and_then(|w| w.try_into().ok()).map_or(0, u64::from_le_bytes);
    let (w0, w1) = (word(0), word(1));
    if with_args {
        q.launch_with_vars(&prog, dims, &args, &[(0, a0), (8, a1)]).signal(&s, v);
    } else {
        q.launch(&prog, dims, &args).signal(&s, v);
    }
    let bound = if with_args { 3 } else { 1 };
    let b3 = |i: u64| [(v, i), (a0, w0), (a1, w1)];
    rt.submit(&q, &b3(0)[..bound])?;
    while gpu.step() {}
    // `replay`: the steady state, where each replay's chunk of the ring
    // still holds the queue's image from the lap before (two laps of
    // uncounted replays first); `replay-copy`: replays that copy their
    // image (the first lap, at most 5,000 replays of this launch).
    let every: u64 = std::env::var("EVERY").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    // `SYNC=0`: the drains step the GPU without the runtime waiting, so
    // its ring goes on around all of its memory (rounds 4 to 10).
    // `replay-copy` never waits through the runtime: a wait that finds the
    // GPU idle starts the ring again, onto chunks that hold the image.
    let sync = mode != "replay-copy" && std::env::var("SYNC").map_or(true, |v| v != "0");
    let mut first = 1;
    if mode == "replay" || mode == "one-shot" || mode == "replay-args" || mode == "fresh" {
        // The first submit encoded in place; the second compiles the template.
        rt.submit(&q, &b3(1)[..bound])?;
        let chunk = q.encoded_len().unwrap_or(1024).next_multiple_of(256) as u64;
        let lap = gpuiface::queue::DEFAULT_RING_SIZE / chunk;
        for i in 1..=2 * lap + 1 {
            if mode == "fresh" {
                // Not through `one_fresh`: the warm-up is not counted.
                let mut fresh = Queue::compute();
                fresh.launch(&prog, dims, &args).signal(&s, i);
                rt.submit(&fresh, &[])?;
            } else if mode == "one-shot" {
                // Not through `one_shot`: the warm-up is not counted.
                rt.one_shot(gpuiface::queue::QueueKind::Compute).launch(&prog, dims, &args).signal(&s, i).submit()?;
            } else {
                rt.submit(&q, &b3(i)[..bound])?;
            }
            if i % every == 0 {
                while gpu.step() {}
            }
        }
        while gpu.step() {}
        first = 2 * lap + 2;
    }
    let mut spent = std::time::Duration::ZERO;
    let mut t0 = std::time::Instant::now();
    for i in first..first + n {
        if mode == "fresh" {
            one_fresh(&rt, &prog, dims, &args, &s, i)?;
        } else if mode == "one-shot" {
            one_shot(&rt, &prog, dims, &args, &s, i)?;
        } else {
            if with_args {
                one_replay_args(&rt, &q, &b3(i))?;
            } else {
                one_replay(&rt, &q, v, i)?;
            }
        }
        if i % every == 0 {
            spent += t0.elapsed();
            while gpu.step() {}
            if sync {
                rt.synchronize()?;
            }
            t0 = std::time::Instant::now();
        }
    }
    spent += t0.elapsed();
    eprintln!("{:.1} ns per submit (timed between drains)", spent.as_nanos() as f64 / n as f64);
    while gpu.step() {}
    println!("{n} {mode} submits; signal at {}", s.value());
    Ok(())
}

/// One fresh queue: recorded, submitted and dropped (what the benchmark times).
#[inline(never)]
fn one_fresh<I: GpuIface>(
    rt: &Runtime<I>,
    prog: &gpuiface::queue::Program,
    dims: LaunchDims,
    args: &[u8],
    s: &gpuiface::Signal,
    i: u64,
) -> gpuiface::Result<u64> {
    let mut q = Queue::compute();
    q.launch(prog, dims, args).signal(s, i);
    rt.submit(&q, &[])
}

/// One one-shot: recorded and submitted (borrowing what it names).
#[inline(never)]
fn one_shot<I: GpuIface>(
    rt: &Runtime<I>,
    prog: &gpuiface::queue::Program,
    dims: LaunchDims,
    args: &[u8],
    s: &gpuiface::Signal,
    i: u64,
) -> gpuiface::Result<u64> {
    rt.one_shot(gpuiface::queue::QueueKind::Compute).launch(prog, dims, args).signal(s, i).submit()
}

/// One replay of `q` with `v = i`.
#[inline(never)]
fn one_replay<I: GpuIface>(rt: &Runtime<I>, q: &Queue, v: gpuiface::queue::VarId, i: u64) -> gpuiface::Result<u64> {
    rt.submit(q, &[(v, i)])
}

/// One replay of `q` with all its variables bound (`replay-args`).
#[inline(never)]
fn one_replay_args<I: GpuIface>(
    rt: &Runtime<I>,
    q: &Queue,
    b: &[(gpuiface::queue::VarId, u64)],
) -> gpuiface::Result<u64> {
    rt.submit(q, b)
}
