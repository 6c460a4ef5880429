//! The ring's unit tests: its space, what is in flight, the chunks and the
//! images they hold, through [`CommandRing`]'s own methods.

use std::sync::Arc;

use gpuiface_hal::{Buffer, CpuView, Error};

use super::*;
use crate::queue::Footprint;

fn ring(size: u64) -> CommandRing {
    let view = CpuView::zeroed(size as usize).unwrap();
    let device = gpuiface_hal::DeviceId::unique();
    // SAFETY: a made-up allocation of a made-up device, the only handle to it,
    // backed by `size` bytes of host memory.
    let buffer = unsafe { Buffer::from_raw_parts(device, gpuiface_hal::BufferId(1), 0x10000, size, Some(view)) };
    CommandRing::over(buffer)
}

#[test]
fn waits_only_for_overlapping_older_work() {
    let mut r = ring(4096);
    let mut waited = Vec::new();
    for value in 1..=4u64 {
        let c = r
            .alloc(1024, |v| {
                waited.push(v);
                Ok(())
            })
            .unwrap();
        let off = c.offset;
        r.commit(off, 1000, value, Touches::Own(Footprint::default()));
    }
    assert!(waited.is_empty(), "first lap needs no waits: {waited:?}");
    // Wraps to 0: must wait for submission 1 (which used [0, 1024)) only.
    let c = r
        .alloc(1024, |v| {
            waited.push(v);
            Ok(())
        })
        .unwrap();
    assert_eq!((c.offset, c.gpu_va), (0, 0x10000));
    assert_eq!(waited, vec![1]);
}

proptest::proptest! {
    /// Whatever the lengths, the footprints and how far the GPU got, a
    /// chunk never overlaps a submission the GPU may still be running:
    /// the ring waited for every such one before it handed the chunk
    /// out (the check `reserve` skips for a chunk within the free space
    /// it knows of, and the one it makes otherwise).
    #[test]
    fn a_chunk_never_overlaps_unfinished_work(
        steps in proptest::collection::vec((1u64..=1200, 0u64..=3, proptest::bool::ANY), 1..300),
    ) {
        let mut r = ring(8192);
        let shared = Arc::new(Footprint::default());
        // (start, end, value) of every submission committed.
        let mut live: Vec<(u64, u64, u64)> = Vec::new();
        let mut done = 0u64;
        for (value, &(len, progress, own)) in (1u64..).zip(&steps) {
            // The GPU finishes some of the older work meanwhile.
            done = (done + progress).min(value - 1);
            let done_now = std::cell::Cell::new(done);
            let c = r.alloc_pruning(len, Clock(|| done_now.get(), |v| {
                done_now.set(done_now.get().max(v));
                Ok(())
            })).unwrap();
            let (start, end) = (c.offset, c.offset + c.len);
            done = done_now.get();
            for &(s, e, v) in &live {
                proptest::prop_assert!(v <= done || e <= start || end <= s,
                    "chunk [{start}, {end}) of {value} overlaps [{s}, {e}) of {v}, unfinished ({done} done)");
            }
            let touches = if own { Touches::Own(Footprint::default()) } else { Touches::Shared(&shared) };
            r.commit(start, len, value, touches);
            live.retain(|&(_, _, v)| v > done);
            live.push((start, start + granules(len), value));
        }
    }
}

/// A wait for space that fails leaves nothing known to be free: the
/// next chunk at that place waits again rather than take the fast way.
#[test]
fn a_failed_wait_for_space_is_asked_again() {
    let mut r = ring(4096);
    for value in 1..=4u64 {
        let off = r.alloc(1024, |_| Ok(())).unwrap().offset;
        r.commit(off, 1024, value, Touches::Own(Footprint::default()));
    }
    let e = r.alloc(1024, |v| Err(Error::device_lost(format!("waited for {v}")))).err().unwrap();
    assert!(e.to_string().contains("waited for 1"), "{e}");
    let mut waited = Vec::new();
    let c = r
        .alloc(1024, |v| {
            waited.push(v);
            Ok(())
        })
        .unwrap();
    assert_eq!((c.offset, waited), (0, vec![1]));
}

#[test]
fn replays_of_one_queue_share_one_held_footprint() {
    let mut r = ring(1 << 20);
    let everything = Arc::new(Footprint { everything: true, ..Default::default() });
    let copy = Footprint { ranges: vec![(0x1000, 0x2000)], ..Default::default() };
    let commit = |r: &mut CommandRing, value: u64, touches: Touches<'_>| {
        let off = r.alloc(256, |_| Ok(())).unwrap().offset;
        r.commit(off, 256, value, touches);
    };
    for value in 1..=3 {
        commit(&mut r, value, Touches::Shared(&everything));
    }
    assert_eq!(r.runs.len(), 1, "one run for three replays");
    assert_eq!(Arc::strong_count(&everything), 2, "one reference for the run, none per replay");
    commit(&mut r, 4, Touches::Own(copy));
    commit(&mut r, 5, Touches::Shared(&everything));
    assert_eq!(r.runs.len(), 3);
    assert_eq!(r.last_touching(0x1800, 0x1900), Some(5), "the newest submission that may touch it");
    r.uncommit_last();
    assert_eq!(r.last_touching(0x1800, 0x1900), Some(4));
    assert_eq!(r.last_touching(0x8000, 0x9000), Some(3), "the run of 1..=3 touches everything");
    r.prune(2);
    assert_eq!(r.last_touching(0x8000, 0x9000), Some(3), "value 3 is not done yet");
    r.prune(3);
    assert_eq!(r.last_touching(0x8000, 0x9000), None);
    assert_eq!(r.last_touching(0x1800, 0x1900), Some(4));
    assert_eq!(Arc::strong_count(&everything), 1, "the run's reference went with it");
    // Taking back the only submission of a run drops the run.
    commit(&mut r, 5, Touches::Shared(&everything));
    r.uncommit_last();
    assert_eq!(Arc::strong_count(&everything), 1);
    assert_eq!(r.runs.len(), 1);
}

/// Replays of one queue, end to end, share a run until it spans a
/// sixteenth of the ring or the ring wraps; a wait for space waits for
/// the last submission of the run that holds it, no further.
#[test]
fn runs_end_at_their_span_and_at_the_wrap() {
    let mut r = ring(16 * 1024);
    assert_eq!(r.run_span, 1024);
    let q = Arc::new(Footprint::default());
    let mut waited = Vec::new();
    let mut offsets = Vec::new();
    for value in 1..=20u64 {
        let off = r
            .alloc(256, |v| {
                waited.push(v);
                Ok(())
            })
            .unwrap()
            .offset;
        offsets.push(off);
        r.commit(off, 256, value, Touches::Shared(&q));
    }
    // 64 granules a lap: no wrap yet; four submissions a run.
    assert!(waited.is_empty());
    let runs: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
    assert_eq!(runs[..2], [(0, 1024, 1, 4), (1024, 2048, 5, 8)]);
    assert_eq!(runs.len(), 5);
    assert_eq!(Arc::strong_count(&q), 6, "one reference per run");
    // Fill the lap, then wrap: the first chunk of the new lap waits for
    // the last submission of the run at [0, 1024), value 4, not 1.
    for value in 21..=64u64 {
        let off = r.alloc(256, |v| Err(Error::device_lost(format!("waited for {v}")))).unwrap().offset;
        r.commit(off, 256, value, Touches::Shared(&q));
    }
    assert_eq!(r.head, 16 * 1024);
    let c = r
        .alloc(256, |v| {
            waited.push(v);
            Ok(())
        })
        .unwrap();
    assert_eq!(c.offset, 0);
    assert_eq!(waited, [4]);
    let off = c.offset;
    r.commit(off, 256, 65, Touches::Shared(&q));
    let back = r.runs.back().unwrap();
    assert_eq!((back.start, back.end, back.first, back.last), (0, 256, 65, 65), "no run across the wrap");
}

/// Commits taken back one after the other (a batch's group) leave the
/// runs and the head as they were before them.
#[test]
fn commits_taken_back_in_a_row_restore_the_runs() {
    let mut r = ring(64 * 1024);
    let q = Arc::new(Footprint::default());
    let commit = |r: &mut CommandRing, value: u64, touches: Touches<'_>| {
        let off = r.alloc(256, |_| Ok(())).unwrap().offset;
        r.commit(off, 256, value, touches);
    };
    for value in 1..=3 {
        commit(&mut r, value, Touches::Shared(&q));
    }
    let before: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
    let head = r.head;
    for value in 4..=4 + UNCOMMIT_DEPTH as u64 - 1 {
        let touches = if value % 5 == 0 { Touches::Own(Footprint::default()) } else { Touches::Shared(&q) };
        commit(&mut r, value, touches);
    }
    for _ in 0..UNCOMMIT_DEPTH {
        r.uncommit_last();
    }
    let after: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
    assert_eq!(after, before);
    assert_eq!(r.head, head);
    assert_eq!(Arc::strong_count(&q), 2, "the runs begun meanwhile are gone");
}

/// Once the GPU has run everything, a wait that sees it takes the next
/// chunk from the ring's start (where the same template's image still
/// is); while anything is running, the ring goes on from its head.
#[test]
fn an_idle_ring_starts_again_from_its_start() {
    let mut r = ring(64 * 1024);
    let key = ImageKey::new(7, 600);
    let submit = |r: &mut CommandRing, value: u64| -> (u64, bool) {
        let (c, held) = r.alloc_image(&key, Clock(|| 0, |_| Ok(()))).unwrap();
        let offset = c.offset;
        if !held {
            r.holds_image(offset, &key);
        }
        r.commit(offset, 600, value, Touches::Own(Footprint::default()));
        (offset, held)
    };
    for value in 1..=3 {
        submit(&mut r, value);
    }
    r.prune_idle(2);
    assert_eq!(submit(&mut r, 4), (3 * 768, false), "value 3 still runs: the ring goes on");
    r.prune_idle(4);
    assert!(r.runs.front().is_none());
    assert_eq!(r.free_until, r.size());
    assert_eq!(submit(&mut r, 5), (0, true), "idle: from the start, whose chunk holds the image");
    assert_eq!(submit(&mut r, 6), (768, true));
    // Taking the last commit back after a restart leaves the ring as it was.
    r.uncommit_last();
    assert_eq!(r.head, 768);
}

#[test]
fn a_chunk_holds_an_image_only_where_the_same_template_wrote_it() {
    let mut r = ring(4096);
    let next = |r: &mut CommandRing, uid: Option<u64>, value: u64| -> (u64, bool) {
        let (offset, held) = match uid {
            Some(uid) => {
                let (c, held) = r.alloc_image(&ImageKey::new(uid, 600), Clock(|| value, |_| Ok(()))).unwrap();
                (c.offset, held)
            }
            None => (r.alloc_pruning(600, Clock(|| value, |_| Ok(()))).unwrap().offset, false),
        };
        if let (Some(uid), false) = (uid, held) {
            r.holds_image(offset, &ImageKey::new(uid, 600));
        }
        r.commit(offset, 600, value, Touches::Own(Footprint::default()));
        (offset, held)
    };
    // 768-byte chunks: five per lap of 4096 bytes.
    let first: Vec<(u64, bool)> = (1..=5).map(|v| next(&mut r, Some(7), v)).collect();
    assert!(first.iter().all(|(_, held)| !held), "a fresh ring holds no image");
    let second: Vec<(u64, bool)> = (6..=10).map(|v| next(&mut r, Some(7), v)).collect();
    assert_eq!(second.iter().map(|c| c.0).collect::<Vec<_>>(), first.iter().map(|c| c.0).collect::<Vec<_>>());
    assert!(second.iter().all(|(_, held)| *held), "the same template at the same places: {second:?}");
    // Another template, then a plain writer, at the first places of the lap.
    assert_eq!(next(&mut r, Some(8), 11), (0, false));
    assert_eq!(next(&mut r, None, 12), (768, false));
    // Template 7 again: not where 8 or the plain writer were.
    assert_eq!(next(&mut r, Some(7), 13), (1536, true));
    r.head = 0;
    assert_eq!(next(&mut r, Some(7), 14), (0, false), "template 8 wrote there");
    assert_eq!(next(&mut r, Some(7), 15), (768, false), "a plain writer wrote there");
    // Shifted by a granule: the same template, but not its image's granules.
    r.head = 256;
    assert!(!next(&mut r, Some(7), 16).1);
    // A plain writer in the middle of an image (not over its first
    // granule) still spoils it.
    r.head = 0;
    assert_eq!(next(&mut r, Some(9), 17), (0, false));
    r.head = 0;
    assert_eq!(next(&mut r, Some(9), 18), (0, true));
    r.head = 512;
    let off = r.alloc_pruning(100, Clock(|| 18, |_| Ok(()))).unwrap().offset;
    assert_eq!(off, 512, "inside template 9's 768 bytes at 0");
    r.commit(off, 100, 19, Touches::Own(Footprint::default()));
    r.head = 0;
    assert_eq!(next(&mut r, Some(9), 20), (0, false), "its third granule was written");
    // Uids whose tags could collide are never trusted.
    for uid in [0, 1 << 48, (1 << 48) + 9] {
        for value in [21, 22] {
            r.head = 0;
            assert_eq!(next(&mut r, Some(uid), value), (0, false), "uid {uid:#x}");
        }
    }
}

#[test]
fn chunk_writes_are_bounds_checked() {
    let mut r = ring(4096);
    let c = r.alloc(256, |_| Ok(())).unwrap();
    assert!(c.write(250, &[0; 6]).is_ok());
    assert!(c.write(251, &[0; 6]).is_err(), "one byte past the chunk");
    assert!(c.write(u64::MAX, &[0; 1]).is_err(), "overflowing offset");
    assert!(c.write_u32s(256 - 4, &[1, 2]).is_err());
    c.write_u32s(8, &[0xdead_beef]).unwrap();
    assert_eq!(c.writer(256).unwrap().get_u32(8).unwrap(), 0xdead_beef);
}

#[test]
fn too_large_is_an_error_and_wait_errors_propagate() {
    let mut r = ring(4096);
    assert!(r.alloc(8192, |_| Ok(())).is_err());
    let c = r.alloc(4096, |_| Ok(())).unwrap();
    let off = c.offset;
    r.commit(off, 4096, 1, Touches::Own(Footprint::default()));
    let e = r.alloc(256, |_| Err(Error::device_lost("x"))).unwrap_err();
    assert_eq!(e.kind(), gpuiface_hal::ErrorKind::DeviceLost);
}
