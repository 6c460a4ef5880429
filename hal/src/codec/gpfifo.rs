//! GPFIFO entries: the 64-bit ring entries that point the host at a pushbuffer.
//!
//! Layout (`NVC56F_GP_ENTRY0/1`, the two 32-bit halves of one entry): bit 0
//! FETCH (conditional fetch, unused here), bit 1 reserved, bits 31:2 and
//! 39:32 the pushbuffer GPU address, bit 40 reserved, bit 41 LEVEL (0 = main,
//! 1 = subroutine), bits 62:42 LENGTH in 32-bit words, bit 63 SYNC (wait for
//! the previous pushbuffer to finish before fetching this one).

/// Bytes per ring entry: one 64-bit word (`NVC56F_GP_ENTRY0` and `1`).
pub const ENTRY_BYTES: u64 = 8;
/// Bit position of the length (in dwords).
pub const LENGTH_SHIFT: u32 = 42;
/// Width of the length field in bits.
pub const LENGTH_BITS: u32 = 21;
/// The level bit (1 = subroutine).
pub const LEVEL_BIT: u32 = 41;
/// The largest pushbuffer one entry can describe, in 32-bit words.
pub const MAX_LENGTH_DWORDS: u32 = (1 << LENGTH_BITS) - 1;
/// The pushbuffer address's bits (31:2 and 39:32, as the address's own).
pub const ADDRESS_MASK: u64 = 0xff_ffff_fffc;
/// Bits no entry sets: reserved (1, 40) and conditional fetch (0, which
/// nothing here emits). The host treats an entry with one set as malformed.
pub const RESERVED_BITS: u64 = 0b11 | (1 << 40);

/// One decoded GPFIFO entry.
///
/// ```
/// use gpuiface_hal::codec::gpfifo::GpFifoEntry;
/// let e = GpFifoEntry::new(0x1_0020_0000, 16);
/// assert_eq!(GpFifoEntry::decode(e.encode()), Some(e));
/// assert_eq!(e.encode() >> 42, 16);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GpFifoEntry {
    /// GPU VA of the pushbuffer (4-byte aligned, below 2^40).
    pub address: u64,
    /// Length in 32-bit words.
    pub length_dwords: u32,
    /// Subroutine level (bit 41).
    pub subroutine: bool,
    /// SYNC_WAIT (bit 63).
    pub sync: bool,
}

impl GpFifoEntry {
    /// A main-level entry.
    pub fn new(address: u64, length_dwords: u32) -> Self {
        GpFifoEntry { address, length_dwords, subroutine: false, sync: false }
    }

    /// The 64-bit ring word.
    pub fn encode(&self) -> u64 {
        debug_assert!(self.length_dwords <= MAX_LENGTH_DWORDS);
        self.relocatable().at(self.address)
    }

    /// Everything of the entry but its address, encoded once: a replay's
    /// entry differs from the last one's only by where its pushbuffer is.
    pub fn relocatable(&self) -> RelocatableEntry {
        RelocatableEntry(
            (u64::from(self.subroutine) << LEVEL_BIT)
                | (u64::from(self.length_dwords & MAX_LENGTH_DWORDS) << LENGTH_SHIFT)
                | (u64::from(self.sync) << 63),
        )
    }

    /// Decode a ring word; `None` when a reserved bit (1, 40) or the
    /// conditional-fetch bit (0, which nothing here emits) is set: the host
    /// treats such an entry as malformed.
    pub fn decode(word: u64) -> Option<Self> {
        if word & RESERVED_BITS != 0 {
            return None;
        }
        Some(GpFifoEntry {
            address: word & ADDRESS_MASK,
            length_dwords: ((word >> LENGTH_SHIFT) as u32) & MAX_LENGTH_DWORDS,
            subroutine: (word >> LEVEL_BIT) & 1 == 1,
            sync: word >> 63 == 1,
        })
    }
}

/// A [`GpFifoEntry`] encoded but for its address
/// ([`GpFifoEntry::relocatable`]).
///
/// ```
/// use gpuiface_hal::codec::gpfifo::GpFifoEntry;
/// let fixed = GpFifoEntry::new(0, 16).relocatable();
/// assert_eq!(fixed.at(0x1_0020_0000), GpFifoEntry::new(0x1_0020_0000, 16).encode());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RelocatableEntry(u64);

impl RelocatableEntry {
    /// The ring word of the entry with its pushbuffer at `address`.
    #[inline(always)]
    pub fn at(self, address: u64) -> u64 {
        debug_assert!(address & 3 == 0 && address < (1 << 40), "pushbuffer address {address:#x}");
        (address & ADDRESS_MASK) | self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn length_at_bit_42_level_at_bit_41() {
        let e = GpFifoEntry { address: 0x1000, length_dwords: 3, subroutine: true, sync: true };
        assert_eq!(e.encode(), 0x1000 | (1 << 41) | (3 << 42) | (1 << 63));
    }

    #[test]
    fn reserved_bits_are_malformed() {
        assert_eq!(GpFifoEntry::decode(0x1001), None);
        assert_eq!(GpFifoEntry::decode(0x1002), None);
        assert_eq!(GpFifoEntry::decode(1 << 40), None);
    }

    proptest! {
        #[test]
        fn round_trip(addr in 0u64..(1 << 38), len in 0u32..=MAX_LENGTH_DWORDS, sub: bool, sync: bool) {
            let e = GpFifoEntry { address: addr << 2, length_dwords: len, subroutine: sub, sync };
            prop_assert_eq!(GpFifoEntry::decode(e.encode()), Some(e));
        }

        /// Relocating an entry encoded without its address gives the
        /// entry encoded with it, whatever address it had before.
        #[test]
        fn relocation_is_encoding(
            addr in 0u64..(1 << 38), old in 0u64..(1 << 38), len in 0u32..=MAX_LENGTH_DWORDS, sub: bool, sync: bool,
        ) {
            let e = GpFifoEntry { address: addr << 2, length_dwords: len, subroutine: sub, sync };
            let fixed = GpFifoEntry { address: old << 2, ..e }.relocatable();
            prop_assert_eq!(fixed.at(addr << 2), e.encode());
        }
    }
}
