//! Item 3: kernel-chosen GPU VAs come from nvgpu's buddy allocator — the VAs
//! an Orin handed out, alignment relative to the VMA start, fixed
//! reservations, PTE-size separation, and agreement with a separately
//! written reference model.

use std::os::fd::RawFd;

use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::mock::buddy::{BuddyAllocator, PteSize};
use gpuiface_nvgpu::mock::MockKernel;

use crate::harness::{map_args, K};

/// MAP_BUFFER_EX (non-fixed) of a fresh `size`-byte dma-buf; its GPU VA.
fn map_new(k: &K, as_fd: RawFd, size: u32) -> u64 {
    let mut a = map_args(k.dmabuf(size));
    k.map(as_fd, &mut a).unwrap();
    a.offset
}

fn unmap(k: &K, as_fd: RawFd, va: u64) {
    let mut u = NvgpuAsUnmapBufferArgs { offset: va };
    k.io(as_fd, NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut u).unwrap();
}

/// The sequence logged on an Orin (issue 12 item 3), in the facts'
/// recommended address space (unified VA, no big pages, [2 MiB, 2^40 - 2 MiB)).
#[test]
fn item3_buddy_reproduces_the_four_vas_an_orin_handed_out() {
    let k = K::traced();
    let as_fd = k.alloc_as();
    let first = map_new(&k, as_fd, 4096);
    assert_eq!(first, 0xFF_FFA0_0000, "first 4 KiB map");
    let second = map_new(&k, as_fd, 4096);
    assert_eq!(second, 0xFF_FFA0_1000, "second 4 KiB map, the first still mapped");
    unmap(&k, as_fd, second);
    let third = map_new(&k, as_fd, 64 << 10);
    assert_eq!(third, 0xFF_FFA1_0000, "64 KiB map after the second was unmapped");
    unmap(&k, as_fd, third);
    let fourth = map_new(&k, as_fd, 1 << 20);
    assert_eq!(fourth, 0xFF_FFB0_0000, "1 MiB map after the 64 KiB one was unmapped");
}

#[test]
fn item3_blocks_are_aligned_to_the_vma_start_not_to_absolute_addresses() {
    let k = K::traced();
    let as_fd = k.alloc_as();
    let start = K::alloc_as_args().va_range_start;
    let size = 4u64 << 20;
    let va = map_new(&k, as_fd, size as u32);
    assert_eq!((va - start) % size, 0, "{va:#x}: aligned relative to the VMA start");
    assert_ne!(va % size, 0, "{va:#x}: code assuming absolute 4 MiB alignment must break, as on the GPU");
    // Consecutive small maps ascend (the smallest free block is split, left half first).
    let a = map_new(&k, as_fd, 8192);
    let b = map_new(&k, as_fd, 8192);
    assert!(b > a, "{a:#x} then {b:#x}");
}

#[test]
fn item3_code_assuming_absolute_alignment_breaks_on_the_mock_as_on_the_gpu() {
    // The backend asks MAP_BUFFER_EX for a 4 MiB block and checks the VA: a
    // 4 MiB block of [2 MiB, ...) is only 2 MiB aligned, so it must refuse,
    // as it would on an Orin, rather than hand out a misaligned buffer.
    use gpuiface_hal::{AllocRequest, GpuIface};
    let dev = gpuiface_nvgpu::mock::open_with(MockKernel::builder()).unwrap();
    let e = dev.alloc(AllocRequest::new(4 << 20).align(4 << 20)).unwrap_err();
    assert!(e.to_string().contains("not 0x400000-aligned"), "{e}");
    let ok = dev.alloc(AllocRequest::new(2 << 20).align(2 << 20)).unwrap();
    assert_eq!(ok.gpu_va() % (2 << 20), 0);
    dev.free(ok).unwrap();
}

#[test]
fn item3_fixed_reservations_follow_the_buddy_rules() {
    let mut a = BuddyAllocator::new(0x20_0000, 0x20_0000 + (300 << 12), 4096);
    // Misaligned, empty, outside and overlapping fixed allocations fail.
    assert!(a.alloc_fixed(0x20_0800, 4096, PteSize::Any).is_err());
    assert!(a.alloc_fixed(0x20_0000, 0, PteSize::Any).is_err());
    assert!(a.alloc_fixed(0x10_0000, 4096, PteSize::Any).is_err());
    a.alloc_fixed(0x20_3000, 5 << 12, PteSize::Any).unwrap();
    assert!(a.alloc_fixed(0x20_4000, 4096, PteSize::Any).is_err());
    // Freed, the range coalesces back: the whole space is one piece of each top-level block again.
    let before = BuddyAllocator::new(0x20_0000, 0x20_0000 + (300 << 12), 4096).free_blocks();
    a.free(0x20_3000).unwrap();
    assert_eq!(a.free_blocks(), before);
}

#[test]
fn item3_big_pte_blocks_stay_apart_from_small_ones_in_a_gva_space() {
    // Under the 64 MiB PDE block a split block keeps the PTE size of the map that split it.
    let mut a = BuddyAllocator::gva(0, 256 << 20, 4096, 64 << 10);
    let small = a.alloc(4096, PteSize::Small).unwrap();
    let big = a.alloc(64 << 10, PteSize::Big).unwrap();
    assert!(big.abs_diff(small) >= 64 << 20, "small {small:#x} and big {big:#x} share a PDE block");
}

/// A small, separately written reference model of the buddy rules: free
/// blocks in one flat list with a time stamp (newest = list head), allocated
/// blocks in another; buddies and parents found by arithmetic.
mod reference {
    #[derive(Debug, Clone)]
    pub struct Model {
        pub start: u64,
        pub top: Vec<(u64, u32)>,
        pub free: Vec<(u64, u32, u64)>,
        pub used: Vec<(u64, u32)>,
        pub fixed: Vec<(u64, Vec<(u64, u32)>)>,
        pub now: u64,
    }

    const B: u64 = 4096;

    fn log2(v: u64) -> u32 {
        63 - v.leading_zeros()
    }

    impl Model {
        pub fn new(start: u64, blocks: u64) -> Model {
            let mut m = Model { start, top: vec![], free: vec![], used: vec![], fixed: vec![], now: 0 };
            let (mut at, mut left) = (0u64, blocks);
            while left > 0 {
                let o = log2(left);
                m.top.push((start + at * B, o));
                m.push(start + at * B, o);
                at += 1 << o;
                left -= 1 << o;
            }
            m
        }
        fn push(&mut self, s: u64, o: u32) {
            self.now += 1;
            self.free.push((s, o, self.now));
        }
        fn take(&mut self, s: u64, o: u32) -> bool {
            let before = self.free.len();
            self.free.retain(|&(fs, fo, _)| (fs, fo) != (s, o));
            self.free.len() != before
        }
        fn split(&mut self, s: u64, o: u32) {
            self.take(s, o);
            self.push(s, o - 1);
            self.push(s + (B << (o - 1)), o - 1);
        }
        pub fn alloc(&mut self, pages: u64) -> Option<u64> {
            let want = if pages <= 1 { 0 } else { log2(pages - 1) + 1 };
            // The smallest order with a free block; within it the newest.
            let (s, mut o, _) =
                self.free.iter().filter(|b| b.1 >= want).min_by_key(|b| (b.1, u64::MAX - b.2)).copied()?;
            while o > want {
                self.split(s, o);
                o -= 1;
            }
            self.take(s, o);
            self.used.push((s, o));
            Some(s)
        }
        fn release(&mut self, s: u64, o: u32) {
            self.push(s, o);
            let (mut s, mut o) = (s, o);
            while !self.top.contains(&(s, o)) {
                let buddy = self.start + ((s - self.start) ^ (B << o));
                if !self.free.iter().any(|b| (b.0, b.1) == (buddy, o)) {
                    break;
                }
                self.take(s, o);
                self.take(buddy, o);
                s = s.min(buddy);
                o += 1;
                self.push(s, o);
            }
        }
        pub fn fixed(&mut self, base: u64, pages: u64) -> bool {
            let end = base + pages * B;
            let overl = |s: u64, e: u64| s < end && base < e;
            if pages == 0
                || self.used.iter().any(|&(s, o)| overl(s, s + (B << o)))
                || self.fixed.iter().flat_map(|f| f.1.iter()).any(|&(s, o)| overl(s, s + (B << o)))
                || !self.top.iter().any(|&(s, _)| s <= base)
                || self.top.iter().map(|&(s, o)| s + (B << o)).max().unwrap() < end
            {
                return false;
            }
            let snapshot = self.clone();
            let mut made = vec![];
            let mut at = (base - self.start) / B;
            let mut left = pages;
            while left > 0 {
                let align = if at == 0 { 63 } else { at.trailing_zeros() };
                let o = align.min(log2(left));
                let s = self.start + at * B;
                // The free block containing (s, o), split down to it.
                let Some(&(mut cs, mut co, _)) =
                    self.free.iter().find(|b| b.1 >= o && b.0 <= s && s < b.0 + (B << b.1))
                else {
                    *self = snapshot;
                    return false;
                };
                while (cs, co) != (s, o) {
                    self.split(cs, co);
                    co -= 1;
                    if s >= cs + (B << co) {
                        cs += B << co;
                    }
                }
                self.take(s, o);
                made.push((s, o));
                at += 1 << o;
                left -= 1 << o;
            }
            self.fixed.push((base, made));
            true
        }
        pub fn free(&mut self, addr: u64) -> bool {
            if let Some(i) = self.fixed.iter().position(|f| f.0 == addr) {
                let (_, made) = self.fixed.remove(i);
                for (s, o) in made.into_iter().rev() {
                    self.release(s, o);
                }
                return true;
            }
            let Some(i) = self.used.iter().position(|u| u.0 == addr) else { return false };
            let (s, o) = self.used.remove(i);
            self.release(s, o);
            true
        }
        pub fn free_blocks(&self) -> Vec<(u64, u32)> {
            let mut v: Vec<(u64, u32)> = self.free.iter().map(|b| (b.0, b.1)).collect();
            v.sort();
            v
        }
    }
}

#[derive(Debug, Clone)]
enum Op {
    Alloc(u64),
    Fixed(u64, u64),
    Free(usize),
}

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        4 => (1u64..40).prop_map(Op::Alloc),
        1 => ((0u64..320), (1u64..24)).prop_map(|(o, p)| Op::Fixed(o, p)),
        3 => any::<usize>().prop_map(Op::Free),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn item3_buddy_allocator_agrees_with_a_reference_model(
        pages in 1u64..300,
        ops in proptest::collection::vec(op(), 1..80),
    ) {
        let start = 0x20_0000u64;
        let mut real = BuddyAllocator::new(start, start + pages * 4096, 4096);
        let mut model = reference::Model::new(start, pages);
        let mut live: Vec<u64> = vec![];
        for op in ops {
            match op {
                Op::Alloc(p) => {
                    let r = real.alloc(p * 4096, PteSize::Small).ok();
                    let m = model.alloc(p);
                    proptest::prop_assert_eq!(r, m, "alloc of {} pages", p);
                    if let Some(va) = r {
                        let block = 4096u64 << real.order_of(p * 4096);
                        proptest::prop_assert_eq!((va - start) % block, 0, "relative alignment");
                        live.push(va);
                    }
                }
                Op::Fixed(at, p) => {
                    let base = start + at * 4096;
                    let r = real.alloc_fixed(base, p * 4096, PteSize::Small).is_ok();
                    let m = model.fixed(base, p);
                    proptest::prop_assert_eq!(r, m, "fixed {:#x} + {} pages", base, p);
                    if r {
                        live.push(base);
                    }
                }
                Op::Free(i) if !live.is_empty() => {
                    let va = live.remove(i % live.len());
                    proptest::prop_assert!(real.free(va).is_ok());
                    proptest::prop_assert!(model.free(va));
                }
                Op::Free(_) => {}
            }
            proptest::prop_assert_eq!(real.free_blocks(), model.free_blocks());
            // No two live allocations overlap, and all lie in the range.
            let l = real.live();
            for w in l.windows(2) {
                proptest::prop_assert!(w[0].0 + w[0].1 <= w[1].0, "{:?}", w);
            }
            proptest::prop_assert!(l.iter().all(|&(s, n)| s >= start && s + n <= start + pages * 4096));
        }
    }
}
