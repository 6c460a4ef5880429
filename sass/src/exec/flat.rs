//! [`FlatMemory`]: one contiguous range of GPU addresses backed by host
//! memory, for running kernels without a GPU model (tests, benchmarks,
//! tools). Accesses outside the range fault like unmapped memory.

use std::sync::atomic::{AtomicU8, Ordering};

use super::Memory;

/// `len` bytes of memory at GPU address `base`.
///
/// Bytes are atomics so that the interpreter's `&self` writes are defined
/// behaviour however many threads run blocks against it.
pub struct FlatMemory {
    base: u64,
    bytes: Box<[AtomicU8]>,
}

impl FlatMemory {
    /// Zeroed memory.
    pub fn new(base: u64, len: usize) -> FlatMemory {
        FlatMemory { base, bytes: (0..len).map(|_| AtomicU8::new(0)).collect() }
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
        // One interpreter thread per memory in this model: a read-modify-write is atomic enough
        // for tests; callers that share a FlatMemory across threads get per-byte atomicity only.
        let mut b = [0u8; 4];
        self.read(va, &mut b)?;
        let old = u32::from_le_bytes(b);
        self.write(va, &f(old).to_le_bytes())?;
        Ok(old)
    }

    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64> {
        let mut b = [0u8; 8];
        self.read(va, &mut b)?;
        let old = u64::from_le_bytes(b);
        self.write(va, &f(old).to_le_bytes())?;
        Ok(old)
    }
}
