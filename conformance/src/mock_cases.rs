//! Cases that need the mock: a stepped GPU (the QMD race), injected hangs,
//! and the kernel's leak check. Elsewhere (the real kernel, a backend of
//! one's own) they are not applicable ([`Needs::BuiltinMock`]).

use std::sync::Arc;
use std::time::Duration;

use gpuiface::mock::gpu::{ExecMode, GpuConfig};
use gpuiface::mock::{open_on, MockDevice, MockDeviceExt, MockKernel};
use gpuiface::queue::{Queue, Runtime};
use gpuiface::{AllocRequest, BackendKind, Error, ErrorKind, GpuIface};

use crate::support::{self, RacePolicy, RaceRig};
use crate::{ensure, Case, CaseError, CaseResult, Ctx, Needs};

pub(crate) fn mock(ctx: &Ctx, mode: ExecMode) -> Result<(Arc<MockKernel>, MockDevice), CaseError> {
    if ctx.kind != BackendKind::Mock || !ctx.is_builtin() {
        return Err(CaseError::NotApplicable(format!("needs the built-in mock's {mode:?} GPU")));
    }
    // The release the run's mock models (`--release`, GPUIFACE_MOCK_RELEASE).
    let release = gpuiface::mock::kernel::release_from_env()?;
    let k = Arc::new(MockKernel::builder().release(release).gpu(GpuConfig { mode }).build());
    let dev = open_on(k.clone()).map_err(|e| e.to_string())?;
    Ok((k, dev))
}

/// Run the two-launch race under `policy` on the stepped mock, once for
/// every number of GPU steps between the two submissions in `0..spread`;
/// returns how many interleavings showed the hazard.
fn race_hazards(ctx: &Ctx, policy: RacePolicy, spread: u32) -> Result<usize, CaseError> {
    let (_k, dev) = mock(ctx, ExecMode::Stepped)?;
    let gpu = dev.gpu().clone();
    let mut step = move || gpu.step();
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    while step() {}
    // Loading the kernel synchronizes: let a helper thread step meanwhile.
    let rig = dev.gpu().run_stepping(|| RaceRig::new(&rt, policy, 1000))?;
    let mut rig = rig;
    let mut hazards = 0;
    for (i, between) in (0..spread).enumerate() {
        let base = 2 * i as u64;
        let out = support::stepped_interleaving(&mut rig, base, between, &mut step)?;
        if out.hazard(base) {
            hazards += 1;
        }
    }
    Ok(hazards)
}

fn qmd_race_folded_signals_in_a_reused_qmd_show_the_hazard(ctx: &Ctx) -> CaseResult {
    let hazards = race_hazards(ctx, RacePolicy::FoldedReusedInFlight, 40)?;
    ensure!(hazards > 0, "rewriting a QMD in flight never showed the hazard in 40 interleavings");
    Ok(())
}

fn qmd_race_runtime_policies_never_show_it(ctx: &Ctx) -> CaseResult {
    for policy in RacePolicy::SAFE {
        let hazards = race_hazards(ctx, policy, 40)?;
        ensure!(hazards == 0, "{policy:?} showed the hazard in {hazards} of 40 interleavings");
    }
    Ok(())
}

fn hang_is_reported_and_the_device_still_drops_cleanly(ctx: &Ctx) -> CaseResult {
    let (k, dev) = mock(ctx, ExecMode::Threaded)?;
    {
        let rt = Runtime::with_config(&dev, 1 << 20, Duration::from_millis(200)).map_err(|e| e.to_string())?;
        rt.synchronize().map_err(|e| e.to_string())?;
        let chid = dev.channel_token(rt.objects().compute_channel).ok_or("no token")? & 0xfff;
        dev.gpu().inject_hang(chid);
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.signal(&s, 1u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        // A channel that stops without a fault record looks, from the CPU,
        // like a long kernel: the wait runs out as a timeout, not a hang.
        let e = rt.synchronize().err().ok_or("synchronize succeeded on a hung channel")?;
        ensure!(e.kind() == ErrorKind::Timeout, "{e}");
        ensure!(matches!(e, Error::Timeout { .. }), "no fault record, so a timeout: {e}");
        // An MMU fault, by contrast, comes with the kernel's record.
        let copy = dev.channel_token(rt.objects().copy_channel).ok_or("no token")? & 0xfff;
        dev.gpu().inject_mmu_fault(copy, 0xbad000);
        let mut q = Queue::copy_queue();
        q.signal(&s, 5u64);
        let _ = rt.submit(&q, &[]);
        let e = dev.signal_wait(&s, 5, Duration::from_secs(2)).err().ok_or("fault not reported")?;
        ensure!(matches!(&e, Error::DeviceHang { fault: Some(f), .. } if f.channel == copy), "{e}");
    }
    drop(dev);
    let snap = k.snapshot();
    ensure!(snap.is_empty(), "hung device leaked: {snap:?}");
    Ok(())
}

fn teardown_leaks_nothing(ctx: &Ctx) -> CaseResult {
    let (k, dev) = mock(ctx, ExecMode::Threaded)?;
    {
        let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
        let bufs: Vec<_> = (0..100u64)
            .map(|i| dev.alloc(AllocRequest::new(4096 * (1 + i % 7))))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        rt.copyin(&bufs[3], 0, &[1, 2, 3]).map_err(|e| e.to_string())?;
        let _signals: Vec<_> =
            (0..300).map(|_| dev.signal_alloc()).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
        ensure!(!k.snapshot().is_empty(), "nothing was allocated?");
    }
    drop(dev);
    let snap = k.snapshot();
    ensure!(snap.is_empty(), "leaked: {snap:?}");
    Ok(())
}

fn injected_failures_surface_as_typed_errors(ctx: &Ctx) -> CaseResult {
    use gpuiface::mock::kernel::Matcher;
    let (k, dev) = mock(ctx, ExecMode::Immediate)?;
    for (name, errno, kind) in [
        ("NVMAP_IOC_ALLOC", gpuiface::Errno::ENOMEM, ErrorKind::OutOfMemory),
        ("NVGPU_AS_IOCTL_MAP_BUFFER_EX", gpuiface::Errno::EINVAL, ErrorKind::InvalidArgument),
    ] {
        k.inject_failure(Matcher::Name(name.into()), 1, errno);
        let e = dev.alloc(AllocRequest::new(4096)).err().ok_or("injected failure ignored")?;
        ensure!(e.kind() == kind && e.op() == Some(name), "{e}");
        ensure!(e.to_string().contains(name), "message does not name the ioctl: {e}");
    }
    let b = dev.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

macro_rules! mock_case {
    ($f:ident, $what:expr) => {
        Case { name: stringify!($f), run: $f, expected_failures: &[], needs: Needs::BuiltinMock($what) }
    };
}

/// Mock-only cases.
pub(crate) const CASES: &[Case] = &[
    mock_case!(qmd_race_folded_signals_in_a_reused_qmd_show_the_hazard, "stepped GPU"),
    mock_case!(qmd_race_runtime_policies_never_show_it, "stepped GPU"),
    mock_case!(hang_is_reported_and_the_device_still_drops_cleanly, "hang and fault injection"),
    mock_case!(teardown_leaks_nothing, "kernel leak snapshot"),
    mock_case!(injected_failures_surface_as_typed_errors, "ioctl failure injection"),
    Case {
        name: "copy_completes_while_a_long_kernel_runs",
        run: crate::overlap::copy_completes_while_a_long_kernel_runs,
        expected_failures: &[],
        // The suite has no compiled kernel that polls memory.
        needs: Needs::BuiltinMock("kernels written as Rust closures (this one polls memory)"),
    },
];
