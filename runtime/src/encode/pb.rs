//! [`Pb`]: the pushbuffer of one submission, built on the stack, and the
//! runtime's host and copy-engine methods written into it.
//!
//! The runtime's methods are all short incrementing writes of a fixed
//! number of words (a semaphore is 5, a launch 1), so a header is one
//! [`MethodHeader`] (hal's encoding: one home for the format) and one push,
//! with none of hal's [`PushBuffer`](gpuiface_hal::codec::method::PushBuffer)
//! bookkeeping (splitting long writes, remembering the last call). A
//! submission of up to [`INLINE_WORDS`] words (a launch and its signal take
//! 10) allocates nothing; a longer one (a copy split into many chunks)
//! spills to the heap.

use gpuiface_hal::classes::{copy, host};
use gpuiface_hal::codec::method::{MethodHeader, SecOp, MAX_COUNT};

/// Words a pushbuffer holds before it allocates.
pub(crate) const INLINE_WORDS: usize = 32;

/// A pushbuffer under construction (see the module docs): words in
/// `inline[..len]` until they outgrow it, then all of them in `heap`.
#[derive(Debug)]
pub(crate) struct Pb {
    inline: [u32; INLINE_WORDS],
    len: usize,
    /// Every word once the inline ones were outgrown (never empty then:
    /// every write adds at least a header).
    heap: Vec<u32>,
}

impl Pb {
    /// An empty pushbuffer.
    #[inline]
    pub(crate) fn new() -> Self {
        Pb { inline: [0; INLINE_WORDS], len: 0, heap: Vec::new() }
    }

    /// Incrementing write on `subchannel`: `data[k]` goes to `method + 4 * k`
    /// (byte offsets). `N` is 1 to [`MAX_COUNT`] (checked at compile time),
    /// so one header always holds it.
    #[inline(always)]
    pub(crate) fn method<const N: usize>(&mut self, subchannel: u8, method: u32, data: [u32; N]) {
        const { assert!(N >= 1 && N <= MAX_COUNT as usize, "one header holds 1 to MAX_COUNT words") };
        let header = MethodHeader { op: SecOp::Increasing, subchannel, method, count_or_data: N as u16 }.encode();
        if self.heap.is_empty() {
            if let Some((first, rest)) =
                self.inline.get_mut(self.len..self.len + 1 + N).and_then(|w| w.split_first_mut())
            {
                *first = header;
                rest.copy_from_slice(&data);
                self.len += 1 + N;
                return;
            }
            // Outgrown: move the inline words to the heap, where the rest go.
            self.heap.reserve(2 * INLINE_WORDS + N);
            self.heap.extend_from_slice(self.inline.get(..self.len).unwrap_or_default());
        }
        self.heap.push(header);
        self.heap.extend_from_slice(&data);
    }

    /// Words written so far.
    #[inline]
    pub(crate) fn len_dwords(&self) -> usize {
        if self.heap.is_empty() {
            self.len
        } else {
            self.heap.len()
        }
    }

    /// The words.
    #[inline]
    pub(crate) fn words(&self) -> &[u32] {
        if self.heap.is_empty() {
            self.inline.get(..self.len).unwrap_or_default()
        } else {
            &self.heap
        }
    }
}

/// A semaphore operation on `address` with `payload` (64-bit) and
/// `execute` ([`release_execute`], [`acquire_execute`]): 6 dwords.
#[inline]
pub(crate) fn semaphore(pb: &mut Pb, subchannel: u8, address: u64, payload: u64, execute: u32) {
    pb.method(
        subchannel,
        host::SEM_ADDR_LO,
        [address as u32, (address >> 32) as u32, payload as u32, (payload >> 32) as u32, execute],
    );
}

/// A release of the 64-bit payload, after a wait for idle, with a timestamp.
pub(crate) fn release_execute() -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_RELEASE_WFI.field(host::SEM_EXECUTE_RELEASE_WFI_EN)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT)
        | host::SEM_EXECUTE_RELEASE_TIMESTAMP.field(host::SEM_EXECUTE_RELEASE_TIMESTAMP_EN)
}

/// An acquire: wait until the semaphore reaches the payload
/// (`ACQ_STRICT_GEQ`, 64-bit), switching to another TSG while it waits.
pub(crate) fn acquire_execute() -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ)
        | host::SEM_EXECUTE_ACQUIRE_SWITCH_TSG.field(host::SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT)
}

/// One copy-engine transfer of `n` bytes from `src` to `dst` (12 dwords).
pub(crate) fn copy_methods(pb: &mut Pb, subchannel: u8, dst: u64, src: u64, n: u32) {
    pb.method(subchannel, copy::OFFSET_IN_UPPER, [(src >> 32) as u32, src as u32, (dst >> 32) as u32, dst as u32]);
    pb.method(subchannel, copy::LINE_LENGTH_IN, [n, 1]);
    pb.method(
        subchannel,
        copy::LAUNCH_DMA,
        [copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)
            | copy::LAUNCH_DMA_FLUSH_ENABLE.field(copy::LAUNCH_DMA_FLUSH_ENABLE_TRUE)
            | copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH)
            | copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH)],
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuiface_hal::codec::method::PushBuffer;

    #[test]
    fn words_match_hal_pushbuffer() {
        let mut ours = Pb::new();
        let mut hal = PushBuffer::new();
        ours.method(3, 0x5c, [1, 2, 3, 4, 5]);
        hal.method(3, 0x5c, &[1, 2, 3, 4, 5]);
        ours.method(0, 0x2bc, [7]);
        hal.method(0, 0x2bc, &[7]);
        // Past the inline words: the heap takes over, the words stay the same.
        for i in 0..12u32 {
            ours.method(1, 0x400, [i, i + 1, i + 2]);
            hal.method(1, 0x400, &[i, i + 1, i + 2]);
        }
        assert!(ours.len_dwords() > INLINE_WORDS);
        assert_eq!(ours.words(), hal.words());
        assert_eq!(ours.len_dwords(), hal.len_dwords());
    }
}
