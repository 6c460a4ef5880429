//! nvgpu's GPU VA buddy allocator (`common/mm/allocators/buddy_allocator.c`,
//! L4T r36.4.3), the rules the real kernel places kernel-chosen GPU VAs by.
//!
//! What it reproduces, rule by rule:
//!
//! - **Blocks relative to the VMA start.** The managed range `[start, end)` is
//!   cut into top-level blocks from the bottom up, each the largest power of
//!   two (in `blk_size` units) that still fits (`balloc_init_lists` /
//!   `balloc_max_order_in`). Every block's offset *from `start`* is a multiple
//!   of its size; absolute addresses are not naturally aligned. For the user
//!   VMA `[0x200000, 0xFFFFE00000)` the smallest top-level block is the 4 MiB
//!   one at `0xFFFFA00000`, which is why an Orin hands out `0xFFFFA00000` first.
//! - **Order.** A request of `len` bytes takes a block of order
//!   `ceil(log2(len / blk_size))` (`balloc_get_order`).
//! - **Smallest fitting free block.** The free lists are searched from that
//!   order upwards; the first non-empty list wins (`balloc_do_alloc`). Within
//!   a list the head is taken (for big-page PTE blocks in a GVA space, the
//!   tail). The block is split until it has the requested order, always
//!   continuing with the left half (`balloc_split_buddy`); the right halves
//!   stay free, added to the head of their lists. So consecutive small
//!   allocations ascend.
//! - **Free and coalesce.** A freed block goes to the head of its list and
//!   merges with its buddy while both are free (`balloc_coalesce`).
//! - **PTE-size separation (GVA spaces).** Blocks below the PDE-block order
//!   (`big_page_size << 10`, 64 MiB for 64 KiB big pages) carry the PTE size
//!   of the allocation that split them; a search that meets a block of the
//!   other PTE size at the head of a list gives up on that order.
//! - **Fixed allocations** (`balloc_do_alloc_fixed`): the range is covered by
//!   the largest blocks its start's alignment (relative to `start`) allows,
//!   each carved out of the free block containing it; misaligned, empty,
//!   outside or overlapping ranges fail (the kernel's `-ENOMEM`).
//!
//! `tests/va_buddy.rs` checks it against a small, separately written
//! reference model of these rules and against the VAs an Orin handed out.

use std::collections::{BTreeMap, HashMap};

use crate::va_alloc::VaError;

/// The PTE size a block is reserved for (`BALLOC_PTE_SIZE_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PteSize {
    /// Not yet assigned (blocks at or above the PDE-block order).
    Any,
    /// 4 KiB pages.
    Small,
    /// Big (64 KiB) pages.
    Big,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Free,
    Split,
    Alloced,
}

#[derive(Debug, Clone, Copy)]
struct Block {
    state: State,
    pte: PteSize,
    /// Top-level blocks have no buddy.
    top: bool,
    /// Position key in its order's free list while free.
    key: Option<i64>,
}

/// A buddy allocator over `[start, end)`.
#[derive(Debug, Clone)]
pub struct BuddyAllocator {
    start: u64,
    end: u64,
    blk_shift: u32,
    max_order: u32,
    /// `Some(order)` for a GPU VA space (`GPU_ALLOC_GVA_SPACE`): the PDE-block order.
    pte_blk_order: Option<u32>,
    blocks: HashMap<(u64, u32), Block>,
    /// Free lists per order: key → block start. The smallest key is the head.
    lists: Vec<BTreeMap<i64, u64>>,
    seq: i64,
    /// Kernel-chosen allocations: start → order.
    alloced: BTreeMap<u64, u32>,
    /// Fixed allocations: start → (len, the blocks covering it, in list order).
    fixed: BTreeMap<u64, (u64, Vec<(u64, u32)>)>,
}

fn ilog2(v: u64) -> u32 {
    63 - v.leading_zeros()
}

impl BuddyAllocator {
    /// A plain buddy allocator of `blk_size` blocks over `[start, end)`.
    ///
    /// # Panics
    /// If `blk_size` is not a power of two or the range is empty or not
    /// `blk_size`-aligned (the kernel's init would fail).
    pub fn new(start: u64, end: u64, blk_size: u64) -> Self {
        Self::build(start, end, blk_size, None)
    }

    /// A GPU VA space (`GPU_ALLOC_GVA_SPACE`) whose big pages are
    /// `big_page_size` bytes: PTE sizes are kept apart below the PDE block
    /// (`big_page_size << 10`).
    pub fn gva(start: u64, end: u64, blk_size: u64, big_page_size: u64) -> Self {
        let blk_shift = ilog2(blk_size);
        let pde_blocks = (big_page_size << 10) >> blk_shift;
        Self::build(start, end, blk_size, Some(ilog2(pde_blocks.max(1))))
    }

    fn build(start: u64, end: u64, blk_size: u64, pte_blk_order: Option<u32>) -> Self {
        assert!(blk_size.is_power_of_two() && start < end, "bad buddy range");
        assert!(start.is_multiple_of(blk_size) && end.is_multiple_of(blk_size), "unaligned buddy range");
        let blk_shift = ilog2(blk_size);
        let max_order = ilog2((end - start) >> blk_shift);
        let mut a = BuddyAllocator {
            start,
            end,
            blk_shift,
            max_order,
            pte_blk_order,
            blocks: HashMap::new(),
            lists: vec![BTreeMap::new(); max_order as usize + 1],
            seq: 0,
            alloced: BTreeMap::new(),
            fixed: BTreeMap::new(),
        };
        // balloc_init_lists: largest power of two that fits, bottom up.
        let mut s = start;
        while s < end {
            let order = a.max_order_in(s, end);
            a.blocks.insert((s, order), Block { state: State::Free, pte: PteSize::Any, top: true, key: None });
            a.list_add(s, order);
            s += a.order_len(order);
        }
        a
    }

    /// The managed range.
    pub fn range(&self) -> (u64, u64) {
        (self.start, self.end)
    }

    /// The block size.
    pub fn blk_size(&self) -> u64 {
        1 << self.blk_shift
    }

    fn order_len(&self, order: u32) -> u64 {
        1u64 << (order + self.blk_shift)
    }

    fn max_order_in(&self, s: u64, e: u64) -> u32 {
        ilog2((e - s) >> self.blk_shift).min(self.max_order)
    }

    /// `balloc_get_order`: the order of a `len`-byte request.
    pub fn order_of(&self, len: u64) -> u32 {
        let blocks = len.div_ceil(self.blk_size()).max(1);
        if blocks == 1 {
            0
        } else {
            ilog2(blocks - 1) + 1
        }
    }

    fn list_add(&mut self, s: u64, order: u32) {
        let big_tail = self.pte_blk_order.is_some() && self.blocks[&(s, order)].pte == PteSize::Big;
        self.seq += 1;
        // Small blocks go to the head, big-PTE blocks of a GVA space to the tail.
        let key = if big_tail { self.seq } else { -self.seq };
        self.lists[order as usize].insert(key, s);
        let b = self.blocks.get_mut(&(s, order)).expect("block exists");
        b.key = Some(key);
        b.state = State::Free;
    }

    fn list_rem(&mut self, s: u64, order: u32) {
        let b = self.blocks.get_mut(&(s, order)).expect("block exists");
        if let Some(k) = b.key.take() {
            self.lists[order as usize].remove(&k);
        }
    }

    /// `balloc_split_buddy`: two halves in place of `(s, order)`.
    fn split(&mut self, s: u64, order: u32, pte: PteSize) {
        let child = order - 1;
        let half = self.order_len(child);
        // Below the PDE block the halves inherit the request's PTE size.
        let child_pte = match self.pte_blk_order {
            Some(p) if child < p => pte,
            _ => PteSize::Any,
        };
        for cs in [s, s + half] {
            self.blocks.insert((cs, child), Block { state: State::Free, pte: child_pte, top: false, key: None });
        }
        self.list_rem(s, order);
        self.blocks.get_mut(&(s, order)).expect("block exists").state = State::Split;
        self.list_add(s, child);
        self.list_add(s + half, child);
    }

    /// `__balloc_find_buddy`: the candidate of this order, if its PTE size fits.
    fn find(&self, order: u32, pte: PteSize) -> Option<u64> {
        let list = self.lists.get(order as usize)?;
        let big = self.pte_blk_order.is_some() && pte == PteSize::Big;
        let (_, &s) = if big { list.last_key_value()? } else { list.first_key_value()? };
        let bpte = self.blocks[&(s, order)].pte;
        if pte != PteSize::Any && bpte != PteSize::Any && bpte != pte {
            return None;
        }
        Some(s)
    }

    /// A kernel-chosen allocation of `len` bytes for mappings of `pte` pages.
    pub fn alloc(&mut self, len: u64, pte: PteSize) -> Result<u64, VaError> {
        if len == 0 {
            return Err(VaError::ZeroSize);
        }
        let order = self.order_of(len);
        if order > self.max_order {
            return Err(VaError::OutOfSpace);
        }
        let pte = if self.pte_blk_order.is_some() { pte } else { PteSize::Any };
        let (s, mut o) =
            (order..=self.max_order).find_map(|k| self.find(k, pte).map(|s| (s, k))).ok_or(VaError::OutOfSpace)?;
        while o != order {
            self.split(s, o, pte);
            o -= 1; // continue with the left half
        }
        self.list_rem(s, o);
        self.blocks.get_mut(&(s, o)).expect("block exists").state = State::Alloced;
        self.alloced.insert(s, o);
        Ok(s)
    }

    /// `balloc_make_fixed_buddy`: carve the free block `(base, order)` out of
    /// the free block containing it.
    fn make_fixed(&mut self, base: u64, order: u32, pte: PteSize) -> Option<()> {
        let rel = base - self.start;
        let mut cur = (base, order);
        loop {
            if cur.1 > self.max_order {
                return None;
            }
            if let Some(b) = self.blocks.get(&cur).filter(|b| b.state == State::Free) {
                if let Some(p) = self.pte_blk_order {
                    if cur.1 <= p && b.pte != PteSize::Any && b.pte != pte {
                        return None;
                    }
                }
                break;
            }
            let o = cur.1 + 1;
            if o > self.max_order {
                return None;
            }
            cur = (self.start + (rel & !(self.order_len(o) - 1)), o);
        }
        while cur != (base, order) {
            self.split(cur.0, cur.1, pte);
            let child = cur.1 - 1;
            let right = cur.0 + self.order_len(child);
            cur = if base < right { (cur.0, child) } else { (right, child) };
        }
        Some(())
    }

    fn range_overlaps(&self, base: u64, end: u64) -> bool {
        let alloced = self.alloced.range(..end).next_back().is_some_and(|(s, o)| s + self.order_len(*o) > base);
        let fixed = self.fixed.range(..end).next_back().is_some_and(|(s, (l, _))| s + l > base);
        alloced || fixed
    }

    /// A fixed allocation of `[base, base + len)` (ALLOC_SPACE with FIXED_OFFSET).
    pub fn alloc_fixed(&mut self, base: u64, len: u64, pte: PteSize) -> Result<(), VaError> {
        if len == 0 {
            return Err(VaError::ZeroSize);
        }
        if !base.is_multiple_of(self.blk_size()) {
            return Err(VaError::Misaligned);
        }
        let len = len.next_multiple_of(self.blk_size());
        let end = base.checked_add(len).ok_or(VaError::OutOfRange)?;
        if base < self.start || end > self.end {
            return Err(VaError::OutOfRange);
        }
        if self.range_overlaps(base, end) {
            return Err(VaError::Overlap);
        }
        let pte = if self.pte_blk_order.is_some() { pte } else { PteSize::Any };
        let shifted = base - self.start;
        let len_blocks = len >> self.blk_shift;
        let mut align_order = if shifted == 0 {
            ilog2(len_blocks)
        } else {
            (shifted >> self.blk_shift).trailing_zeros().min(ilog2(len_blocks))
        };
        let mut made: Vec<(u64, u32)> = Vec::new();
        let mut inc = shifted;
        while inc < shifted + len {
            let b = self.start + inc;
            if self.make_fixed(b, align_order, pte).is_none() {
                self.release_blocks(&made);
                return Err(VaError::Overlap);
            }
            self.list_rem(b, align_order);
            self.blocks.get_mut(&(b, align_order)).expect("block exists").state = State::Alloced;
            made.push((b, align_order));
            inc += self.order_len(align_order);
            let remaining = (shifted + len).saturating_sub(inc);
            if remaining == 0 {
                break;
            }
            align_order = (inc >> self.blk_shift).trailing_zeros();
            if align_order > 63 - self.blk_shift || self.order_len(align_order) > remaining {
                align_order = self.max_order_in(inc, inc + remaining);
            }
        }
        self.fixed.insert(base, (len, made));
        Ok(())
    }

    /// Free blocks made for a fixed allocation, last made first (the kernel
    /// keeps them on a list it adds to at the head).
    fn release_blocks(&mut self, made: &[(u64, u32)]) {
        for &(s, o) in made.iter().rev() {
            self.list_add(s, o);
            self.coalesce(s, o);
        }
    }

    /// `balloc_coalesce`: merge a free block with its free buddy, recursively.
    fn coalesce(&mut self, s: u64, order: u32) {
        let b = self.blocks[&(s, order)];
        if b.state != State::Free || b.top {
            return;
        }
        let len = self.order_len(order);
        let buddy = self.start + ((s - self.start) ^ len);
        if self.blocks.get(&(buddy, order)).is_none_or(|bb| bb.state != State::Free) {
            return;
        }
        let parent = (s.min(buddy), order + 1);
        self.list_rem(s, order);
        self.list_rem(buddy, order);
        self.blocks.remove(&(s, order));
        self.blocks.remove(&(buddy, order));
        self.list_add(parent.0, parent.1);
        self.coalesce(parent.0, parent.1);
    }

    /// Free the allocation (fixed or kernel-chosen) starting at `addr`;
    /// returns its length.
    pub fn free(&mut self, addr: u64) -> Result<u64, VaError> {
        if let Some((len, made)) = self.fixed.remove(&addr) {
            self.release_blocks(&made);
            return Ok(len);
        }
        let order = self.alloced.remove(&addr).ok_or(VaError::NotAllocated)?;
        self.list_add(addr, order);
        self.coalesce(addr, order);
        Ok(self.order_len(order))
    }

    /// The allocation containing `addr`: `(start, len)`.
    pub fn find_alloc(&self, addr: u64) -> Option<(u64, u64)> {
        let a = self.alloced.range(..=addr).next_back().map(|(s, o)| (*s, self.order_len(*o)));
        let f = self.fixed.range(..=addr).next_back().map(|(s, (l, _))| (*s, *l));
        [a, f].into_iter().flatten().find(|(s, l)| addr < s + l)
    }

    /// Live allocations `(start, len)`, by address.
    pub fn live(&self) -> Vec<(u64, u64)> {
        let mut v: Vec<(u64, u64)> = self.alloced.iter().map(|(s, o)| (*s, self.order_len(*o))).collect();
        v.extend(self.fixed.iter().map(|(s, (l, _))| (*s, *l)));
        v.sort();
        v
    }

    /// Free blocks `(start, order)`, by address (for tests and the reference model).
    pub fn free_blocks(&self) -> Vec<(u64, u32)> {
        let mut v: Vec<(u64, u32)> =
            self.blocks.iter().filter(|(_, b)| b.state == State::Free).map(|(k, _)| *k).collect();
        v.sort();
        v
    }
}
