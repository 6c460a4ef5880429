//! The GPFIFO property: garbage entries, garbage pushbuffer words and
//! well-formed headers carrying defined methods with random data, through the
//! GPU model; it never panics or hangs, and keeps working for other channels.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use gpuiface_mock::gpu::testkit::{TestChannel, TestVm};
use gpuiface_mock::gpu::{ChannelStatus, ExecMode, Gpu, GpuConfig};
use proptest::prelude::*;

use crate::{cases, runner};

static GPFIFO_CALLS: AtomicU64 = AtomicU64::new(0);
static GPFIFO_FAULTS: AtomicU64 = AtomicU64::new(0);

/// One garbage submission: a raw GPFIFO entry, or an entry over garbage
/// pushbuffer words, or well-formed headers carrying methods the classes
/// define (on the host, compute and copy subchannels) with data that is
/// random or aimed at the mapped data region.
#[derive(Debug, Clone)]
enum Work {
    Entry(u64),
    Words(Vec<u32>),
    Methods(Vec<(u8, u32, u32)>),
}

/// Every method byte offset `class` defines.
fn defined(class: u32) -> Vec<u32> {
    (0..=gpuiface_hal::codec::method::MAX_METHOD)
        .step_by(4)
        .filter(|m| gpuiface_hal::classes::is_defined_method(class, *m))
        .collect()
}

fn method() -> impl Strategy<Value = (u8, u32)> {
    let host: Vec<u32> = (0..0x100).step_by(4).collect();
    prop_oneof![
        (0u8..8, prop::sample::select(host)),
        (Just(1u8), prop::sample::select(defined(0xc7c0))),
        (Just(4u8), prop::sample::select(defined(0xc7b5))),
        (0u8..8, (0u32..0x1000).prop_map(|m| m * 4)),
    ]
}

fn data() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        (0u32..(1 << 20)).prop_map(|o| 0x1000_0000 + (o & !3)),
        Just(0u32),
        Just(u32::MAX),
        0u32..64,
    ]
}

fn work() -> impl Strategy<Value = Work> {
    prop_oneof![
        1 => any::<u64>().prop_map(Work::Entry),
        1 => prop::collection::vec(any::<u32>(), 0..64).prop_map(Work::Words),
        4 => prop::collection::vec((method(), data()), 1..32)
            .prop_map(|v| Work::Methods(v.into_iter().map(|((s, m), d)| (s, m, d)).collect())),
    ]
}

/// A channel with compute on subchannel 1 and copy on 4 (SET_OBJECT run).
fn bound_channel(gpu: &Gpu, vm: &std::sync::Arc<TestVm>, chid: u32) -> TestChannel {
    let mut ch = TestChannel::attach(gpu, vm, chid);
    gpu.bind_object(chid, 0xc7c0);
    gpu.bind_object(chid, 0xc7b5);
    let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
    pb.method(1, gpuiface_hal::classes::host::SET_OBJECT, &[0xc7c0]);
    pb.method(4, gpuiface_hal::classes::host::SET_OBJECT, &[0xc7b5]);
    ch.submit(gpu, &pb);
    ch
}

fn one_gpfifo_case(subs: Vec<Work>) -> Result<(), TestCaseError> {
    let gpu = Gpu::new(GpuConfig::with_mode(ExecMode::Immediate));
    gpu.set_copy_watchdog(1 << 12);
    let vm = TestVm::new();
    let data = vm.map(0x1000_0000, 1 << 20);
    let mut chid = 1;
    let mut ch = bound_channel(&gpu, &vm, chid);
    let mut other = bound_channel(&gpu, &vm, 100);
    for w in subs {
        // A faulted (or full, or blocked) channel is replaced by a fresh one.
        let status = gpu.channel_status(chid);
        if status != Some(ChannelStatus::Idle) || (ch.gp_put() + 2) % ch.entries == ch.gp_get() {
            gpu.detach_channel(chid);
            chid += 1;
            ch = bound_channel(&gpu, &vm, chid);
        }
        match &w {
            Work::Entry(word) => {
                ch.push_entry(*word);
            }
            Work::Words(words) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let va = ch.alloc_bytes(&bytes);
                ch.push_entry(gpuiface_hal::codec::gpfifo::GpFifoEntry::new(va, words.len() as u32).encode());
            }
            Work::Methods(ms) => {
                let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
                for (sub, m, d) in ms {
                    pb.method(*sub, *m, &[*d]);
                }
                ch.push(&pb);
            }
        }
        ch.ring(&gpu); // Immediate: runs to idle/blocked/faulted before returning
        GPFIFO_CALLS.fetch_add(1, Ordering::Relaxed);
    }
    // The model kept working for another channel.
    let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
    let exec = gpuiface_hal::classes::host::SEM_EXECUTE_OPERATION
        .field(gpuiface_hal::classes::host::SEM_EXECUTE_OPERATION_RELEASE);
    pb.method(0, gpuiface_hal::classes::host::SEM_ADDR_LO, &[0x100f_fff0, 0, 9, 0, exec]);
    other.submit(&gpu, &pb);
    prop_assert_eq!(gpu.channel_fault(100), None);
    prop_assert_eq!(data.read_u32(0xf_fff0), 9);
    let panics: HashSet<String> =
        gpu.faults().into_iter().map(|f| f.reason).filter(|r| r.contains("GPU model panic")).collect();
    prop_assert!(panics.is_empty(), "{:?}", panics);
    GPFIFO_FAULTS.fetch_add(gpu.faults().len() as u64, Ordering::Relaxed);
    Ok(())
}

#[test]
fn fuzz_garbage_gpfifo_work_never_panics_or_hangs_the_model() {
    runner().run(&prop::collection::vec(work(), 1..16), one_gpfifo_case).unwrap();
    eprintln!(
        "fuzz GPFIFO: {} garbage submissions, {} channel faults raised, 0 model panics, every doorbell returned",
        GPFIFO_CALLS.load(Ordering::Relaxed),
        GPFIFO_FAULTS.load(Ordering::Relaxed)
    );
    assert!(GPFIFO_CALLS.load(Ordering::Relaxed) >= u64::from(cases()));
}
