//! A backend written with only the public API: a tracing wrapper around any
//! `GpuIface` that counts every call, checked by the conformance suite with
//! one call (`gpuiface_conformance::run_suite`).
//!
//! `cargo run -p gpuiface-examples --example tracing_backend`

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gpuiface::{
    AllocRequest, BackendKind, Buffer, DeviceInfo, ForeignMemory, GpFifoEntry, GpuIface, LiveCounts, Result,
    RmAllocParams, RmClass, RmControl, RmHandle, Signal, UsermodeRegs,
};

/// Counts the calls made through it, then forwards them.
struct Tracing<I> {
    inner: I,
    calls: Arc<AtomicU64>,
}

impl<I: GpuIface> Tracing<I> {
    fn note(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }
}

impl<I: GpuIface> GpuIface for Tracing<I> {
    fn info(&self) -> &DeviceInfo {
        self.inner.info()
    }
    fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
        self.note();
        self.inner.alloc(request)
    }
    fn free(&self, buffer: Buffer) -> Result<()> {
        self.note();
        self.inner.free(buffer)
    }
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        self.note();
        self.inner.map(memory)
    }
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.note();
        self.inner.rm_alloc(parent, class, params)
    }
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.note();
        self.inner.rm_control(object, control)
    }
    fn rm_free(&self, object: RmHandle) -> Result<()> {
        self.note();
        self.inner.rm_free(object)
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.note();
        self.inner.setup_usermode()
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.note();
        self.inner.submit(channel, entries)
    }
    fn signal_alloc(&self) -> Result<Signal> {
        self.note();
        self.inner.signal_alloc()
    }
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        self.note();
        self.inner.signal_wait(signal, value, timeout)
    }
    /// Forwarded, so the suite's leak check sees through the wrapper.
    fn live(&self) -> Option<LiveCounts> {
        self.inner.live()
    }
}

/// Run the suite on the wrapper; exit 1 if a case fails.
pub fn main() {
    let calls = Arc::new(AtomicU64::new(0));
    let counter = calls.clone();
    // The wrapped backend: the mock here (any machine); on a Jetson, `BackendKind::Nvgpu`.
    let report = gpuiface_conformance::run_suite("tracing(mock)", BackendKind::Mock, move || {
        Ok(Tracing { inner: gpuiface::open_kind(BackendKind::Mock)?, calls: counter.clone() })
    });
    println!("{report}");
    println!("{} calls went through the wrapper", calls.load(Ordering::Relaxed));
    assert!(calls.load(Ordering::Relaxed) > 0, "the suite did not use the wrapper");
    if !report.ok() {
        std::process::exit(1);
    }
}
