//! `hal/src/classes_generated.rs` and the QMD field table, from facts/nv-ampere-classes.tsv.

use std::fmt::Write as _;

use crate::{bits_doc, header, parse_num, rows};

struct ClassDef {
    module: &'static str,
    prefix: &'static str,
    doc_title: &'static str,
    classes: [u32; 2],
}

const CLASSES: [ClassDef; 3] = [
    ClassDef {
        module: "host",
        prefix: "NVC56F_",
        doc_title: "Host (channel) class `AMPERE_CHANNEL_GPFIFO_A` (`NVC56F_*`; ga10b: `NVC76F`).",
        classes: [0xc56f, 0xc76f],
    },
    ClassDef {
        module: "compute",
        prefix: "NVC6C0_",
        doc_title: "Compute class `AMPERE_COMPUTE_A` (`NVC6C0_*`; ga10b: `NVC7C0`).",
        classes: [0xc6c0, 0xc7c0],
    },
    ClassDef {
        module: "copy",
        prefix: "NVC6B5_",
        doc_title: "Copy-engine class `AMPERE_DMA_COPY_A` (`NVC6B5_*`; ga10b: `NVC7B5`).",
        classes: [0xc6b5, 0xc7b5],
    },
];

enum Item<'a> {
    Value(&'a str, u64),
    Bits(&'a str, u64, u64),
}

pub(crate) fn gen_classes(table: &str) -> String {
    let rows = rows(table);
    let mut out = header("the `value`/`bits` rows of facts/nv-ampere-classes.tsv");
    out.push_str("// Included by `classes.rs`.\n\n");
    for def in &CLASSES {
        let items: Vec<Item> = rows
            .iter()
            .filter_map(|r| {
                let name = r.get(1)?.strip_prefix(def.prefix)?;
                if name.starts_with("QMDV") {
                    return None;
                }
                match r[0] {
                    "value" => Some(Item::Value(name, parse_num(r[2]))),
                    "bits" => Some(Item::Bits(name, parse_num(r[2]), parse_num(r[3]))),
                    _ => None,
                }
            })
            .collect();
        let bits: Vec<&str> =
            items.iter().filter_map(|i| if let Item::Bits(n, ..) = i { Some(*n) } else { None }).collect();
        let field_of = |name: &str| -> Option<&str> {
            bits.iter()
                .copied()
                .filter(|b| name.len() > b.len() + 1 && name.starts_with(b) && name.as_bytes()[b.len()] == b'_')
                .max_by_key(|b| b.len())
        };
        let is_method = |name: &str| -> bool {
            field_of(name).is_none()
                && bits
                    .iter()
                    .any(|b| b.len() > name.len() + 1 && b.starts_with(name) && b.as_bytes()[name.len()] == b'_')
        };
        let methods: Vec<(&str, u64)> = items
            .iter()
            .filter_map(|i| if let Item::Value(n, v) = i { is_method(n).then_some((*n, *v)) } else { None })
            .collect();
        let method_of = |name: &str| -> Option<&str> {
            methods
                .iter()
                .map(|m| m.0)
                .filter(|m| name.len() > m.len() + 1 && name.starts_with(m) && name.as_bytes()[m.len()] == b'_')
                .max_by_key(|m| m.len())
        };
        let p = def.prefix;
        writeln!(out, "/// {}", def.doc_title).unwrap();
        out.push_str("///\n");
        writeln!(out, "/// Every `value`/`bits` row of the class table with the `{p}` prefix stripped").unwrap();
        out.push_str("/// (compute's QMD V02_xx rows excepted). Methods are byte offsets (`u32`),\n");
        out.push_str("/// data-word fields are [`Bits`], field values are `u32`.\n");
        writeln!(out, "pub mod {} {{", def.module).unwrap();
        out.push_str("use super::Bits;\n\n");
        out.push_str("/// The class-table name prefix of this class.\n");
        writeln!(out, "pub const PREFIX: &str = \"{p}\";").unwrap();
        out.push_str("/// The class numbers using these methods (Ampere GA100-style and ga10b).\n");
        writeln!(out, "pub const CLASSES: [u32; 2] = [{:#x}, {:#x}];\n", def.classes[0], def.classes[1]).unwrap();
        for item in &items {
            match *item {
                Item::Value(n, v) => {
                    if is_method(n) {
                        writeln!(out, "/// Method `{p}{n}` (byte offset).").unwrap();
                    } else if let Some(f) = field_of(n) {
                        writeln!(out, "/// `{p}{n}`: value of [`{f}`].").unwrap();
                    } else {
                        writeln!(out, "/// `{p}{n}`.").unwrap();
                    }
                    writeln!(out, "pub const {n}: u32 = {v:#x};").unwrap();
                }
                Item::Bits(n, hi, lo) => {
                    match method_of(n) {
                        Some(m) => writeln!(out, "/// `{p}{n}`: {} of method [`{m}`].", bits_doc(hi, lo)),
                        None => writeln!(out, "/// `{p}{n}`: {}.", bits_doc(hi, lo)),
                    }
                    .unwrap();
                    writeln!(out, "pub const {n}: Bits = Bits {{ hi: {hi}, lo: {lo} }};").unwrap();
                }
            }
        }
        let mut sorted = methods.clone();
        sorted.sort_by_key(|m| m.1);
        out.push_str("\n/// Every method this class defines, as (name without prefix, byte offset),\n");
        out.push_str("/// sorted by offset; see [`super::defined_methods`].\n");
        out.push_str("pub const METHODS: &[(&str, u32)] = &[\n");
        for (n, _) in &sorted {
            writeln!(out, "(\"{n}\", {n}),").unwrap();
        }
        out.push_str("];\n\n/// Every `value` row: (full class-table name, value).\n");
        out.push_str("pub const VALUES: &[(&str, u32)] = &[\n");
        for item in &items {
            if let Item::Value(n, _) = item {
                writeln!(out, "(\"{p}{n}\", {n}),").unwrap();
            }
        }
        out.push_str("];\n\n/// Every `bits` row: (full class-table name, bit range).\n");
        out.push_str("pub const BITS: &[(&str, Bits)] = &[\n");
        for n in &bits {
            writeln!(out, "(\"{p}{n}\", {n}),").unwrap();
        }
        out.push_str("];\n}\n\n");
    }
    out
}

// ---------------------------------------------------------------- QMD

/// `640+(i)*64` → `640 + i * 64` (`* 1` dropped).
fn index_expr(e: &str) -> String {
    let (base, rest) = e.split_once("+(i)*").unwrap_or_else(|| panic!("unexpected fieldfn expression {e}"));
    if rest == "1" {
        format!("{base} + i")
    } else {
        format!("{base} + i * {rest}")
    }
}

const RELEASE_FIELDS: [&str; 12] = [
    "ADDRESS_LOWER",
    "ADDRESS_UPPER",
    "MEMBAR_TYPE",
    "REDUCTION_OP",
    "ENABLE",
    "REDUCTION_FORMAT",
    "REDUCTION_ENABLE",
    "NON_BLOCKING_INTR_TYPE",
    "PAYLOAD64B",
    "STRUCTURE_SIZE",
    "PAYLOAD_LOWER",
    "PAYLOAD_UPPER",
];

pub(crate) fn gen_qmd(table: &str) -> String {
    let rows = rows(table);
    let mut out = header("the `field`/`fieldfn QMDV03_00` rows of facts/nv-ampere-classes.tsv");
    out.push_str("// Included by `codec/qmd.rs` inside `pub mod v03_00`.\n\n");
    let fields: Vec<(&str, u64, u64)> = rows
        .iter()
        .filter(|r| r[0] == "field" && r[1] == "QMDV03_00")
        .map(|r| (r[2], parse_num(r[3]), parse_num(r[4])))
        .collect();
    for &(n, hi, lo) in &fields {
        if hi == lo {
            writeln!(out, "/// `{n}`: bit {hi}.").unwrap();
        } else {
            writeln!(out, "/// `{n}`: bits {hi}:{lo} ({} bits).", hi - lo + 1).unwrap();
        }
        writeln!(out, "pub const {n}: QmdField = QmdField {{ name: \"{n}\", hi: {hi}, lo: {lo} }};").unwrap();
    }
    out.push_str("\n/// Every fixed (non-indexed) V03_00 field, in bit order of the class table.\n");
    out.push_str("pub const FIELDS: &[QmdField] = &[\n");
    for (n, ..) in &fields {
        writeln!(out, "{n},").unwrap();
    }
    out.push_str("];\n");
    let fns: Vec<(&str, &str, &str)> =
        rows.iter().filter(|r| r[0] == "fieldfn" && r[1] == "QMDV03_00").map(|r| (r[2], r[3], r[4])).collect();
    for &(n, hi, lo) in &fns {
        writeln!(out, "\n/// `{n}(i)`: bits `{hi}` : `{lo}` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).").unwrap();
        writeln!(out, "pub const fn {}(i: u32) -> QmdField {{", n.to_lowercase()).unwrap();
        out.push_str("const NAMES: [&str; 8] = [\n");
        for i in 0..8 {
            writeln!(out, "\"{n}({i})\",").unwrap();
        }
        out.push_str("];\nassert!(i < CONSTANT_BUFFER_COUNT, \"constant buffer index\");\n");
        writeln!(out, "QmdField {{ name: NAMES[i as usize], hi: {}, lo: {} }}\n}}", index_expr(hi), index_expr(lo))
            .unwrap();
    }
    out.push_str("\n/// An indexed field: constant-buffer index → bit range.\n");
    out.push_str("pub type IndexedField = fn(u32) -> QmdField;\n\n");
    out.push_str("/// The indexed fields: (class-table name, function).\n");
    out.push_str("pub const INDEXED_FIELDS: &[(&str, IndexedField)] = &[\n");
    for (n, ..) in &fns {
        writeln!(out, "(\"{n}\", {}),", n.to_lowercase()).unwrap();
    }
    out.push_str("];\n\n");
    let releases: Vec<u32> =
        (0..10).filter(|i| fields.iter().any(|f| f.0 == format!("RELEASE{i}_ADDRESS_LOWER"))).collect();
    let list = releases.iter().map(|i| i.to_string()).collect::<Vec<_>>();
    let spoken = match list.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => list.join(""),
    };
    let count = ["zero", "one", "two", "three", "four", "five"].get(releases.len()).copied().unwrap_or("several");
    writeln!(out, "/// The {count} `RELEASEn` blocks (V03_00 has releases {spoken}).").unwrap();
    writeln!(out, "pub const RELEASES: [ReleaseFields; {}] = [", releases.len()).unwrap();
    for i in &releases {
        out.push_str("ReleaseFields {\n");
        for f in RELEASE_FIELDS {
            writeln!(out, "{}: RELEASE{i}_{f},", f.to_lowercase()).unwrap();
        }
        out.push_str("},\n");
    }
    out.push_str("];\n");
    out
}
