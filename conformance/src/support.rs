//! Helpers shared by the cases: data patterns, the suite's SM 8.7 kernels,
//! and seed 002's QMD race, both the racy pattern (built by hand: the
//! runtime refuses to produce it) and the runtime's safe policies.

use gpuiface::queue::{launch, Arg, LaunchDims, Program, Queue, QueueOptions, Runtime, COMPUTE_SUBCHANNEL};
use gpuiface::{AllocRequest, Buffer, GpFifoEntry, GpuIface, PushBuffer, Signal, SignalPlacement};
use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::qmd::Release;
pub use gpuiface_kernels::SuiteKernel;

/// `len` bytes of a deterministic pseudo-random pattern seeded by `seed`.
pub fn pattern(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

/// Load one of the suite's SM 8.7 kernels (`gpuiface_kernels`): the real
/// cubin on an Orin, the same cubin run by its twin on the mock.
pub fn load_kernel<I: GpuIface>(rt: &Runtime<I>, k: SuiteKernel) -> Result<Program, String> {
    rt.load_kernel(k.cubin, k.name).map_err(|e| format!("load {}: {e}", k.name))
}

/// The fill kernel: `out[i] = i * k` for `i < n`, arguments `(out, n, k)`.
pub fn load_fill_kernel<I: GpuIface>(rt: &Runtime<I>) -> Result<Program, String> {
    load_kernel(rt, gpuiface_kernels::FILL)
}

/// How two back-to-back launches of one queue, each followed by a signal,
/// are encoded (seed 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RacePolicy {
    /// The racy pattern, built by hand: one QMD slot rewritten in place for
    /// every launch, with the signal folded into the QMD's release. The
    /// second submission rewrites the slot while the GPU may not have read
    /// it for the first.
    FoldedReusedInFlight,
    /// The runtime, signals in the pushbuffer (the Tegra default).
    RuntimePushbuffer,
    /// The runtime, signals folded into the QMD, fresh memory every submit.
    RuntimeFolded,
    /// The runtime, folded signals and `reuse_qmd_memory` (slots rewritten
    /// only when idle).
    RuntimeFoldedReuse,
}

impl RacePolicy {
    /// Every policy.
    pub const ALL: [RacePolicy; 4] = [
        RacePolicy::FoldedReusedInFlight,
        RacePolicy::RuntimePushbuffer,
        RacePolicy::RuntimeFolded,
        RacePolicy::RuntimeFoldedReuse,
    ];
    /// The policies the runtime offers, which must never show the hazard.
    pub const SAFE: [RacePolicy; 3] =
        [RacePolicy::RuntimePushbuffer, RacePolicy::RuntimeFolded, RacePolicy::RuntimeFoldedReuse];
}

/// Two launches of the `spin` kernel, each with its own argument (an output
/// slot and a tag) and its own signal value, submitted per a [`RacePolicy`].
pub struct RaceRig<'a, I: GpuIface> {
    rt: &'a Runtime<I>,
    policy: RacePolicy,
    spin: Program,
    queue: Queue,
    value: gpuiface::queue::VarId,
    out_var: gpuiface::queue::VarId,
    /// `iters | tag << 32`: parameters 1 and 2 share one 8-byte word.
    iters_tag_var: gpuiface::queue::VarId,
    /// The signal both launches release (values `base + 1`, `base + 2`).
    pub signal: Signal,
    /// Launch `i` writes `tag << 32 | x` to `out + 8 * i`.
    pub out: Buffer,
    slot: Buffer,
    /// Constant buffer and pushbuffer of racy launch 0 and 1.
    scratch: [Buffer; 2],
    iters: u32,
}

impl<'a, I: GpuIface> RaceRig<'a, I> {
    /// Load `spin` and allocate what the policy needs. `iters` sets how long
    /// each launch runs (longer widens the race window on hardware).
    pub fn new(rt: &'a Runtime<I>, policy: RacePolicy, iters: u32) -> Result<Self, String> {
        let dev = rt.iface();
        let spin = load_kernel(rt, gpuiface_kernels::SPIN)?;
        let placement = match policy {
            RacePolicy::RuntimePushbuffer => SignalPlacement::PushbufferSemaphore,
            _ => SignalPlacement::QmdRelease,
        };
        let options = QueueOptions {
            signal_placement: Some(placement),
            reuse_qmd_memory: policy == RacePolicy::RuntimeFoldedReuse,
        };
        let mut queue = Queue::compute().with_options(options);
        let (value, out_var, iters_tag_var) = (queue.var(), queue.var(), queue.var());
        let args = spin.pack_args(&[Arg::U64(0), Arg::U32(iters), Arg::U32(0)]).map_err(|e| e.to_string())?;
        let signal = dev.signal_alloc().map_err(|e| e.to_string())?;
        // `out` is parameter 0 at offset 0; `iters` and `tag` (1 and 2) fill
        // the next 8-byte word, patched as one variable.
        let offset = |ordinal: u16| spin.attributes().params.iter().find(|p| p.ordinal == ordinal).map(|p| p.offset);
        if (offset(0), offset(1), offset(2)) != (Some(0), Some(8), Some(12)) {
            return Err(format!("spin's parameter layout changed: {:?}", spin.attributes().params));
        }
        queue
            .launch_with_vars(&spin, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args, &[(0, out_var), (8, iters_tag_var)])
            .signal(&signal, value);
        let out = dev.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
        let host = || dev.alloc(AllocRequest::new(4096).align(256).host()).map_err(|e| e.to_string());
        let slot = host()?;
        let scratch = [host()?, host()?];
        Ok(RaceRig { rt, policy, spin, queue, value, out_var, iters_tag_var, signal, out, slot, scratch, iters })
    }

    /// Launch number `i` (0 or 1): writes `out[i]`, then signals `value`.
    pub fn submit(&mut self, i: u64, value: u64) -> Result<(), String> {
        let out_va = self.out.gpu_va() + 8 * i;
        let tag = i as u32 + 1;
        match self.policy {
            RacePolicy::FoldedReusedInFlight => self.submit_racy(i as usize & 1, out_va, tag, value),
            _ => self
                .rt
                .submit(
                    &self.queue,
                    &[
                        (self.value, value),
                        (self.out_var, out_va),
                        (self.iters_tag_var, u64::from(self.iters) | (u64::from(tag) << 32)),
                    ],
                )
                .map(|_| ())
                .map_err(|e| e.to_string()),
        }
    }

    /// The tag launch `i` wrote (`out[i] >> 32`), read through the CPU mapping.
    pub fn tag_written(&self, i: u64) -> Option<u32> {
        let v = self.out.cpu()?.read_u64(8 * i).ok()?;
        (v != 0).then_some((v >> 32) as u32)
    }

    /// Clear both output slots (between interleavings).
    pub fn reset_outputs(&self) {
        let _ = self.out.write(0, &[0; 16]);
    }

    /// The racy pattern: the QMD (with the folded release) rewritten in one
    /// slot for every launch; arguments and pushbuffer in fresh memory.
    fn submit_racy(&mut self, i: usize, out_va: u64, tag: u32, value: u64) -> Result<(), String> {
        let dev = self.rt.iface();
        let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
        let _ = &dev;
        let attrs = self.spin.attributes();
        let args =
            self.spin.pack_args(&[Arg::U64(out_va), Arg::U32(self.iters), Arg::U32(tag)]).map_err(|e| e.to_string())?;
        let mem = &self.scratch[i];
        let mut cbuf = vec![0u8; launch::cbuf0_size(attrs, args.len())];
        launch::write_driver_area(&mut cbuf, &dims).map_err(|e| e.to_string())?;
        let at = attrs.param_offset as usize;
        cbuf[at..at + args.len()].copy_from_slice(&args);
        let mut q = *self.spin.qmd_template();
        launch::fill_launch(&mut q, attrs, &dims, mem.gpu_va(), cbuf.len()).map_err(|e| e.to_string())?;
        q.set_release(0, &Release { payload64: true, ..Release::new(self.signal.gpu_va(), value) });
        let mut pb = PushBuffer::new();
        pb.method(COMPUTE_SUBCHANNEL, compute::SEND_PCAS_A, &[(self.slot.gpu_va() >> 8) as u32]);
        pb.method(
            COMPUTE_SUBCHANNEL,
            compute::SEND_SIGNALING_PCAS2_B,
            &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
        );
        let mut words = vec![0u8; 4 * pb.len_dwords()];
        pb.write_le_bytes(&mut words);
        // `mem` (4 KiB: cbuf at 0, pushbuffer at 2 KiB) and `slot` (the QMD at
        // 0); the caller finished the previous use of `mem` (one interleaving at a time).
        let write = |b: &Buffer, at: u64, bytes: &[u8]| b.write(at, bytes).map_err(|e| e.to_string());
        write(mem, 0, &cbuf)?;
        write(mem, 2048, &words)?;
        write(&self.slot, 0, &q.to_bytes())?;
        let entry = GpFifoEntry::new(mem.gpu_va() + 2048, pb.len_dwords() as u32);
        dev.submit(self.rt.objects().compute_channel, &[entry]).map_err(|e| e.to_string())
    }

    /// Free what the rig allocated (after the GPU is done with it).
    pub fn release(self) -> Result<(), String> {
        let RaceRig { rt, queue, spin, scratch: [s0, s1], out, slot, .. } = self;
        let dev = rt.iface();
        rt.release_queue(&queue).map_err(|e| e.to_string())?;
        drop(queue); // its launch holds a clone of `spin`
        for b in [s0, s1, out, slot] {
            dev.free(b).map_err(|e| e.to_string())?;
        }
        rt.free_program(spin).map_err(|e| e.to_string())
    }
}

/// What one interleaving showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceOutcome {
    /// The first value the signal took after the submissions (`base + 1` is right).
    pub first_signal: u64,
    /// The tags the two launches wrote (`Some(1)`, `Some(2)` is right).
    pub tags: [Option<u32>; 2],
}

impl RaceOutcome {
    /// Seed 002's hazard: launch 0 released launch 1's value, or ran with
    /// launch 1's arguments.
    pub fn hazard(&self, base: u64) -> bool {
        self.first_signal != base + 1 || self.tags != [Some(1), Some(2)]
    }
}

/// One interleaving on a GPU that runs only when stepped (the mock's
/// `ExecMode::Stepped`): submit launch 0 (signal `base + 1`), let the GPU
/// take `steps_between` steps, submit launch 1 (`base + 2`), then step to
/// the end, watching the signal.
pub fn stepped_interleaving<I: GpuIface>(
    rig: &mut RaceRig<'_, I>,
    base: u64,
    steps_between: u32,
    step: &mut dyn FnMut() -> bool,
) -> Result<RaceOutcome, String> {
    rig.reset_outputs();
    let mut first = None;
    let mut watch = |rig: &RaceRig<'_, I>| {
        let v = rig.signal.value();
        if first.is_none() && v != base {
            first = Some(v);
        }
    };
    rig.submit(0, base + 1)?;
    for _ in 0..steps_between {
        if !step() {
            break;
        }
        watch(rig);
    }
    rig.submit(1, base + 2)?;
    while step() {
        watch(rig);
    }
    watch(rig);
    Ok(RaceOutcome { first_signal: first.unwrap_or(base), tags: [rig.tag_written(0), rig.tag_written(1)] })
}
