//! Which template image each part of the command ring still holds.
//!
//! A replay copies its template's image into fresh command memory and
//! patches it. When the chunk it gets is one where a submission of the
//! same template wrote that image a lap of the ring ago, the copy is
//! already there: only the patches (which every submission of the template
//! rewrites) have changed it since, so the replay writes just the patches.
//! [`ImageTags`] knows where that is the case.
//!
//! The invariant a hit relies on: granule `g` tagged `tag(uid, 0)` means
//! the granules `g..g + n` still hold template `uid`'s `n`-granule image,
//! changed only by its patches, all made for a chunk at `g` (so the words
//! that depend on the chunk's address alone already hold this chunk's
//! address: a hit need not write them). Every writer of the ring keeps it: a
//! template's copy tags its granules ([`ImageTags::hold`]) once made, and
//! any other write first forgets the granules it writes and the first
//! granule of an image it runs into ([`ImageTags::forget`]).

use super::RING_ALIGN;

/// Granules an image may span to be tagged (`k + 1` fits 16 bits).
const MAX_GRANULES: u64 = 0xfffe;

/// The tag of granule `k` of template `uid`'s image (never 0; one tag per
/// `(uid, k)` for the uids and granules [`tagged`] allows).
fn tag(uid: u64, k: u64) -> u64 {
    (uid << 16) | (k + 1)
}

/// Whether an image of `granules` granules of template `uid` is tagged
/// (uids below 2^48 and above 0: `tag` is one-to-one for them).
fn tagged(uid: u64, granules: u64) -> bool {
    uid != 0 && uid >> 48 == 0 && granules <= MAX_GRANULES
}

/// A tag no granule ever holds (`tag` is below it for every `tagged` uid).
const NO_TAG: u64 = u64::MAX;

/// How the ring knows one template's image, worked out once when the
/// template is compiled: its length in whole granules and the tag its
/// first granule has where the ring holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ImageKey {
    uid: u64,
    /// Bytes the image takes in the ring: a whole number of granules, at least one.
    len: u64,
    /// `tag(uid, 0)`, or [`NO_TAG`] for an image that is never tagged.
    head: u64,
}

impl ImageKey {
    /// The key of template `uid`'s image of `len` bytes.
    pub(crate) fn new(uid: u64, len: u64) -> Self {
        let len = super::granules(len);
        let head = if tagged(uid, len / RING_ALIGN) { tag(uid, 0) } else { NO_TAG };
        ImageKey { uid, len, head }
    }

    /// Bytes the image takes in the ring (whole granules).
    #[inline]
    pub(crate) fn len(&self) -> u64 {
        self.len
    }
}

/// One tag per RING_ALIGN granule of the ring: 0, or granule `k` of a
/// template's image.
#[derive(Debug)]
pub(crate) struct ImageTags(Vec<u64>);

impl ImageTags {
    /// Tags for a ring of `size` bytes, holding no image.
    pub(crate) fn new(size: u64) -> Self {
        ImageTags(vec![0; (size / RING_ALIGN) as usize])
    }

    /// Whether the chunk at `start` (a granule-aligned byte offset) holds
    /// the image `key` names.
    #[inline]
    pub(crate) fn holds(&self, key: &ImageKey, start: u64) -> bool {
        self.0.get((start / RING_ALIGN) as usize) == Some(&key.head)
    }

    /// Where the tag of the granule at `start` is kept (an address for a
    /// cache hint: never read or written through).
    #[inline]
    pub(crate) fn tag_address(&self, start: u64) -> *const u8 {
        self.0.as_ptr().wrapping_add((start / RING_ALIGN) as usize).cast()
    }

    /// The chunk at `start` now holds the image `key` names (its copy was
    /// just made).
    #[inline]
    pub(crate) fn hold(&mut self, key: &ImageKey, start: u64) {
        if key.head == NO_TAG {
            return;
        }
        let first = (start / RING_ALIGN) as usize;
        if let Some(tags) = self.0.get_mut(first..first + (key.len / RING_ALIGN) as usize) {
            for (t, k) in tags.iter_mut().zip(0..) {
                *t = tag(key.uid, k);
            }
        }
    }

    /// `[start, end)` is about to be written with something else: it holds
    /// no image any more, and neither does an image that began before it
    /// and runs into it (that image's first granule, the only one
    /// [`holds`](Self::holds) reads, is cleared).
    #[inline]
    pub(crate) fn forget(&mut self, start: u64, end: u64) {
        let (first, last) = ((start / RING_ALIGN) as usize, (end / RING_ALIGN) as usize);
        // An image overlapping the first granule from before: granule k of it.
        if let Some(&t) = self.0.get(first) {
            let k = (t & 0xffff).saturating_sub(1) as usize;
            if t != 0 && k > 0 && k <= first {
                if let Some(head) = self.0.get_mut(first - k) {
                    *head = 0;
                }
            }
        }
        if let Some(tags) = self.0.get_mut(first..last) {
            for t in tags {
                *t = 0;
            }
        }
    }
}
