//! VA allocator cost per operation at 1k, 10k and 100k live ranges.
//!
//! Each size is fragmented first (2N small random ranges allocated, every
//! other one freed), then one steady-state alloc+free pair is timed. The
//! baseline in the same run: a `BTreeMap` insert+remove at the same
//! population, the floor any ordered structure pays.

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gpuiface_mock::va_alloc::{Placement, VaAllocator};

const G: u64 = 4096;

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

fn bench(c: &mut Criterion) {
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

criterion_group!(benches, bench);
criterion_main!(benches);
