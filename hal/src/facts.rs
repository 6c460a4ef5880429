//! The reference facts, embedded: the r36/r35 nvgpu+nvmap ABI tables and the
//! Ampere class table, copied from `../shared/facts` into `facts/` (see
//! `facts/PROVENANCE.md`). Tests across the workspace check our definitions
//! against these tables instead of against numbers typed by hand.
//!
//! ```
//! let abi = gpuiface_hal::facts::abi_r36();
//! assert_eq!(abi.ioctl("NVGPU_GPU_IOCTL_GET_CHARACTERISTICS"), Some((0xc010_4705, 16)));
//! assert_eq!(abi.struct_layout("nvgpu_gpu_characteristics").map(|s| s.0), Some(328));
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// `facts/nvgpu-abi.tsv` (L4T r36).
pub const ABI_R36_TSV: &str = include_str!("../../facts/nvgpu-abi.tsv");
/// `facts/nvgpu-abi-r35.tsv` (L4T r35).
pub const ABI_R35_TSV: &str = include_str!("../../facts/nvgpu-abi-r35.tsv");
/// `facts/nv-ampere-classes.tsv`.
pub const CLASSES_TSV: &str = include_str!("../../facts/nv-ampere-classes.tsv");

/// A parsed ABI table.
#[derive(Debug, Default, Clone)]
pub struct AbiFacts {
    /// `ioctl NAME 0xNUMBER size`: name → (number, argument size).
    pub ioctls: BTreeMap<String, (u32, u32)>,
    /// `struct NAME size align`: name → (size, align).
    pub structs: BTreeMap<String, (usize, usize)>,
    /// `field STRUCT FIELD offset size`: (struct, field) → (offset, size).
    pub fields: BTreeMap<(String, String), (usize, usize)>,
    /// `const NAME value`.
    pub consts: BTreeMap<String, i128>,
}

fn parse_int(s: &str) -> Option<i128> {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let v = if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i128::from_str_radix(hex, 16).ok()?
    } else {
        s.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

impl AbiFacts {
    /// Parse a table in `facts/README.md`'s row format.
    pub fn parse(tsv: &str) -> AbiFacts {
        let mut f = AbiFacts::default();
        for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let c: Vec<&str> = line.split('\t').collect();
            match c.as_slice() {
                ["ioctl", name, num, size, ..] => {
                    if let (Some(n), Some(s)) = (parse_int(num), parse_int(size)) {
                        f.ioctls.insert(name.to_string(), (n as u32, s as u32));
                    }
                }
                ["struct", name, size, align, ..] => {
                    if let (Some(s), Some(a)) = (parse_int(size), parse_int(align)) {
                        f.structs.insert(name.to_string(), (s as usize, a as usize));
                    }
                }
                ["field", st, field, off, size, ..] => {
                    if let (Some(o), Some(s)) = (parse_int(off), parse_int(size)) {
                        f.fields.insert((st.to_string(), field.to_string()), (o as usize, s as usize));
                    }
                }
                ["const", name, value, ..] => {
                    if let Some(v) = parse_int(value) {
                        f.consts.insert(name.to_string(), v);
                    }
                }
                _ => {}
            }
        }
        f
    }
    /// (number, size) of an ioctl.
    pub fn ioctl(&self, name: &str) -> Option<(u32, u32)> {
        self.ioctls.get(name).copied()
    }
    /// (size, align) of a struct.
    pub fn struct_layout(&self, name: &str) -> Option<(usize, usize)> {
        self.structs.get(name).copied()
    }
    /// (offset, size) of a field.
    pub fn field(&self, st: &str, field: &str) -> Option<(usize, usize)> {
        self.fields.get(&(st.to_string(), field.to_string())).copied()
    }
    /// A constant's value.
    pub fn constant(&self, name: &str) -> Option<i128> {
        self.consts.get(name).copied()
    }
}

/// The r36 ABI table, parsed once.
pub fn abi_r36() -> &'static AbiFacts {
    static F: OnceLock<AbiFacts> = OnceLock::new();
    F.get_or_init(|| AbiFacts::parse(ABI_R36_TSV))
}

/// The r35 ABI table, parsed once.
pub fn abi_r35() -> &'static AbiFacts {
    static F: OnceLock<AbiFacts> = OnceLock::new();
    F.get_or_init(|| AbiFacts::parse(ABI_R35_TSV))
}

/// A parsed class table (`facts/nv-ampere-classes.tsv`).
#[derive(Debug, Default, Clone)]
pub struct ClassFacts {
    /// `value NAME value`: method byte offsets and enum values.
    pub values: BTreeMap<String, u64>,
    /// `bits NAME hi lo`: a field inside a method's data word.
    pub bits: BTreeMap<String, (u32, u32)>,
    /// `field STRUCT NAME hi lo`: (struct, name) → bit range in the struct.
    pub fields: BTreeMap<(String, String), (u32, u32)>,
    /// `fieldfn STRUCT NAME hi(i) lo(i)`: (struct, name) → (hi expr, lo expr).
    pub fieldfns: BTreeMap<(String, String), (String, String)>,
    /// `class NAME number`.
    pub classes: BTreeMap<String, u64>,
}

impl ClassFacts {
    /// Parse the class table.
    pub fn parse(tsv: &str) -> ClassFacts {
        let mut f = ClassFacts::default();
        for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let c: Vec<&str> = line.split('\t').collect();
            match c.as_slice() {
                ["value", name, v, ..] => {
                    if let Some(v) = parse_int(v) {
                        f.values.insert(name.to_string(), v as u64);
                    }
                }
                ["bits", name, hi, lo, ..] => {
                    if let (Some(h), Some(l)) = (parse_int(hi), parse_int(lo)) {
                        f.bits.insert(name.to_string(), (h as u32, l as u32));
                    }
                }
                ["field", st, name, hi, lo, ..] => {
                    if let (Some(h), Some(l)) = (parse_int(hi), parse_int(lo)) {
                        f.fields.insert((st.to_string(), name.to_string()), (h as u32, l as u32));
                    }
                }
                ["fieldfn", st, name, hi, lo, ..] => {
                    f.fieldfns.insert((st.to_string(), name.to_string()), (hi.to_string(), lo.to_string()));
                }
                ["class", name, v, ..] => {
                    if let Some(v) = parse_int(v) {
                        f.classes.insert(name.to_string(), v as u64);
                    }
                }
                _ => {}
            }
        }
        f
    }

    /// Evaluate an indexed field's bit range (`fieldfn` rows such as
    /// `1055+(i)*64`) for index `i`.
    pub fn fieldfn_at(&self, st: &str, name: &str, i: u32) -> Option<(u32, u32)> {
        let (hi, lo) = self.fieldfns.get(&(st.to_string(), name.to_string()))?;
        Some((eval_index_expr(hi, i)?, eval_index_expr(lo, i)?))
    }
}

/// Evaluate `A+(i)*B` (or a plain number) for index `i`.
fn eval_index_expr(expr: &str, i: u32) -> Option<u32> {
    let e = expr.replace(' ', "");
    match e.split_once("+(i)*") {
        Some((a, b)) => Some(a.parse::<u32>().ok()? + i * b.parse::<u32>().ok()?),
        None => e.parse().ok(),
    }
}

/// The class table, parsed once.
pub fn classes() -> &'static ClassFacts {
    static F: OnceLock<ClassFacts> = OnceLock::new();
    F.get_or_init(|| ClassFacts::parse(CLASSES_TSV))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "parses the whole fact tables: safe code, minutes under Miri")]
    fn tables_parse_with_expected_row_counts() {
        let abi = abi_r36();
        assert!(abi.ioctls.len() > 150, "{}", abi.ioctls.len());
        assert!(abi.structs.len() > 150);
        assert!(abi.fields.len() > 700);
        let cls = classes();
        assert_eq!(cls.fieldfn_at("QMDV03_00", "CONSTANT_BUFFER_ADDR_LOWER", 1), Some((1119, 1088)));
        assert_eq!(cls.classes.get("AMPERE_COMPUTE_B"), Some(&0xc7c0));
    }

    #[test]
    #[cfg_attr(miri, ignore = "parses the whole fact tables: safe code, minutes under Miri")]
    fn rm_enums_match_class_table() {
        use crate::rm::{RmClass, RmControl};
        let cls = classes();
        for c in RmClass::ALL {
            let name = c.name().unwrap();
            assert_eq!(cls.classes.get(name).copied(), Some(u64::from(c.number())), "{name}");
        }
        for ctl in RmControl::all_named() {
            let name = ctl.name().unwrap();
            assert_eq!(cls.classes.get(name).copied(), Some(u64::from(ctl.cmd())), "{name}");
        }
    }
}
