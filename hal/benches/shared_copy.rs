//! `shared_mem::copy_in`/`copy_out` (relaxed atomic words) against
//! `ptr::copy` (memcpy), at a replay's size (848 B), a page, and 1 MiB.
//! `cargo bench -p gpuiface-hal --bench shared_copy`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gpuiface_hal::shared_mem;

fn copies(c: &mut Criterion) {
    let mut g = c.benchmark_group("shared_copy");
    for len in [848usize, 4096, 1 << 20] {
        let src = vec![0x5au8; len];
        let mut shared = vec![0u64; len.div_ceil(8)]; // 8-aligned, as a mapping is
        let dst = shared.as_mut_ptr().cast::<u8>();
        let mut out = vec![0u8; len];
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("memcpy_in", len), |b| {
            b.iter(|| {
                // SAFETY: `dst` holds `len` bytes nothing else touches.
                unsafe { std::ptr::copy(std::hint::black_box(src.as_ptr()), dst, len) }
            })
        });
        g.bench_function(BenchmarkId::new("atomic_in", len), |b| {
            b.iter(|| {
                // SAFETY: as above.
                unsafe { shared_mem::copy_in(dst, std::hint::black_box(&src)) }
            })
        });
        g.bench_function(BenchmarkId::new("memcpy_out", len), |b| {
            b.iter(|| {
                // SAFETY: as above.
                unsafe { std::ptr::copy(std::hint::black_box(dst.cast_const()), out.as_mut_ptr(), len) }
            })
        });
        g.bench_function(BenchmarkId::new("atomic_out", len), |b| {
            b.iter(|| {
                // SAFETY: as above.
                unsafe { shared_mem::copy_out(std::hint::black_box(dst.cast_const()), &mut out) }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, copies);
criterion_main!(benches);
