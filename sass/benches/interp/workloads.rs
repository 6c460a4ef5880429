//! The interpreter's benchmark workloads (issue 42 item 6): each suite
//! kernel laid out in a [`FlatMemory`] with its inputs, the launch that runs
//! it, a native Rust loop doing the same arithmetic on the same data (the
//! baseline), and a check that the interpreter's output is the native one.
//!
//! Shared by `sass/benches/interp.rs` (timing), `sass/examples/interp_profile.rs`
//! (callgrind) and `sass/tests/bench_kernels.rs` (small sizes, a correctness
//! test), each through `#[path]`.
//!
//! The kernels are `gpuiface_kernels::SAXPY` (PTX) and the five of
//! `gpuiface_kernels::BENCH` (CUDA C, `kernels/cuda/bench.cu`); each kernel's
//! comment there says what it computes. Inputs come from a fixed xorshift
//! sequence, so every run sees the same data.

// Each of the three users calls a different part.
#![allow(dead_code)]

use gpuiface_hal::cubin::{Cubin, ModuleImage};
use gpuiface_sass::{run_launch, run_launch_parallel, Code, ConstBuffer, Fault, FlatMemory, LaunchConfig, Stats};

/// Where the flat memory starts: the program image, then constant bank 0.
pub const BASE: u64 = 0x1_0000_0000;
/// Constant bank 0 (the driver area and the parameters).
const CBUF0: u64 = BASE + 0x1_0000;
/// The first buffer (inputs, then outputs, each 256-aligned).
const DATA: u64 = BASE + 0x2_0000;
/// Bytes of constant bank 0 bound (past the parameters of every kernel here).
const CBUF0_LEN: usize = 0x200;

/// One of the benchmark's kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// `saxpy`: `y = a * x + y` over `size` elements (256 threads per block).
    Saxpy,
    /// `sgemm_tiled`: `c = a * b` for `size x size` matrices (16 x 16 tiles).
    Sgemm,
    /// `softmax_rows`: `size` rows of 1,024 floats, a warp per row.
    Softmax,
    /// `histogram256`: 256 bins over `size` words, 16 words per thread.
    Histogram,
    /// `block_scan`: inclusive scans of `size` words in blocks of 256.
    Scan,
    /// `collatz`: Collatz step counts of `size` numbers below 2^20 (heavy divergence).
    Divergent,
}

/// Columns of a softmax row.
pub const SOFTMAX_COLS: u32 = 1024;
/// Threads per block of the one-dimensional kernels.
const BLOCK: u32 = 256;
/// Words each histogram thread counts (its grid-stride loop's trips).
const HISTOGRAM_PER_THREAD: u32 = 16;

impl Kernel {
    /// Every kernel, in the order the bench runs them.
    pub const ALL: [Kernel; 6] =
        [Kernel::Saxpy, Kernel::Sgemm, Kernel::Softmax, Kernel::Histogram, Kernel::Scan, Kernel::Divergent];

    /// The name the profile driver takes.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Saxpy => "saxpy",
            Kernel::Sgemm => "sgemm",
            Kernel::Softmax => "softmax",
            Kernel::Histogram => "histogram",
            Kernel::Scan => "scan",
            Kernel::Divergent => "divergent",
        }
    }

    /// The kernel named `name`.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kernel's entry name in its cubin.
    fn entry(self) -> &'static str {
        match self {
            Kernel::Saxpy => "saxpy",
            Kernel::Sgemm => "sgemm_tiled",
            Kernel::Softmax => "softmax_rows",
            Kernel::Histogram => "histogram256",
            Kernel::Scan => "block_scan",
            Kernel::Divergent => "collatz",
        }
    }

    /// The benchmark's size: what issue 42 names, or about 30-70 M
    /// thread-instructions (a second or so per run on one core today).
    pub fn bench_size(self) -> u32 {
        match self {
            Kernel::Saxpy => 1 << 20,
            Kernel::Sgemm => 256,
            Kernel::Softmax => 1024,
            Kernel::Histogram => 1 << 22,
            Kernel::Scan => 1 << 20,
            Kernel::Divergent => 1 << 15,
        }
    }

    /// The profile driver's size: 1-9 M thread-instructions, well under a
    /// minute under callgrind.
    pub fn profile_size(self) -> u32 {
        match self {
            Kernel::Saxpy => 1 << 16,
            Kernel::Sgemm => 128,
            Kernel::Softmax => 128,
            Kernel::Histogram => 1 << 19,
            Kernel::Scan => 1 << 17,
            Kernel::Divergent => 1 << 12,
        }
    }

    /// The smallest sizes that still launch 4 or more blocks (the test's).
    pub fn test_size(self) -> u32 {
        match self {
            Kernel::Saxpy => 1024,
            Kernel::Sgemm => 32,
            Kernel::Softmax => 32,
            Kernel::Histogram => 4 * BLOCK * HISTOGRAM_PER_THREAD,
            Kernel::Scan => 4 * BLOCK,
            Kernel::Divergent => 4 * BLOCK,
        }
    }

    /// What `size` means, for labels: "1M", "256^3", ...
    pub fn label(self, size: u32) -> String {
        let count = |n: u32| match n {
            n if n >= 1 << 20 && n.is_multiple_of(1 << 20) => format!("{}M", n >> 20),
            n if n >= 1 << 10 && n.is_multiple_of(1 << 10) => format!("{}K", n >> 10),
            n => n.to_string(),
        };
        match self {
            Kernel::Sgemm => format!("sgemm {size}^3"),
            Kernel::Softmax => format!("softmax {size}x{SOFTMAX_COLS}"),
            Kernel::Divergent => format!("divergent collatz {}", count(size)),
            k => format!("{} {}", k.name(), count(size)),
        }
    }
}

/// The inputs, as the native loop reads them (a copy of what the launch reads).
enum Input {
    Saxpy { a: f32, x: Vec<f32>, y: Vec<f32> },
    Sgemm { n: usize, a: Vec<f32>, b: Vec<f32> },
    Softmax { rows: usize, x: Vec<f32> },
    Words(Vec<u32>),
}

/// A launch's geometry and parameters, and where its output goes (address, 32-bit words).
struct Shape {
    block: [u32; 3],
    grid: [u32; 3],
    params: Vec<u8>,
    out: (u64, usize),
}

/// A kernel's launch over its inputs in flat memory, and the same inputs on the host.
pub struct Workload {
    /// Which kernel.
    pub kernel: Kernel,
    /// Its size (see [`Kernel`]).
    pub size: u32,
    /// The memory: the program image, constant banks, inputs and outputs.
    pub mem: FlatMemory,
    /// The launch.
    pub cfg: LaunchConfig,
    /// The kernel's first instruction.
    pub entry: u64,
    input: Input,
    /// Where the output starts, and its 32-bit words.
    out: (u64, usize),
    /// Bytes of memory from `DATA` as first laid out (inputs, zeroed outputs).
    initial: Vec<u8>,
}

/// A fixed pseudo-random sequence (xorshift32).
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// A float in [lo, lo + width) with 16 significant bits.
    fn float(&mut self, lo: f32, width: f32) -> f32 {
        lo + width * (self.next() >> 16) as f32 / 65536.0
    }
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn u32_bytes(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Lays buffers out from `DATA`, 256-aligned.
struct Layout {
    next: u64,
    bytes: Vec<u8>,
}

impl Layout {
    /// Place `data`; its address.
    fn put(&mut self, data: &[u8]) -> u64 {
        let va = self.next;
        self.bytes.resize((va - DATA) as usize, 0);
        self.bytes.extend_from_slice(data);
        self.next = (va + data.len() as u64).next_multiple_of(256);
        va
    }
}

impl Workload {
    /// `kernel` at `size` (see [`Kernel`]), laid out and ready to launch.
    pub fn new(kernel: Kernel, size: u32) -> Workload {
        let mut rng = Rng(0x2545_f491);
        let mut lay = Layout { next: DATA, bytes: Vec::new() };
        let n = size as usize;
        let (Shape { block, grid, params, out }, input) = match kernel {
            Kernel::Saxpy => {
                // As the saxpy bench always had it: x[i] = i / 2, y = 0, a = 2.5.
                let a = 2.5f32;
                let x: Vec<f32> = (0..size).map(|i| i as f32 * 0.5).collect();
                let y = vec![0f32; n];
                let (xv, yv) = (lay.put(&f32_bytes(&x)), lay.put(&f32_bytes(&y)));
                let params = [&xv.to_le_bytes()[..], &yv.to_le_bytes(), &a.to_le_bytes(), &size.to_le_bytes()].concat();
                (
                    Shape { block: [BLOCK, 1, 1], grid: [size.div_ceil(BLOCK), 1, 1], params, out: (yv, n) },
                    Input::Saxpy { a, x, y },
                )
            }
            Kernel::Sgemm => {
                assert!(size.is_multiple_of(16), "sgemm: n a multiple of 16");
                let a: Vec<f32> = (0..n * n).map(|_| rng.float(-1.0, 2.0)).collect();
                let b: Vec<f32> = (0..n * n).map(|_| rng.float(-1.0, 2.0)).collect();
                let (av, bv) = (lay.put(&f32_bytes(&a)), lay.put(&f32_bytes(&b)));
                let cv = lay.put(&vec![0; 4 * n * n]);
                let params =
                    [&av.to_le_bytes()[..], &bv.to_le_bytes(), &cv.to_le_bytes(), &size.to_le_bytes()].concat();
                (
                    Shape { block: [16, 16, 1], grid: [size / 16, size / 16, 1], params, out: (cv, n * n) },
                    Input::Sgemm { n, a, b },
                )
            }
            Kernel::Softmax => {
                assert!(size.is_multiple_of(8), "softmax: rows a multiple of 8");
                let len = n * SOFTMAX_COLS as usize;
                let x: Vec<f32> = (0..len).map(|_| rng.float(-8.0, 16.0)).collect();
                let (xv, ov) = (lay.put(&f32_bytes(&x)), lay.put(&vec![0; 4 * len]));
                let params =
                    [&xv.to_le_bytes()[..], &ov.to_le_bytes(), &size.to_le_bytes(), &SOFTMAX_COLS.to_le_bytes()]
                        .concat();
                (
                    Shape { block: [BLOCK, 1, 1], grid: [size / 8, 1, 1], params, out: (ov, len) },
                    Input::Softmax { rows: n, x },
                )
            }
            Kernel::Histogram => {
                let per_block = BLOCK * HISTOGRAM_PER_THREAD;
                assert!(size.is_multiple_of(per_block), "histogram: size a multiple of {per_block}");
                let words: Vec<u32> = (0..n).map(|_| rng.next()).collect();
                let (iv, hv) = (lay.put(&u32_bytes(&words)), lay.put(&[0; 4 * 256]));
                let params = [&iv.to_le_bytes()[..], &hv.to_le_bytes(), &size.to_le_bytes()].concat();
                (
                    Shape { block: [BLOCK, 1, 1], grid: [size / per_block, 1, 1], params, out: (hv, 256) },
                    Input::Words(words),
                )
            }
            Kernel::Scan => {
                assert!(size.is_multiple_of(BLOCK), "scan: size a multiple of {BLOCK}");
                let words: Vec<u32> = (0..n).map(|_| rng.next()).collect();
                let (iv, ov) = (lay.put(&u32_bytes(&words)), lay.put(&vec![0; 4 * n]));
                let params = [&iv.to_le_bytes()[..], &ov.to_le_bytes()].concat();
                (Shape { block: [BLOCK, 1, 1], grid: [size / BLOCK, 1, 1], params, out: (ov, n) }, Input::Words(words))
            }
            Kernel::Divergent => {
                let words: Vec<u32> = (0..n).map(|_| (rng.next() >> 12).max(1)).collect();
                let (iv, ov) = (lay.put(&u32_bytes(&words)), lay.put(&vec![0; 4 * n]));
                let params = [&iv.to_le_bytes()[..], &ov.to_le_bytes(), &size.to_le_bytes()].concat();
                (
                    Shape { block: [BLOCK, 1, 1], grid: [size.div_ceil(BLOCK), 1, 1], params, out: (ov, n) },
                    Input::Words(words),
                )
            }
        };

        // The program: saxpy's self-contained cubin, or the bench module's
        // relocated image with the kernel's other constant banks bound.
        let mut const_buffers = [None; 18];
        let (image, code_offset, attrs) = if kernel == Kernel::Saxpy {
            let cubin = Cubin::parse(gpuiface_kernels::SAXPY.cubin).expect("saxpy cubin");
            let k = cubin.kernel("saxpy").expect("saxpy kernel");
            (k.code.clone(), 0, k.attrs.clone())
        } else {
            let module = ModuleImage::parse(gpuiface_kernels::BENCH.cubin).expect("bench module");
            let k = module.kernel(kernel.entry()).expect("bench kernel");
            for b in &k.banks {
                const_buffers[b.bank as usize] = Some(ConstBuffer { va: BASE + b.offset, size: b.size });
            }
            (module.relocated(BASE).expect("relocates"), k.code_offset, k.attrs.clone())
        };
        assert!(BASE + image.len() as u64 <= CBUF0, "the program image fits below constant bank 0");

        // Constant bank 0: blockDim, gridDim, then the parameters.
        let mut cbuf = vec![0u8; CBUF0_LEN];
        cbuf[0..12].copy_from_slice(&u32_bytes(&block));
        cbuf[12..24].copy_from_slice(&u32_bytes(&grid));
        let p = attrs.param_offset as usize;
        assert_eq!(params.len() as u32, attrs.param_size, "{}: parameter bytes", kernel.entry());
        cbuf[p..p + params.len()].copy_from_slice(&params);
        const_buffers[0] = Some(ConstBuffer { va: CBUF0, size: CBUF0_LEN as u32 });

        let initial = lay.bytes;
        let mem = FlatMemory::new(BASE, (DATA - BASE) as usize + initial.len());
        mem.store(BASE, &image);
        mem.store(CBUF0, &cbuf);
        mem.store(DATA, &initial);
        let cfg = LaunchConfig {
            grid,
            block,
            registers: attrs.registers,
            shared_memory: attrs.shared_static,
            const_buffers,
            shared_window: 0xFE_0000_0000,
            local_window: 0xFD_0000_0000,
            local_memory: None,
            max_warp_instructions: u64::MAX,
        };
        Workload { kernel, size, mem, cfg, entry: BASE + code_offset, input, out, initial }
    }

    /// Blocks in the launch.
    pub fn blocks(&self) -> u32 {
        self.cfg.grid.iter().product()
    }

    /// Elements of output the native loop writes (its throughput's unit).
    pub fn elements(&self) -> u64 {
        match self.kernel {
            // The histogram's work is its input words, not its 256 bins.
            Kernel::Histogram => u64::from(self.size),
            _ => self.out.1 as u64,
        }
    }

    /// Put the inputs back and zero the outputs (saxpy updates y in place,
    /// the histogram adds to its bins).
    pub fn reset(&self) {
        self.mem.store(DATA, &self.initial);
    }

    /// One launch on the caller's thread.
    pub fn run(&self, code: &mut Code) -> Result<Stats, Fault> {
        run_launch(code, &self.mem, &self.cfg, None)
    }

    /// One launch with its blocks on `codes.len()` host threads.
    pub fn run_parallel(&self, codes: &mut [Code]) -> Result<Stats, Fault> {
        run_launch_parallel(codes, &self.mem, &self.cfg, None)
    }

    /// A fresh program for this launch.
    pub fn code(&self) -> Code {
        Code::new(self.entry)
    }

    /// A native output buffer for [`native`](Self::native).
    pub fn native_buffer(&self) -> Vec<u32> {
        match &self.input {
            // saxpy's y is updated in place: start from the input's.
            Input::Saxpy { y, .. } => y.iter().map(|v| v.to_bits()).collect(),
            _ => vec![0; self.out.1],
        }
    }

    /// The native Rust loop: the kernel's arithmetic on the same inputs,
    /// into `out` (32-bit words; floats as their bits) from
    /// [`native_buffer`](Self::native_buffer). `f32::mul_add` where the
    /// kernel has FFMA; on an x86_64 build without `+fma` that is a call to
    /// libm's `fmaf` per element, as exact as the GPU's FFMA.
    pub fn native(&self, out: &mut [u32]) {
        match (&self.input, self.kernel) {
            (Input::Saxpy { a, x, .. }, _) => {
                for (y, x) in out.iter_mut().zip(x) {
                    *y = a.mul_add(*x, f32::from_bits(*y)).to_bits();
                }
            }
            (Input::Sgemm { n, a, b }, _) => {
                // Row by row, k outer and j inner (b read along its rows): each
                // c[i][j] still sums k = 0, 1, ... in order, FFMA by FFMA, as
                // every thread of the tiled kernel does, so the results are
                // bit-identical.
                let n = *n;
                let mut row = vec![0f32; n];
                for i in 0..n {
                    row.fill(0.0);
                    for k in 0..n {
                        let aik = a[i * n + k];
                        for (c, b) in row.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                            *c = aik.mul_add(*b, *c);
                        }
                    }
                    for (o, c) in out[i * n..(i + 1) * n].iter_mut().zip(&row) {
                        *o = c.to_bits();
                    }
                }
            }
            (Input::Softmax { rows, x }, _) => softmax_native(x, *rows, out),
            (Input::Words(w), Kernel::Histogram) => {
                out.fill(0);
                for v in w {
                    out[(v & 255) as usize] += 1;
                }
            }
            (Input::Words(w), Kernel::Scan) => {
                for (o, i) in out.chunks_mut(BLOCK as usize).zip(w.chunks(BLOCK as usize)) {
                    let mut sum = 0u32;
                    for (o, i) in o.iter_mut().zip(i) {
                        sum = sum.wrapping_add(*i);
                        *o = sum;
                    }
                }
            }
            (Input::Words(w), _) => {
                for (o, &v) in out.iter_mut().zip(w) {
                    let (mut x, mut s) = (u64::from(v), 0u32);
                    while x != 1 {
                        x = if x & 1 == 1 { 3 * x + 1 } else { x >> 1 };
                        s += 1;
                    }
                    *o = s;
                }
            }
        }
    }

    /// The interpreter's output now (32-bit words).
    pub fn output(&self) -> Vec<u32> {
        let bytes = self.mem.load(self.out.0, 4 * self.out.1);
        bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    }

    /// Whether the interpreter's output (after one launch from
    /// [`reset`](Self::reset)) is the native loop's: exactly, but for
    /// softmax (see [`softmax_close`]). `Ok` says how close.
    pub fn check(&self) -> Result<String, String> {
        let mut want = self.native_buffer();
        self.native(&mut want);
        let got = self.output();
        let label = self.kernel.label(self.size);
        if self.kernel == Kernel::Softmax {
            return softmax_close(&got, &want).map_err(|e| format!("{label}: {e}"));
        }
        match got.iter().zip(&want).position(|(g, w)| g != w) {
            None => Ok(format!("{} words identical", got.len())),
            Some(i) => Err(format!(
                "{label}: word {i} of {} is {:#x} on the interpreter, {:#x} natively ({} and {} as f32)",
                got.len(),
                got[i],
                want[i],
                f32::from_bits(got[i]),
                f32::from_bits(want[i])
            )),
        }
    }
}

/// The kernel's softmax, lane by lane: lane `l` of a row's warp takes
/// columns `l, l + 32, ...` in order, and the lanes combine their maxima and
/// sums by the butterfly of `__shfl_xor_sync` (offsets 16, 8, 4, 2, 1), in
/// which every lane ends with the same value (each step adds or takes the
/// maximum of two lanes' values, commutatively). Only `expf` differs from
/// the kernel's operations: CUDA's is a range reduction and `MUFU.EX2`
/// (within 2 ulp), this is the host's `f32::exp` (libm, within 1 ulp).
fn softmax_native(x: &[f32], rows: usize, out: &mut [u32]) {
    let n = SOFTMAX_COLS as usize;
    for r in 0..rows {
        let xr = &x[r * n..(r + 1) * n];
        let mut m = [f32::NEG_INFINITY; 32];
        for (j, v) in xr.iter().enumerate() {
            m[j % 32] = m[j % 32].max(*v);
        }
        for o in [16, 8, 4, 2, 1] {
            let prev = m;
            for (l, m) in m.iter_mut().enumerate() {
                *m = m.max(prev[l ^ o]);
            }
        }
        let m = m[0];
        let mut s = [0f32; 32];
        for (j, v) in xr.iter().enumerate() {
            s[j % 32] += (v - m).exp();
        }
        for o in [16, 8, 4, 2, 1] {
            let prev = s;
            for (l, s) in s.iter_mut().enumerate() {
                *s += prev[l ^ o];
            }
        }
        let inv = 1.0 / s[0];
        for (o, v) in out[r * n..(r + 1) * n].iter_mut().zip(xr) {
            *o = ((v - m).exp() * inv).to_bits();
        }
    }
}

/// Whether two softmax outputs agree within a relative 1e-5 per element.
///
/// Why that bound: both sides do the same operations in the same order
/// (see `softmax_native`) except `expf`, where CUDA's is within 2 ulp and
/// libm's within 1 ulp, so each term differs by at most 3 ulp (3.6e-7
/// relative). The row sum of positive terms (32 sequential additions per
/// lane and 5 butterfly steps) keeps that relative bound on its inputs, and
/// each of its 37 roundings can go differently on the two sides (at most
/// 37 x 2^-24 = 2.2e-6); the reciprocal and the product add an ulp each.
/// That is under 3e-6 in all; 1e-5 leaves room. The check also reports how
/// many elements are bit-identical.
fn softmax_close(got: &[u32], want: &[u32]) -> Result<String, String> {
    let mut same = 0;
    let mut worst = 0f64;
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let (g, w) = (f64::from(f32::from_bits(g)), f64::from(f32::from_bits(w)));
        let rel = if g == w { 0.0 } else { (g - w).abs() / w.abs() };
        if rel.is_nan() || rel > 1e-5 {
            return Err(format!("element {i} is {g} on the interpreter, {w} natively (relative {rel:e})"));
        }
        same += usize::from(g == w);
        worst = worst.max(rel);
    }
    Ok(format!("{same} of {} identical, the largest relative difference {worst:.2e}", got.len()))
}
