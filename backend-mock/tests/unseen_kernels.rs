//! Kernels the project never wrote a twin for, compiled by NVRTC
//! (`tests/nvrtc/unseen.cu`), run on the mock's SASS interpreter through
//! the public runtime API; every output is checked against a reference
//! computed here in Rust.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, Buffer, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};

const CUBIN: &[u8] = include_bytes!("nvrtc/unseen.cubin");
const N: usize = 200;

struct Rig {
    dev: MockDevice,
}

impl Rig {
    fn new() -> Rig {
        Rig { dev: open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap() }
    }
    fn buf(&self, rt: &Runtime<&MockDevice>, bytes: &[u8]) -> Buffer {
        let b = self.dev.alloc(AllocRequest::new(bytes.len().max(64) as u64)).unwrap();
        rt.copyin(&b, 0, bytes).unwrap();
        b
    }
    fn run(&self, rt: &Runtime<&MockDevice>, name: &str, blocks: u32, threads: u32, args: &[Arg]) {
        let p = rt.load_kernel(CUBIN, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let s = self.dev.signal_alloc().unwrap();
        let mut q = Queue::compute();
        q.launch(&p, LaunchDims::new([blocks, 1, 1], [threads, 1, 1]), &p.pack_args(args).unwrap()).signal(&s, 1u64);
        rt.submit(&q, &[]).unwrap();
        self.dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

fn read<T: Copy>(rt: &Runtime<&MockDevice>, b: &Buffer, n: usize, from: impl Fn([u8; 8]) -> T, size: usize) -> Vec<T> {
    let mut raw = vec![0u8; n * size];
    rt.copyout(&mut raw, b, 0).unwrap();
    raw.chunks(size)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..size].copy_from_slice(c);
            from(w)
        })
        .collect()
}

fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn inputs() -> (Vec<u32>, Vec<u32>) {
    let a = (0..N as u32).map(|i| i.wrapping_mul(2_654_435_761) ^ (i << 3)).collect();
    let b = (0..N as u32).map(|i| i.wrapping_mul(40_503).wrapping_add(7) >> (i % 13)).collect();
    (a, b)
}

#[test]
fn integer_operations_match_rust() {
    let rig = Rig::new();
    let rt = Runtime::new(&rig.dev).unwrap();
    let (a, b) = inputs();
    let (ba, bb) = (rig.buf(&rt, &u32s(&a)), rig.buf(&rt, &u32s(&b)));
    let out = rig.buf(&rt, &vec![0u8; 64 * N]);
    rig.run(
        &rt,
        "iops",
        2,
        128,
        &[Arg::U64(ba.gpu_va()), Arg::U64(bb.gpu_va()), Arg::U64(out.gpu_va()), Arg::U32(N as u32)],
    );
    let got = read(&rt, &out, 16 * N, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]), 4);
    for i in 0..N {
        let (x, y) = (a[i], b[i] | 1);
        let (sx, sy) = (x as i32, y as i32);
        let want = [
            x / y,
            x % y,
            sx.wrapping_div(sy) as u32,
            sx.wrapping_rem(sy) as u32,
            x.count_ones(),
            x.leading_zeros(),
            x.reverse_bits(),
            if x == 0 { 0 } else { x.trailing_zeros() + 1 },
            x.min(y),
            sx.max(sy) as u32,
            {
                let bytes = (u64::from(y) << 32 | u64::from(x)).to_le_bytes();
                u32::from_le_bytes([bytes[0], bytes[4], bytes[1], bytes[5]])
            },
            (((u64::from(y) << 32) | u64::from(x)) << (i as u32 & 31) >> 32) as u32,
            ((u64::from(x) * u64::from(y)) >> 32) as u32,
            ((i64::from(sx) * i64::from(sy)) >> 32) as u32,
            if x > y { x - y } else { y.wrapping_add(3) },
            (sx.wrapping_abs() as u32) ^ (x >> (y & 31)),
        ];
        assert_eq!(&got[16 * i..16 * i + 16], &want, "element {i}: x={x:#x} y={y:#x}");
    }
}

#[test]
fn warp_shuffles_votes_and_reductions_match_rust() {
    let rig = Rig::new();
    let rt = Runtime::new(&rig.dev).unwrap();
    let vals: Vec<u32> = (0..N as u32).map(|i| i.wrapping_mul(37) % 251).collect();
    let a = rig.buf(&rt, &u32s(&vals));
    let out = rig.buf(&rt, &vec![0u8; 24 * 256]);
    rig.run(&rt, "warp", 2, 128, &[Arg::U64(a.gpu_va()), Arg::U64(out.gpu_va()), Arg::U32(N as u32)]);
    let got = read(&rt, &out, 6 * N, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]), 4);
    let v = |i: usize| if i < N { vals[i] } else { 0 };
    for i in 0..N {
        let warp = i / 32 * 32;
        let lane = i % 32;
        let sum: u32 = (0..32).map(|l| v(warp + l)).sum();
        let lane0_sum = sum; // shfl_down tree: lane 0 holds the sum; others partial
        if lane == 0 {
            assert_eq!(got[6 * i], lane0_sum, "sum of warp {}", warp / 32);
        }
        let ballot = (0..32).fold(0u32, |m, l| if v(warp + l) & 1 == 1 { m | 1 << l } else { m });
        assert_eq!(got[6 * i + 1], ballot, "ballot at {i}");
        let any = (0..32).any(|l| v(warp + l) > 100) as u32;
        assert_eq!(got[6 * i + 2], any + 2, "any/all at {i}");
        assert_eq!(got[6 * i + 3], v(warp + (lane ^ 3)), "xor at {i}");
        assert_eq!(got[6 * i + 4], if lane >= 2 { v(i - 2) } else { v(i) }, "up at {i}");
        let tid = i % 128;
        assert_eq!(got[6 * i + 5], v(warp + ((tid * 5) & 31)), "idx at {i}");
    }
}

#[test]
fn float_operations_match_rust() {
    let rig = Rig::new();
    let rt = Runtime::new(&rig.dev).unwrap();
    let xs: Vec<f32> = (0..N).map(|i| (i as f32 - 100.0) * 0.731 + 0.25).collect();
    let ys: Vec<f32> = (0..N).map(|i| (i as f32 * 1.37 - 50.0) / 7.0 + 0.5).collect();
    let f32s = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let (ba, bb) = (rig.buf(&rt, &f32s(&xs)), rig.buf(&rt, &f32s(&ys)));
    let out = rig.buf(&rt, &vec![0u8; 64 * N]);
    rig.run(
        &rt,
        "fops",
        2,
        128,
        &[Arg::U64(ba.gpu_va()), Arg::U64(bb.gpu_va()), Arg::U64(out.gpu_va()), Arg::U32(N as u32)],
    );
    let got = read(&rt, &out, 16 * N, |w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]), 4);
    for i in 0..N {
        let (x, y) = (xs[i], ys[i]);
        // Exactly rounded in CUDA: division, sqrt, min/max, conversions, fma, floor/ceil, rcp.
        let exact = [
            (0, x / y),
            (1, x.abs().sqrt()),
            (7, x.min(y)),
            (8, x.max(y)),
            (9, (x as i32) as f32),
            (10, (y as u32) as f32),
            (11, x.mul_add(y, 1.0)),
            (13, x.floor()),
            (14, y.ceil()),
            (15, 1.0 / y),
        ];
        for (k, want) in exact {
            assert_eq!(got[16 * i + k].to_bits(), want.to_bits(), "element {i} op {k}: x={x} y={y}");
        }
        // Fast-math intrinsics: within their documented error (CUDA C
        // Programming Guide, intrinsic functions): checked loosely here.
        let close = |k: usize, want: f32, tol: f32| {
            let g = got[16 * i + k];
            assert!((g - want).abs() <= tol * want.abs().max(1.0), "element {i} op {k}: got {g}, want {want}");
        };
        close(2, x.exp(), 1e-5 * 8.0);
        close(3, x.sin(), 2e-6 + x.abs() * 1e-6);
        close(4, x.cos(), 2e-6 + x.abs() * 1e-6);
        close(5, (y.abs() + 1.0).log2(), 1e-6);
        close(6, 1.0 / (x.abs() + 1.0).sqrt(), 1e-6);
        close(12, x / y, 1e-6);
    }
}
