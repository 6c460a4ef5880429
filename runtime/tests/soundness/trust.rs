//! Issue 22, holes 5 and 6: what the runtime takes on trust.

use std::time::Duration;

use gpuiface_hal::{
    AllocRequest, Buffer, DeviceInfo, ErrorKind, ForeignMemory, GpFifoEntry, GpuIface, Result, RmAllocParams, RmClass,
    RmControl, RmHandle, Signal, UsermodeRegs,
};
use gpuiface_runtime::suballoc::SubAllocator;

use gpuiface_nvgpu::mock::MockDevice;

use super::{device, kind};

/// A quota layer: every allocation is at most one page, whatever was asked.
/// A legitimate, entirely safe implementation of the trait.
struct Quota<I: GpuIface>(I);

impl<I: GpuIface> GpuIface for Quota<I> {
    fn info(&self) -> &DeviceInfo {
        self.0.info()
    }
    fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
        let _ = request;
        self.0.alloc(AllocRequest::new(4096))
    }
    fn free(&self, buffer: Buffer) -> Result<()> {
        self.0.free(buffer)
    }
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        self.0.map(memory)
    }
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.0.rm_alloc(parent, class, params)
    }
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.0.rm_control(object, control)
    }
    fn rm_free(&self, object: RmHandle) -> Result<()> {
        self.0.rm_free(object)
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.0.setup_usermode()
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.0.submit(channel, entries)
    }
    fn signal_alloc(&self) -> Result<Signal> {
        self.0.signal_alloc()
    }
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        self.0.signal_wait(signal, value, timeout)
    }
}

/// Hole 5. Was: a sub-allocator over a backend that returned a one-page
/// "slab" carved 2 MiB out of it: its "unique" handles covered other live
/// buffers. Now it checks what the trait returned.
#[test]
fn a_sub_allocator_refuses_a_slab_smaller_than_asked() {
    let dev = device();
    let small = SubAllocator::new(Quota(&dev));
    assert_eq!(kind(small.alloc(256)), ErrorKind::InvalidArgument);
    // Nothing was kept: the refused slab went back to the backend.
    assert_eq!(small.slab_count(), 0);
}

/// Hole 6. Was: every device numbers its RM handles alike, so `rm_free` of
/// one device's channel handle on another device destroyed that device's
/// own compute channel. A handle now names its device.
#[test]
fn an_rm_handle_of_another_device_is_refused() {
    use gpuiface_runtime::{Queue, Runtime};
    let (one, two) = (device(), device());
    let (rt_one, rt_two) = (Runtime::new(&one).unwrap(), Runtime::new(&two).unwrap());
    let theirs = rt_one.objects().compute_channel;
    assert_eq!(theirs.number(), rt_two.objects().compute_channel.number(), "the coincidence");
    assert_eq!(kind(two.rm_free(theirs)), ErrorKind::InvalidArgument);
    assert_eq!(kind(two.submit(theirs, &[])), ErrorKind::InvalidArgument);
    assert_eq!(kind(two.rm_alloc(theirs, RmClass::Subdevice0, &RmAllocParams::None)), ErrorKind::InvalidArgument);
    // Device two's own compute channel still runs work.
    let done = two.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.signal(&done, 1u64);
    rt_two.submit(&q, &[]).unwrap();
    rt_two.synchronize().unwrap();
    assert_eq!(done.value(), 1);
}

/// Two mock devices, a runtime on each (owning its device), and objects
/// of both: what the tests of another device's objects refuse.
struct TwoDevices {
    rt: gpuiface_runtime::Runtime<MockDevice>,
    other_rt: gpuiface_runtime::Runtime<MockDevice>,
    mine: Signal,
    theirs: Signal,
    their_program: gpuiface_runtime::Program,
    their_buffer: Buffer,
}

impl TwoDevices {
    fn new() -> Self {
        let (dev, other) = (device(), device());
        let (mine, theirs) = (dev.signal_alloc().unwrap(), other.signal_alloc().unwrap());
        let their_buffer = other.alloc(AllocRequest::new(4096)).unwrap();
        let rt = gpuiface_runtime::Runtime::new(dev).unwrap();
        let other_rt = gpuiface_runtime::Runtime::new(other).unwrap();
        let their_program = other_rt.load_program(&[0u8; 64]).unwrap();
        TwoDevices { rt, other_rt, mine, theirs, their_program, their_buffer }
    }

    fn free(self) {
        self.other_rt.free_program(self.their_program).unwrap();
        self.other_rt.iface().free(self.their_buffer).unwrap();
    }
}

/// A one-shot naming another device's signal, program or buffer is refused
/// at submit, every time (not only when its shape is first encoded), and
/// submits nothing: its address would name this device's memory.
#[test]
fn a_one_shot_naming_another_devices_objects_is_refused() {
    use gpuiface_runtime::{LaunchDims, QueueKind};
    let t = TwoDevices::new();
    let rt = &t.rt;
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    let before = rt.last_timeline_value(QueueKind::Compute);
    for _ in 0..2 {
        // A one-shot of this shape on this device is kept between the tries.
        rt.one_shot(QueueKind::Compute).signal(&t.mine, 1).submit().unwrap();
        let refused = [
            rt.one_shot(QueueKind::Compute).signal(&t.theirs, 1).submit(),
            rt.one_shot(QueueKind::Compute).wait(&t.theirs, 1).submit(),
            rt.one_shot(QueueKind::Compute).launch(&t.their_program, dims, &[]).submit(),
            rt.one_shot(QueueKind::Compute).uses(&t.their_buffer).signal(&t.mine, 1).submit(),
        ];
        for r in refused {
            assert_eq!(kind(r), ErrorKind::InvalidArgument);
        }
    }
    assert_eq!(rt.last_timeline_value(QueueKind::Compute), before + 2, "only this device's one-shots were submitted");
    t.free();
}

/// A fresh queue (no variables: its first submit goes the one-shot way)
/// naming another device's signal, program or buffer is refused at that
/// first submit, and submits nothing, as a one-shot is: the one-shot way
/// checks the one device the queue noted instead of each object.
#[test]
fn a_fresh_queue_naming_another_devices_objects_is_refused() {
    use gpuiface_runtime::{LaunchDims, Queue, QueueKind};
    let t = TwoDevices::new();
    let rt = &t.rt;
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    let before = rt.last_timeline_value(QueueKind::Compute);
    for _ in 0..2 {
        let mut ok = Queue::compute();
        ok.signal(&t.mine, 1u64);
        rt.submit(&ok, &[]).unwrap();
        let mut only_theirs = [Queue::compute(), Queue::compute(), Queue::compute(), Queue::compute()];
        only_theirs[0].signal(&t.theirs, 1u64);
        only_theirs[1].wait(&t.theirs, 1u64);
        only_theirs[2].launch(&t.their_program, dims, &[]);
        only_theirs[3].uses(&t.their_buffer);
        let mut mixed = Queue::compute();
        mixed.signal(&t.mine, 1u64).signal(&t.theirs, 1u64);
        for q in only_theirs.iter().chain([&mixed]) {
            assert_eq!(kind(rt.submit(q, &[])), ErrorKind::InvalidArgument, "{q:?}");
        }
    }
    assert_eq!(rt.last_timeline_value(QueueKind::Compute), before + 2, "only this device's queues were submitted");
    t.free();
}
