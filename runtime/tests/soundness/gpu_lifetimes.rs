//! Issue 22, holes 1-4: GPU work never outlives what it names.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface, Signal};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueKind, QueueOptions, Runtime};

use super::{device, kind};

/// Drop `late`, which work queued behind `gate` will still release, and
/// check that its slot is not handed out again before that work has run,
/// nor reached by the late release, and that it is free once it has.
fn late_slot_is_held_until_released<I: GpuIface>(dev: &I, rt: &Runtime<&I>, gate: &Signal, late: Signal) {
    let late_va = late.gpu_va();
    drop(late);
    // The pool is last-in first-out: this was the late signal's slot.
    let fresh = dev.signal_alloc().unwrap();
    assert_ne!(fresh.gpu_va(), late_va, "a slot queued work will still release was handed out again");
    gate.set(1);
    rt.synchronize().unwrap();
    assert_eq!(fresh.value(), 0, "the late release reached a fresh signal");
    // Once the work is done, the slot comes back (synchronize forgets the
    // finished submissions and the clones they held).
    let again = dev.signal_alloc().unwrap();
    assert_eq!(again.gpu_va(), late_va, "the late signal's slot is free again after synchronize");
}

/// Hole 2. Was: a `Signal` dropped while queued work would still release
/// it gave its slot back at once; the next `signal_alloc` got that slot and
/// the late release set it to 10^6. Now the submission holds the signal
/// until its timeline value is reached.
#[test]
fn a_dropped_signal_is_not_recycled_while_queued_work_will_release_it() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let gate = dev.signal_alloc().unwrap();
    let late = dev.signal_alloc().unwrap();
    let mut q = Queue::copy_queue();
    q.wait(&gate, 1u64).signal(&late, 1_000_000u64);
    rt.submit(&q, &[]).unwrap();
    drop(q);
    late_slot_is_held_until_released(&dev, &rt, &gate, late);
}

/// Hole 2 for one-shots, which borrow their signals: the submission still
/// holds a clone of each until its timeline value is reached, also when
/// consecutive one-shots naming the same signal share one held run.
#[test]
fn a_signal_a_one_shot_named_is_not_recycled_while_queued_work_will_release_it() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let gate = dev.signal_alloc().unwrap();
    let late = dev.signal_alloc().unwrap();
    for value in [10, 20, 1_000_000] {
        rt.one_shot(QueueKind::Copy).wait(&gate, 1).signal(&late, value).submit().unwrap();
    }
    late_slot_is_held_until_released(&dev, &rt, &gate, late);
}

/// Consecutive one-shots share a held run only while they name the same
/// signals: one of another shape right behind them (the same wait, another
/// signal) begins a run of its own, holding its own signal.
#[test]
fn a_one_shot_of_another_shape_holds_its_own_signals() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let gate = dev.signal_alloc().unwrap();
    let first = dev.signal_alloc().unwrap();
    let second = dev.signal_alloc().unwrap();
    for value in [1, 2] {
        rt.one_shot(QueueKind::Copy).wait(&gate, 1).signal(&first, value).submit().unwrap();
    }
    rt.one_shot(QueueKind::Copy).wait(&gate, 1).signal(&second, 1_000_000).submit().unwrap();
    rt.one_shot(QueueKind::Copy).wait(&gate, 1).signal(&first, 3).submit().unwrap();
    late_slot_is_held_until_released(&dev, &rt, &gate, second);
    assert_eq!(first.value(), 3);
}

/// Hole 3. Was: two runtimes of one device shared a reuse-mode queue's QMD
/// slots: one rewrote a QMD the other's queued launch had not read, and
/// `release_queue` on one freed slots the other still used.
#[test]
fn reuse_mode_qmd_slots_belong_to_one_runtime() {
    let dev = device();
    let (one, two) = (Runtime::new(&dev).unwrap(), Runtime::new(&dev).unwrap());
    let fill = one.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(9)]).unwrap();
    let mut q = Queue::compute().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
    q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args);
    one.submit(&q, &[]).unwrap();
    assert_eq!(kind(two.submit(&q, &[])), ErrorKind::InvalidArgument);
    assert_eq!(kind(two.release_queue(&q)), ErrorKind::InvalidArgument);
    one.synchronize().unwrap();
    let mut word = [0u8; 4];
    one.copyout(&mut word, &out, 4).unwrap();
    assert_eq!(u32::from_le_bytes(word), 9, "the launch ran with its own arguments");
    one.release_queue(&q).unwrap();
    // Released, the queue may move to the other runtime.
    two.submit(&q, &[]).unwrap();
    two.release_queue(&q).unwrap();
    drop(q);
    one.free_program(fill).unwrap();
    one.free(out).unwrap();
}

/// Hole 4. Was: a batch whose second queue was refused left the first's
/// timeline value behind with no entry to release it: `synchronize` timed
/// out. Now a refused batch submits nothing and leaves nothing behind.
#[test]
fn a_refused_batch_leaves_no_phantom_timeline_values() {
    let dev = device();
    let other = device();
    let rt = Runtime::new(&dev).unwrap();
    rt.set_wait_timeout(Duration::from_millis(500));
    let before = rt.last_timeline_value(QueueKind::Compute);
    let mine = dev.signal_alloc().unwrap();
    let theirs = other.signal_alloc().unwrap();
    let mut good = Queue::compute();
    good.signal(&mine, 1u64);
    let mut bad = Queue::compute();
    bad.signal(&theirs, 1u64);
    let batch: [(&Queue, &[(gpuiface_runtime::VarId, u64)]); 2] = [(&good, &[]), (&bad, &[])];
    assert_eq!(kind(rt.submit_batch(&batch)), ErrorKind::InvalidArgument);
    assert_eq!(rt.last_timeline_value(QueueKind::Compute), before, "a value no entry will release");
    rt.synchronize().expect("nothing phantom to wait for");
    assert_eq!(mine.value(), 0, "a refused batch submitted part of itself");
    // A batch refused on its copy queue does not submit its compute queue either.
    let mut copy_bad = Queue::copy_queue();
    copy_bad.signal(&theirs, 1u64);
    let batch: [(&Queue, &[(gpuiface_runtime::VarId, u64)]); 2] = [(&good, &[]), (&copy_bad, &[])];
    assert_eq!(kind(rt.submit_batch(&batch)), ErrorKind::InvalidArgument);
    rt.synchronize().unwrap();
    assert_eq!(mine.value(), 0);
}

/// Hole 1. Was: a submit of more entries than the GPFIFO had room for
/// wrote the first ones, timed out waiting for room (GP_PUT unpublished),
/// returned an error, and left them queued: the next submit published them
/// and they ran. Now a submit queues all its entries or none.
#[test]
fn a_submit_that_cannot_fit_queues_none_of_its_entries() {
    use gpuiface_hal::classes::host;
    use gpuiface_hal::codec::method::PushBuffer;
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let stale = dev.signal_alloc().unwrap();
    // A pushbuffer that releases `stale` to 99.
    let exec = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
    let va = stale.gpu_va();
    let mut pb = PushBuffer::new();
    pb.method(0, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, 99, 0, exec]);
    let code = dev.alloc(AllocRequest::new(4096).host()).unwrap();
    code.write(0, &pb.as_bytes()).unwrap();
    let entry = gpuiface_hal::GpFifoEntry::new(code.gpu_va(), pb.len_dwords() as u32);
    let entries = vec![entry; gpuiface_runtime::GPFIFO_ENTRIES as usize];
    let channel = rt.objects().copy_channel;
    assert_eq!(kind(dev.submit(channel, &entries)), ErrorKind::InvalidArgument);
    // The next submit publishes GP_PUT: no entry of the refused one may run.
    let mut q = Queue::copy_queue();
    q.barrier();
    rt.submit(&q, &[]).unwrap();
    rt.synchronize().unwrap();
    assert_eq!(stale.value(), 0, "an entry of a refused submit ran");
    // One entry fits and runs.
    dev.submit(channel, &entries[..1]).unwrap();
    dev.signal_wait(&stale, 99, Duration::from_secs(5)).unwrap();
    rt.synchronize().unwrap();
    rt.free(code).unwrap();
}

/// Hole 7. Was: after a fault of the runtime's channel, `Runtime::free` and
/// `free_program` consumed the handle, returned `DeviceHang`, and never
/// freed: the memory stayed until the device was dropped. The faulted
/// channel runs nothing more, so both free now.
#[test]
fn freeing_after_a_fault_of_the_runtimes_channel_frees() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    rt.set_wait_timeout(Duration::from_secs(5));
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let buf = dev.alloc(AllocRequest::new(4096)).unwrap();
    let before = dev.live_buffers();
    let args = fill.pack_args(&[Arg::U64(0xdead_0000_0000), Arg::U32(32), Arg::U32(1)]).unwrap();
    let mut q = Queue::compute();
    q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args); // declares nothing: may touch `buf`
    rt.submit(&q, &[]).unwrap();
    assert_eq!(kind(rt.synchronize()), ErrorKind::DeviceHang);
    drop(q);
    rt.free(buf).expect("the faulted channel runs nothing more: free");
    assert_eq!(dev.live_buffers(), before - 1, "the buffer leaked");
    rt.free_program(fill).expect("free the program too");
    assert_eq!(dev.live_buffers(), before - 2, "the program leaked");
}

/// A replay and a one-shot that the channel refuses (it has faulted)
/// leave no timeline value behind: nothing will release it, and the next
/// wait for the engine's last value would never end. Both are handed to
/// the channel before the ring and the timeline count them.
#[test]
fn a_replay_or_one_shot_the_channel_refuses_leaves_no_timeline_value() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    rt.set_wait_timeout(Duration::from_secs(5));
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let done = dev.signal_alloc().unwrap();
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(1)]).unwrap();
    let mut q = Queue::compute();
    let v = q.var();
    q.launch(&fill, dims, &args).signal(&done, v);
    // The first submit encodes in place, the second compiles: replays follow.
    for i in 1..=3 {
        rt.submit(&q, &[(v, i)]).unwrap();
    }
    rt.one_shot(QueueKind::Compute).launch(&fill, dims, &args).signal(&done, 4).submit().unwrap();
    rt.synchronize().unwrap();
    assert_eq!(done.value(), 4);
    // Fault the channel.
    let bad = fill.pack_args(&[Arg::U64(0xdead_0000_0000), Arg::U32(32), Arg::U32(1)]).unwrap();
    rt.one_shot(QueueKind::Compute).launch(&fill, dims, &bad).submit().unwrap();
    assert_eq!(kind(rt.synchronize()), ErrorKind::DeviceHang);
    let before = rt.last_timeline_value(QueueKind::Compute);
    assert_eq!(kind(rt.submit(&q, &[(v, 5)])), ErrorKind::DeviceHang, "a replay on a faulted channel");
    assert_eq!(rt.last_timeline_value(QueueKind::Compute), before, "the refused replay left its value");
    let shot = rt.one_shot(QueueKind::Compute).launch(&fill, dims, &args).signal(&done, 6).submit();
    assert_eq!(kind(shot), ErrorKind::DeviceHang, "a one-shot on a faulted channel");
    assert_eq!(rt.last_timeline_value(QueueKind::Compute), before, "the refused one-shot left its value");
    assert_eq!(done.value(), 4, "nothing refused ran");
}

/// Item 15. Was: `q.copy(a, b, u64::MAX)` then `submit` aborted the
/// process asking for 768 GiB (the queue was encoded before any size
/// check), and a debug build panicked on an add overflow in the encoder.
#[test]
fn a_huge_copy_is_refused_before_it_is_encoded() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let a = dev.alloc(AllocRequest::new(4096)).unwrap();
    let b = dev.alloc(AllocRequest::new(4096)).unwrap();
    for len in [u64::MAX, u64::MAX - a.gpu_va(), 1 << 62, dev.info().va_size()] {
        let mut q = Queue::copy_queue();
        q.copy(a.gpu_va(), b.gpu_va(), len);
        assert_eq!(kind(rt.submit(&q, &[])), ErrorKind::InvalidArgument, "len {len:#x}");
        let mut reuse = Queue::copy_queue().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
        reuse.copy(a.gpu_va(), b.gpu_va(), len);
        assert_eq!(kind(rt.submit(&reuse, &[])), ErrorKind::InvalidArgument, "reuse mode, len {len:#x}");
    }
    // Many copies whose encoding outgrows the command ring: refused, not built.
    let mut q = Queue::copy_queue();
    for _ in 0..4096 {
        q.copy(a.gpu_va(), b.gpu_va(), 1u64 << 36);
    }
    assert_eq!(kind(rt.submit(&q, &[])), ErrorKind::InvalidArgument);
    let mut ok = Queue::copy_queue();
    ok.copy(a.gpu_va(), b.gpu_va(), 4096u64);
    rt.submit(&ok, &[]).unwrap();
    rt.synchronize().unwrap();
    rt.free(a).unwrap();
    rt.free(b).unwrap();
}

/// Was: when the command ring wrapped, the runtime looked only at the
/// oldest submission it held. When that one sat in the tail the wrap
/// skipped, it handed out the ring's first bytes while newer submissions
/// there had not been read by the GPU yet, which then ran whatever
/// overwrote them. Now the wrap waits for the skipped tail's submissions
/// and for the ones its chunk overlaps.
#[test]
fn a_wrap_of_the_command_ring_waits_for_work_behind_a_skipped_tail() {
    const GRANULE: usize = 256;
    const RING: u64 = 16 * GRANULE as u64;
    let dev = device();
    // Command bytes of a copy queue of `n` signals, as one submit writes them.
    let bytes_of = |n: usize| {
        let probe = Runtime::new(&dev).unwrap();
        let s = dev.signal_alloc().unwrap();
        let mut q = Queue::copy_queue();
        for v in 1..=n as u64 {
            q.signal(&s, v);
        }
        probe.submit(&q, &[]).unwrap();
        probe.synchronize().unwrap();
        q.encoded_len().unwrap()
    };
    assert!(bytes_of(1) <= GRANULE, "a lone signal takes one granule of the ring");
    // A submission of six granules or more, at most the ring.
    let big_signals = (1..64).find(|&n| bytes_of(n) > 5 * GRANULE).unwrap();
    assert!(bytes_of(big_signals) <= RING as usize);

    let rt = Runtime::with_config(&dev, RING, Duration::from_millis(300)).unwrap();
    let (gate, gated, small) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
    let signal = |v: u64| rt.one_shot(QueueKind::Copy).signal(&small, v).submit().unwrap();
    // Lap 1: granules 0-11 run; 12 waits for the gate; 13-15 queue behind it.
    for v in 1..=12 {
        signal(v);
    }
    rt.one_shot(QueueKind::Copy).wait(&gate, 1).signal(&gated, 1).submit().unwrap();
    for v in 13..=15 {
        signal(v);
    }
    // Lap 2: granules 0-10 (the wrap waited for lap 1's first ones, which
    // ran); the gated submission at 12 is still held, ahead in this lap.
    for v in 16..=26 {
        signal(v);
    }
    // Six granules do not fit from 11: the ring wraps, skipping 11-15 with
    // the gated submission, and the chunk at 0-5 holds submissions 16-21,
    // which the GPU has not read (they queue behind the gate).
    let mut big = Queue::copy_queue();
    for v in 0..big_signals as u64 {
        big.signal(&small, 1000 + v);
    }
    let e = rt.submit(&big, &[]).expect_err("bytes the GPU has not read yet were handed out");
    assert!(matches!(e.kind(), ErrorKind::Timeout | ErrorKind::DeviceHang), "{e}");
    // Open the gate: everything queued runs as it was written.
    gate.set(1);
    rt.synchronize().unwrap();
    assert_eq!((gated.value(), small.value()), (1, 26), "the queued submissions ran as recorded");
    rt.submit(&big, &[]).unwrap();
    rt.synchronize().unwrap();
    assert_eq!(small.value(), 1000 + big_signals as u64 - 1);
}
