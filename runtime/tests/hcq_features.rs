//! Issue 39, item 3: what tinygrad's HCQ layer has and the runtime lacked:
//! an asynchronous copy out, waits on several signals, and timestamps in a
//! replayed queue. Each runs on the mock in every mode a runtime waits in.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueKind, Runtime};

fn each_mode(case: impl Fn(&MockDevice)) {
    for mode in [ExecMode::Immediate, ExecMode::Threaded] {
        eprintln!("mode {mode:?}");
        case(&open_with(MockKernel::builder().gpu(GpuConfig { mode })).expect("mock device"));
    }
}

/// `copyout_async` is ordered after the launch that writes its source,
/// hands the bytes over at `wait`, and frees its staging buffer.
#[test]
fn copyout_async_returns_what_the_launch_before_it_wrote() {
    each_mode(|dev| {
        let rt = Runtime::new(dev).unwrap();
        let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
        let out = dev.alloc(AllocRequest::new(4096)).unwrap();
        let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(64), Arg::U32(9)]).unwrap();
        let mut q = Queue::compute();
        q.uses(&out).launch(&fill, LaunchDims::new([2, 1, 1], [32, 1, 1]), &args);
        rt.submit(&q, &[]).unwrap();
        let buffers = dev.live().unwrap().buffers;
        let pending = rt.copyout_async(&out, 4, 252).unwrap();
        assert_eq!(pending.len(), 252);
        let mut got = vec![0u8; 252];
        assert_eq!(
            rt.copyout_async(&out, 4, 252).unwrap().wait(&mut got[..8]).unwrap_err().kind(),
            ErrorKind::InvalidArgument,
            "a destination of another length"
        );
        pending.wait(&mut got).unwrap();
        let words: Vec<u32> = got.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(words, (1..64).map(|i| 9 * i).collect::<Vec<u32>>(), "words 1..64 of the launch's output");
        assert_eq!(dev.live().unwrap().buffers, buffers, "both staging buffers were freed");
        assert_eq!(rt.copyout_async(&out, 4090, 8).unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert!(rt.copyout_async(&out, 0, 0).unwrap().is_empty());
        drop(q);
        rt.free(out).unwrap();
        rt.free_program(fill).unwrap();
    });
}

/// `wait_any` returns once one signal holds, `wait_all` once all do; both
/// time out with a typed error otherwise.
#[test]
fn waits_on_any_or_all_of_several_signals() {
    each_mode(|dev| {
        let rt = Runtime::new(dev).unwrap();
        rt.set_wait_timeout(Duration::from_millis(50));
        let (a, b, gate) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
        let mut q = Queue::copy_queue();
        q.signal(&b, 3u64).wait(&gate, 1u64).signal(&a, 7u64);
        rt.submit(&q, &[]).unwrap();
        assert_eq!(rt.wait_any(&[(&a, 7), (&b, 3)]).unwrap(), 1, "b is released before the gate");
        assert_eq!(rt.wait_all(&[(&a, 7), (&b, 3)]).unwrap_err().kind(), ErrorKind::Timeout);
        assert_eq!(rt.wait_any(&[(&a, 7)]).unwrap_err().kind(), ErrorKind::Timeout);
        assert_eq!(rt.wait_any(&[]).unwrap_err().kind(), ErrorKind::InvalidArgument);
        gate.set(1);
        if dev.gpu().mode() == ExecMode::Immediate {
            dev.gpu().run_until_idle(); // a real host retries a parked acquire on its own
        }
        rt.set_wait_timeout(Duration::from_secs(20));
        rt.wait_all(&[(&a, 7), (&b, 3)]).unwrap();
        assert_eq!(rt.wait_any(&[(&a, 7), (&b, 3)]).unwrap(), 0);
    });
}

/// Timestamps in a replayed queue: each replay records new times, in
/// order, around the work between them.
#[test]
fn timestamps_in_a_replayed_queue_are_recorded_at_every_replay() {
    each_mode(|dev| {
        let rt = Runtime::new(dev).unwrap();
        let (src, dst) =
            (dev.alloc(AllocRequest::new(1 << 16)).unwrap(), dev.alloc(AllocRequest::new(1 << 16)).unwrap());
        let (before, after) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
        let mut q = Queue::copy_queue();
        let round = q.var();
        q.timestamp(&before, round).copy(dst.gpu_va(), src.gpu_va(), 1u64 << 16).timestamp(&after, round);
        let mut last = 0;
        for r in 1..=3u64 {
            let done = rt.submit(&q, &[(round, r)]).unwrap();
            rt.wait_timeline(QueueKind::Copy, done).unwrap();
            assert_eq!((before.value(), after.value()), (r, r));
            let (t0, t1) = (before.timestamp(), after.timestamp());
            assert!(t0 > last && t1 >= t0, "replay {r}: {last} < {t0} <= {t1}");
            last = t1;
        }
        drop(q);
        rt.free(src).unwrap();
        rt.free(dst).unwrap();
    });
}

/// Values computed from one variable: a replay binds `kickoff` alone and
/// every `kickoff + k` follows; binding a computed one is an error.
#[test]
fn values_computed_from_one_variable_follow_it_at_every_replay() {
    each_mode(|dev| {
        let rt = Runtime::new(dev).unwrap();
        let signals: Vec<_> = (0..17).map(|_| dev.signal_alloc().unwrap()).collect();
        let mut q = Queue::copy_queue();
        let kickoff = q.var();
        for (k, s) in signals.iter().enumerate() {
            let v = q.var_plus(kickoff, k as u64 + 1);
            q.signal(s, v);
        }
        let last = q.var_plus(kickoff, 1000);
        for base in [40u64, 50, 60, 70] {
            let done = rt.submit(&q, &[(kickoff, base)]).unwrap();
            rt.wait_timeline(QueueKind::Copy, done).unwrap();
            let got: Vec<u64> = signals.iter().map(|s| s.value()).collect();
            assert_eq!(got, (1..=17).map(|k| base + k).collect::<Vec<u64>>(), "kickoff {base}");
        }
        let refused = rt.submit(&q, &[(kickoff, 1), (last, 2)]).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::InvalidArgument);
        assert!(refused.to_string().contains("computed from"), "{refused}");
        assert_eq!(rt.submit(&q, &[]).unwrap_err().kind(), ErrorKind::InvalidArgument, "kickoff unbound");
    });
}

/// A buffer view: the launch gets the bound buffer's address plus the
/// view's offset, and a copy out of the buffer waits for that launch.
#[test]
fn a_buffer_view_offsets_the_address_and_the_launch_touches_the_buffer() {
    each_mode(|dev| {
        let rt = Runtime::new(dev).unwrap();
        let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
        let param = usize::from(fill.attributes().params[0].offset);
        let args = fill.pack_args(&[Arg::U64(0), Arg::U32(64), Arg::U32(5)]).unwrap();
        let mut q = Queue::compute();
        let whole = q.buffer_var();
        let view = q.buffer_view(whole, 256);
        q.launch_vars(
            &fill,
            LaunchDims::new([2, 1, 1], [32, 1, 1]),
            &args,
            &[gpuiface_runtime::ArgVar::buffer(param, view)],
        );
        for _ in 0..2 {
            let buf = dev.alloc(AllocRequest::new(1024)).unwrap();
            rt.submit_with(&q, &[], &[(whole, &buf)]).unwrap();
            let mut got = vec![0u8; 1024];
            rt.copyout(&mut got, &buf, 0).unwrap(); // waits for the launch that names `buf`
            let words: Vec<u32> = got.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let mut expected = vec![0u32; 256];
            for i in 0..64 {
                expected[64 + i] = 5 * i as u32;
            }
            assert_eq!(words, expected);
            rt.free(buf).unwrap();
        }
        let buf = dev.alloc(AllocRequest::new(1024)).unwrap();
        let refused = rt.submit_with(&q, &[], &[(whole, &buf), (view, &buf)]).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::InvalidArgument, "a view is not bound: {refused}");
        drop(q);
        rt.free(buf).unwrap();
        rt.free_program(fill).unwrap();
    });
}
