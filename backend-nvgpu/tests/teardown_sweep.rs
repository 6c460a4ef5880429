//! Issue 15 item 14: fault injection over *teardown*. Every call the backend
//! makes while a device, a runtime and an allocation are dropped (ioctls,
//! munmaps, closes) is failed in turn; teardown must still return (no panic,
//! no hang), and what the failed step leaves behind is reported. The model
//! stays consistent: closing what is left (what process exit does) releases
//! everything.

use std::sync::Arc;

use gpuiface_hal::{AllocRequest, Errno, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::kernel::{KernelSnapshot, Matcher};
use gpuiface_nvgpu::mock::{open_on, MockKernel};
use gpuiface_runtime::Runtime;

fn kernel() -> Arc<MockKernel> {
    Arc::new(MockKernel::builder().gpu(GpuConfig::with_mode(ExecMode::Immediate)).trace_stderr(false).build())
}

type Kept = Vec<Box<dyn std::any::Any>>;

/// A device, a runtime on it and an allocation (dropped in reverse order).
fn setup(k: &Arc<MockKernel>) -> Kept {
    let dev = Arc::new(open_on(k.clone()).unwrap());
    let rt = Runtime::new(dev.clone()).unwrap();
    let buf = dev.alloc(AllocRequest::new(64 << 10)).unwrap();
    let freer = FreeOnDrop(dev.clone(), Some(buf));
    vec![Box::new(freer), Box::new(rt), Box::new(dev)]
}

/// Frees its buffer on drop (swallowing the error, as a destructor must).
struct FreeOnDrop<D: GpuIface>(Arc<D>, Option<gpuiface_hal::Buffer>);
impl<D: GpuIface> Drop for FreeOnDrop<D> {
    fn drop(&mut self) {
        if let Some(b) = self.1.take() {
            let _ = self.0.free(b);
        }
    }
}

/// What is alive, in one line.
fn describe(s: &KernelSnapshot) -> String {
    let mut kinds = std::collections::BTreeMap::<&str, usize>::new();
    for (_, k) in &s.fds {
        *kinds.entry(k).or_default() += 1;
    }
    format!(
        "fds {kinds:?}, {} nvmap handles, {} GPU mappings, {} channels, {} TSGs, {} address spaces",
        s.nvmap_handles.len(),
        s.gpu_mappings.len(),
        s.channels.len(),
        s.tsgs.len(),
        s.vms.len()
    )
}

#[test]
fn item_14_every_teardown_step_fails_in_turn_and_what_it_leaves_is_reported() {
    // How many calls a clean teardown makes.
    let k = kernel();
    let kept = setup(&k);
    let before = k.calls();
    drop(kept);
    let steps = k.calls() - before;
    k.assert_no_leaks();
    assert!(steps > 10, "teardown made {steps} calls");
    let mut report = Vec::new();
    for nth in 1..=steps as usize {
        let k = kernel();
        let kept = setup(&k);
        k.clear_trace();
        k.inject_failure(Matcher::AnyCall, nth, Errno::EIO);
        drop(kept); // must return, whatever failed
        let left = k.snapshot();
        let failed = k.trace().into_iter().find(|t| t.result == Err(Errno::EIO)).map(|t| t.name);
        let what = failed.unwrap_or_else(|| "a close or munmap".into());
        report.push(format!(
            "teardown call #{nth} ({what}) failing: {}",
            if left.is_empty() { "nothing left".into() } else { describe(&left) }
        ));
        // Process exit closes every fd: then nothing is left.
        for (fd, _) in left.fds.clone() {
            // SAFETY: the device that held these fds is dropped (its close failed);
            // nothing else holds or uses them.
            let _ = unsafe { k.close_fd(fd) };
        }
        assert!(k.snapshot().is_empty(), "call #{nth}: closing what was left did not release it: {:#?}", k.snapshot());
    }
    eprintln!("{}", report.join("\n"));
    // At least one failure must leave something (else the sweep tested nothing).
    assert!(report.iter().any(|l| !l.ends_with("nothing left")), "{report:#?}");
}

#[test]
fn item_6_dropping_a_runtime_on_a_hung_queue_does_not_wait_out_its_timeout() {
    use gpuiface_nvgpu::mock::MockDeviceExt;
    use gpuiface_runtime::Queue;
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig::with_mode(ExecMode::Threaded)).trace_stderr(false).build());
    let dev = open_on(k.clone()).unwrap();
    // A one-hour wait timeout: a drop that waited it out would stall this
    // test (and CI) instead of returning.
    let rt = Runtime::with_config(&dev, 1 << 20, std::time::Duration::from_secs(3600)).unwrap();
    rt.synchronize().unwrap();
    let chid = dev.channel_token(rt.objects().compute_channel).unwrap() & 0xfff;
    dev.gpu().inject_hang(chid);
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    assert_eq!(s.value(), 0);
    drop(rt);
    drop(dev);
    // Everything was released even though the work never ran.
    let left = k.snapshot();
    assert!(left.channels.is_empty() && left.tsgs.is_empty() && left.vms.is_empty(), "{left:#?}");
}
