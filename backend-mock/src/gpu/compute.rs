//! The compute engine (C6C0/C7C0): QMD V03_00 launches.
//!
//! `SEND_PCAS_A` latches the QMD address (`>> 8`); `SEND_SIGNALING_PCAS2_B`
//! with a scheduling action (SCHEDULE, INVALIDATE_COPY_SCHEDULE,
//! PREFETCH_SCHEDULE, INVALIDATE_PREFETCH_COPY_SCHEDULE, …FORCE_REQUIRE_SCHEDULING)
//! — or the older `SEND_SIGNALING_PCAS_B` with SCHEDULE set — launches. Other
//! actions (NOP, INVALIDATE, PREFETCH, …) are accepted and recorded.
//!
//! The QMD is read from GPU memory **at the launch**, not at the doorbell:
//! the source of seed 002's race when the CPU rewrites a QMD it already
//! submitted. From it the model takes the grid (`CTA_RASTER_*`), block
//! (`CTA_THREAD_DIMENSION*`), constant buffer 0 (driver area + kernel
//! arguments) and program address; checks the launch as the hardware
//! would (below); runs the registered closure or the suite kernel's twin
//! (`twins.rs`); then performs releases 0, 1 and 2 (32/64-bit, four-word
//! structure = timestamped, optional reduction) and schedules
//! `DEPENDENT_QMD0` if enabled — which launches at the channel's next step,
//! read from memory then.
//!
//! ## Launch checks (a GR exception, `NVGPU_CHANNEL_GR_EXCEPTION`, each)
//! Every launch: QMD V03_00; `SASS_VERSION` of SM 8.x code; a register
//! count in 1..=255; a block within the SM's limits whose registers fit the
//! register file; min ≤ target ≤ max shared-memory configurations, each a
//! carve-out the SM has, with `SHARED_MEMORY_SIZE` + 1 KiB inside the
//! target; at most 16 barriers; a 128-byte aligned program
//! ([`ga10b::PROGRAM_ALIGN`]: the hardware's rule; our loader's 256 is its own choice). A suite
//! kernel's launch also: at least the kernel's registers, static shared
//! memory and barriers; constant buffer 0 valid and holding the parameter
//! bank; and, for a kernel with a stack, `SHADER_LOCAL_MEMORY_HIGH_SIZE`
//! covering it, local memory bound (`SET_SHADER_LOCAL_MEMORY_A/B`), the
//! local window set, and enough memory per TPC. Closure kernels are
//! mock-only code, so only the first set applies to them.
//!
//! The compute engine's state methods (`SET_SHADER_LOCAL_MEMORY_A/B`,
//! `..._NON_THROTTLED_A/B/C`, `..._LOCAL_MEMORY_WINDOW_A/B`,
//! `SET_SHADER_SHARED_MEMORY_WINDOW_A/B`) are kept per channel
//! ([`Gpu::compute_state`](super::Gpu::compute_state)).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::codec::qmd::{v03_00, Qmd, QMD_SIZE};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{Engine, FaultRecord};

use super::cbank::ConstBanks;
use super::host::{self, Reduction};
pub use super::kctx::{KernelCtx, KernelFn, ProgramKey};
use super::{fault, record_or_fault, Channel, Shared};
use crate::mem::GpuVm;

/// Dependent-QMD chains longer than this fault (a cycle, most likely).
const MAX_CHAIN: u32 = 1024;

/// The compute engine's memory state, as the state methods set it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ComputeState {
    /// `SET_SHADER_LOCAL_MEMORY_WINDOW_A/B`.
    pub local_window: u64,
    /// `SET_SHADER_SHARED_MEMORY_WINDOW_A/B`.
    pub shared_window: u64,
    /// `SET_SHADER_LOCAL_MEMORY_A/B`: the local memory's GPU VA (0: none bound).
    pub local_memory: u64,
    /// `SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A/B`: bytes per TPC.
    pub local_per_tpc: u64,
    /// `SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C`: SMs it serves.
    pub local_max_sm_count: u32,
}

/// Compute-engine registers.
#[derive(Default)]
pub(super) struct ComputeRegs {
    qmd_addr: u64,
    /// A dependent QMD to launch at the next step: (VA, chain depth).
    pending: Option<(u64, u32)>,
    pub(super) state: ComputeState,
    /// The last QMD launched (its VA and contents as read).
    pub(super) last: Option<(u64, Qmd)>,
    /// A kernel running beside the other engines (threaded modes).
    pub(super) running: Option<super::inflight::Running>,
}

impl ComputeRegs {
    /// A dependent QMD is waiting to launch.
    pub(super) fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Drop a scheduled dependent QMD (the channel faulted).
    pub(super) fn clear_pending(&mut self) {
        self.pending = None;
    }

    /// A kernel of this channel is running (threaded modes).
    pub(super) fn has_running(&self) -> bool {
        self.running.is_some()
    }
}

/// What runs a launch: a registered closure, the machine code on the
/// SASS interpreter (with the device's decoded-program cache), or (a test
/// hook) a suite kernel's twin.
pub(super) enum Runner {
    Closure(Arc<KernelFn>),
    Twin(&'static super::twins::Twin),
    Machine(Arc<super::machine::CodeCache>),
}

fn find_kernel(shared: &Shared, vm: &dyn GpuVm, program: u64) -> Option<Runner> {
    let kernels = shared.kernels.read().unwrap_or_else(|p| p.into_inner());
    let closure = kernels.iter().find_map(|(key, f)| {
        let hit = match key {
            ProgramKey::Address(a) => *a == program,
            ProgramKey::Bytes(b) => {
                let mut mem = vec![0u8; b.len()];
                vm.read(program, &mut mem).is_ok() && &mem == b
            }
        };
        hit.then(|| f.clone())
    });
    let twins = shared.twins.load(Ordering::Relaxed);
    closure
        .map(Runner::Closure)
        .or_else(|| if twins { super::twins::find(vm, program).map(Runner::Twin) } else { None })
        .or_else(|| Some(Runner::Machine(shared.code.clone())))
}

/// What the hardware checks of any QMD before it launches a grid.
fn check_qmd(qmd: &Qmd) -> Result<(), String> {
    let sass = qmd.get(v03_00::SASS_VERSION) as u32;
    if sass >> 4 != ga10b::SM_VERSION >> 8 {
        return Err(format!("SASS_VERSION {sass:#x} is not SM {}.x code", ga10b::SM_VERSION >> 8));
    }
    let regs = qmd.get(v03_00::REGISTER_COUNT_V) as u32;
    if regs == 0 || regs > ga10b::MAX_REGISTERS_PER_THREAD {
        return Err(format!("REGISTER_COUNT_V {regs} is outside 1..={}", ga10b::MAX_REGISTERS_PER_THREAD));
    }
    let block = qmd.block();
    let threads = block.iter().map(|d| u64::from(*d)).product::<u64>();
    if threads == 0
        || threads > u64::from(ga10b::MAX_THREADS_PER_BLOCK)
        || block.iter().zip(ga10b::MAX_BLOCK_DIM).any(|(d, m)| *d > m)
    {
        return Err(format!("block {block:?} is outside the SM's limits"));
    }
    let used = ga10b::block_registers(threads as u32, regs);
    if used > u64::from(ga10b::REGISTER_FILE) {
        return Err(format!(
            "{threads} threads x {regs} registers need {used} registers; the register file holds {}",
            ga10b::REGISTER_FILE
        ));
    }
    let config = |fld| {
        let v = qmd.get(fld) as u32;
        ga10b::decode_shared_config(v)
            .filter(|bytes| ga10b::SHARED_CONFIGS.contains(bytes))
            .ok_or_else(|| format!("{} {v:#x} names no shared-memory configuration of the SM", fld.name))
    };
    let (min, target, max) = (
        config(v03_00::MIN_SM_CONFIG_SHARED_MEM_SIZE)?,
        config(v03_00::TARGET_SM_CONFIG_SHARED_MEM_SIZE)?,
        config(v03_00::MAX_SM_CONFIG_SHARED_MEM_SIZE)?,
    );
    if !(min <= target && target <= max) {
        return Err(format!("shared-memory configurations min {min} / target {target} / max {max} are not ordered"));
    }
    let shared = qmd.shared_memory_size();
    if u64::from(shared) + u64::from(ga10b::SHARED_RESERVED_PER_BLOCK) > u64::from(target) {
        return Err(format!(
            "SHARED_MEMORY_SIZE {shared} (+{} reserved) does not fit the {target}-byte configuration",
            ga10b::SHARED_RESERVED_PER_BLOCK
        ));
    }
    let barriers = qmd.barrier_count();
    if barriers > ga10b::MAX_BARRIERS {
        return Err(format!("BARRIER_COUNT {barriers} exceeds {}", ga10b::MAX_BARRIERS));
    }
    let program = qmd.program_address();
    if !program.is_multiple_of(ga10b::PROGRAM_ALIGN) {
        return Err(format!("program address {program:#x} is not {}-byte aligned", ga10b::PROGRAM_ALIGN));
    }
    Ok(())
}

/// What the hardware needs for this particular kernel (a suite twin).
fn check_kernel(
    qmd: &Qmd,
    cbuf0_len: Option<u32>,
    state: &ComputeState,
    twin: &super::twins::Twin,
) -> Result<(), String> {
    let a = &twin.attrs;
    let name = twin.name;
    let regs = qmd.register_count();
    if regs < a.registers {
        return Err(format!("{name} needs {} registers per thread; the QMD gives {regs}", a.registers));
    }
    if qmd.shared_memory_size() < a.shared_static {
        return Err(format!(
            "{name} needs {} bytes of shared memory; SHARED_MEMORY_SIZE is {}",
            a.shared_static,
            qmd.shared_memory_size()
        ));
    }
    if qmd.barrier_count() < a.barriers {
        return Err(format!("{name} uses {} barriers; BARRIER_COUNT is {}", a.barriers, qmd.barrier_count()));
    }
    let need = a.param_offset + a.param_size;
    match cbuf0_len {
        None => return Err(format!("{name} reads constant buffer 0, which the QMD does not make valid")),
        Some(len) if len < need => {
            return Err(format!(
                "constant buffer 0 is {len} bytes; {name} reads its parameters up to c[0x0][{need:#x}]"
            ))
        }
        Some(_) => {}
    }
    let per_thread = a.local_memory_per_thread();
    if per_thread > 0 {
        let high = qmd.get(v03_00::SHADER_LOCAL_MEMORY_HIGH_SIZE) as u32;
        if high < per_thread {
            return Err(format!(
                "{name} needs {per_thread} bytes of local memory per thread; SHADER_LOCAL_MEMORY_HIGH_SIZE is {high}"
            ));
        }
        if state.local_memory == 0 {
            return Err(format!("{name} needs local memory and none is bound (SET_SHADER_LOCAL_MEMORY_A/B)"));
        }
        if state.local_window == 0 {
            return Err(format!(
                "{name} needs local memory and no local window is set (SET_SHADER_LOCAL_MEMORY_WINDOW_A/B)"
            ));
        }
        let per_tpc = ga10b::local_bytes_per_tpc(high);
        if state.local_per_tpc < per_tpc {
            return Err(format!(
                "{high} bytes of local memory per thread need {per_tpc} per TPC; {} are bound",
                state.local_per_tpc
            ));
        }
    }
    Ok(())
}

/// Read the QMD at `qmd_va` now, check it, and run its kernel: inline in
/// the immediate and stepped modes (then release and schedule its
/// dependent QMD), beside the other engines in the threaded modes (the
/// channel then waits for it, see [`super::inflight`]).
fn launch(shared: &Shared, ch: &mut Channel, qmd_va: u64, depth: u32) -> Result<(), FaultRecord> {
    let mut raw = [0u8; QMD_SIZE];
    if let Err(va) = ch.desc.vm.read(qmd_va, &mut raw) {
        return Err(fault::mmu(ch, va, Engine::Compute, "QMD read"));
    }
    let qmd = Qmd::from_bytes(&raw).expect("256 bytes");
    let major = qmd.get(v03_00::QMD_MAJOR_VERSION);
    if major != v03_00::MAJOR_VERSION {
        return Err(fault::gr(ch, format!("QMD at {qmd_va:#x} has major version {major}, not V03_00")));
    }
    ch.compute.last = Some((qmd_va, qmd));
    if let Err(reason) = check_qmd(&qmd) {
        return Err(fault::gr(ch, format!("QMD at {qmd_va:#x}: {reason}")));
    }
    let program = qmd.program_address();
    let Some(runner) = find_kernel(shared, ch.desc.vm.as_ref(), program) else {
        return Err(fault::gr(ch, format!("no kernel for program {program:#x} (QMD at {qmd_va:#x})")));
    };
    // Constant buffer 0 is not read here: the kernel reads its constants
    // on access (`cbank.rs`, and the interpreter per load). The check needs
    // only the declared size.
    if let Runner::Twin(twin) = &runner {
        let cbuf = qmd.constant_buffer(0);
        if let Err(reason) = check_kernel(&qmd, cbuf.map(|(_, size)| size), &ch.compute.state, twin) {
            return Err(fault::gr(ch, format!("QMD at {qmd_va:#x}: {reason}")));
        }
    }
    let in_order = shared.mode == super::ExecMode::Stepped;
    let budget = std::time::Duration::from_nanos(shared.kernel_watchdog_ns.load(Ordering::Relaxed));
    let launch = Launch { qmd, qmd_va, depth, state: ch.compute.state, in_order, budget };
    if matches!(shared.mode, super::ExecMode::Threaded | super::ExecMode::Polling) {
        ch.compute.running = Some(super::inflight::Running::spawn(runner, launch, ch.desc.vm.clone()));
        return Ok(());
    }
    // Inline, with the model's state locked: the channel's closing flag
    // (set by `detach_channel` before it takes the lock) stops the kernel.
    let closing = ch.closing.clone();
    let outcome = run_kernel(&runner, &launch, ch.desc.vm.as_ref(), false, Some(&closing));
    finish(shared, ch, &launch, outcome)
}

/// A launch whose kernel runs or ran: what its completion needs.
#[derive(Clone, Copy)]
pub(super) struct Launch {
    pub(super) qmd: Qmd,
    pub(super) qmd_va: u64,
    pub(super) depth: u32,
    /// The engine's windows and bound local memory when the grid launched.
    pub(super) state: ComputeState,
    /// Run the blocks in order on one thread (the stepped mode: deterministic).
    pub(super) in_order: bool,
    /// The host time the kernel may take (the compute watchdog).
    pub(super) budget: std::time::Duration,
}

/// How a kernel ended: its own result and the first faulting VA.
pub(super) struct Outcome {
    pub(super) result: Result<(), String>,
    pub(super) fault: Option<u64>,
    /// What faulted, for an MMU fault the interpreter describes.
    detail: Option<String>,
    /// Thread-instructions the interpreter ran.
    pub(super) instructions: u64,
    /// Warp-instructions the interpreter ran.
    pub(super) warp_instructions: u64,
    /// What ran it (`interpreter`, `closure`, `twin`), for the trace.
    pub(super) engine: &'static str,
    /// The suite kernel's name, when its twin ran it.
    pub(super) twin: Option<&'static str>,
    /// Stopped by the compute watchdog (`result` says so): an idle timeout, not a GR exception.
    timed_out: bool,
}

impl Outcome {
    /// A kernel that never returned (its thread panicked outside the closure's guard).
    pub(super) fn lost(why: &str) -> Outcome {
        Outcome::ended(Err(why.to_string()), None, None, "interpreter")
    }

    fn ended(result: Result<(), String>, fault: Option<u64>, detail: Option<String>, engine: &'static str) -> Outcome {
        Outcome { result, fault, detail, instructions: 0, warp_instructions: 0, engine, twin: None, timed_out: false }
    }
}

/// Run a launch's kernel to its end (on the caller's thread).
pub(super) fn run_kernel(
    runner: &Runner,
    l: &Launch,
    vm: &dyn GpuVm,
    realtime: bool,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Outcome {
    let qmd = &l.qmd;
    if let Runner::Machine(cache) = runner {
        let program = qmd.program_address();
        let budget = l.budget;
        return match super::machine::run(cache, vm, qmd, &l.state, cancel, l.in_order, budget) {
            super::machine::Outcome::Done(stats) => {
                log::trace!(
                    "launch {:#x}: program {program:#x} ran {} warp-instructions ({} thread-instructions)",
                    l.qmd_va,
                    stats.warp_instructions,
                    stats.thread_instructions
                );
                Outcome {
                    instructions: stats.thread_instructions,
                    warp_instructions: stats.warp_instructions,
                    ..Outcome::ended(Ok(()), None, None, "interpreter")
                }
            }
            super::machine::Outcome::Mmu(va, what) => Outcome::ended(Ok(()), Some(va), Some(what), "interpreter"),
            super::machine::Outcome::Timeout(msg) => {
                Outcome { timed_out: true, ..Outcome::ended(Err(msg), None, None, "interpreter") }
            }
            super::machine::Outcome::Gr(msg) => Outcome::ended(Err(msg), None, None, "interpreter"),
        };
    }
    let mut ctx = KernelCtx {
        grid: qmd.grid(),
        block: qmd.block(),
        program: qmd.program_address(),
        qmd: l.qmd_va,
        shared_memory: qmd.shared_memory_size(),
        banks: ConstBanks::from_qmd(qmd, vm),
        vm,
        fault: Cell::new(None),
        realtime,
        cancel,
    };
    let result = catch_unwind(AssertUnwindSafe(|| match runner {
        Runner::Closure(kernel) => super::state::in_kernel(|| kernel(&mut ctx)),
        Runner::Twin(twin) => twin.run(&mut ctx),
        Runner::Machine(_) => Ok(()),
    }))
    .unwrap_or_else(|p| Err(format!("kernel panicked: {}", panic_text(&*p))));
    match runner {
        Runner::Twin(twin) => {
            Outcome { twin: Some(twin.name), ..Outcome::ended(result, ctx.fault.get(), None, "twin") }
        }
        _ => Outcome::ended(result, ctx.fault.get(), None, "closure"),
    }
}

/// A kernel ended: count it, fault the channel if it failed, perform the
/// QMD's releases and schedule its dependent QMD.
pub(super) fn finish(shared: &Shared, ch: &mut Channel, l: &Launch, outcome: Outcome) -> Result<(), FaultRecord> {
    let (qmd, qmd_va, depth) = (&l.qmd, l.qmd_va, l.depth);
    let program = qmd.program_address();
    shared.launches.fetch_add(1, Ordering::Relaxed);
    ch.stats.launches += 1;
    ch.stats.instructions += outcome.instructions;
    super::launchlog::report(shared, ch, l, &outcome);
    if let Some(va) = outcome.fault {
        return Err(fault::mmu(ch, va, Engine::Compute, outcome.detail.as_deref().unwrap_or("kernel access")));
    }
    if let Err(msg) = outcome.result {
        if outcome.timed_out {
            // What the scheduler's timeout reports for a context that never
            // yields the engine: the channel is then unusable (as on the copy watchdog).
            return Err(fault::timeout(ch, Engine::Compute, format!("compute watchdog: {msg}")));
        }
        // The kernel's name when the process gave it (`Gpu::name_program`):
        // the same text goes to the trace, stderr and the error a runtime returns.
        let named = shared.names.read().unwrap_or_else(|p| p.into_inner()).get(&program).cloned();
        let name = named.map(|n| format!("{n} ")).unwrap_or_default();
        return Err(fault::gr(ch, format!("kernel {name}at {program:#x} failed: {msg}")));
    }
    release_and_chain(shared, ch, qmd, qmd_va, depth)
}

/// After the grid: the QMD's releases (V03_00 has three, `RELEASE0..2`, and
/// the compute engine performs each one enabled, in order), and its
/// dependent QMD scheduled.
fn release_and_chain(shared: &Shared, ch: &mut Channel, qmd: &Qmd, qmd_va: u64, depth: u32) -> Result<(), FaultRecord> {
    for i in 0..v03_00::RELEASES.len() {
        let Some(rel) = qmd.release(i) else { continue };
        let reduction = if rel.reduction_enable {
            let op = match rel.reduction_op {
                0 => Reduction::Add,
                1 => Reduction::Min,
                2 => Reduction::Max,
                3 => Reduction::Inc,
                4 => Reduction::Dec,
                5 => Reduction::And,
                6 => Reduction::Or,
                _ => Reduction::Xor,
            };
            Some((op, rel.reduction_format == 1))
        } else {
            None
        };
        // STRUCTURE_SIZE 0 = four words: payload, then a timestamp at +8.
        let timestamp = rel.structure_size == 0;
        host::release(ch, Engine::Compute, rel.address, rel.payload, rel.payload64, timestamp, reduction)?;
        if rel.non_blocking_intr_type != 0 {
            host::interrupt(shared, ch);
        }
    }
    if let Some(next) = qmd.dependent_qmd0() {
        if qmd.dependent_qmd0_action() != v03_00::DEPENDENT_QMD_ACTION_SCHEDULE as u32 {
            return Err(fault::gr(
                ch,
                format!("QMD at {qmd_va:#x}: dependent QMD action {} is not modelled", qmd.dependent_qmd0_action()),
            ));
        }
        if depth + 1 >= MAX_CHAIN {
            return Err(fault::gr(ch, format!("dependent QMD chain longer than {MAX_CHAIN} at {qmd_va:#x}")));
        }
        ch.compute.pending = Some((next, depth + 1));
    }
    Ok(())
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned()).unwrap_or_default()
}

/// Launch the scheduled dependent QMD.
pub(super) fn launch_pending(shared: &Shared, ch: &mut Channel) -> Result<(), FaultRecord> {
    match ch.compute.pending.take() {
        Some((va, depth)) => launch(shared, ch, va, depth),
        None => Ok(()),
    }
}

/// PCAS actions that schedule the QMD.
fn schedules(action: u32) -> bool {
    matches!(
        action,
        compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE
            | compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING
    )
}

/// Execute a compute-engine method.
pub(super) fn method(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    let st = &mut ch.compute.state;
    let (upper, lower) = (super::set_upper, super::set_lower);
    match m.method {
        compute::SET_SHADER_LOCAL_MEMORY_WINDOW_A => st.local_window = upper(st.local_window, m.data),
        compute::SET_SHADER_LOCAL_MEMORY_WINDOW_B => st.local_window = lower(st.local_window, m.data),
        compute::SET_SHADER_SHARED_MEMORY_WINDOW_A => st.shared_window = upper(st.shared_window, m.data),
        compute::SET_SHADER_SHARED_MEMORY_WINDOW_B => st.shared_window = lower(st.shared_window, m.data),
        compute::SET_SHADER_LOCAL_MEMORY_A => st.local_memory = upper(st.local_memory, m.data),
        compute::SET_SHADER_LOCAL_MEMORY_B => st.local_memory = lower(st.local_memory, m.data),
        compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A => {
            st.local_per_tpc = (st.local_per_tpc & 0xffff_ffff) | (u64::from(m.data & 0xff) << 32)
        }
        compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B => st.local_per_tpc = lower(st.local_per_tpc, m.data),
        compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C => st.local_max_sm_count = m.data & 0x1ff,
        _ => return dispatch(shared, ch, class, m),
    }
    Ok(true)
}

fn dispatch(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    match m.method {
        compute::SEND_PCAS_A => {
            ch.compute.qmd_addr = u64::from(m.data) << 8;
            Ok(true)
        }
        compute::SEND_SIGNALING_PCAS2_B if schedules(compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION.get(m.data)) => {
            let qmd = ch.compute.qmd_addr;
            launch(shared, ch, qmd, 0)?;
            Ok(true)
        }
        compute::SEND_SIGNALING_PCAS_B
            if compute::SEND_SIGNALING_PCAS_B_SCHEDULE.get(m.data) == compute::SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE =>
        {
            let qmd = ch.compute.qmd_addr;
            launch(shared, ch, qmd, 0)?;
            Ok(true)
        }
        _ => record_or_fault(ch, class, m),
    }
}
