//! What the trace says of each launch: its kernel's name, when one is
//! known, and the instructions it ran ([`LaunchRecord`], told to the
//! [`LaunchObserver`] the kernel model installs; `GPUIFACE_MOCK_TRACE`
//! prints it).
//!
//! The GPU never sees a kernel's name: a cubin's symbol table stays with
//! the process that loaded it, and the QMD names only a code address. A
//! name comes from:
//! - the process, which names the code it loaded
//!   ([`Gpu::name_program`]; the preload library exports it to any
//!   process as `gpuiface_mock_name_program`, which only the mock has);
//! - else the suite's kernels, recognised by their code bytes (`twins.rs`).
//!
//! A name belongs to a code address until it is named again or forgotten
//! ([`Gpu::forget_program_names`]: the kernel model forgets the names in a
//! mapping when `NVGPU_AS_IOCTL_UNMAP_BUFFER` removes it). Names are kept by
//! GPU address for the whole GPU: two address spaces that name code at the
//! same address share the later name.

use std::sync::Arc;

use super::compute::{Launch, Outcome};
use super::{Channel, Gpu, Shared};

/// One finished launch, as the trace reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchRecord {
    /// The channel it ran on.
    pub channel: u32,
    /// The QMD's GPU address.
    pub qmd: u64,
    /// The program's GPU address.
    pub program: u64,
    /// The kernel's name, when the process named the program or it is a suite kernel.
    pub kernel: Option<String>,
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// What ran it: `"interpreter"` (the SASS interpreter), `"closure"` or `"twin"`.
    pub engine: &'static str,
    /// Warp-instructions the interpreter ran (0 for closures and twins, which run no machine code).
    pub warp_instructions: u64,
    /// Thread-instructions the interpreter ran (lanes active under their guard).
    pub thread_instructions: u64,
    /// `None` when the grid completed; else why it stopped.
    pub error: Option<String>,
}

impl LaunchRecord {
    /// The trace line: `[mock] GPU channel N: launch of kernel `k` (program …, QMD …): …`.
    pub fn line(&self) -> String {
        let who = match &self.kernel {
            Some(k) => format!("kernel `{k}`"),
            None => "an unnamed kernel".to_string(),
        };
        let ran = match self.engine {
            "interpreter" => format!(
                "{} instructions ({} warp-instructions) on the SASS interpreter",
                self.thread_instructions, self.warp_instructions
            ),
            other => format!("by its {other} (no machine code run)"),
        };
        let end = match &self.error {
            None => "completed".to_string(),
            Some(e) => format!("stopped: {e}"),
        };
        format!(
            "[mock] GPU channel {}: launch of {who} (program {:#x}, QMD {:#x}), grid {:?} x block {:?}: {ran}; {end}",
            self.channel, self.program, self.qmd, self.grid, self.block
        )
    }
}

/// Told of every finished launch. Runs on the thread that completes the
/// launch, under the GPU model's lock: it must not call back into the [`Gpu`].
pub type LaunchObserver = Arc<dyn Fn(&LaunchRecord) + Send + Sync>;

impl Gpu {
    /// Tell `observer` of every launch from now on, when it completes or stops.
    pub fn set_launch_observer(&self, observer: LaunchObserver) {
        *self.shared.launch_observer.write().unwrap_or_else(|p| p.into_inner()) = Some(observer);
    }

    /// Name the program at GPU address `program` (a kernel's first
    /// instruction, as its QMD's program address gives it): launches of it
    /// are traced with this name.
    pub fn name_program(&self, program: u64, name: &str) {
        let mut names = self.shared.names.write().unwrap_or_else(|p| p.into_inner());
        names.insert(program, name.to_string());
    }

    /// Forget the names of programs in `[start, end)` (their memory was freed).
    pub fn forget_program_names(&self, start: u64, end: u64) {
        let mut names = self.shared.names.write().unwrap_or_else(|p| p.into_inner());
        names.retain(|va, _| !(start..end).contains(va));
    }

    /// The name given to the program at `program`, if any.
    pub fn program_name(&self, program: u64) -> Option<String> {
        self.shared.names.read().unwrap_or_else(|p| p.into_inner()).get(&program).cloned()
    }
}

/// Tell the observer, if any, of a finished launch.
pub(super) fn report(shared: &Shared, ch: &Channel, l: &Launch, outcome: &Outcome) {
    let observer = shared.launch_observer.read().unwrap_or_else(|p| p.into_inner()).clone();
    let Some(observer) = observer else { return };
    let program = l.qmd.program_address();
    let named = shared.names.read().unwrap_or_else(|p| p.into_inner()).get(&program).cloned();
    // A suite kernel is recognised by its code only when its machine code ran
    // (a closure runs no code; a twin knows its name).
    let by_code = || match outcome.engine {
        "interpreter" => super::twins::find(ch.desc.vm.as_ref(), program).map(|t| t.name.to_string()),
        _ => None,
    };
    let kernel = named.or_else(|| outcome.twin.map(str::to_string)).or_else(by_code);
    let error = match (&outcome.result, outcome.fault) {
        (_, Some(va)) => Some(format!("MMU fault at {va:#x}")),
        (Err(e), None) => Some(e.clone()),
        (Ok(()), None) => None,
    };
    observer(&LaunchRecord {
        channel: ch.desc.chid,
        qmd: l.qmd_va,
        program,
        kernel,
        grid: l.qmd.grid(),
        block: l.qmd.block(),
        engine: outcome.engine,
        warp_instructions: outcome.warp_instructions,
        thread_instructions: outcome.instructions,
        error,
    });
}
