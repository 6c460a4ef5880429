//! The suite's module (`kernels/ptx/module_ops.ptx`) run on the mock's SASS
//! interpreter: three kernels of one upload, sharing a device function,
//! globals and `__constant__` data reached through relocated addresses and
//! constant banks 2, 3 and 4 that each kernel's QMD binds. Every output is
//! checked against the PTX's arithmetic, computed here.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, Buffer, GpuIface};
use gpuiface_kernels::MODULE_OPS;
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Module, Queue, Runtime};

fn device() -> MockDevice {
    open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).expect("mock device")
}

fn run(dev: &MockDevice, rt: &Runtime<&MockDevice>, module: &Module, name: &str, dims: LaunchDims, args: &[Arg]) {
    let p = module.kernel(name).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, dims, &p.pack_args(args).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{name}: {e}"));
}

fn words(rt: &Runtime<&MockDevice>, b: &Buffer, at: u64, n: usize) -> Vec<u32> {
    let mut raw = vec![0u8; 4 * n];
    rt.copyout(&mut raw, b, at).unwrap();
    raw.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn the_modules_kernels_run_on_the_interpreter() {
    run_scale_and_lookup(MODULE_OPS.cubin);
}

/// The same kernels as `ptxas -ewp` emits them (their ELF type set to
/// executable): the globals' addresses reach the code through 32-bit
/// immediates the loader relocated (`R_CUDA_ABS32_LO_32`/`HI_32`), not
/// through bank 4.
#[test]
fn code_relocations_hold_on_the_interpreter() {
    let mut bytes = gpuiface_kernels::MODULE_OPS_EWP_CUBIN.to_vec();
    bytes[16..18].copy_from_slice(&2u16.to_le_bytes()); // e_type: 0xff00 -> ET_EXEC
    run_scale_and_lookup(&bytes);
}

fn run_scale_and_lookup(cubin: &[u8]) {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let module = rt.load_module(cubin).unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let counter = module.symbol_offset("counter").unwrap();

    // mod_scale: out[t] = mix(t, coeffs[0]) = t * coeffs[1] + coeffs[0] for t < n; counter += 1 each.
    let n = 50;
    run(
        &dev,
        &rt,
        &module,
        "mod_scale",
        LaunchDims::new([1, 1, 1], [64, 1, 1]),
        &[Arg::U64(out.gpu_va()), Arg::U32(n)],
    );
    let got = words(&rt, &out, 0, 64);
    for (t, w) in got.iter().enumerate() {
        let want = if (t as u32) < n { t as u32 * 5 + 3 } else { 0 };
        assert_eq!(*w, want, "mod_scale out[{t}]");
    }
    assert_eq!(words(&rt, module.buffer(), counter, 1), [n], "the global counter, through bank 4's relocated address");

    // mod_lookup: out[t] = mix(table[t], t) + *cptr, for t = tid & 3, through
    // table_ptr (a relocated pointer in .nv.global.init) and cptr (one in bank 3).
    run(&dev, &rt, &module, "mod_lookup", LaunchDims::new([1, 1, 1], [32, 1, 1]), &[Arg::U64(out.gpu_va())]);
    let table = [10, 20, 30, 40];
    let got = words(&rt, &out, 0, 4);
    for t in 0..4 {
        assert_eq!(got[t], table[t] * 5 + t as u32 + n, "mod_lookup out[{t}]");
    }

    dev.free(out).unwrap();
    rt.free_module(module).unwrap();
}

/// mod_tile calls `mix` through a function pointer (`CALL.REL.NOINC R6`,
/// the target from the kernel's own bank 2) and reads the reserved and
/// dynamic shared-memory sizes from constant buffer 0.
#[test]
fn mod_tile_runs_through_its_function_table() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    // out[t] = tile[(t + 1) % 64] + mix(t, 1) + %dynamic_smem_size.
    let dims = LaunchDims { shared_mem: 512, ..LaunchDims::new([1, 1, 1], [64, 1, 1]) };
    run(&dev, &rt, &module, "mod_tile", dims, &[Arg::U64(out.gpu_va())]);
    let got = words(&rt, &out, 0, 64);
    for (t, w) in got.iter().enumerate() {
        let t = t as u32;
        assert_eq!(*w, ((t + 1) % 64) + (t * 5 + 1) + 512, "mod_tile out[{t}]");
    }
    dev.free(out).unwrap();
    rt.free_module(module).unwrap();
}

fn floats(rt: &Runtime<&MockDevice>, b: &Buffer, at: u64, n: usize) -> Vec<f32> {
    words(rt, b, at, n).into_iter().map(f32::from_bits).collect()
}

/// NVRTC's module (`kernels/cuda/module_cuda.cu`): `__constant__` data,
/// `__device__` globals and a pointer between them, a `__noinline__`
/// device function, and the exact sqrt and division slow paths.
#[test]
fn an_nvrtc_modules_kernels_run_on_the_interpreter() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let module = rt.load_module(gpuiface_kernels::MODULE_CUDA.cubin).unwrap();
    let scale = [1.0f32, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    let lut = [1, 1, 2, 3, 5, 8, 13, 21];
    let input: Vec<f32> = (0..257).map(|i| 0.75 + i as f32 * 1.25).collect();
    let bytes: Vec<u8> = input.iter().flat_map(|x| x.to_le_bytes()).collect();
    let o = dev.alloc(AllocRequest::new(4096)).unwrap();

    // cu_scale_add: o[i] = o[i] * cu_scale[i % 16] + cu_lut[i % 8] for i < n; cu_hits += n.
    rt.copyin(&o, 0, &bytes).unwrap();
    let n = 100;
    run(
        &dev,
        &rt,
        &module,
        "cu_scale_add",
        LaunchDims::new([2, 1, 1], [64, 1, 1]),
        &[Arg::U64(o.gpu_va()), Arg::U32(n)],
    );
    let got = floats(&rt, &o, 0, 128);
    for (i, g) in got.iter().enumerate() {
        let want = if (i as u32) < n { input[i] * scale[i % 16] + lut[i % 8] as f32 } else { input[i] };
        assert_eq!(g.to_bits(), want.to_bits(), "cu_scale_add o[{i}]: {g} vs {want}");
    }
    assert_eq!(words(&rt, module.buffer(), module.symbol_offset("cu_hits").unwrap(), 1), [n]);

    // cu_tile: o[129 + i] = cu_helper(j, j) + sqrt(o[i]) / o[i + 1], j = (i + 1) % 128.
    rt.copyin(&o, 0, &bytes).unwrap();
    run(&dev, &rt, &module, "cu_tile", LaunchDims::new([1, 1, 1], [128, 1, 1]), &[Arg::U64(o.gpu_va())]);
    let got = floats(&rt, &o, 129 * 4, 128);
    for (i, g) in got.iter().enumerate() {
        let j = (i + 1) % 128;
        let helper = (j as f32).mul_add(scale[j % 16], lut[j % 8] as f32);
        let want = helper + input[i].sqrt() / input[i + 1];
        assert_eq!(g.to_bits(), want.to_bits(), "cu_tile o[{}]: {g} vs {want}", 129 + i);
    }
    dev.free(o).unwrap();
    rt.free_module(module).unwrap();
}
