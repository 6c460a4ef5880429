//! The first thing to run: allocate, copy in, launch a kernel, wait on a
//! signal, copy out — on the mock unless `/dev/nvgpu/igpu0/ctrl` exists
//! (`GPUIFACE_BACKEND=mock|nvgpu` overrides).
//!
//! ```sh
//! cargo run -p gpuiface-examples --example quickstart
//! ```

use std::time::Duration;

use gpuiface::queue::{LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, BackendExt, GpuIface, MockDeviceExt};

/// The kernel's "code". On the mock a Rust closure runs when a launch's QMD
/// points at these bytes; a real GPU needs SASS compiled for SM 8.7.
const SAXPY: &[u8] = b"quickstart:saxpy y[i] = a*x[i] + y[i]";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dev = gpuiface::open()?;
    println!("== device\n{}\n", dev.info());

    let rt = Runtime::new(&dev)?;
    let n = 1 << 16;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..n).map(|i| (2 * i) as f32).collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();

    let xb = dev.alloc(AllocRequest::new(4 * n as u64))?;
    let yb = dev.alloc(AllocRequest::new(4 * n as u64))?;
    rt.copyin(&xb, 0, &bytes(&x))?;
    rt.copyin(&yb, 0, &bytes(&y))?;
    println!("== copied {} KiB in (x at GPU VA {:#x}, y at {:#x})", 8 * n / 1024, xb.gpu_va, yb.gpu_va);

    let done = dev.signal_alloc()?;
    let Some(mock) = dev.as_mock() else {
        println!("real GPU: launching needs an SM 8.7 kernel; this example ships none. Stopping after the copies.");
        return Ok(());
    };
    mock.gpu().register_kernel(gpuiface::mock::gpu::ProgramKey::Bytes(SAXPY.to_vec()), |k| {
        let a = f32::from_le_bytes(k.args()[16..20].try_into().map_err(|_| "args")?);
        let (xv, yv, n) = (k.arg_u64(0), k.arg_u64(1), k.grid[0] * k.block[0]);
        for i in 0..u64::from(n) {
            let v = a * k.read_f32(xv + 4 * i)? + k.read_f32(yv + 4 * i)?;
            k.write_f32(yv + 4 * i, v)?;
        }
        Ok(())
    });
    let program = rt.load_program(SAXPY)?;
    let mut args = Vec::new();
    args.extend_from_slice(&xb.gpu_va.to_le_bytes());
    args.extend_from_slice(&yb.gpu_va.to_le_bytes());
    args.extend_from_slice(&3.0f32.to_le_bytes());

    let mut q = Queue::compute();
    q.launch(&program, LaunchDims::new([n / 256, 1, 1], [256, 1, 1]), &args).signal(&done, 1u64);
    rt.submit(&q, &[])?;
    dev.signal_wait(&done, 1, Duration::from_secs(10))?;
    println!("== launched saxpy over {n} elements; signal = {} (GPU timestamp {} ns)", done.value(), done.timestamp());

    let mut out = vec![0u8; 4 * n as usize];
    rt.copyout(&mut out, &yb, 0)?;
    let result: Vec<f32> = out.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    let wrong = (0..n as usize).filter(|&i| result[i] != 3.0 * x[i] + y[i]).count();
    println!("== copied out; y[0..4] = {:?}; {wrong} wrong of {n}", &result[..4]);

    rt.free_program(program)?;
    dev.free(xb)?;
    dev.free(yb)?;
    if wrong > 0 {
        return Err(format!("{wrong} elements differ").into());
    }
    println!("== ok");
    Ok(())
}
