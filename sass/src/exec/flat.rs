//! [`FlatMemory`]: one contiguous range of GPU addresses backed by host
//! memory, for running kernels without a GPU model (tests, benchmarks,
//! tools). Accesses outside the range fault like unmapped memory.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};

use super::Memory;

/// `len` bytes of memory at GPU address `base`.
///
/// Bytes are atomics so that the interpreter's `&self` writes are defined
/// behaviour however many threads run blocks against it; atomics
/// ([`Memory::atomic_u32`], [`Memory::atomic_u64`]) hold a lock for their
/// read-modify-write, so blocks on several threads
/// ([`run_launch_parallel`](super::run_launch_parallel)) lose no update.
pub struct FlatMemory {
    base: u64,
    bytes: Box<[AtomicU8]>,
    atomics: Mutex<()>,
}

impl FlatMemory {
    /// Zeroed memory.
    pub fn new(base: u64, len: usize) -> FlatMemory {
        FlatMemory { base, bytes: (0..len).map(|_| AtomicU8::new(0)).collect(), atomics: Mutex::new(()) }
    }

    fn range(&self, va: u64, len: usize) -> Result<usize, u64> {
        let off = va.checked_sub(self.base).ok_or(va)?;
        let off = usize::try_from(off).map_err(|_| va)?;
        match off.checked_add(len) {
            Some(end) if end <= self.bytes.len() => Ok(off),
            _ => Err(va.max(self.base + self.bytes.len() as u64)),
        }
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
}

impl Memory for FlatMemory {
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64> {
        let off = self.range(va, out.len())?;
        for (o, b) in out.iter_mut().zip(&self.bytes[off..]) {
            *o = b.load(Ordering::Relaxed);
        }
        Ok(())
    }

    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64> {
        let off = self.range(va, data.len())?;
        for (d, b) in data.iter().zip(&self.bytes[off..]) {
            b.store(*d, Ordering::Relaxed);
        }
        Ok(())
    }

    fn atomic_u32(&self, va: u64, f: &mut dyn FnMut(u32) -> u32) -> Result<u32, u64> {
        // Atomic against every other atomic of this memory (plain stores to the
        // same word meanwhile are a race, as on the GPU).
        let _held = self.atomics.lock().unwrap_or_else(PoisonError::into_inner);
        let mut b = [0u8; 4];
        self.read(va, &mut b)?;
        let old = u32::from_le_bytes(b);
        self.write(va, &f(old).to_le_bytes())?;
        Ok(old)
    }

    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64> {
        let _held = self.atomics.lock().unwrap_or_else(PoisonError::into_inner);
        let mut b = [0u8; 8];
        self.read(va, &mut b)?;
        let old = u64::from_le_bytes(b);
        self.write(va, &f(old).to_le_bytes())?;
        Ok(old)
    }
}
