//! Fault paths: each puts the channel into an error state the host can see
//! (notifier written: time_stamp, info32 = NVGPU_CHANNEL_* code, status
//! 0xffff; a FaultRecord kept) and the channel stops executing.

mod gpu_support;

use std::sync::Arc;

use gpu_support::*;
use gpuiface_hal::classes::{self, compute, host};
use gpuiface_hal::codec::gpfifo::GpFifoEntry;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::{Engine, FaultRecord};
use gpuiface_mock::gpu::testkit::{wait_until, TestChannel, TestVm};
use gpuiface_mock::gpu::{ChannelStatus, ExecMode, Gpu, NOTIFIER_STATUS_ERROR};
use gpuiface_mock::mem::Backing;
use gpuiface_nvgpu::abi::{NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_PBDMA_ERROR};

const SEM: u64 = DATA_VA + 0x100;
const NOTIFIER_OFF: usize = 0x20;

struct Rig {
    gpu: Arc<Gpu>,
    vm: Arc<TestVm>,
    data: Arc<Backing>,
    ch: TestChannel,
    notifier: Arc<Backing>,
}

fn rig(mode: ExecMode) -> Rig {
    let (gpu, vm, data) = setup(mode);
    let ch = channel(&gpu, &vm, 3);
    let notifier = Arc::new(Backing::new("notifier", 4096).unwrap());
    gpu.set_error_notifier(3, notifier.clone(), NOTIFIER_OFF);
    Rig { gpu, vm, data, ch, notifier }
}

impl Rig {
    /// The notifier as (time_stamp, info32, info16, status).
    fn notification(&self) -> (u64, u32, u16, u16) {
        let mut b = [0u8; 16];
        self.notifier.read(NOTIFIER_OFF, &mut b);
        (
            u64::from_le_bytes(b[0..8].try_into().unwrap()),
            u32::from_le_bytes(b[8..12].try_into().unwrap()),
            u16::from_le_bytes(b[12..14].try_into().unwrap()),
            u16::from_le_bytes(b[14..16].try_into().unwrap()),
        )
    }

    /// The fault, checked against the notifier, the fault list and the status.
    fn fault(&self, code: u32) -> FaultRecord {
        let f = self.gpu.channel_fault(3).expect("the channel should have faulted");
        assert_eq!(f.channel, 3);
        assert_eq!(f.notifier_code, code, "{f}");
        let (ts, info32, info16, status) = self.notification();
        assert_ne!(ts, 0);
        assert_eq!((info32, info16, status), (code, 0, NOTIFIER_STATUS_ERROR));
        assert_eq!(self.gpu.faults().last(), Some(&f));
        assert_eq!(self.gpu.channel_status(3), Some(ChannelStatus::Faulted));
        f
    }

    /// Work submitted after the fault does not run.
    fn stays_stopped(&mut self) {
        let get = self.ch.gp_get();
        let mut pb = PushBuffer::new();
        release(&mut pb, SEM, 0x99);
        self.ch.submit(&self.gpu, &pb);
        self.gpu.run_until_idle();
        assert_eq!(data_u64(&self.data, SEM), 0);
        assert_eq!(self.ch.gp_get(), get);
    }
}

#[test]
fn an_unmapped_semaphore_address_is_an_mmu_fault_with_the_address() {
    let mut r = rig(ExecMode::Immediate);
    let mut pb = PushBuffer::new();
    release(&mut pb, UNMAPPED_VA + 0x18, 1);
    r.ch.submit(&r.gpu, &pb);
    let f = r.fault(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    assert_eq!((f.engine, f.address), (Engine::Host, Some(UNMAPPED_VA + 0x18)));
    assert!(f.reason.contains("MMU fault"), "{f}");
    r.stays_stopped();
}

#[test]
fn an_unmapped_pushbuffer_is_an_mmu_fault_at_fetch() {
    let mut r = rig(ExecMode::Immediate);
    r.ch.push_entry(GpFifoEntry::new(UNMAPPED_VA, 8).encode());
    r.ch.ring(&r.gpu);
    let f = r.fault(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    assert_eq!((f.engine, f.address), (Engine::Host, Some(UNMAPPED_VA)));
    r.stays_stopped();
}

#[test]
fn writing_a_read_only_mapping_faults() {
    let mut r = rig(ExecMode::Immediate);
    let ro = Arc::new(Backing::new("ro", 4096).unwrap());
    r.vm.map_backing(0x6000_0000, ro.clone(), false);
    let mut pb = PushBuffer::new();
    release(&mut pb, 0x6000_0040, 1);
    r.ch.submit(&r.gpu, &pb);
    let f = r.fault(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    assert_eq!(f.address, Some(0x6000_0040));
    assert_eq!(ro.read_u32(0x40), 0);
}

#[test]
fn a_malformed_gpfifo_entry_is_a_pbdma_error() {
    let mut r = rig(ExecMode::Immediate);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1);
    let good = GpFifoEntry::new(r.ch.alloc_bytes(&pb.as_bytes()), pb.len_dwords() as u32).encode();
    r.ch.push_entry(good | (1 << 40)); // a reserved bit
    r.ch.ring(&r.gpu);
    let f = r.fault(NVGPU_CHANNEL_PBDMA_ERROR);
    assert_eq!((f.engine, f.address), (Engine::Host, None));
    assert!(f.reason.contains("malformed GPFIFO entry"), "{f}");
    assert_eq!(data_u64(&r.data, SEM), 0);
    assert_eq!(r.ch.gp_get(), r.ch.gp_put() - 1, "GP_GET stays at the bad entry");
    r.stays_stopped();
}

#[test]
fn a_malformed_method_header_faults_after_the_methods_before_it() {
    let mut r = rig(ExecMode::Immediate);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1);
    pb.raw(&[6 << 29]); // sec_op 6 is reserved
    release(&mut pb, SEM, 2);
    r.ch.submit(&r.gpu, &pb);
    let f = r.fault(NVGPU_CHANNEL_PBDMA_ERROR);
    assert!(f.reason.contains("malformed pushbuffer"), "{f}");
    assert_eq!(data_u64(&r.data, SEM), 1, "methods before the bad header executed");
}

fn first_undefined(class: u32, range: std::ops::Range<u32>) -> u32 {
    range.step_by(4).find(|m| !classes::is_defined_method(class, *m)).expect("an undefined method")
}

#[test]
fn an_undefined_engine_method_is_an_error_never_skipped() {
    let mut r = rig(ExecMode::Immediate);
    let bad = first_undefined(COMPUTE_CLASS, 0x100..0x4000);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, compute::SET_SHADER_LOCAL_MEMORY_A, &[0]); // defined: fine
    pb.method(SUBCH_COMPUTE, bad, &[0]);
    release(&mut pb, SEM, 1);
    r.ch.submit(&r.gpu, &pb);
    let f = r.fault(NVGPU_CHANNEL_PBDMA_ERROR);
    assert_eq!(f.engine, Engine::Host);
    assert!(f.reason.contains(&format!("{bad:#x}")) && f.reason.contains("not defined by class 0xc7c0"), "{f}");
    r.stays_stopped();
}

#[test]
fn an_undefined_host_method_is_an_error() {
    let r = rig(ExecMode::Immediate);
    let bad = first_undefined(0xc56f, 0..0x100);
    let mut ch = r.ch;
    let mut pb = PushBuffer::new();
    pb.method(2, bad, &[0]); // host methods are host methods on any subchannel
    ch.submit(&r.gpu, &pb);
    let f = r.gpu.channel_fault(3).expect("fault");
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_PBDMA_ERROR);
    assert!(f.reason.contains(&format!("{bad:#x}")), "{f}");
}

#[test]
fn engine_methods_on_an_unbound_subchannel_and_set_object_of_a_missing_object_fault() {
    let r = rig(ExecMode::Immediate);
    let mut ch = r.ch;
    let mut pb = PushBuffer::new();
    pb.method(6, compute::SEND_PCAS_A, &[0]);
    ch.submit(&r.gpu, &pb);
    let f = r.gpu.channel_fault(3).expect("fault");
    assert!(f.reason.contains("no object bound"), "{f}");

    let (gpu, vm, _data) = setup(ExecMode::Immediate);
    let mut ch = TestChannel::attach(&gpu, &vm, 5); // no ALLOC_OBJ_CTX
    let mut pb = PushBuffer::new();
    pb.method(1, host::SET_OBJECT, &[0xbeef]); // a class no engine implements
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(5).expect("fault");
    assert!(f.reason.contains("no such object"), "{f}");
}

#[test]
fn injected_mmu_faults_and_hangs() {
    let mut r = rig(ExecMode::Immediate);
    r.gpu.inject_mmu_fault(3, 0xbad_0000);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1);
    r.ch.submit(&r.gpu, &pb);
    let f = r.fault(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    assert_eq!(f.address, Some(0xbad_0000));
    r.stays_stopped();

    // A hang: no progress, no fault record.
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 4);
    gpu.inject_hang(4);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_status(4), Some(ChannelStatus::Hung));
    assert_eq!(gpu.channel_fault(4), None);
    assert_eq!(data_u64(&data, SEM), 0);
}

#[test]
fn a_fault_on_one_channel_leaves_the_others_running_threaded() {
    let mut r = rig(ExecMode::Threaded);
    let mut other = channel(&r.gpu, &r.vm, 8);
    let mut pb = PushBuffer::new();
    release(&mut pb, UNMAPPED_VA, 1);
    r.ch.submit(&r.gpu, &pb);
    assert!(wait_until(WAIT, || r.gpu.channel_fault(3).is_some()));
    r.fault(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 5);
    other.submit(&r.gpu, &pb);
    assert!(wait_until(WAIT, || data_u64(&r.data, SEM) == 5));
    assert_eq!(r.gpu.faults().len(), 1);
}
