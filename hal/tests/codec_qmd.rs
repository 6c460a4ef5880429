//! QMD V03_00 field table and accessors, checked against the `field QMDV03_00`
//! and `fieldfn QMDV03_00` rows of `facts/nv-ampere-classes.tsv`.

use gpuiface_hal::codec::qmd::{v03_00, Qmd, QmdField, Release, QMD_SIZE, QMD_WORDS};
use gpuiface_hal::facts;
use proptest::prelude::*;
use std::collections::BTreeMap;

const ST: &str = "QMDV03_00";

fn all_fields() -> Vec<QmdField> {
    let mut v = v03_00::FIELDS.to_vec();
    for (_, func) in v03_00::INDEXED_FIELDS {
        v.extend((0..v03_00::CONSTANT_BUFFER_COUNT).map(func));
    }
    v
}

#[test]
fn fields_equal_the_class_table_both_ways() {
    let cls = facts::classes();
    let table: BTreeMap<&str, (u32, u32)> =
        cls.fields.iter().filter(|((st, _), _)| st == ST).map(|((_, n), &r)| (n.as_str(), r)).collect();
    assert!(table.len() > 100, "{}", table.len());
    let ours: BTreeMap<&str, (u32, u32)> = v03_00::FIELDS.iter().map(|f| (f.name, (f.hi, f.lo))).collect();
    assert_eq!(ours.len(), v03_00::FIELDS.len(), "duplicate names in FIELDS");
    assert_eq!(ours, table);
}

#[test]
fn named_consts_are_the_table_rows() {
    let cls = facts::classes();
    let row = |n: &str| cls.fields[&(ST.to_string(), n.to_string())];
    for f in [
        v03_00::CTA_RASTER_WIDTH,
        v03_00::CTA_THREAD_DIMENSION0,
        v03_00::RELEASE0_ADDRESS_LOWER,
        v03_00::RELEASE0_PAYLOAD_LOWER,
        v03_00::QMD_MAJOR_VERSION,
        v03_00::PROGRAM_ADDRESS_LOWER,
        v03_00::PROGRAM_ADDRESS_UPPER,
        v03_00::SHARED_MEMORY_SIZE,
        v03_00::DEPENDENT_QMD0_POINTER,
    ] {
        assert_eq!(row(f.name), (f.hi, f.lo), "{}", f.name);
    }
    for (i, r) in v03_00::RELEASES.iter().enumerate() {
        for f in [
            r.address_lower,
            r.address_upper,
            r.membar_type,
            r.reduction_op,
            r.enable,
            r.reduction_format,
            r.reduction_enable,
            r.non_blocking_intr_type,
            r.payload64b,
            r.structure_size,
            r.payload_lower,
            r.payload_upper,
        ] {
            assert!(f.name.starts_with(&format!("RELEASE{i}_")), "{}", f.name);
            assert_eq!(row(f.name), (f.hi, f.lo), "{}", f.name);
        }
    }
}

#[test]
fn indexed_fields_equal_fieldfn_rows() {
    let cls = facts::classes();
    let fns: Vec<&str> = cls.fieldfns.keys().filter(|(st, _)| st == ST).map(|(_, n)| n.as_str()).collect();
    let ours: Vec<&str> = v03_00::INDEXED_FIELDS.iter().map(|(n, _)| *n).collect();
    let (mut a, mut b) = (fns.clone(), ours.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b);
    for (name, func) in v03_00::INDEXED_FIELDS {
        for i in 0..v03_00::CONSTANT_BUFFER_COUNT {
            let f = func(i);
            assert_eq!(cls.fieldfn_at(ST, name, i), Some((f.hi, f.lo)), "{name}({i})");
            assert_eq!(f.name, format!("{name}({i})"));
        }
    }
    assert_eq!(
        v03_00::constant_buffer_addr_lower(1),
        QmdField { name: "CONSTANT_BUFFER_ADDR_LOWER(1)", hi: 1119, lo: 1088 }
    );
}

#[test]
fn fields_do_not_overlap_and_fit() {
    let mut fs = all_fields();
    fs.sort_by_key(|f| f.lo);
    for w in fs.windows(2) {
        assert!(w[0].hi < w[1].lo, "{:?} overlaps {:?}", w[0], w[1]);
    }
    assert!(fs.iter().all(|f| f.hi >= f.lo && f.width() <= 64 && (f.hi as usize) < QMD_SIZE * 8));
}

#[test]
#[should_panic]
fn constant_buffer_index_is_checked() {
    let _ = v03_00::constant_buffer_valid(8);
}

#[test]
fn helpers_write_the_documented_fields() {
    let mut q = Qmd::new();
    q.set_version_v03_00();
    assert_eq!(q.version(), (3, 0));
    q.set_program_address(0x1_fedc_ba98_7654);
    assert_eq!(q.get(v03_00::PROGRAM_ADDRESS_LOWER), 0xba98_7654);
    assert_eq!(q.get(v03_00::PROGRAM_ADDRESS_UPPER), 0x1_fedc);
    assert_eq!(q.program_address(), 0x1_fedc_ba98_7654);
    // PROGRAM_ADDRESS_LOWER is bits 1567:1536 = word 48.
    assert_eq!(q.words()[48], 0xba98_7654);

    q.set_grid([0x1_0000, 0xffff, 3]);
    assert_eq!(q.grid(), [0x1_0000, 0xffff, 3]);
    assert_eq!(q.words()[12], 0x1_0000); // CTA_RASTER_WIDTH: bits 415:384
    q.set_block([1024, 2, 1]);
    assert_eq!(q.block(), [1024, 2, 1]);
    assert_eq!(q.get(v03_00::CTA_THREAD_DIMENSION1), 2);
    q.set_shared_memory_size(0xc000);
    assert_eq!(q.shared_memory_size(), 0xc000);

    for i in 0..8 {
        assert_eq!(q.constant_buffer(i), None);
    }
    q.set_constant_buffer(3, 0x1_2345_6780, 0x101);
    assert_eq!(q.constant_buffer(3), Some((0x1_2345_6780, 0x110)));
    assert_eq!(q.get(v03_00::constant_buffer_size_shifted4(3)), 0x11);
    assert_eq!(q.get(v03_00::constant_buffer_valid(3)), 1);
    assert_eq!(q.constant_buffer(2), None);
    q.clear_constant_buffer(3);
    assert_eq!(q.constant_buffer(3), None);

    let rel = Release {
        payload64: true,
        reduction_enable: true,
        reduction_op: 5,
        ..Release::new(0xab_cdef_0010, u64::MAX - 1)
    };
    for i in 0..3 {
        assert_eq!(q.release(i), None);
        q.set_release(i, &rel);
        assert_eq!(q.release(i), Some(rel));
    }
    assert_eq!(q.get(v03_00::RELEASE1_ADDRESS_UPPER), 0xab);
    assert_eq!(q.get(v03_00::RELEASE1_PAYLOAD_UPPER), 0xffff_ffff);
    q.clear_release(1);
    assert_eq!(q.release(1), None);
    assert_eq!(q.release(2), Some(rel));

    assert_eq!(q.dependent_qmd0(), None);
    q.set_dependent_qmd0(Some(0xff_ffff_ff00));
    assert_eq!(q.get(v03_00::DEPENDENT_QMD0_POINTER), 0xffff_ffff);
    assert_eq!(q.dependent_qmd0(), Some(0xff_ffff_ff00));
    assert_eq!(q.dependent_qmd0_action(), 1);
    q.set_dependent_qmd0(None);
    assert_eq!(q.dependent_qmd0(), None);

    let bytes = q.to_bytes();
    assert_eq!(Qmd::from_bytes(&bytes), Some(q));
    assert_eq!(&bytes[48 * 4..48 * 4 + 4], &0xba98_7654u32.to_le_bytes());
    assert_eq!(Qmd::from_bytes(&bytes[..255]), None);
    assert_eq!(Qmd::from_words(*q.words()), q);
}

fn field_index() -> impl Strategy<Value = usize> {
    0..all_fields().len()
}

proptest! {
    #[test]
    fn set_one_field_disturbs_no_other(
        base in proptest::array::uniform32(any::<u64>()),
        idx in field_index(),
        v in any::<u64>(),
    ) {
        let mut words = [0u32; QMD_WORDS];
        for (k, w) in words.iter_mut().enumerate() {
            *w = (base[k / 2] >> (32 * (k % 2))) as u32;
        }
        let before = Qmd::from_words(words);
        let fields = all_fields();
        let f = fields[idx];
        let v = v & f.max();
        let mut q = before;
        q.set(f, v);
        prop_assert_eq!(q.get(f), v);
        for (j, g) in fields.iter().enumerate() {
            if j != idx {
                prop_assert_eq!(q.get(*g), before.get(*g), "{} changed by {}", g.name, f.name);
            }
        }
        // Bits outside the field are untouched too (covers reserved gaps).
        let mut restored = q;
        restored.set(f, before.get(f));
        prop_assert_eq!(restored, before);
    }

    #[test]
    fn byte_round_trip(words in proptest::array::uniform32(any::<u64>())) {
        let mut w = [0u32; QMD_WORDS];
        for (k, x) in w.iter_mut().enumerate() {
            *x = (words[k / 2] >> (32 * (k % 2))) as u32;
        }
        let q = Qmd::from_words(w);
        prop_assert_eq!(Qmd::from_bytes(&q.to_bytes()), Some(q));
    }

    #[test]
    fn helper_round_trips(
        prog in 0u64..(1 << 49),
        grid in (any::<u32>(), 0u32..=0xffff, 0u32..=0xffff),
        block in (0u32..=0xffff, 0u32..=0xffff, 0u32..=0xffff),
        cb in (0u32..8, 0u64..(1 << 49), 0u32..=0x1fff),
        rel in (0usize..3, 0u64..(1 << 40), any::<u64>(), any::<bool>()),
        dep in 0u64..(1 << 32),
    ) {
        let mut q = Qmd::new();
        q.set_program_address(prog);
        q.set_grid([grid.0, grid.1, grid.2]);
        q.set_block([block.0, block.1, block.2]);
        q.set_constant_buffer(cb.0, cb.1, cb.2 << 4);
        let r = Release { payload64: rel.3, ..Release::new(rel.1, rel.2) };
        q.set_release(rel.0, &r);
        q.set_dependent_qmd0(Some(dep << 8));
        prop_assert_eq!(q.program_address(), prog);
        prop_assert_eq!(q.grid(), [grid.0, grid.1, grid.2]);
        prop_assert_eq!(q.block(), [block.0, block.1, block.2]);
        prop_assert_eq!(q.constant_buffer(cb.0), Some((cb.1, cb.2 << 4)));
        prop_assert_eq!(q.release(rel.0), Some(r));
        prop_assert_eq!(q.dependent_qmd0(), Some(dep << 8));
    }
}
