//! `gpuiface_hal::classes` against `facts/nv-ampere-classes.tsv`: every
//! constant equals its row, every row has a constant, and the method tables
//! follow the documented rule.

use gpuiface_hal::classes::{self, compute, copy, host, Bits};
use gpuiface_hal::facts;
use std::collections::BTreeSet;

struct Class {
    prefix: &'static str,
    values: &'static [(&'static str, u32)],
    bits: &'static [(&'static str, Bits)],
    methods: &'static [(&'static str, u32)],
    classes: [u32; 2],
    class_names: [&'static str; 2],
}

fn all() -> [Class; 3] {
    [
        Class {
            prefix: host::PREFIX,
            values: host::VALUES,
            bits: host::BITS,
            methods: host::METHODS,
            classes: host::CLASSES,
            class_names: ["AMPERE_CHANNEL_GPFIFO_A", "AMPERE_CHANNEL_GPFIFO_B"],
        },
        Class {
            prefix: compute::PREFIX,
            values: compute::VALUES,
            bits: compute::BITS,
            methods: compute::METHODS,
            classes: compute::CLASSES,
            class_names: ["AMPERE_COMPUTE_A", "AMPERE_COMPUTE_B"],
        },
        Class {
            prefix: copy::PREFIX,
            values: copy::VALUES,
            bits: copy::BITS,
            methods: copy::METHODS,
            classes: copy::CLASSES,
            class_names: ["AMPERE_DMA_COPY_A", "AMPERE_DMA_COPY_B"],
        },
    ]
}

/// Rows of this class, minus compute's QMD V02_xx layout rows.
fn in_class(name: &str, prefix: &str) -> bool {
    name.starts_with(prefix) && !name.contains("_QMDV0")
}

#[test]
fn every_constant_equals_its_row_and_every_row_has_a_constant() {
    let cls = facts::classes();
    for c in all() {
        let values: BTreeSet<(String, u64)> = c.values.iter().map(|&(n, v)| (n.to_string(), u64::from(v))).collect();
        assert_eq!(values.len(), c.values.len(), "{} duplicate value names", c.prefix);
        let table: BTreeSet<(String, u64)> =
            cls.values.iter().filter(|(n, _)| in_class(n, c.prefix)).map(|(n, &v)| (n.clone(), v)).collect();
        assert_eq!(values, table, "{} values", c.prefix);

        let bits: BTreeSet<(String, (u32, u32))> = c.bits.iter().map(|&(n, b)| (n.to_string(), (b.hi, b.lo))).collect();
        assert_eq!(bits.len(), c.bits.len(), "{} duplicate bits names", c.prefix);
        let table: BTreeSet<(String, (u32, u32))> =
            cls.bits.iter().filter(|(n, _)| in_class(n, c.prefix)).map(|(n, &r)| (n.clone(), r)).collect();
        assert_eq!(bits, table, "{} bits", c.prefix);

        for (k, name) in c.class_names.iter().enumerate() {
            assert_eq!(cls.classes.get(*name).copied(), Some(u64::from(c.classes[k])), "{name}");
        }
    }
}

#[test]
fn spot_checks_of_named_constants() {
    // Typed by hand from the bit layout so a generator slip would show.
    assert_eq!((host::SEMAPHOREA, host::SEM_ADDR_LO, host::SEM_EXECUTE), (0x10, 0x5c, 0x6c));
    assert_eq!((host::NON_STALL_INTERRUPT, host::SET_OBJECT, host::WFI), (0x20, 0x0, 0x78));
    assert_eq!(host::SEM_EXECUTE_PAYLOAD_SIZE, Bits { hi: 24, lo: 24 });
    assert_eq!((compute::SEND_PCAS_A, compute::SEND_SIGNALING_PCAS2_B), (0x2b4, 0x2c0));
    assert_eq!(compute::SET_SHADER_LOCAL_MEMORY_A, 0x790);
    assert_eq!(compute::SET_SHADER_SHARED_MEMORY_WINDOW_A, 0x2a0);
    assert_eq!(compute::INVALIDATE_SHADER_CACHES, 0x21c);
    assert_eq!((copy::OFFSET_IN_UPPER, copy::OFFSET_IN_LOWER, copy::OFFSET_OUT_UPPER), (0x400, 0x404, 0x408));
    assert_eq!((copy::LINE_LENGTH_IN, copy::LINE_COUNT, copy::LAUNCH_DMA), (0x418, 0x41c, 0x300));
    assert_eq!((copy::SET_SEMAPHORE_A, copy::SET_SEMAPHORE_B, copy::SET_SEMAPHORE_PAYLOAD), (0x240, 0x244, 0x248));
    assert_eq!(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE, Bits { hi: 1, lo: 0 });
}

#[test]
fn method_tables_follow_the_documented_rule() {
    let cls = facts::classes();
    for c in all() {
        let bits: Vec<&String> = cls.bits.keys().filter(|n| in_class(n, c.prefix)).collect();
        let is_field_value = |n: &str| {
            let parts: Vec<&str> = n.split('_').collect();
            (1..parts.len()).any(|k| cls.bits.contains_key(&parts[..k].join("_")))
        };
        let has_fields = |n: &str| bits.iter().any(|b| b.starts_with(&format!("{n}_")));
        let expected: BTreeSet<(String, u32)> = cls
            .values
            .iter()
            .filter(|(n, _)| in_class(n, c.prefix) && !is_field_value(n) && has_fields(n))
            .map(|(n, &v)| (n[c.prefix.len()..].to_string(), v as u32))
            .collect();
        let ours: BTreeSet<(String, u32)> = c.methods.iter().map(|&(n, v)| (n.to_string(), v)).collect();
        assert_eq!(ours, expected, "{}", c.prefix);
        assert!(c.methods.windows(2).all(|w| w[0].1 < w[1].1), "{} sorted, unique offsets", c.prefix);
        assert!(c.methods.iter().all(|&(_, m)| m % 4 == 0 && m < 0x4000), "{}", c.prefix);
        for &(name, m) in c.methods {
            for class in c.classes {
                assert_eq!(classes::method_name(class, m), Some(name));
            }
            // The method's own constant matches.
            let full = format!("{}{name}", c.prefix);
            assert!(c.values.iter().any(|&(n, v)| n == full && v == m), "{full}");
        }
    }
    assert_eq!(host::METHODS.len(), 22);
    assert!(classes::defined_methods(0xc56f).contains(&("SEM_EXECUTE", 0x6c)));
    assert!(!host::METHODS.iter().any(|&(n, _)| n == "NUMBER_OF_SUBCHANNELS" || n == "DMA_NOP"));
    assert!(classes::is_defined_method(0xc6b5, copy::LAUNCH_DMA));
    assert!(!classes::is_defined_method(0xc6b5, 0x304));
    assert_eq!(classes::defined_methods(0x1234), &[]);
}

#[test]
fn bits_helpers() {
    let b = Bits { hi: 15, lo: 8 };
    assert_eq!(b.width(), 8);
    assert_eq!(b.mask(), 0xff00);
    assert_eq!(b.get(0x1234_5678), 0x56);
    assert_eq!(b.field(0x1ab), 0xab00);
    assert_eq!(b.set(0xffff_ffff, 0), 0xffff_00ff);
    let all = Bits { hi: 31, lo: 0 };
    assert_eq!((all.mask(), all.get(0xdead_beef), all.field(7)), (u32::MAX, 0xdead_beef, 7));
    let top = Bits { hi: 31, lo: 31 };
    assert_eq!((top.mask(), top.set(0, 1)), (0x8000_0000, 0x8000_0000));
}
