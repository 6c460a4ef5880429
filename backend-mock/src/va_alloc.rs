//! The GPU virtual-address allocator of the mock kernel.
//!
//! It manages `[start, end)` in `granule` units (the 4 KiB GPU page) and hands
//! out ranges for ALLOC_SPACE reservations (fixed and kernel-chosen) and for
//! MAP_BUFFER_EX's kernel-chosen placement.
//!
//! ## Placement
//! [`Placement::TopDown`] returns the highest fitting aligned address,
//! [`Placement::BottomUp`] the lowest. The kernel model does not use this
//! allocator for GPU VAs any more: nvgpu places them with its buddy allocator
//! ([`crate::buddy`]), whose answers an Orin confirmed (issue 12 item 3).
//!
//! ## Complexity
//! Free ranges are kept twice: by address (`BTreeMap<start, end>`, for fixed
//! allocations and coalescing) and in 64 size classes (class `k` holds ranges
//! of length `[2^k, 2^(k+1))`), each a `BTreeSet` ordered by address. A request
//! of `size` with alignment slack needs `need = size + align - granule`; every
//! range in a class above `need`'s class fits, so the best candidate there is
//! one `first`/`last` lookup per class: `O(64 · log n)`. The boundary class
//! (ranges that may or may not fit) is searched from the preferred end and
//! only past the best candidate found so far. Fixed allocation and free are
//! `O(log n)`; free coalesces with both neighbours.

use std::collections::{BTreeMap, BTreeSet};

/// Where kernel-chosen allocations go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Highest fitting address first (what nvgpu did on an Orin).
    TopDown,
    /// Lowest fitting address first.
    BottomUp,
}

/// Why an allocator operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VaError {
    /// No free range is large enough.
    #[error("no free VA range fits")]
    OutOfSpace,
    /// The address is not granule-aligned.
    #[error("address not aligned to the granule")]
    Misaligned,
    /// The range leaves `[start, end)`.
    #[error("range outside the managed VA space")]
    OutOfRange,
    /// The range overlaps an allocation.
    #[error("range overlaps an existing allocation")]
    Overlap,
    /// No allocation starts at that address.
    #[error("no allocation starts at that address")]
    NotAllocated,
    /// Size 0.
    #[error("zero-sized allocation")]
    ZeroSize,
}

const CLASSES: usize = 64;

/// A coalescing GPU VA allocator.
#[derive(Debug, Clone)]
pub struct VaAllocator {
    start: u64,
    end: u64,
    granule: u64,
    placement: Placement,
    /// Free ranges: start -> end.
    free_by_addr: BTreeMap<u64, u64>,
    /// Free range starts per size class.
    classes: Vec<BTreeSet<u64>>,
    /// Live allocations: start -> size.
    live: BTreeMap<u64, u64>,
    free_bytes: u64,
}

fn class_of(len: u64) -> usize {
    63 - len.leading_zeros() as usize
}

impl VaAllocator {
    /// Manage `[start, end)` in units of `granule` (a power of two);
    /// `start` is rounded up and `end` down to the granule.
    ///
    /// ```
    /// use gpuiface_mock::va_alloc::{Placement, VaAllocator};
    /// let mut va = VaAllocator::new(0x20_0000, 0xFF_FFE0_0000, 4096, Placement::TopDown);
    /// let a = va.alloc(0x1000, 0x1000).unwrap();
    /// assert_eq!(a, 0xFF_FFDF_F000); // the highest page
    /// va.alloc_fixed(0xFD_0000_0000, 1 << 30).unwrap();
    /// assert_eq!(va.free(a), Ok(0x1000));
    /// ```
    pub fn new(start: u64, end: u64, granule: u64, placement: Placement) -> Self {
        assert!(granule.is_power_of_two(), "granule must be a power of two");
        let start = start.next_multiple_of(granule);
        let end = end & !(granule - 1);
        let mut a = VaAllocator {
            start,
            end,
            granule,
            placement,
            free_by_addr: BTreeMap::new(),
            classes: vec![BTreeSet::new(); CLASSES],
            live: BTreeMap::new(),
            free_bytes: 0,
        };
        if end > start {
            a.insert_free(start, end);
        }
        a
    }

    /// First managed address.
    pub fn start(&self) -> u64 {
        self.start
    }
    /// One past the last managed address.
    pub fn end(&self) -> u64 {
        self.end
    }
    /// The allocation unit.
    pub fn granule(&self) -> u64 {
        self.granule
    }
    /// Live allocations.
    pub fn live_count(&self) -> usize {
        self.live.len()
    }
    /// Free ranges (1 when nothing is allocated).
    pub fn free_range_count(&self) -> usize {
        self.free_by_addr.len()
    }
    /// Free bytes.
    pub fn free_bytes(&self) -> u64 {
        self.free_bytes
    }
    /// Live allocations as `(start, size)`, by address.
    pub fn iter_live(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.live.iter().map(|(s, z)| (*s, *z))
    }

    fn insert_free(&mut self, s: u64, e: u64) {
        self.free_by_addr.insert(s, e);
        self.classes[class_of(e - s)].insert(s);
        self.free_bytes += e - s;
    }

    fn remove_free(&mut self, s: u64) -> u64 {
        let e = self.free_by_addr.remove(&s).expect("free range");
        self.classes[class_of(e - s)].remove(&s);
        self.free_bytes -= e - s;
        e
    }

    fn round(&self, size: u64) -> Result<u64, VaError> {
        if size == 0 {
            return Err(VaError::ZeroSize);
        }
        size.checked_next_multiple_of(self.granule).ok_or(VaError::OutOfSpace)
    }

    /// Where an aligned block of `size` goes inside `[s, e)`, if it fits.
    fn fit(&self, s: u64, e: u64, size: u64, align: u64) -> Option<u64> {
        match self.placement {
            Placement::TopDown => {
                let top = e.checked_sub(size)? & !(align - 1);
                (top >= s).then_some(top)
            }
            Placement::BottomUp => {
                let low = s.checked_next_multiple_of(align)?;
                (low.checked_add(size)? <= e).then_some(low)
            }
        }
    }

    /// Allocate `size` bytes (rounded up to the granule) aligned to `align`
    /// (a power of two; smaller than the granule means the granule).
    pub fn alloc(&mut self, size: u64, align: u64) -> Result<u64, VaError> {
        let size = self.round(size)?;
        let align = align.max(self.granule);
        if !align.is_power_of_two() {
            return Err(VaError::Misaligned);
        }
        let need = size.checked_add(align - self.granule).ok_or(VaError::OutOfSpace)?;
        let top_down = self.placement == Placement::TopDown;
        // (range start, placed address): the best candidate so far.
        let mut best: Option<(u64, u64)> = None;
        let better = |cand: u64, best: &Option<(u64, u64)>| match best {
            None => true,
            Some((b, _)) => (top_down && cand > *b) || (!top_down && cand < *b),
        };
        let boundary = class_of(need);
        // Classes above the boundary: every range fits.
        for c in boundary + 1..CLASSES {
            let cand = if top_down { self.classes[c].last() } else { self.classes[c].first() };
            if let Some(&s) = cand {
                if better(s, &best) {
                    let e = self.free_by_addr[&s];
                    if let Some(at) = self.fit(s, e, size, align) {
                        best = Some((s, at));
                    }
                }
            }
        }
        // The boundary class (and the class of `size` itself when alignment
        // widened `need`): ranges may or may not fit; look only at those that
        // would beat the best candidate.
        for c in (class_of(size)..=boundary).rev() {
            let set = &self.classes[c];
            let iter: Box<dyn Iterator<Item = &u64>> = match (top_down, best) {
                (true, Some((b, _))) => Box::new(set.range(b + 1..).rev()),
                (true, None) => Box::new(set.iter().rev()),
                (false, Some((b, _))) => Box::new(set.range(..b)),
                (false, None) => Box::new(set.iter()),
            };
            for &s in iter {
                let e = self.free_by_addr[&s];
                if let Some(at) = self.fit(s, e, size, align) {
                    best = Some((s, at));
                    break;
                }
            }
        }
        let (s, at) = best.ok_or(VaError::OutOfSpace)?;
        self.carve(s, at, size);
        Ok(at)
    }

    /// Take `[at, at+size)` out of the free range starting at `s`.
    fn carve(&mut self, s: u64, at: u64, size: u64) {
        let e = self.remove_free(s);
        if at > s {
            self.insert_free(s, at);
        }
        if at + size < e {
            self.insert_free(at + size, e);
        }
        self.live.insert(at, size);
    }

    /// Allocate exactly `[addr, addr + size)`.
    pub fn alloc_fixed(&mut self, addr: u64, size: u64) -> Result<(), VaError> {
        if !addr.is_multiple_of(self.granule) {
            return Err(VaError::Misaligned);
        }
        let size = self.round(size)?;
        let end = addr.checked_add(size).ok_or(VaError::OutOfRange)?;
        if addr < self.start || end > self.end {
            return Err(VaError::OutOfRange);
        }
        match self.free_by_addr.range(..=addr).next_back() {
            Some((&s, &e)) if e >= end => {
                self.carve(s, addr, size);
                Ok(())
            }
            _ => Err(VaError::Overlap),
        }
    }

    /// Free the allocation that starts at `addr`; returns its size.
    pub fn free(&mut self, addr: u64) -> Result<u64, VaError> {
        let size = self.live.remove(&addr).ok_or(VaError::NotAllocated)?;
        let (mut s, mut e) = (addr, addr + size);
        if let Some((&ps, &pe)) = self.free_by_addr.range(..s).next_back() {
            if pe == s {
                self.remove_free(ps);
                s = ps;
            }
        }
        if self.free_by_addr.contains_key(&e) {
            e = self.remove_free(e);
        }
        self.insert_free(s, e);
        Ok(size)
    }

    /// The live allocation `(start, size)` containing `addr`.
    pub fn find(&self, addr: u64) -> Option<(u64, u64)> {
        let (&s, &z) = self.live.range(..=addr).next_back()?;
        (addr < s + z).then_some((s, z))
    }

    /// True when `[addr, addr+size)` is entirely free (and inside the space).
    pub fn is_free(&self, addr: u64, size: u64) -> bool {
        let Some(end) = addr.checked_add(size) else { return false };
        matches!(self.free_by_addr.range(..=addr).next_back(), Some((_, &e)) if e >= end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const G: u64 = 4096;

    #[test]
    fn top_down_and_bottom_up_placement() {
        let mut t = VaAllocator::new(0x20_0000, 0x100_0000, G, Placement::TopDown);
        assert_eq!(t.alloc(G, G), Ok(0x100_0000 - G));
        assert_eq!(t.alloc(G, G), Ok(0x100_0000 - 2 * G));
        let mut b = VaAllocator::new(0x20_0000, 0x100_0000, G, Placement::BottomUp);
        assert_eq!(b.alloc(G, G), Ok(0x20_0000));
        assert_eq!(b.alloc(100, 0), Ok(0x20_0000 + G), "rounded up to the granule");
    }

    #[test]
    fn alignment_is_honoured() {
        let mut t = VaAllocator::new(0x20_0000, 0x1000_0000, G, Placement::TopDown);
        t.alloc(G, G).unwrap();
        let a = t.alloc(3 * G, 2 << 20).unwrap();
        assert_eq!(a % (2 << 20), 0);
        assert!(a + 3 * G <= 0x1000_0000 - G);
        assert_eq!(t.alloc(G, 3 * G), Err(VaError::Misaligned));
    }

    #[test]
    fn fixed_allocations_overlap_range_and_alignment() {
        let mut t = VaAllocator::new(0x20_0000, 0x100_0000, G, Placement::TopDown);
        t.alloc_fixed(0x40_0000, 0x10_0000).unwrap();
        assert_eq!(t.alloc_fixed(0x4f_f000, G), Err(VaError::Overlap));
        assert_eq!(t.alloc_fixed(0x3f_f000, 2 * G), Err(VaError::Overlap));
        assert_eq!(t.alloc_fixed(0x40_0001, G), Err(VaError::Misaligned));
        assert_eq!(t.alloc_fixed(0x10_0000, G), Err(VaError::OutOfRange));
        assert_eq!(t.alloc_fixed(0xff_f000, 2 * G), Err(VaError::OutOfRange));
        assert_eq!(t.alloc(0, G), Err(VaError::ZeroSize));
        assert_eq!(t.find(0x45_0000), Some((0x40_0000, 0x10_0000)));
        assert_eq!(t.find(0x50_0000), None);
        assert!(!t.is_free(0x3f_f000, 2 * G));
        assert!(t.is_free(0x50_0000, G));
    }

    #[test]
    fn free_checks_and_coalescing_in_every_order() {
        let orders: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        for order in orders {
            let mut t = VaAllocator::new(0x20_0000, 0x100_0000, G, Placement::BottomUp);
            let total = t.free_bytes();
            let a: Vec<u64> = (0..3).map(|_| t.alloc(G, G).unwrap()).collect();
            assert_eq!(t.free(a[0] + G / 2), Err(VaError::NotAllocated));
            for i in order {
                assert_eq!(t.free(a[i]), Ok(G));
            }
            assert_eq!(t.free(a[0]), Err(VaError::NotAllocated), "double free");
            assert_eq!((t.free_range_count(), t.free_bytes(), t.live_count()), (1, total, 0), "{order:?}");
        }
    }

    #[test]
    fn exhaustion_and_a_reserved_window_is_never_handed_out() {
        let mut t = VaAllocator::new(0, 16 * G, G, Placement::TopDown);
        t.alloc_fixed(8 * G, 4 * G).unwrap();
        let mut got = Vec::new();
        while let Ok(a) = t.alloc(G, G) {
            assert!(!(8 * G..12 * G).contains(&a), "allocated inside the reservation at {a:#x}");
            got.push(a);
        }
        assert_eq!(got.len(), 12);
        assert_eq!(t.alloc(G, G), Err(VaError::OutOfSpace));
    }

    #[derive(Debug, Clone)]
    enum Op {
        Alloc(u64, u32),
        Fixed(u64, u64),
        Free(usize),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (1u64..40, 0u32..4).prop_map(|(p, a)| Op::Alloc(p * G, a)),
            (0u64..256, 1u64..16).prop_map(|(p, n)| Op::Fixed(p * G, n * G)),
            (0usize..64).prop_map(Op::Free),
        ]
    }

    proptest! {
        #[test]
        fn matches_a_reference_model(ops in proptest::collection::vec(op(), 1..200), top: bool) {
            let placement = if top { Placement::TopDown } else { Placement::BottomUp };
            let (lo, hi) = (0u64, 256 * G);
            let mut va = VaAllocator::new(lo, hi, G, placement);
            let mut model: Vec<(u64, u64)> = Vec::new();
            let overlaps = |m: &[(u64, u64)], a: u64, s: u64| m.iter().any(|&(b, z)| a < b + z && b < a + s);
            for op in ops {
                match op {
                    Op::Alloc(size, a) => {
                        let align = G << a;
                        match va.alloc(size, align) {
                            Ok(at) => {
                                prop_assert_eq!(at % align, 0);
                                prop_assert!(at >= lo && at + size <= hi);
                                prop_assert!(!overlaps(&model, at, size));
                                // No better aligned fit existed.
                                let mut cand = if top { (hi - size) & !(align - 1) } else { lo };
                                loop {
                                    if !overlaps(&model, cand, size) {
                                        prop_assert_eq!(cand, at);
                                        break;
                                    }
                                    if top { if cand < lo + align { break; } cand -= align; } else { cand += align; if cand + size > hi { break; } }
                                }
                                model.push((at, size));
                            }
                            Err(e) => {
                                prop_assert_eq!(e, VaError::OutOfSpace);
                                let mut c = lo;
                                while c + size <= hi {
                                    prop_assert!(overlaps(&model, c, size), "fit at {:#x} missed", c);
                                    c += align;
                                }
                            }
                        }
                    }
                    Op::Fixed(at, size) => {
                        let r = va.alloc_fixed(at, size);
                        if at + size > hi {
                            prop_assert_eq!(r, Err(VaError::OutOfRange));
                        } else if overlaps(&model, at, size) {
                            prop_assert_eq!(r, Err(VaError::Overlap));
                        } else {
                            prop_assert_eq!(r, Ok(()));
                            model.push((at, size));
                        }
                    }
                    Op::Free(i) => {
                        if model.is_empty() {
                            continue;
                        }
                        let (at, size) = model.remove(i % model.len());
                        prop_assert_eq!(va.free(at), Ok(size));
                    }
                }
                let live: u64 = model.iter().map(|m| m.1).sum();
                prop_assert_eq!(va.free_bytes() + live, hi - lo);
                prop_assert_eq!(va.live_count(), model.len());
            }
            for (at, _) in model.drain(..) {
                va.free(at).unwrap();
            }
            prop_assert_eq!(va.free_range_count(), 1);
        }
    }
}
