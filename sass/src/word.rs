//! One 128-bit SM 8.x instruction word and its bit fields.
//!
//! An instruction is 16 bytes, little-endian: bit 0 is the lowest bit of
//! the first byte. Bits 0..=104 encode the operation; bits 105..=127 are the
//! scheduler's control (see [`Control`]).

/// A 128-bit instruction word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Word(pub u128);

impl Word {
    /// The word stored in 16 bytes as they sit in a cubin's `.text`.
    pub fn from_le_bytes(bytes: [u8; 16]) -> Word {
        Word(u128::from_le_bytes(bytes))
    }

    /// `len` bits (at most 64) starting at bit `lo`.
    #[inline]
    pub fn bits(self, lo: u32, len: u32) -> u64 {
        debug_assert!(len <= 64 && lo + len <= 128);
        ((self.0 >> lo) as u64) & mask(len)
    }

    /// Bit `i`.
    #[inline]
    pub fn bit(self, i: u32) -> bool {
        (self.0 >> i) & 1 == 1
    }

    /// `len` bits at `lo`, sign-extended.
    #[inline]
    pub fn sbits(self, lo: u32, len: u32) -> i64 {
        let v = self.bits(lo, len);
        let shift = 64 - len;
        ((v << shift) as i64) >> shift
    }

    /// The scheduling control bits.
    pub fn control(self) -> Control {
        Control::from_word(self)
    }
}

#[inline]
fn mask(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// The scheduler's control bits (105..=127): decoded and shown, never used
/// for semantics. In-order, one-instruction-at-a-time execution is a legal
/// schedule of any program the compiler scheduled, so the interpreter needs
/// none of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Control {
    /// Cycles to stall before the next instruction issues (0..=15).
    pub stall: u8,
    /// The yield hint (set: the scheduler may switch warps).
    pub yield_hint: bool,
    /// Scoreboard this instruction's write sets (7: none).
    pub write_barrier: u8,
    /// Scoreboard this instruction's source reads set (7: none).
    pub read_barrier: u8,
    /// Scoreboards this instruction waits on (a mask of six).
    pub wait_mask: u8,
    /// Operand-reuse cache flags for the A, B, C and D slots.
    pub reuse: u8,
}

impl Control {
    fn from_word(w: Word) -> Control {
        Control {
            stall: w.bits(105, 4) as u8,
            yield_hint: w.bit(109),
            write_barrier: w.bits(110, 3) as u8,
            read_barrier: w.bits(113, 3) as u8,
            wait_mask: w.bits(116, 6) as u8,
            reuse: w.bits(122, 4) as u8,
        }
    }
}

impl std::fmt::Display for Control {
    /// As CuAssembler-style listings show it: `B<wait>:R<rd>:W<wr>:<Y>:S<stall>`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wait: String =
            (0..6).map(|i| if self.wait_mask >> i & 1 == 1 { char::from(b'0' + i) } else { '-' }).collect();
        let bar = |b: u8| if b == 7 { '-' } else { char::from(b'0' + b) };
        write!(
            f,
            "B{wait}:R{}:W{}:{}:S{:02}",
            bar(self.read_barrier),
            bar(self.write_barrier),
            if self.yield_hint { 'Y' } else { '-' },
            self.stall
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_little_endian_bits() {
        // ISETP.NE.U32.AND P0, PT, RZ, UR2, PT from the suite's fill kernel.
        let w = Word::from_le_bytes(*b"\x0c\x7c\x00\xff\x02\x00\x00\x00\x70\x50\xf0\x0b\x00\xda\x0f\x00");
        assert_eq!(w.bits(0, 12), 0xc0c);
        assert_eq!(w.bits(24, 8), 0xff);
        assert_eq!(w.bits(32, 8), 2);
        let c = w.control();
        assert_eq!(c.stall, 13);
        assert_eq!((c.write_barrier, c.read_barrier), (7, 7));
        assert_eq!(w.sbits(32, 8), 2);
        assert_eq!(Word(0xff << 8).sbits(8, 8), -1);
    }
}
