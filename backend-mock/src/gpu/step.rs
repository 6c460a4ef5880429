//! One step of one channel: which engine advances (a copy in flight, a
//! dependent QMD, the host's GPFIFO fetch, the next method, GP_GET), which
//! engine a method goes to, and a panic inside the model faulting only its
//! channel.

use std::sync::atomic::Ordering;

use gpuiface_hal::codec::method::Method;
use gpuiface_hal::FaultRecord;

use super::state::{Channel, Shared, State};
use super::{compute, copy, fault, host, USERD_GP_GET};

/// What one step of a channel did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Progress,
    Idle,
    Blocked,
}

/// Advance one channel by one unit. A panic inside the model (a bug: no
/// input should cause one) faults only this channel; the others keep running.
pub(super) fn step_channel(shared: &Shared, st: &mut State, chid: u32) -> Step {
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| step_channel_inner(shared, st, chid)));
    match caught {
        Ok(step) => step,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string panic".into());
            if let Some(ch) = st.channels.get_mut(&chid) {
                let rec = fault::pbdma(ch, format!("GPU model panic: {what}"));
                st.faults.push(rec);
            }
            Step::Progress
        }
    }
}

fn step_channel_inner(shared: &Shared, st: &mut State, chid: u32) -> Step {
    let Some(ch) = st.channels.get_mut(&chid) else { return Step::Idle };
    if ch.inject_panic {
        ch.inject_panic = false;
        panic!("injected model panic on channel {chid}");
    }
    if ch.fault.is_some() || ch.hung {
        return Step::Idle;
    }
    if let Some(va) = ch.injected_mmu_fault.take() {
        let rec = fault::mmu(ch, va, gpuiface_hal::Engine::Host, "injected MMU fault");
        st.faults.push(rec);
        return Step::Progress;
    }
    let result = if ch.compute.has_running() {
        // A kernel runs beside the other channels: this one waits for it.
        match super::inflight::poll(shared, ch) {
            None => return Step::Blocked,
            Some(done) => done.map(|_| Step::Progress),
        }
    } else if ch.copy.has_job() {
        // A copy launch in flight continues, one timeslice per step.
        copy::resume(shared, ch).map(|_| Step::Progress)
    } else if ch.compute.has_pending() {
        // A dependent QMD launches at its own step, read as late as possible.
        compute::launch_pending(shared, ch).map(|_| Step::Progress)
    } else {
        match &ch.cursor {
            None => host::fetch(ch),
            Some(c) if c.pos < c.methods.len() => {
                let m = c.methods[c.pos];
                match execute(shared, ch, m) {
                    Ok(true) => {
                        shared.methods.fetch_add(1, Ordering::Relaxed);
                        ch.stats.methods += 1;
                        ch.blocked = false;
                        if let Some(c) = ch.cursor.as_mut() {
                            c.pos += 1;
                        }
                        Ok(Step::Progress)
                    }
                    Ok(false) => {
                        if !ch.blocked {
                            ch.stats.acquire_waits += 1;
                        }
                        ch.blocked = true;
                        Ok(Step::Blocked)
                    }
                    Err(rec) => Err(rec),
                }
            }
            Some(c) if c.error.is_some() => {
                let reason = c.error.clone().unwrap_or_default();
                Err(fault::pbdma(ch, reason))
            }
            Some(_) => {
                // Entry done: advance GP_GET.
                let next = ch.cursor.take().map(|c| c.next_get).unwrap_or(0);
                ch.desc.userd.write_u32(USERD_GP_GET, next);
                Ok(Step::Progress)
            }
        }
    };
    match result {
        Ok(s) => s,
        Err(rec) => {
            st.faults.push(rec);
            Step::Progress
        }
    }
}

/// Execute one method; `Ok(false)` when it blocks (an unsatisfied acquire).
fn execute(shared: &Shared, ch: &mut Channel, m: Method) -> Result<bool, FaultRecord> {
    if m.method < 0x100 {
        return host::method(shared, ch, m);
    }
    let Some(class) = ch.subchannels[usize::from(m.subchannel & 7)] else {
        return Err(fault::pbdma(
            ch,
            format!("method {:#x} on subchannel {} with no object bound", m.method, m.subchannel),
        ));
    };
    match class {
        c if gpuiface_hal::classes::compute::CLASSES.contains(&c) => compute::method(shared, ch, class, m),
        c if gpuiface_hal::classes::copy::CLASSES.contains(&c) => copy::method(shared, ch, class, m),
        other => Err(fault::pbdma(ch, format!("class {other:#x} is not modelled"))),
    }
}

/// Accept a defined-but-unmodelled method, or fault on an undefined one.
pub(super) fn record_or_fault(ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    if gpuiface_hal::classes::is_defined_method(class, m.method) {
        *ch.recorded.entry((class, m.method)).or_insert(0) += 1;
        Ok(true)
    } else {
        Err(fault::pbdma(
            ch,
            format!("illegal method {:#x} on subchannel {}: not defined by class {class:#x}", m.method, m.subchannel),
        ))
    }
}
