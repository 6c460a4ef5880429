//! Execution modes: Stepped runs nothing until stepped (granularity: one
//! fetch / method / GP_GET advance); Threaded runs concurrently, stops
//! touching detached channels, and shuts down cleanly (explicitly or on drop).

mod gpu_support;

use std::sync::Arc;

use gpu_support::*;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::{ChannelStatus, ExecMode};

const SEM: u64 = DATA_VA + 0x100;

#[test]
fn stepped_mode_runs_nothing_until_stepped_and_steps_one_unit_at_a_time() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1); // 5 methods
    release(&mut pb, SEM + 0x10, 2); // 5 methods
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Busy));
    assert_eq!(data_u64(&data, SEM), 0, "the doorbell alone runs nothing");
    let methods = gpu.channel_stats(1).unwrap().methods; // the SET_OBJECTs
    assert!(gpu.step()); // fetch
    assert_eq!(gpu.channel_stats(1).unwrap().methods, methods);
    assert_eq!(gpu.step_n(4), 4); // SEM_ADDR_LO .. SEM_PAYLOAD_HI
    assert_eq!(data_u64(&data, SEM), 0);
    assert!(gpu.step()); // SEM_EXECUTE
    assert_eq!(data_u64(&data, SEM), 1);
    assert_eq!(data_u64(&data, SEM + 0x10), 0);
    assert_eq!(gpu.step_n(5), 5);
    assert_eq!(data_u64(&data, SEM + 0x10), 2);
    let get = ch.gp_get();
    assert!(gpu.step()); // GP_GET advance
    assert_eq!(ch.gp_get(), get + 1);
    assert!(!gpu.step());
    assert_eq!(gpu.step_n(100), 0);
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Idle));
}

#[test]
fn stepped_mode_interleaves_channels_round_robin() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut a = channel(&gpu, &vm, 1);
    let mut b = channel(&gpu, &vm, 2);
    let mut pa = PushBuffer::new();
    release(&mut pa, SEM, 1);
    let mut pbuf = PushBuffer::new();
    release(&mut pbuf, SEM + 0x10, 2);
    a.submit(&gpu, &pa);
    b.submit(&gpu, &pbuf);
    assert_eq!(gpu.step_n(2), 2); // a fetch on each
    assert_eq!(gpu.channel_stats(1).unwrap().gpfifo_entries, 2);
    assert_eq!(gpu.channel_stats(2).unwrap().gpfifo_entries, 2);
    assert!(gpu.step_channel(2));
    assert_eq!(gpu.channel_stats(2).unwrap().methods, 3); // 2 SET_OBJECTs + 1
    assert_eq!(gpu.channel_stats(1).unwrap().methods, 2);
    gpu.run_until_idle();
    assert_eq!((data_u64(&data, SEM), data_u64(&data, SEM + 0x10)), (1, 2));
}

#[test]
fn threaded_mode_runs_many_submissions_and_shuts_down() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    assert!(gpu.worker_running());
    let mut ch = channel(&gpu, &vm, 1);
    for i in 1..=300u64 {
        // Wait for ring space (bounded), as a runtime does.
        assert!(wait_until(WAIT, || (ch.gp_put() + 1) % ch.entries != ch.gp_get()));
        let mut pb = PushBuffer::new();
        release(&mut pb, SEM, i);
        ch.submit(&gpu, &pb);
    }
    assert!(wait_until(WAIT, || data_u64(&data, SEM) == 300));
    assert!(wait_until(WAIT, || ch.gp_get() == ch.gp_put()));
    gpu.shutdown();
    assert!(!gpu.worker_running());
    gpu.shutdown(); // idempotent
                    // After shutdown a doorbell is harmless and runs nothing.
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 301);
    ch.submit(&gpu, &pb);
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(data_u64(&data, SEM), 300);
}

#[test]
fn threaded_worker_stops_on_drop() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut ch = channel(&gpu, &vm, 1);
    // Leave a channel parked on an acquire: the worker is polling it.
    let mut pb = PushBuffer::new();
    acquire_geq(&mut pb, SEM, 1);
    ch.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || gpu.channel_status(1) == Some(ChannelStatus::Blocked)));
    let weak = Arc::downgrade(&gpu);
    drop(gpu); // joins the worker; must not hang
    assert!(weak.upgrade().is_none());
    drop(ch);
    drop(data);
}

#[test]
fn a_detached_channel_is_never_touched_again_threaded() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    acquire_geq(&mut pb, SEM, 1);
    release(&mut pb, SEM + 0x10, 1);
    ch.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || gpu.channel_status(1) == Some(ChannelStatus::Blocked)));
    gpu.detach_channel(1);
    assert_eq!(gpu.channel_status(1), None);
    assert!(gpu.channels().is_empty());
    let get = ch.gp_get();
    set_data_u64(&data, SEM, 1); // would satisfy the acquire
    gpu.doorbell(1);
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(data_u64(&data, SEM + 0x10), 0);
    assert_eq!(ch.gp_get(), get);
}

#[test]
fn immediate_mode_finishes_work_inside_the_doorbell() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    assert!(!gpu.worker_running());
    let mut ch = channel(&gpu, &vm, 1);
    let before = gpu.doorbells();
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 9);
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 9);
    assert_eq!(ch.gp_get(), ch.gp_put());
    assert_eq!(gpu.doorbells(), before + 1);
}
