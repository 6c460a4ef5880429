//! The first thing to run: allocate, copy in, launch the real SM 8.7
//! saxpy kernel, wait on a signal, copy out — on the mock unless `/dev/nvgpu/igpu0/ctrl` exists
//! (`GPUIFACE_BACKEND=mock|nvgpu` overrides).
//!
//! ```sh
//! cargo run -p gpuiface-examples --example quickstart
//! ```

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, GpuIface};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dev = gpuiface::open_or_mock()?; // the device, or the mock where there is none
    println!("== device\n{}\n", dev.info());

    let rt = Runtime::new(&dev)?;
    let n: u32 = 1 << 16;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..n).map(|i| (2 * i) as f32).collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();

    let xb = dev.alloc(AllocRequest::new(4 * u64::from(n)))?;
    let yb = dev.alloc(AllocRequest::new(4 * u64::from(n)))?;
    rt.copyin(&xb, 0, &bytes(&x))?;
    rt.copyin(&yb, 0, &bytes(&y))?;
    println!("== copied {} KiB in (x at GPU VA {:#x}, y at {:#x})", 8 * n / 1024, xb.gpu_va(), yb.gpu_va());

    // The real SM 8.7 saxpy cubin (kernels/sm_87/saxpy.cubin, built by
    // ptxas from kernels/ptx/saxpy.ptx): an Orin runs its SASS, and so
    // does the mock, on its SM 8.7 interpreter.
    let kernel = gpuiface_kernels::SAXPY;
    let program = rt.load_kernel(kernel.cubin, kernel.name)?;
    let a = program.attributes();
    println!(
        "== loaded {} at {:#x}: {} registers, parameters at c[0x0][{:#x}] ({} bytes)",
        program.name(),
        program.gpu_va(),
        a.registers,
        a.param_offset,
        a.param_size
    );
    let args = program.pack_args(&[Arg::U64(xb.gpu_va()), Arg::U64(yb.gpu_va()), Arg::F32(3.0), Arg::U32(n)])?;

    let done = dev.signal_alloc()?;
    let mut q = Queue::compute();
    q.launch(&program, LaunchDims::new([n / 256, 1, 1], [256, 1, 1]), &args).signal(&done, 1u64);
    rt.submit(&q, &[])?;
    dev.signal_wait(&done, 1, Duration::from_secs(10))?;
    println!("== launched saxpy over {n} elements; signal = {} (GPU timestamp {} ns)", done.value(), done.timestamp());

    let mut out = vec![0u8; 4 * n as usize];
    rt.copyout(&mut out, &yb, 0)?;
    let result: Vec<f32> = out.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    let wrong = (0..n as usize).filter(|&i| result[i] != 3.0f32.mul_add(x[i], y[i])).count();
    println!("== copied out; y[0..4] = {:?}; {wrong} wrong of {n}", &result[..4]);

    drop(q); // the queue holds a clone of the program: free it last
    rt.free_program(program)?;
    dev.free(xb)?;
    dev.free(yb)?;
    if wrong > 0 {
        return Err(format!("{wrong} elements differ").into());
    }
    println!("== ok");
    Ok(())
}
