//! Copies into and out of memory shared with other threads and with the
//! GPU: the one way [`CpuView`](crate::CpuView) (and the mock's model of GPU
//! memory) touches such memory.
//!
//! Two threads may copy to the same bytes through clones of one view, and
//! the GPU (or the mock's GPU thread) may write them meanwhile. Plain
//! copies would make that a data race, undefined behaviour. These copies
//! are atomic instead, with these semantics:
//!
//! - every access is a relaxed atomic: an aligned 8-byte word at a time in
//!   the middle of a range, a byte at a time at its unaligned edges;
//! - concurrent copies to the same bytes are defined: each word (or edge
//!   byte) ends up holding what one of the writers stored, a read sees for
//!   each word a value some writer stored, and a copy may tear between
//!   words (as two DMA engines' writes do);
//! - nothing is ordered (relaxed): work that must see a copy's bytes is
//!   ordered after it by a release/acquire pair, such as a
//!   [`Signal`](crate::Signal) the GPU releases and the CPU waits on, or a
//!   queue submitted after the copy.
//!
//! On x86-64 and AArch64 a relaxed atomic load or store of a word is the
//! same instruction as a plain one, so copies stay near memcpy speed
//! (`hal/benches/shared_copy.rs` measures it against `ptr::copy`).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// Copy `src` into the shared memory at `dst`.
///
/// # Safety
/// `[dst, dst + src.len())` is valid for writes for the whole call, and
/// every concurrent access to those bytes is atomic (through this module,
/// an atomic type, or a device outside the program); `src` does not
/// overlap it.
#[inline]
pub unsafe fn copy_in(dst: *mut u8, src: &[u8]) {
    let len = src.len();
    let head = dst.align_offset(8).min(len);
    let mut i = 0;
    while i < head {
        // SAFETY: `dst + i` is inside the caller's range; atomics make it race-free.
        unsafe { AtomicU8::from_ptr(dst.add(i)) }.store(src[i], Relaxed);
        i += 1;
    }
    let (s, d) = (src.as_ptr(), dst);
    // Four words a step: the loop's own cost stays small next to the stores.
    while i + 32 <= len {
        for k in [0, 8, 16, 24] {
            // SAFETY: `src[i + k..i + k + 8]` is in bounds (i + 32 <= len); an unaligned
            // read of plain bytes; `dst + i + k` is 8-aligned (past the head) and its 8
            // bytes are inside the caller's range.
            unsafe {
                let word = s.add(i + k).cast::<u64>().read_unaligned();
                AtomicU64::from_ptr(d.add(i + k).cast::<u64>()).store(word, Relaxed);
            }
        }
        i += 32;
    }
    while i + 8 <= len {
        // SAFETY: as above, for one word.
        unsafe {
            let word = s.add(i).cast::<u64>().read_unaligned();
            AtomicU64::from_ptr(d.add(i).cast::<u64>()).store(word, Relaxed);
        }
        i += 8;
    }
    while i < len {
        // SAFETY: as for the head.
        unsafe { AtomicU8::from_ptr(dst.add(i)) }.store(src[i], Relaxed);
        i += 1;
    }
}

/// Copy the shared memory at `src` into `dst`.
///
/// # Safety
/// `[src, src + dst.len())` is valid for reads for the whole call, and every
/// concurrent access to those bytes is atomic (as for [`copy_in`]); `dst`
/// does not overlap it.
#[inline]
pub unsafe fn copy_out(src: *const u8, dst: &mut [u8]) {
    let len = dst.len();
    let head = src.align_offset(8).min(len);
    let mut i = 0;
    while i < head {
        // SAFETY: `src + i` is inside the caller's range.
        dst[i] = unsafe { AtomicU8::from_ptr(src.add(i).cast_mut()) }.load(Relaxed);
        i += 1;
    }
    let d = dst.as_mut_ptr();
    while i + 32 <= len {
        for k in [0, 8, 16, 24] {
            // SAFETY: `src + i + k` is 8-aligned and its 8 bytes are inside the caller's
            // range (only loaded from); `dst[i + k..i + k + 8]` is in bounds (i + 32 <=
            // len): an unaligned write of plain bytes.
            unsafe {
                let word = AtomicU64::from_ptr(src.add(i + k).cast::<u64>().cast_mut()).load(Relaxed);
                d.add(i + k).cast::<u64>().write_unaligned(word);
            }
        }
        i += 32;
    }
    while i + 8 <= len {
        // SAFETY: as above, for one word.
        unsafe {
            let word = AtomicU64::from_ptr(src.add(i).cast::<u64>().cast_mut()).load(Relaxed);
            d.add(i).cast::<u64>().write_unaligned(word);
        }
        i += 8;
    }
    while i < len {
        // SAFETY: as for the head.
        dst[i] = unsafe { AtomicU8::from_ptr(src.add(i).cast_mut()) }.load(Relaxed);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_every_alignment_and_length_exactly() {
        let src: Vec<u8> = (0..64u8).collect();
        for start in 0..9 {
            for len in 0..40 {
                let mut mem = [0u64; 8]; // 8-aligned backing
                let base = mem.as_mut_ptr().cast::<u8>();
                // SAFETY: `start + len <= 49 < 64`: inside `mem`, which nothing else touches.
                unsafe { copy_in(base.add(start), &src[..len]) };
                let mut back = vec![0xaa; len];
                // SAFETY: as above.
                unsafe { copy_out(base.add(start), &mut back) };
                assert_eq!(back, src[..len], "start {start} len {len}");
                // SAFETY: reading the whole backing.
                let all = unsafe { std::slice::from_raw_parts(base, 64) };
                assert!(all[..start].iter().all(|&b| b == 0) && all[start + len..].iter().all(|&b| b == 0));
            }
        }
    }
}
