//! Run the suite's saxpy kernel through the whole mock (runtime, queue,
//! doorbell, the GPU model, the interpreter over the channel's VM) as a
//! user's program does, and report its time: the driver for
//! `valgrind --tool=callgrind` when finding where a launch's time goes
//! once the interpreter reads GPU memory through the model's VM
//! (BENCHMARKS.md, [K]).
//!
//! ```sh
//! GPUIFACE_MOCK_SM_THREADS=1 kernel_profile [elements]
//! ```
//!
//! Elements default to 64 Ki (2.16 M thread-instructions: saxpy runs 33 per
//! element, as `interp_profile saxpy` counts); the model runs the blocks on
//! `GPUIFACE_MOCK_SM_THREADS` host threads (default: the host's cores, at
//! most 8), the GPU model on the doorbell's thread. The launch and its wait
//! alone are `kernel_profile::launch`, so
//! `valgrind --tool=callgrind --toggle-collect='kernel_profile::launch*' ...`
//! counts only what the launch costs. The output is checked afterwards.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use std::sync::Arc;

use gpuiface::mock::gpu::{ExecMode, GpuConfig};
use gpuiface::mock::{open_on, MockDevice, MockKernel};
use gpuiface::queue::{Arg, LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, GpuIface};

/// Submit `q` and wait for `done` to reach 1: what callgrind counts.
#[inline(never)]
fn launch(rt: &Runtime<&MockDevice>, dev: &MockDevice, q: &Queue, done: &gpuiface::Signal) -> Result<(), String> {
    rt.submit(q, &[]).map_err(|e| e.to_string())?;
    dev.signal_wait(done, 1, Duration::from_secs(600)).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let n = match std::env::args().nth(1).map(|a| a.parse::<u32>()) {
        None => 1 << 16,
        Some(Ok(n)) if n > 0 && n % 256 == 0 => n,
        _ => {
            eprintln!("usage: kernel_profile [elements, a multiple of 256]");
            return ExitCode::from(2);
        }
    };
    match run(n) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kernel_profile: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(n: u32) -> Result<(), String> {
    let e = |e: gpuiface::Error| e.to_string();
    // The doorbell runs the GPU model on the submitting thread.
    let kernel = MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate }).trace_stderr(false).build();
    let dev = open_on(Arc::new(kernel)).map_err(e)?;
    let rt = Runtime::new(&dev).map_err(e)?;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
    let xb = dev.alloc(AllocRequest::new(4 * u64::from(n))).map_err(e)?;
    let yb = dev.alloc(AllocRequest::new(4 * u64::from(n))).map_err(e)?;
    rt.copyin(&xb, 0, &bytes(&x)).map_err(e)?;
    rt.copyin(&yb, 0, &bytes(&y)).map_err(e)?;
    let kernel = gpuiface_kernels::SAXPY;
    let program = rt.load_kernel(kernel.cubin, kernel.name).map_err(e)?;
    let args =
        program.pack_args(&[Arg::U64(xb.gpu_va()), Arg::U64(yb.gpu_va()), Arg::F32(3.0), Arg::U32(n)]).map_err(e)?;
    let done = dev.signal_alloc().map_err(e)?;
    let mut q = Queue::compute();
    q.launch(&program, LaunchDims::new([n / 256, 1, 1], [256, 1, 1]), &args).signal(&done, 1u64);
    let start = Instant::now();
    launch(&rt, &dev, &q, &done)?;
    let took = start.elapsed();
    let mut out = vec![0u8; 4 * n as usize];
    rt.copyout(&mut out, &yb, 0).map_err(e)?;
    let wrong = out
        .chunks_exact(4)
        .enumerate()
        .filter(|(i, c)| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) != 3.0f32.mul_add(x[*i], y[*i]))
        .count();
    let per_s = f64::from(n) * 33.0 / took.as_secs_f64() / 1e6;
    println!("saxpy {n} through the mock: {took:?}, about {per_s:.0} M thread-instructions/s; {wrong} wrong");
    drop(q);
    rt.free_program(program).map_err(e)?;
    dev.free(xb).map_err(e)?;
    dev.free(yb).map_err(e)?;
    if wrong > 0 {
        return Err(format!("{wrong} elements differ"));
    }
    Ok(())
}
