//! The suite kernels' Rust twins are the SASS interpreter's oracles: every
//! suite kernel runs once on its machine code and once on its twin, from
//! the same inputs, and the two leave the same bytes in memory.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, Buffer, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};

/// Run `k` with `args(out_va, in_va)` over an input of `input` bytes and an
/// output of `out_len` bytes (pre-filled with 0x3e, a float of about 0.19); returns the output.
fn run(
    twins: bool,
    k: gpuiface_kernels::SuiteKernel,
    dims: LaunchDims,
    input: &[u8],
    out_len: usize,
    args: impl Fn(u64, u64) -> Vec<Arg>,
) -> Vec<u8> {
    let dev: MockDevice = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap();
    dev.gpu().run_twins(twins);
    let rt = Runtime::new(&dev).unwrap();
    let p = rt.load_kernel(k.cubin, k.name).unwrap();
    let out: Buffer = dev.alloc(AllocRequest::new(out_len.max(64) as u64)).unwrap();
    let inp: Buffer = dev.alloc(AllocRequest::new(input.len().max(64) as u64)).unwrap();
    rt.copyin(&out, 0, &vec![0x3e; out_len]).unwrap();
    rt.copyin(&inp, 0, input).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, dims, &p.pack_args(&args(out.gpu_va(), inp.gpu_va())).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(30)).unwrap_or_else(|e| panic!("{} (twins: {twins}): {e}", k.name));
    let mut got = vec![0u8; out_len];
    rt.copyout(&mut got, &out, 0).unwrap();
    drop(q);
    got
}

fn agree(
    k: gpuiface_kernels::SuiteKernel,
    dims: LaunchDims,
    input: &[u8],
    out_len: usize,
    args: impl Fn(u64, u64) -> Vec<Arg>,
) {
    let machine = run(false, k, dims, input, out_len, &args);
    let twin = run(true, k, dims, input, out_len, &args);
    assert_eq!(machine, twin, "{}: the interpreter and the twin disagree", k.name);
    assert_ne!(machine, vec![0x3e; out_len], "{}: the kernel wrote nothing", k.name);
}

fn ramp(n: usize) -> Vec<u8> {
    (0..n as u32).flat_map(|i| (i.wrapping_mul(2_654_435_761) >> 7).to_le_bytes()).collect()
}

#[test]
fn fill_agrees() {
    agree(gpuiface_kernels::FILL, LaunchDims::new([3, 1, 1], [128, 1, 1]), &[], 4 * 384, |o, _| {
        vec![Arg::U64(o), Arg::U32(300), Arg::U32(7)]
    });
}

#[test]
fn saxpy_agrees() {
    let x: Vec<u8> = (0..256).flat_map(|i| (i as f32 * 0.37 - 11.0).to_le_bytes()).collect();
    // y is the output buffer (pre-filled bytes 0x3e: 0.186 as a float).
    agree(gpuiface_kernels::SAXPY, LaunchDims::new([2, 1, 1], [128, 1, 1]), &x, 4 * 256, |o, i| {
        vec![Arg::U64(i), Arg::U64(o), Arg::F32(2.5), Arg::U32(250)]
    });
}

#[test]
fn reduce_sum_agrees() {
    agree(gpuiface_kernels::REDUCE_SUM, LaunchDims::new([4, 1, 1], [256, 1, 1]), &ramp(1024), 16, |o, i| {
        vec![Arg::U64(i), Arg::U64(o), Arg::U32(1000)]
    });
}

#[test]
fn local_scratch_agrees() {
    agree(gpuiface_kernels::LOCAL_SCRATCH, LaunchDims::new([2, 1, 1], [64, 1, 1]), &[], 4 * 128, |o, _| {
        vec![Arg::U64(o), Arg::U32(100)]
    });
}

#[test]
fn spin_agrees() {
    agree(gpuiface_kernels::SPIN, LaunchDims::new([3, 1, 1], [32, 1, 1]), &[], 24, |o, _| {
        vec![Arg::U64(o), Arg::U32(1000), Arg::U32(5)]
    });
}

#[test]
fn launch_geometry_agrees() {
    agree(gpuiface_kernels::LAUNCH_GEOMETRY, LaunchDims::new([3, 2, 1], [16, 2, 2]), &[], 24, |o, _| vec![Arg::U64(o)]);
}

#[test]
fn many_params_agrees() {
    agree(gpuiface_kernels::MANY_PARAMS, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[], 256, |o, _| {
        vec![
            Arg::U8(0xa1),
            Arg::U16(0xb2c3),
            Arg::U32(0xd4e5_f607),
            Arg::U64(0x1122_3344_5566_7788),
            Arg::F32(-3.25),
            Arg::F64(6.0221e23),
            Arg::U8(0x9a),
            Arg::U64(o),
            Arg::U16(0x7e7f),
            Arg::Bytes((1..=12).collect()),
        ]
    });
}
