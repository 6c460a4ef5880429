//! [`FlatMemory`]: one contiguous range of GPU addresses backed by host
//! memory, for running kernels without a GPU model (tests, benchmarks,
//! tools). Accesses outside the range fault like unmapped memory.

use std::sync::atomic::{AtomicU64, Ordering};

use super::Memory;

/// `len` bytes of memory at GPU address `base`.
///
/// The bytes are held as 64-bit atomic words, so that the interpreter's
/// `&self` writes are defined behaviour however many threads run blocks
/// against it, and a copy moves a word at a time (bytes at a copy's
/// unaligned ends are read from, or merged into, their word atomically,
/// leaving its other bytes as they are). [`Memory::atomic_u32`] and
/// [`Memory::atomic_u64`] are compare-and-swap loops on their word, so
/// blocks on several threads
/// ([`run_launch_parallel`](super::run_launch_parallel)) lose no update.
pub struct FlatMemory {
    base: u64,
    len: usize,
    words: Box<[AtomicU64]>,
}

impl FlatMemory {
    /// Zeroed memory.
    pub fn new(base: u64, len: usize) -> FlatMemory {
        FlatMemory { base, len, words: (0..len.div_ceil(8)).map(|_| AtomicU64::new(0)).collect() }
    }

    fn range(&self, va: u64, len: usize) -> Result<usize, u64> {
        let off = va.checked_sub(self.base).ok_or(va)?;
        let off = usize::try_from(off).map_err(|_| va)?;
        match off.checked_add(len) {
            Some(end) if end <= self.len => Ok(off),
            _ => Err(va.max(self.base + self.len as u64)),
        }
    }

    /// The word holding byte `off` (inside the range: `range` checked it).
    fn word(&self, off: usize) -> &AtomicU64 {
        &self.words[off / 8]
    }

    /// Copy `data` in at `va` (panics outside the range: a test helper).
    pub fn store(&self, va: u64, data: &[u8]) {
        self.write(va, data).expect("inside the flat memory");
    }

    /// Copy `len` bytes out from `va` (panics outside the range: a test helper).
    pub fn load(&self, va: u64, len: usize) -> Vec<u8> {
        let mut out = vec![0; len];
        self.read(va, &mut out).expect("inside the flat memory");
        out
    }

    /// Write `data` (within one word, from byte `off`) into its word: its
    /// bytes cleared, then set; the word's other bytes are untouched by
    /// either.
    fn merge(&self, off: usize, data: &[u8]) {
        let at = off % 8;
        let mut bits = [0u8; 8];
        bits[at..at + data.len()].copy_from_slice(data);
        let mut mask = [0u8; 8];
        mask[at..at + data.len()].fill(0xff);
        let word = self.word(off);
        word.fetch_and(!u64::from_le_bytes(mask), Ordering::Relaxed);
        word.fetch_or(u64::from_le_bytes(bits), Ordering::Relaxed);
    }

    /// The aligned word at byte `off` (a multiple of `N`, inside the
    /// range), as a read-modify-write of the 64-bit word holding it.
    fn update<const N: usize>(&self, off: usize, f: &mut dyn FnMut(u64) -> u64) -> u64 {
        let shift = (off % 8) * 8;
        let mask = if N == 8 { u64::MAX } else { (1u64 << (N * 8)) - 1 };
        let word = self.word(off);
        let mut cur = word.load(Ordering::Relaxed);
        loop {
            let old = (cur >> shift) & mask;
            let new = (cur & !(mask << shift)) | ((f(old) & mask) << shift);
            match word.compare_exchange_weak(cur, new, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return old,
                Err(now) => cur = now,
            }
        }
    }
}

impl Memory for FlatMemory {
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64> {
        let off = self.range(va, out.len())?;
        if off.is_multiple_of(8) && out.len().is_multiple_of(8) {
            // Whole words (a warp's coalesced access): a word at a time,
            // with no ends to handle.
            let words = self.words.get(off / 8..(off + out.len()) / 8).unwrap_or_default();
            for (chunk, word) in out.as_chunks_mut::<8>().0.iter_mut().zip(words) {
                *chunk = word.load(Ordering::Relaxed).to_le_bytes();
            }
            return Ok(());
        }
        let end = off + out.len();
        // The bytes before the first whole word, the whole words, the rest.
        let head = ((8 - off % 8) % 8).min(out.len());
        let (first, rest) = out.split_at_mut(head);
        if head > 0 {
            let bytes = self.word(off).load(Ordering::Relaxed).to_le_bytes();
            first.copy_from_slice(&bytes[off % 8..off % 8 + head]);
        }
        let mut chunks = rest.chunks_exact_mut(8);
        for (chunk, word) in (&mut chunks).zip(&self.words[(off + head) / 8..]) {
            chunk.copy_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
        }
        let tail = chunks.into_remainder();
        if !tail.is_empty() {
            let bytes = self.word(end - tail.len()).load(Ordering::Relaxed).to_le_bytes();
            tail.copy_from_slice(&bytes[..tail.len()]);
        }
        Ok(())
    }

    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64> {
        let off = self.range(va, data.len())?;
        if off.is_multiple_of(8) && data.len().is_multiple_of(8) {
            // Whole words, as `read`.
            let words = self.words.get(off / 8..(off + data.len()) / 8).unwrap_or_default();
            for (chunk, word) in data.as_chunks::<8>().0.iter().zip(words) {
                word.store(u64::from_le_bytes(*chunk), Ordering::Relaxed);
            }
            return Ok(());
        }
        let end = off + data.len();
        let head = ((8 - off % 8) % 8).min(data.len());
        let (first, rest) = data.split_at(head);
        if head > 0 {
            self.merge(off, first);
        }
        let mut chunks = rest.chunks_exact(8);
        for (chunk, word) in (&mut chunks).zip(&self.words[(off + head) / 8..]) {
            let b = chunk.first_chunk::<8>().copied().unwrap_or_default();
            word.store(u64::from_le_bytes(b), Ordering::Relaxed);
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            self.merge(end - tail.len(), tail);
        }
        Ok(())
    }

    fn atomic_u32(&self, va: u64, f: &mut dyn FnMut(u32) -> u32) -> Result<u32, u64> {
        // Atomic against every other atomic of this memory (plain stores to the
        // same word meanwhile are a race, as on the GPU).
        let off = self.range(va, 4)?;
        if !off.is_multiple_of(4) {
            return Err(va);
        }
        Ok(self.update::<4>(off, &mut |old| u64::from(f(old as u32))) as u32)
    }

    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64> {
        let off = self.range(va, 8)?;
        if !off.is_multiple_of(8) {
            return Err(va);
        }
        Ok(self.update::<8>(off, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads, writes and atomics at every alignment and length against a
    /// byte array doing the same.
    #[test]
    fn word_backed_memory_behaves_as_bytes() {
        const BASE: u64 = 0x1000;
        let len = 203; // not a multiple of 8: the last word is partial
        let mem = FlatMemory::new(BASE, len);
        let mut model = vec![0u8; len];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let r = next();
            let off = (r % len as u64) as usize;
            let n = ((r >> 16) % 24) as usize;
            let va = BASE + off as u64;
            match r >> 60 {
                0..=5 => {
                    let data: Vec<u8> = (0..n).map(|k| (r >> (k % 7 * 8)) as u8 ^ k as u8).collect();
                    let got = mem.write(va, &data);
                    if off + n <= len {
                        assert_eq!(got, Ok(()));
                        model[off..off + n].copy_from_slice(&data);
                    } else {
                        assert_eq!(got, Err(BASE + len as u64));
                    }
                }
                6..=11 => {
                    let mut out = vec![0u8; n];
                    let got = mem.read(va, &mut out);
                    if off + n <= len {
                        assert_eq!(got, Ok(()));
                        assert_eq!(out, model[off..off + n], "read of {n} at {off}");
                    } else {
                        assert_eq!(got, Err(BASE + len as u64));
                    }
                }
                12 | 13 if off.is_multiple_of(4) && off + 4 <= len => {
                    let old = mem.atomic_u32(va, &mut |v| v.wrapping_mul(3).wrapping_add(r as u32)).unwrap();
                    let want = u32::from_le_bytes(model[off..off + 4].try_into().unwrap());
                    assert_eq!(old, want);
                    model[off..off + 4].copy_from_slice(&want.wrapping_mul(3).wrapping_add(r as u32).to_le_bytes());
                }
                _ if off.is_multiple_of(8) && off + 8 <= len => {
                    let old = mem.atomic_u64(va, &mut |v| v ^ r).unwrap();
                    let want = u64::from_le_bytes(model[off..off + 8].try_into().unwrap());
                    assert_eq!(old, want);
                    model[off..off + 8].copy_from_slice(&(want ^ r).to_le_bytes());
                }
                _ => {}
            }
        }
        assert_eq!(mem.load(BASE, len), model);
        assert_eq!(mem.atomic_u32(BASE + 2, &mut |v| v), Err(BASE + 2), "a misaligned atomic");
        assert_eq!(mem.read(BASE - 1, &mut [0]), Err(BASE - 1));
    }

    /// Two threads' atomic increments of neighbouring words of one 64-bit
    /// word, and plain byte stores beside them, lose nothing.
    #[test]
    fn atomics_and_neighbouring_stores_lose_no_update() {
        let mem = FlatMemory::new(0, 16);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let mem = &mem;
                s.spawn(move || {
                    for k in 0..10_000u32 {
                        mem.atomic_u32(4 * t, &mut |v| v + 1).unwrap();
                        mem.write(8 + t, &[k as u8]).unwrap();
                    }
                });
            }
        });
        assert_eq!(mem.load(0, 10), [16, 39, 0, 0, 16, 39, 0, 0, 15, 15].map(|b: u8| b).to_vec());
    }
}
