//! Issue 22, item 16: the cubin loader under mutated input. Every suite
//! cubin, with a few bytes, fields or its tail changed, parses to a cubin
//! or to a typed error, never a panic. Bounded for CI: `GPUIFACE_FUZZ_CASES`
//! cases (default 20,000: well under a second); raise it for a longer hunt.

use proptest::prelude::*;

use gpuiface_hal::cubin::Cubin;

fn cases() -> u32 {
    std::env::var("GPUIFACE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}

/// One change to a file.
#[derive(Debug, Clone)]
enum Edit {
    /// Overwrite `width` bytes at a position (a fraction of the file) with `value`.
    Write { at: f64, width: usize, value: u64 },
    /// Overwrite at a position of the ELF header or a section header, where
    /// sizes, offsets, counts, flags and name indices live.
    Header { section: usize, field: usize, width: usize, value: u64 },
    /// Cut the file at a fraction of its length.
    Truncate(f64),
}

fn value() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(0x7f),
        Just(0xff),
        Just(0xffff),
        Just(0x7fff_ffff),
        Just(0xffff_ffff),
        Just(u64::MAX),
        Just(u64::MAX / 2),
        any::<u64>(),
        0u64..4096,
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let width = prop_oneof![Just(1usize), Just(2), Just(4), Just(8)];
    prop_oneof![
        (0.0..1.0f64, width.clone(), value()).prop_map(|(at, width, value)| Edit::Write { at, width, value }),
        (0usize..64, 0usize..64, width, value()).prop_map(|(section, field, width, value)| Edit::Header {
            section,
            field,
            width,
            value
        }),
        (0.0..1.0f64).prop_map(Edit::Truncate),
    ]
}

fn put(bytes: &mut [u8], at: usize, width: usize, value: u64) {
    let end = at.saturating_add(width).min(bytes.len());
    if at < end {
        bytes[at..end].copy_from_slice(&value.to_le_bytes()[..end - at]);
    }
}

fn apply(original: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut b = original.to_vec();
    for e in edits {
        match *e {
            Edit::Write { at, width, value } => {
                let at = (at * b.len() as f64) as usize;
                put(&mut b, at, width, value);
            }
            Edit::Header { section, field, width, value } => {
                // Section 0 stands for the ELF header itself.
                let shoff = b.get(40..48).map_or(0, |s| u64::from_le_bytes(s.try_into().unwrap())) as usize;
                let at =
                    if section == 0 { field } else { shoff.saturating_add(64 * (section - 1)).saturating_add(field) };
                put(&mut b, at, width, value);
            }
            Edit::Truncate(f) => {
                let len = (f * b.len() as f64) as usize;
                b.truncate(len);
            }
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_shrink_iters: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_mutated_cubin_parses_or_is_a_typed_error(
        kernel in 0..gpuiface_kernels::ALL.len(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let bytes = apply(gpuiface_kernels::ALL[kernel].cubin, &edits);
        if let Ok(c) = Cubin::parse(&bytes) {
            // What a parse returns stays proportional to the file.
            let copied: usize = c.kernels().iter().map(|k| k.code.len() + k.name.len()).sum();
            prop_assert!(copied <= bytes.len());
            for k in c.kernels() {
                prop_assert!(c.kernel(&k.name).is_ok());
            }
        }
    }
}

#[test]
fn every_suite_cubin_parses_unmutated() {
    for k in gpuiface_kernels::ALL {
        let c = Cubin::parse(k.cubin).unwrap();
        assert!(c.kernel(k.name).is_ok(), "{}", k.name);
    }
}
