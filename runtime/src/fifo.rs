//! [`Fifo`]: the command ring's list of submissions in flight.
//!
//! A submit appends one entry and, once per lap of the ring, the finished
//! ones are dropped from the front in one pass. `VecDeque` does the same
//! with a wrap test per access and a growth test per push; here the slots
//! are a power of two, an index is a mask, and the growth test is one
//! comparison: a few instructions on every submit's path.

/// A first-in, first-out list of `Copy` entries on a power-of-two ring of
/// slots that doubles when full.
#[derive(Debug)]
pub(crate) struct Fifo<T: Copy + Default> {
    slots: Vec<T>,
    /// Entries pushed and popped from the front since creation (wrapping):
    /// the live entries are `head..tail`.
    head: usize,
    tail: usize,
}

impl<T: Copy + Default> Fifo<T> {
    /// An empty list with room for `capacity` entries (rounded up to a power of two).
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Fifo { slots: vec![T::default(); capacity.max(2).next_power_of_two()], head: 0, tail: 0 }
    }

    #[inline(always)]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    pub(crate) fn len(&self) -> usize {
        self.tail.wrapping_sub(self.head)
    }

    /// The oldest entry.
    #[inline(always)]
    pub(crate) fn front(&self) -> Option<&T> {
        if self.head == self.tail {
            return None;
        }
        self.slots.get(self.head & self.mask())
    }

    /// Drop the oldest entry.
    #[inline(always)]
    pub(crate) fn pop_front(&mut self) {
        if self.head != self.tail {
            self.head = self.head.wrapping_add(1);
        }
    }

    /// Append an entry.
    #[inline(always)]
    pub(crate) fn push_back(&mut self, entry: T) {
        if self.len() == self.slots.len() {
            self.grow();
        }
        let at = self.tail & self.mask();
        if let Some(slot) = self.slots.get_mut(at) {
            *slot = entry;
        }
        self.tail = self.tail.wrapping_add(1);
    }

    /// Take the newest entry.
    #[inline(always)]
    pub(crate) fn pop_back(&mut self) -> Option<T> {
        if self.head == self.tail {
            return None;
        }
        self.tail = self.tail.wrapping_sub(1);
        self.slots.get(self.tail & self.mask()).copied()
    }

    /// Double the slots, keeping the entries in order (from index 0).
    #[cold]
    fn grow(&mut self) {
        let len = self.len();
        let mut slots = vec![T::default(); 2 * self.slots.len()];
        for (k, slot) in slots.iter_mut().take(len).enumerate() {
            *slot = self.slots[self.head.wrapping_add(k) & self.mask()];
        }
        self.slots = slots;
        self.head = 0;
        self.tail = len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// The same operations on a `Fifo` and a `VecDeque` give the same entries.
    #[test]
    fn behaves_as_a_vecdeque_through_growth_and_wrap() {
        let mut f = Fifo::<u64>::with_capacity(2);
        let mut d = VecDeque::new();
        let mut x = 0u64;
        // A fixed pseudo-random walk of pushes and pops from both ends.
        for step in 0..10_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match (x >> 33) % 5 {
                0 | 1 => {
                    f.push_back(step);
                    d.push_back(step);
                }
                2 => {
                    f.pop_front();
                    d.pop_front();
                }
                3 => assert_eq!(f.pop_back(), d.pop_back()),
                _ => {}
            }
            assert_eq!(f.front(), d.front(), "step {step}");
            assert_eq!(f.len(), d.len());
        }
    }
}
