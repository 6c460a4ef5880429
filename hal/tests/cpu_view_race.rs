//! Issue 22, item 8: threads copying to the same bytes through clones of
//! one `CpuView` (safe code) is defined: copies are atomic per aligned word.
//! Plain copies made this a data race that Miri and ThreadSanitizer report
//! (`.ci/sanitizers.sh` runs this file under both); here each word must
//! also hold one writer's whole value.

use gpuiface_hal::CpuView;

#[test]
fn racing_writes_through_clones_leave_each_word_from_one_writer() {
    let view = CpuView::zeroed(256).unwrap();
    let rounds = if cfg!(miri) { 3 } else { 2000 };
    std::thread::scope(|s| {
        for t in 1..=2u8 {
            let v = view.clone();
            s.spawn(move || {
                for _ in 0..rounds {
                    v.write(0, &[t; 256]).unwrap();
                    let mut seen = [0u8; 256];
                    v.read(0, &mut seen).unwrap();
                    for w in seen.chunks_exact(8) {
                        assert!(w.iter().all(|&b| b == w[0]), "a torn word: {w:?}");
                    }
                }
            });
        }
    });
    let mut end = [0u8; 256];
    view.read(0, &mut end).unwrap();
    assert!(end.iter().all(|&b| b == 1 || b == 2));
}

#[test]
fn unaligned_views_copy_exactly() {
    let view = CpuView::zeroed(100).unwrap();
    let inner = view.slice(3, 90).unwrap();
    let data: Vec<u8> = (0..90).collect();
    inner.write(0, &data).unwrap();
    let mut all = [0u8; 100];
    view.read(0, &mut all).unwrap();
    assert_eq!(&all[3..93], &data[..]);
    assert_eq!(all[..3], [0; 3]);
    assert_eq!(all[93..], [0; 7]);
}
