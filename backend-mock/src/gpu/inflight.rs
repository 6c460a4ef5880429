//! Kernels running beside the other engines (the threaded modes).
//!
//! On ga10b the copy engine and the compute engine run concurrently, and
//! the host time-slices channels (runlist, TSG timeslice): a long kernel on
//! one channel delays neither a copy nor another channel's work (issue 21
//! item 4: on the old model a ~150 ms kernel held the whole GPU). In the
//! threaded and polling modes a launch therefore runs its kernel on a
//! thread of its own, **without the model's lock**; its channel waits for
//! it (its next method, like a wait-for-idle, starts after the grid
//! completes) while every other channel and engine keeps running. When the
//! kernel ends, the channel's next step performs the QMD's releases and
//! schedules its dependent QMD, as an inline launch would.
//!
//! Closing the channel (or dropping the GPU) cancels a running kernel:
//! every memory access it makes from then on fails, [`KernelCtx::sleep`]
//! returns, and the close waits for the thread, so when `detach_channel`
//! returns nothing touches the channel's memory any more.
//!
//! The immediate and stepped modes keep running a kernel inline, inside the
//! step that executes its launch method: the stepped mode's interleaving
//! stays explicit and deterministic (one launch = one step).
//!
//! [`KernelCtx::sleep`]: super::KernelCtx::sleep

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use gpuiface_hal::FaultRecord;

use super::compute::{finish, run_kernel, Launch, Outcome, Runner};
use super::state::{Channel, Shared};
use crate::mem::GpuVm;

/// A kernel running on its own thread.
pub(super) struct Running {
    launch: Launch,
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<Outcome>>,
}

impl Running {
    /// Start `runner` for `launch` on a thread of its own.
    pub(super) fn spawn(runner: Runner, launch: Launch, vm: Arc<dyn GpuVm>) -> Running {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let spawned = std::thread::Builder::new()
            .name("gpuiface-mock-sm".into())
            .spawn(move || run_kernel(&runner, &launch, vm.as_ref(), true, Some(&flag)));
        match spawned {
            Ok(t) => Running { launch, cancel, thread: Some(t) },
            // No thread to be had: the launch fails (a GR exception at the
            // channel's next step); it is never run under the model's lock.
            Err(_) => Running { launch, cancel, thread: None },
        }
    }

    fn done(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    fn outcome(mut self) -> Outcome {
        match self.thread.take() {
            Some(t) => t.join().unwrap_or_else(|_| Outcome::lost("the kernel thread panicked")),
            None => Outcome::lost("no thread could be started for the kernel"),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Closing the channel: the kernel's next access fails; wait for it
        // so nothing touches the channel's memory after the close.
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The channel's running kernel, if it has ended: complete its launch.
/// `None` while it still runs (the channel waits).
pub(super) fn poll(shared: &Shared, ch: &mut Channel) -> Option<Result<(), FaultRecord>> {
    if !ch.compute.running.as_ref()?.done() {
        return None;
    }
    let running = ch.compute.running.take()?;
    let launch = running.launch;
    let outcome = running.outcome();
    Some(finish(shared, ch, &launch, outcome))
}
