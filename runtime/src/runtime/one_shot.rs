//! The one-shot path ([`OneShot`]): a shape's encoding found in the
//! engine's cache (or made and kept), patched with the one-shot's values.

use gpuiface_hal::{Error, GpuIface, Result};

use super::Runtime;
use crate::encode::Template;
use crate::footprint::{Borrowed, ShapeId};
use crate::one_shot::{OneShot, Step, StepKey, SHAPES_KEPT};
use crate::queue::{Queue, QueueKind};
use crate::vars::ArgVar;

/// An engine's kept shapes: the last [`SHAPES_KEPT`] one-shot shapes
/// submitted there, each with its encoding for this runtime.
#[derive(Debug, Default)]
pub(crate) struct Shapes {
    kept: Vec<Shape>,
    /// The shape replaced next once all are taken (the oldest kept).
    next: usize,
    /// Shapes kept so far: the last one's [`ShapeId`].
    made: ShapeId,
}

#[derive(Debug)]
struct Shape {
    key: Box<[StepKey]>,
    template: Template,
    /// Given by this engine to no other shape.
    id: ShapeId,
}

impl Shapes {
    /// The kept shape of `steps`.
    #[inline]
    fn find(&self, steps: &[Step<'_>]) -> Option<usize> {
        self.kept.iter().position(|s| s.key.len() == steps.len() && s.key.iter().zip(steps).all(|(k, st)| st.is(k)))
    }

    /// Keep `template` as the encoding of shape `key`, in place of the
    /// oldest when all are taken; its index.
    fn keep(&mut self, key: Box<[StepKey]>, template: Template) -> usize {
        if let Some(i) = self.kept.iter().position(|s| s.key == key) {
            // Another thread made it meanwhile.
            return i;
        }
        self.made += 1;
        let shape = Shape { key, template, id: self.made };
        if self.kept.len() < SHAPES_KEPT {
            self.kept.push(shape);
            return self.kept.len() - 1;
        }
        let i = self.next % SHAPES_KEPT;
        self.kept[i] = shape;
        self.next = i + 1;
        i
    }
}

impl<I: GpuIface> Runtime<I> {
    /// Record a queue for one submit, borrowing what it names
    /// ([`OneShot`]): the cheapest way to submit work recorded afresh for
    /// every submit.
    ///
    /// ```
    /// # use gpuiface_runtime::{QueueKind, Runtime};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, done: &gpuiface_hal::Signal, dst: u64, src: u64) -> gpuiface_hal::Result<()> {
    /// rt.one_shot(QueueKind::Copy).copy(dst, src, 4096).signal(done, 1).submit()?;
    /// # Ok(()) }
    /// ```
    pub fn one_shot(&self, kind: QueueKind) -> OneShot<'_, I> {
        OneShot::new(self, kind)
    }

    /// [`OneShot::submit`].
    #[inline(always)]
    pub(crate) fn submit_one_shot(&self, shot: &OneShot<'_, I>) -> Result<u64> {
        if let Some(why) = shot.invalid {
            return Err(why.error());
        }
        self.ensure_local_for(shot.local_per_thread)?;
        self.submit_steps(shot, None).map_err(|e| *e)
    }

    /// Submit `shot`'s steps (recorded without error): its timeline value;
    /// `used`, if given, receives the bytes of command memory it took.
    ///
    /// Its error is boxed, so that its result comes back in registers (as
    /// a replay's does: `Runtime::try_replay`).
    #[inline(never)]
    pub(crate) fn submit_steps(
        &self,
        shot: &OneShot<'_, I>,
        used: Option<&std::sync::atomic::AtomicU64>,
    ) -> std::result::Result<u64, Box<Error>> {
        let engine = shot.kind.index();
        let mut state = self.engine(engine);
        let index = match state.shapes.find(shot.steps.as_slice()) {
            Some(i) => i,
            None => {
                // Encoded without the engine's lock: other submits go on.
                drop(state);
                let template = self.compile_shape(shot)?;
                state = self.engine(engine);
                state.shapes.keep(shot.steps.as_slice().iter().map(Step::key).collect(), template)
            }
        };
        let (channel, _) = self.channel_of(shot.kind);
        let st = &mut *state;
        let kept = st.shapes.kept.get(index).ok_or_else(vanished)?;
        let t = &kept.template;
        let value = st.timeline_value + 1;
        let (offset, gpu_va, hit) =
            super::replay::place_template(&mut st.ring, t, shot.values.as_slice(), value, self.clock(engine))?;
        let touches = Borrowed {
            everything: shot.launches && !shot.declared,
            ranges: shot.ranges.as_slice(),
            steps: shot.steps.as_slice(),
            shape: kept.id,
        };
        st.ring.commit_borrowed(offset, &t.image_key, value, touches);
        st.timeline_value = value;
        // Committed first (what it touches is borrowed from the one-shot
        // and is best taken while at hand); a refusal takes it back.
        if let Err(e) = channel.submit_encoded(&self.iface, t.entry.at(gpu_va + t.pb_offset)) {
            st.ring.uncommit_last();
            st.timeline_value -= 1;
            return Err(Box::new(e));
        }
        super::replay::prefetch_next(&st.ring, t, hit);
        if let Some(used) = used {
            used.store(t.image_key.len(), std::sync::atomic::Ordering::Relaxed);
        }
        Ok(value)
    }

    /// The encoding of `shot`'s shape: a queue of the same commands whose
    /// every value is a variable, in the order `shot.values` holds them,
    /// compiled for this runtime.
    #[cold]
    #[inline(never)]
    fn compile_shape(&self, shot: &OneShot<'_, I>) -> Result<Template> {
        let mut q = Queue::new(shot.kind);
        for step in shot.steps.as_slice() {
            match *step {
                Step::Launch { program, dims, args, .. } => {
                    let words: Vec<ArgVar> = (0..args.len().div_ceil(8))
                        .map(|k| ArgVar::value(8 * k, (args.len() - 8 * k).min(8) as u8, q.var()))
                        .collect();
                    q.launch_vars(program, dims, args, &words);
                }
                Step::Signal { signal, .. } => {
                    let v = q.var();
                    q.signal(signal, v);
                }
                Step::Wait { signal, .. } => {
                    let v = q.var();
                    q.wait(signal, v);
                }
                Step::Copy => {
                    let (dst, src, len) = (q.var(), q.var(), q.var());
                    q.copy(dst, src, len);
                }
                Step::Barrier => {
                    q.barrier();
                }
            }
        }
        if let Some(e) = &q.invalid {
            return Err((**e).clone());
        }
        if q.vars != shot.values.as_slice().len() {
            return Err(vanished());
        }
        let placement = self.iface.info().signal_placement;
        self.compile(&q, placement)
    }
}

#[cold]
fn vanished() -> Error {
    Error::invalid("OneShot::submit", "a one-shot's shape and its values disagree (runtime bug)")
}
