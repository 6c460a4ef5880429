//! Multi-entry GPFIFO batches ([`Runtime::submit_batch`]: one `submit` of
//! several entries per engine), with dependent work whose result proves
//! the order the entries ran in, on both engines.
//!
//! Each queue of a batch releases a shared `order` signal with its place in
//! the batch (1, 2, ...) and then a `done` signal of its own. Once every
//! `done` signal is released, every queue ran, and `order` holds the value
//! of the queue that ran last: the batch's last only if the entries ran in
//! the order they were given. The work itself depends on that order too:
//! a chain of copies each reading what the one before wrote, or launches
//! writing the same words one after another. A backend that reverses a
//! batch, drops an entry of it or reorders it fails here.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Program, Queue, QueueKind, Runtime, VarId};
use gpuiface::{AllocRequest, Buffer, GpuIface, Signal};

use crate::support::{self, pattern};
use crate::{ensure, CaseResult, Ctx};

/// Queues in each engine's batch.
const ENTRIES: usize = 4;
/// Bytes each copy moves.
const CHUNK: usize = 64 << 10;
/// Words each launch writes.
const WORDS: u32 = 1024;
/// What the `k`-th launch (from 0) multiplies by: distinct, so the words
/// tell which launch wrote them.
const FACTORS: [u32; ENTRIES] = [3, 5, 7, 11];

/// A runtime whose waits give up after a few seconds: a batch run out of
/// order leaves its timeline short, and the case should fail quickly.
fn runtime(dev: &crate::Device) -> Result<Runtime<&crate::Device>, String> {
    Runtime::with_config(dev, 1 << 20, Duration::from_secs(5)).map_err(|e| format!("runtime: {e}"))
}

/// The signals one engine's batch releases.
struct Releases {
    order: Signal,
    done: Vec<Signal>,
}

impl Releases {
    fn new(dev: &crate::Device) -> Result<Releases, String> {
        let order = dev.signal_alloc().map_err(|e| e.to_string())?;
        let done = (0..ENTRIES).map(|_| dev.signal_alloc()).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
        Ok(Releases { order, done })
    }

    /// Queue `i`'s releases: its place in the batch, then its own signal.
    fn record(&self, q: &mut Queue, i: usize) {
        q.signal(&self.order, i as u64 + 1).signal(&self.done[i], 1u64);
    }

    /// Wait until every queue of the batch ran, then check that the last
    /// one ran last.
    fn check(&self, dev: &crate::Device, engine: &str) -> CaseResult {
        for (i, d) in self.done.iter().enumerate() {
            dev.signal_wait(d, 1, Duration::from_secs(10))
                .map_err(|e| format!("{engine}: queue {i} of the batch never ran (an entry was lost?): {e}"))?;
        }
        let last = self.order.value();
        ensure!(
            last == ENTRIES as u64,
            "{engine}: the batch's entries ran out of order: queue {} ran last, not queue {}",
            last.wrapping_sub(1),
            ENTRIES - 1
        );
        Ok(())
    }
}

/// The copy engine's chain: `bufs[i + 1] = bufs[i]`, one queue per link.
struct CopyChain {
    bufs: Vec<Buffer>,
    queues: Vec<Queue>,
    releases: Releases,
    data: Vec<u8>,
}

impl CopyChain {
    fn new(dev: &crate::Device, rt: &Runtime<&crate::Device>) -> Result<CopyChain, String> {
        let e = |e: gpuiface::Error| e.to_string();
        let bufs: Vec<Buffer> =
            (0..=ENTRIES).map(|_| dev.alloc(AllocRequest::new(CHUNK as u64))).collect::<Result<_, _>>().map_err(e)?;
        let data = pattern(CHUNK, 41);
        rt.copyin(&bufs[0], 0, &data).map_err(e)?;
        for b in &bufs[1..] {
            rt.copyin(b, 0, &vec![0u8; CHUNK]).map_err(e)?;
        }
        let releases = Releases::new(dev)?;
        let queues = (0..ENTRIES)
            .map(|i| {
                let mut q = Queue::copy_queue();
                q.copy(bufs[i + 1].gpu_va(), bufs[i].gpu_va(), CHUNK as u64);
                releases.record(&mut q, i);
                q
            })
            .collect();
        Ok(CopyChain { bufs, queues, releases, data })
    }

    /// After the batch: every link ran, in order, so the last buffer holds
    /// the first one's bytes.
    fn check(self, dev: &crate::Device, rt: &Runtime<&crate::Device>) -> CaseResult {
        self.releases.check(dev, "copy")?;
        let mut out = vec![0u8; CHUNK];
        rt.copyout(&mut out, &self.bufs[ENTRIES], 0).map_err(|e| e.to_string())?;
        ensure!(out == self.data, "copy: the end of the chain does not hold its start: the copies ran out of order");
        drop(self.queues);
        for b in self.bufs {
            rt.free(b).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// The compute engine's sequence: launch `i` writes `out[j] = j * FACTORS[i]`
/// over the same words, so the last launch to run leaves its factor.
struct LaunchSequence {
    out: Buffer,
    fill: Program,
    queues: Vec<Queue>,
    releases: Releases,
}

impl LaunchSequence {
    fn new(dev: &crate::Device, rt: &Runtime<&crate::Device>) -> Result<LaunchSequence, String> {
        let e = |e: gpuiface::Error| e.to_string();
        let out = dev.alloc(AllocRequest::new(u64::from(WORDS) * 4)).map_err(e)?;
        let fill = support::load_fill_kernel(rt)?;
        let releases = Releases::new(dev)?;
        let mut queues = Vec::new();
        for (i, k) in FACTORS.iter().enumerate() {
            let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(WORDS), Arg::U32(*k)]).map_err(e)?;
            let mut q = Queue::compute();
            q.launch(&fill, LaunchDims::new([WORDS.div_ceil(128), 1, 1], [128, 1, 1]), &args);
            releases.record(&mut q, i);
            queues.push(q);
        }
        Ok(LaunchSequence { out, fill, queues, releases })
    }

    /// After the batch: the words hold the last launch's factor.
    fn check(self, dev: &crate::Device, rt: &Runtime<&crate::Device>) -> CaseResult {
        self.releases.check(dev, "compute")?;
        let mut host = vec![0u8; WORDS as usize * 4];
        rt.copyout(&mut host, &self.out, 0).map_err(|e| e.to_string())?;
        let last = FACTORS[ENTRIES - 1];
        for (j, w) in host.chunks(4).enumerate() {
            let got = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            let want = j as u32 * last;
            if got != want {
                let by = FACTORS.iter().position(|k| j > 0 && got == j as u32 * k);
                return Err(format!(
                    "compute: out[{j}] = {got}, not {want}: {}",
                    match by {
                        Some(i) => format!("launch {i} of the batch ran last"),
                        None => "no launch of the batch wrote it".into(),
                    }
                )
                .into());
            }
        }
        drop(self.queues); // their launches hold clones of `fill`
        rt.free(self.out).map_err(|e| e.to_string())?;
        Ok(rt.free_program(self.fill).map_err(|e| e.to_string())?)
    }
}

/// The runtime's timeline of `kind` reaches the batch's last value: the
/// batch's last entry ran last (else the timeline stays short).
fn timeline_reaches(rt: &Runtime<&crate::Device>, kind: QueueKind, last: u64) -> CaseResult {
    ensure!(last > 0, "{kind:?}: submit_batch returned no timeline value");
    rt.wait_timeline(kind, last)
        .map_err(|e| format!("{kind:?}: the timeline never reached the batch's last value {last}: {e}"))?;
    Ok(())
}

fn batch<'q>(queues: impl IntoIterator<Item = &'q Queue>) -> Vec<(&'q Queue, &'static [(VarId, u64)])> {
    queues.into_iter().map(|q| (q, &[][..])).collect()
}

/// Four dependent copies, `b1 = b0`, `b2 = b1`, `b3 = b2`, `b4 = b3`,
/// submitted to the copy engine as one batch of four entries.
pub(super) fn batched_copies_run_in_order(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let rt = runtime(&dev)?;
    let chain = CopyChain::new(&dev, &rt)?;
    let last = rt.submit_batch(&batch(&chain.queues)).map_err(|e| e.to_string())?;
    chain.check(&dev, &rt)?;
    timeline_reaches(&rt, QueueKind::Copy, last[QueueKind::Copy.index()])
}

/// Four launches writing the same words, each with its own factor,
/// submitted to the compute engine as one batch of four entries.
pub(super) fn batched_launches_run_in_order(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let rt = runtime(&dev)?;
    let sequence = LaunchSequence::new(&dev, &rt)?;
    let last = rt.submit_batch(&batch(&sequence.queues)).map_err(|e| e.to_string())?;
    sequence.check(&dev, &rt)?;
    timeline_reaches(&rt, QueueKind::Compute, last[QueueKind::Compute.index()])
}

/// Both of the above in one batch, their queues interleaved (copy, launch,
/// copy, launch, ...): each engine gets its queues as one multi-entry
/// submit, in the order they were given.
pub(super) fn an_interleaved_batch_keeps_each_engines_order(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let rt = runtime(&dev)?;
    let chain = CopyChain::new(&dev, &rt)?;
    let sequence = LaunchSequence::new(&dev, &rt)?;
    let interleaved = chain.queues.iter().zip(&sequence.queues).flat_map(|(c, l)| [c, l]);
    let last = rt.submit_batch(&batch(interleaved)).map_err(|e| e.to_string())?;
    chain.check(&dev, &rt)?;
    sequence.check(&dev, &rt)?;
    timeline_reaches(&rt, QueueKind::Copy, last[QueueKind::Copy.index()])?;
    timeline_reaches(&rt, QueueKind::Compute, last[QueueKind::Compute.index()])
}
