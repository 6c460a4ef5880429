//! A launch's constant banks, read once as the launch starts.
//!
//! Every `c[bank][offset]` operand reads a constant, and compiled code reads
//! its parameters that way in most instructions; reading each through
//! [`Memory`] (on the mock, a VM translation and a copy) cost more than the
//! arithmetic of many of them. So the launch reads each bound bank once,
//! before its first block, and constant reads index that copy.
//!
//! This is what the hardware allows: its constant caches are invalidated at
//! launch and may hold a bank for the whole launch, so a kernel that writes
//! the memory behind its own constant bank may read the old values (the
//! programming model leaves it undefined). Here it always reads the values
//! the bank held when the launch started, whatever the host schedule.
//!
//! A bank that cannot be read whole at launch (part of it unmapped), or that
//! is larger than [`MAX_SNAPSHOT`], is not copied: its reads go to memory on
//! access as before, so a read of an unmapped constant is the MMU fault of
//! the instruction that reads it, and one that is never read is no fault.
//! Bindless constants (`cx[URn][off]`) name their buffer at run time and are
//! always read on access.

use super::{LaunchConfig, Memory};

/// The largest bank copied at launch (64 KiB: the most a bank binds on Ampere).
pub(crate) const MAX_SNAPSHOT: u32 = 1 << 16;

/// The launch-start copy of each bound constant bank that could be read whole.
#[derive(Default)]
pub(crate) struct Consts {
    banks: [Option<Box<[u8]>>; 18],
}

impl Consts {
    /// Read each bank `cfg` binds (up to [`MAX_SNAPSHOT`] bytes) from `mem`.
    pub(crate) fn load(mem: &dyn Memory, cfg: &LaunchConfig) -> Consts {
        let mut c = Consts::default();
        for (slot, bank) in c.banks.iter_mut().zip(&cfg.const_buffers) {
            let Some(bank) = bank else { continue };
            if bank.size == 0 || bank.size > MAX_SNAPSHOT {
                continue;
            }
            let mut bytes = vec![0u8; bank.size as usize].into_boxed_slice();
            if mem.read(bank.va, &mut bytes).is_ok() {
                *slot = Some(bytes);
            }
        }
        c
    }

    /// The 32-bit word at byte `offset` of `bank`, if the bank was copied
    /// and the word lies within its declared size (the caller has already
    /// read zero for a word past the size).
    #[inline]
    pub(crate) fn word(&self, bank: u8, offset: u64) -> Option<u32> {
        let bytes = self.banks.get(usize::from(bank))?.as_deref()?;
        let at = usize::try_from(offset).ok()?;
        let w = bytes.get(at..at.checked_add(4)?)?;
        Some(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
    }
}

#[cfg(test)]
mod tests {
    use super::{Consts, MAX_SNAPSHOT};
    use crate::exec::{ConstBuffer, FlatMemory, LaunchConfig, Memory};

    fn cfg(banks: &[(usize, u64, u32)]) -> LaunchConfig {
        let mut const_buffers = [None; 18];
        for &(b, va, size) in banks {
            const_buffers[b] = Some(ConstBuffer { va, size });
        }
        LaunchConfig {
            grid: [1; 3],
            block: [32, 1, 1],
            registers: 8,
            shared_memory: 0,
            const_buffers,
            shared_window: 1 << 40,
            local_window: 1 << 41,
            local_memory: None,
            max_warp_instructions: 1000,
        }
    }

    #[test]
    fn a_bank_is_copied_at_load_and_reads_its_launch_start_words() {
        let mem = FlatMemory::new(0x1000, 0x2000);
        let data: Vec<u8> = (0..0x100u32).map(|b| b as u8).collect();
        mem.write(0x1100, &data).unwrap();
        let c = Consts::load(&mem, &cfg(&[(0, 0x1100, 0x100), (3, 0x1200, 0x40)]));
        assert_eq!(c.word(0, 0), Some(0x0302_0100));
        assert_eq!(c.word(0, 0xfc), Some(0xfffe_fdfc));
        // An unaligned offset reads the four bytes there.
        assert_eq!(c.word(0, 1), Some(0x0403_0201));
        // Past the declared size, and banks not bound: not held.
        assert_eq!(c.word(0, 0xfd), None);
        assert_eq!(c.word(1, 0), None);
        assert_eq!(c.word(3, 0), Some(0));
        assert_eq!(c.word(200, 0), None);
        // A later write to the memory is not seen: the copy is the launch's.
        mem.write(0x1100, &[0xaa; 4]).unwrap();
        assert_eq!(c.word(0, 0), Some(0x0302_0100));
    }

    #[test]
    fn a_bank_that_cannot_be_read_whole_or_is_too_large_is_left_to_memory() {
        let mem = FlatMemory::new(0x1000, 0x2000);
        // Runs past the end of the memory: its reads must fault where they fault.
        let partly = cfg(&[(0, 0x2f00, 0x200), (1, 0x1000, MAX_SNAPSHOT + 16), (2, 0x1000, 0)]);
        let c = Consts::load(&mem, &partly);
        assert_eq!(c.word(0, 0), None);
        assert_eq!(c.word(1, 0), None);
        assert_eq!(c.word(2, 0), None);
    }
}
