//! The benchmark set of BENCHMARKS.md, each against a baseline measured in
//! the same run, ending with a ratio table:
//!
//! ```sh
//! cargo bench -p gpuiface --bench hcq    # the whole set, about 5 minutes
//! ```
//!
//! Launch and submission cost is measured on a stepped mock GPU (it runs
//! nothing while the clock runs; the queue is drained between batches,
//! outside the measurement).

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use gpuiface::mock::gpu::{ExecMode, GpuConfig};
use gpuiface::mock::va_alloc::{Placement, VaAllocator};
use gpuiface::mock::{open_on, MockDevice, MockDeviceExt, MockKernel};
use gpuiface::queue::{Arg, LaunchDims, Queue, QueueKind, Runtime};
use gpuiface::suballoc::SubAllocator;
use gpuiface::{AllocRequest, GpuIface};
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;
use std::collections::BTreeMap;

#[path = "hcq/plot.rs"]
mod plot;

fn mock(mode: ExecMode) -> (Arc<MockKernel>, MockDevice) {
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig { mode }).trace_stderr(false).build());
    let d = open_on(k.clone()).unwrap();
    (k, d)
}

/// Bytes a replayed launch writes besides its command memory: the GPFIFO
/// entry and GP_PUT (the doorbell is one more 4-byte store).
const SUBMIT_BYTES: usize = 8 + 4 + 4;

/// The launch bytes (set by `launch`, read by `main` for the report).
static LAUNCH_BYTES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A buffer aligned as command memory is.
#[repr(align(256))]
struct Aligned([u8; 4096]);

fn launch(c: &mut Criterion) {
    let (_k, dev) = mock(ExecMode::Stepped);
    // The runtime as a user makes it: the default command ring (4 MiB; a
    // drain every 500 launches keeps the GPU within one lap of it).
    let rt = Runtime::with_config(&dev, gpuiface::queue::DEFAULT_RING_SIZE, Duration::from_secs(30)).unwrap();
    let gpu = dev.gpu().clone();
    // Between batches the GPU runs what was submitted and the runtime
    // waits for it, as a runtime does between steps (so its command ring
    // starts again from its start: `Runtime::synchronize`). Untimed.
    let drain = || {
        while gpu.step() {}
        rt.synchronize().unwrap();
    };
    drain();
    // The real fill kernel: a launch writes its complete QMD and constant buffer 0.
    let prog = gpu.run_stepping(|| rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap());
    let out = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    let args = prog.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(3)]).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut g = c.benchmark_group("launch");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    // Time `n` submissions in groups of at most `per_drain` (a channel's
    // GPFIFO holds 1,024 entries); the stepped GPU drains between groups, untimed.
    let batched_by = |n: u64, per_drain: u64, submit: &dyn Fn(u64)| {
        let mut total = Duration::ZERO;
        let mut done = 0;
        while done < n {
            let batch = (n - done).min(per_drain);
            let start = Instant::now();
            for i in 0..batch {
                submit(i);
            }
            total += start.elapsed();
            done += batch;
            drain();
        }
        total
    };
    let batched = |n: u64, submit: &dyn Fn(u64)| batched_by(n, 500, submit);
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    g.bench_function("fresh_launch_and_signal", |b| {
        b.iter_custom(|n| {
            batched(n, &|i| {
                let mut q = Queue::compute();
                q.launch(&prog, dims, &args).signal(&s, i);
                rt.submit(&q, &[]).unwrap();
            })
        })
    });
    // The same launch as a one-shot: recorded afresh, borrowing what it names.
    g.bench_function("fresh_one_shot", |b| {
        b.iter_custom(|n| {
            batched(n, &|i| {
                rt.one_shot(QueueKind::Compute).launch(&prog, dims, &args).signal(&s, i).submit().unwrap();
            })
        })
    });
    let mut q = Queue::compute();
    let v = q.var();
    q.launch(&prog, dims, &args).signal(&s, v);
    rt.submit(&q, &[(v, 0)]).unwrap();
    drain();
    let bytes = q.encoded_len().unwrap() + SUBMIT_BYTES;
    LAUNCH_BYTES.store(bytes, std::sync::atomic::Ordering::Relaxed);
    g.bench_function("replay_prebuilt_queue", |b| {
        b.iter_custom(|n| {
            batched(n, &|i| {
                rt.submit(&q, &[(v, i)]).unwrap();
            })
        })
    });
    // Eight replays per doorbell.
    let (queues, vars): (Vec<Queue>, Vec<[(gpuiface::queue::VarId, u64); 1]>) = (0..8)
        .map(|_| {
            let mut q = Queue::compute();
            let v = q.var();
            q.launch(&prog, dims, &args).signal(&s, v);
            (q, [(v, 0)])
        })
        .unzip();
    let batch: Vec<(&Queue, &[(gpuiface::queue::VarId, u64)])> =
        queues.iter().zip(&vars).map(|(q, v)| (q, &v[..])).collect();
    rt.submit_batch(&batch).unwrap();
    drain();
    g.bench_function("replay_batch_of_8_per_launch", |b| {
        b.iter_custom(|n| {
            let d = batched_by(n.div_ceil(8), 60, &|_| {
                rt.submit_batch(&batch).unwrap();
            });
            d * (n.div_ceil(8) * 8) as u32 / n.max(1) as u32 / 8
        })
    });
    // The parts of a replay: the doorbell path alone (GPFIFO entry, GP_PUT,
    // doorbell) with a pre-built entry, and the copy of the launch's bytes.
    let nop = dev.alloc(AllocRequest::new(4096).host()).unwrap();
    let channel = rt.objects().compute_channel;
    let entry = gpuiface::GpFifoEntry::new(nop.gpu_va(), 0);
    g.bench_function("part_gpfifo_and_doorbell", |b| {
        b.iter_custom(|n| batched(n, &|_| dev.submit(channel, &[entry]).unwrap()))
    });
    // The parts of a fresh `Queue` that a one-shot does not have: recording
    // it and dropping it (nothing submitted), and, of that, the references
    // it takes on the program and the signal it names (a clone and a drop
    // of each: four atomic read-modify-writes).
    g.bench_function("part_queue_record_and_drop", |b| {
        b.iter(|| {
            let mut q = Queue::compute();
            q.launch(black_box(&prog), dims, black_box(&args)).signal(black_box(&s), 1u64);
            black_box(&q);
        })
    });
    g.bench_function("part_references_taken_and_dropped", |b| {
        b.iter(|| {
            let held = (black_box(&prog).clone(), black_box(&s).clone());
            black_box(&held);
        })
    });
    // The baseline copies between buffers aligned as the launch's are (the
    // ring's chunks are 256-byte aligned): a misaligned pair of vectors
    // made it vary by 2x from one run to the next.
    let (mut src, mut dst) = (Box::new(Aligned([1; 4096])), Box::new(Aligned([0; 4096])));
    let bytes = bytes.min(4096);
    g.bench_function("baseline_copy_of_the_launch_bytes", |b| {
        b.iter(|| dst.0[..bytes].copy_from_slice(black_box(&src.0[..bytes])))
    });
    src.0[0] = dst.0[0];
    g.finish();
}

fn copies(c: &mut Criterion) {
    let (_k, dev) = mock(ExecMode::Threaded);
    let rt = Runtime::new(&dev).unwrap();
    let mut g = c.benchmark_group("copy");
    g.sample_size(10).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(300));
    for size in [4usize << 10, 1 << 20, 16 << 20, 256 << 20] {
        let buf = dev.alloc(AllocRequest::new(size as u64)).unwrap();
        let host = vec![3u8; size];
        let mut out = vec![0u8; size];
        g.throughput(criterion::Throughput::Bytes(size as u64));
        g.bench_with_input(BenchmarkId::new("copyin", size), &size, |b, _| {
            b.iter(|| rt.copyin(&buf, 0, &host).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("copyout", size), &size, |b, _| {
            b.iter(|| rt.copyout(&mut out, &buf, 0).unwrap())
        });
        let p = buf.cpu_ptr().unwrap();
        g.bench_with_input(BenchmarkId::new("baseline_memcpy", size), &size, |b, _| {
            // SAFETY: the buffer's mapping holds `size` bytes.
            b.iter(|| unsafe { std::ptr::copy_nonoverlapping(host.as_ptr(), p, size) })
        });
        if size <= 16 << 20 {
            g.bench_with_input(BenchmarkId::new("copyin_staged", size), &size, |b, _| {
                b.iter(|| rt.copyin_staged(&buf, 0, &host).unwrap())
            });
        }
        dev.free(buf).unwrap();
    }
    g.finish();
}

fn allocation(c: &mut Criterion) {
    let (_k, dev) = mock(ExecMode::Immediate);
    dev.free(dev.alloc(AllocRequest::new(4096)).unwrap()).unwrap();
    let mut g = c.benchmark_group("alloc");
    g.sample_size(20).measurement_time(Duration::from_secs(2));
    g.bench_function("direct_alloc_free_256B", |b| {
        b.iter(|| dev.free(dev.alloc(AllocRequest::new(256)).unwrap()).unwrap())
    });
    let small = SubAllocator::new(&dev);
    let keep = small.alloc(256).unwrap(); // keeps one slab alive
    g.bench_function("suballoc_alloc_free_256B", |b| {
        b.iter(|| small.free(small.alloc(black_box(256)).unwrap()).unwrap())
    });
    small.free(keep).unwrap();
    g.finish();
}

fn mock_throughput(c: &mut Criterion) {
    let k = MockKernel::new();
    let nvmap = k.open(&std::ffi::CString::new("/dev/nvmap").unwrap(), 0).unwrap();
    let mut g = c.benchmark_group("mock");
    g.sample_size(20).measurement_time(Duration::from_secs(2));
    g.throughput(criterion::Throughput::Elements(2));
    g.bench_function("ioctl_pair_create_free", |b| {
        b.iter(|| {
            let mut h = NvmapCreateHandle { size: 4096, handle: 0 };
            // SAFETY: a live argument of NVMAP_IOC_CREATE's size.
            unsafe { k.ioctl_read_write(nvmap, NVMAP_IOC_CREATE, (&mut h as *mut NvmapCreateHandle).cast()) }.unwrap();
            // SAFETY: NVMAP_IOC_FREE takes the handle id by value, on the model's nvmap fd.
            unsafe { k.ioctl_value(nvmap, NVMAP_IOC_FREE, u64::from(h.handle)) }.unwrap();
        })
    });
    // Pushbuffer methods per second: 4000 semaphore-register methods per entry.
    let (_k2, dev) = mock(ExecMode::Immediate);
    let rt = Runtime::new(&dev).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    for i in 0..1000u64 {
        q.signal(&s, i);
    }
    g.throughput(criterion::Throughput::Elements(1000 * 5 + 10));
    g.bench_function("pushbuffer_methods", |b| b.iter(|| rt.submit(&q, &[]).unwrap()));
    g.finish();
}

const G: u64 = 4096;

/// A top-down VA space with `n` live ranges, fragmented: 2n random 4–64 KiB
/// ranges allocated, every other one freed.
fn fragmented(n: usize) -> VaAllocator {
    let mut va = VaAllocator::new(0x20_0000, 0xFF_FFE0_0000, G, Placement::TopDown);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut addrs = Vec::with_capacity(2 * n);
    for _ in 0..2 * n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        addrs.push(va.alloc((1 + x % 16) * G, G).unwrap());
    }
    for a in addrs.iter().step_by(2) {
        va.free(*a).unwrap();
    }
    va
}

/// VA allocator cost per operation at 1k, 10k and 100k live ranges, with a
/// `BTreeMap` insert+remove at the same population as the floor.
fn va_allocator(c: &mut Criterion) {
    let mut g = c.benchmark_group("va_alloc");
    g.sample_size(30)
        .measurement_time(std::time::Duration::from_secs(3))
        .warm_up_time(std::time::Duration::from_secs(1));
    for n in [1_000usize, 10_000, 100_000] {
        let mut va = fragmented(n);
        g.bench_with_input(BenchmarkId::new("alloc_free", n), &n, |b, _| {
            b.iter(|| {
                let a = va.alloc(black_box(3 * G), G).unwrap();
                va.free(a).unwrap();
            })
        });
        let mut va = fragmented(n);
        let hole = (0x20_0000u64..).step_by(G as usize).find(|a| va.is_free(*a, 2 * G)).unwrap();
        g.bench_with_input(BenchmarkId::new("alloc_fixed_free", n), &n, |b, _| {
            b.iter(|| {
                va.alloc_fixed(black_box(hole), 2 * G).unwrap();
                va.free(hole).unwrap();
            })
        });
        let mut map: BTreeMap<u64, u64> = (0..n as u64).map(|i| (i * 2 * G, G)).collect();
        g.bench_with_input(BenchmarkId::new("btreemap_insert_remove_baseline", n), &n, |b, _| {
            b.iter(|| {
                map.insert(black_box(G), G);
                map.remove(&G);
            })
        });
    }
    g.finish();
}

/// Signal round trip with the threaded GPU: p50 / p99 over 2000 trips.
fn signal_round_trip() -> (Duration, Duration) {
    let (_k, dev) = mock(ExecMode::Threaded);
    let rt = Runtime::new(&dev).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::copy_queue();
    let v = q.var();
    q.signal(&s, v);
    let mut samples = Vec::with_capacity(2000);
    for i in 1..=2000u64 {
        let t = Instant::now();
        rt.submit(&q, &[(v, i)]).unwrap();
        dev.signal_wait(&s, i, Duration::from_secs(5)).unwrap();
        samples.push(t.elapsed());
    }
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() * 99 / 100])
}

/// Criterion's point estimate (ns) of a benchmark, from target/criterion.
fn estimate(id: &str) -> Option<f64> {
    let dir = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| format!("{}/../target", env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/criterion/{id}/new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let p = rest.find("\"point_estimate\":")? + "\"point_estimate\":".len();
    rest[p..].split([',', '}']).next()?.trim().parse().ok()
}

fn ratio(a: &str, b: &str) -> String {
    match (estimate(a), estimate(b)) {
        (Some(x), Some(y)) if y > 0.0 => format!("{:>10.1} ns {:>10.1} ns {:>8.2}x", x, y, x / y),
        _ => "(not measured)".into(),
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    launch(&mut c);
    copies(&mut c);
    allocation(&mut c);
    mock_throughput(&mut c);
    va_allocator(&mut c);
    c.final_summary();
    let (p50, p99) = signal_round_trip();
    println!("\n== ratio table (median; `x` = first / second)");
    let bytes = LAUNCH_BYTES.load(std::sync::atomic::Ordering::Relaxed);
    println!("{:<58} {bytes} B", "launch: bytes one replayed launch writes");
    for (what, id) in [
        ("launch: fresh queue + submit / memcpy of its bytes", "launch/fresh_launch_and_signal"),
        ("launch: fresh one-shot + submit / memcpy of its bytes", "launch/fresh_one_shot"),
        ("launch: replay prebuilt queue / memcpy of its bytes", "launch/replay_prebuilt_queue"),
        ("launch: replay, 8 per doorbell (per launch) / memcpy", "launch/replay_batch_of_8_per_launch"),
        ("launch part: GPFIFO entry + GP_PUT + doorbell / memcpy", "launch/part_gpfifo_and_doorbell"),
        ("launch part: a fresh Queue recorded and dropped / memcpy", "launch/part_queue_record_and_drop"),
        ("launch part: its references taken and dropped / memcpy", "launch/part_references_taken_and_dropped"),
    ] {
        println!("{:<58} {}", what, ratio(id, "launch/baseline_copy_of_the_launch_bytes"));
    }
    plot::write_all(&estimate);
    for size in [4usize << 10, 1 << 20, 16 << 20, 256 << 20] {
        println!(
            "{:<58} {}",
            format!("copyin {size} B / memcpy"),
            ratio(&format!("copy/copyin/{size}"), &format!("copy/baseline_memcpy/{size}"))
        );
        println!(
            "{:<58} {}",
            format!("copyout {size} B / memcpy"),
            ratio(&format!("copy/copyout/{size}"), &format!("copy/baseline_memcpy/{size}"))
        );
        if size <= 16 << 20 {
            println!(
                "{:<58} {}",
                format!("copyin staged (copy engine) {size} B / direct"),
                ratio(&format!("copy/copyin_staged/{size}"), &format!("copy/copyin/{size}"))
            );
        }
    }
    println!(
        "{:<58} {}",
        "alloc+free 256 B: direct / sub-allocator",
        ratio("alloc/direct_alloc_free_256B", "alloc/suballoc_alloc_free_256B")
    );
    println!(
        "{:<58} {:>10.1} ns",
        "mock: nvmap CREATE+FREE ioctl pair",
        estimate("mock/ioctl_pair_create_free").unwrap_or(f64::NAN)
    );
    println!(
        "{:<58} {:>10.1} ns",
        "mock: one 5010-method pushbuffer",
        estimate("mock/pushbuffer_methods").unwrap_or(f64::NAN)
    );
    for n in [10_000, 100_000] {
        println!(
            "{:<58} {}",
            format!("VA alloc+free at {n} live ranges / at 1000"),
            ratio(&format!("va_alloc/alloc_free/{n}"), "va_alloc/alloc_free/1000")
        );
    }
    println!(
        "{:<58} {}",
        "VA alloc+free at 100000 / BTreeMap insert+remove",
        ratio("va_alloc/alloc_free/100000", "va_alloc/btreemap_insert_remove_baseline/100000")
    );
    println!("{:<58} p50 {:?}  p99 {:?}", "signal round trip (threaded GPU)", p50, p99);
}
