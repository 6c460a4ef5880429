//! The ABI's constants and ioctl numbers (`abi/src/{r36,r35}/{consts,ioctls}.rs`).

use std::fmt::Write as _;

use std::collections::HashMap;

use crate::{header, parse_num, rows, Release};

// ---------------------------------------------------------------- ABI

pub(crate) fn list(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

pub(crate) fn camel(c: &str) -> String {
    c.split('_')
        .map(|w| {
            let mut cs = w.chars();
            cs.next().map(|f| f.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
        })
        .collect()
}

pub(crate) fn gen_consts(abi: &str, extra: &str, names: &str, rel: &Release) -> String {
    let values: HashMap<&str, &str> = rows(abi).into_iter().filter(|r| r[0] == "const").map(|r| (r[1], r[2])).collect();
    let srcs: HashMap<&str, &str> =
        rows(extra).into_iter().filter(|r| r[0] == "const_src").map(|r| (r[1], r[2])).collect();
    let names = rel.select(list(names), &values);
    let mut out = header(&format!("facts/{}, facts/nvgpu-abi-extra.tsv and {}", rel.table, rel.consts_lists));
    writeln!(out, "//! Flag and limit constants of the {} UAPI headers.", rel.name).unwrap();
    for n in &names {
        let v = values.get(n).unwrap_or_else(|| panic!("{n}: no const row in {}", rel.table));
        let ty = if parse_num(v) > u64::from(u32::MAX) { "u64" } else { "u32" };
        match srcs.get(n) {
            Some(src) => writeln!(out, "/// `{n}` ({src}).").unwrap(),
            None => writeln!(out, "/// `{n}` (an {} constant r36 removed).", rel.name).unwrap(),
        }
        writeln!(out, "pub const {n}: {ty} = {v};").unwrap();
    }
    out.push_str(
        "/// Every constant this crate defines, as (C name, value).\npub static CONSTS: &[(&str, i128)] = &[\n",
    );
    for n in &names {
        writeln!(out, "(\"{n}\", {n} as i128),").unwrap();
    }
    out.push_str("];\n");
    out
}

pub(crate) fn gen_ioctls(abi: &str, extra: &str, names: &str, rel: &Release) -> String {
    let numbers: HashMap<&str, &str> =
        rows(abi).into_iter().filter(|r| r[0] == "ioctl").map(|r| (r[1], r[2])).collect();
    let args: HashMap<&str, &str> =
        rows(extra).into_iter().filter(|r| r[0] == "ioctl_arg").map(|r| (r[1], r[2])).collect();
    let names = rel.select(list(names), &numbers);
    let mut out = header(&format!("facts/{}, facts/nvgpu-abi-extra.tsv and tools/factgen/ioctls.list", rel.table));
    out.push_str("//! The ioctl numbers, each derived from its argument struct's size.\n");
    out.push_str("use super::*;\nuse core::mem::size_of;\n");
    let mut table = String::new();
    for n in &names {
        let num = parse_num(numbers.get(n).unwrap_or_else(|| panic!("{n}: no ioctl row in {}", rel.table)));
        let arg = *args.get(n).unwrap_or_else(|| panic!("{n}: no ioctl_arg row in nvgpu-abi-extra.tsv"));
        let ty = (num >> 8) & 0xff;
        let nr = num & 0xff;
        let dir = num >> 30;
        let ch = char::from(ty as u8);
        // The Rust type of the argument and the C name `IoctlDef` records.
        let c_struct = match arg {
            "-" => None,
            "int" => Some(("i32".to_string(), "int")),
            "__u32" => Some(("u32".to_string(), "__u32")),
            "__u64" => Some(("u64".to_string(), "__u64")),
            s => {
                let c = s.strip_prefix("struct ").unwrap_or_else(|| panic!("{n}: unknown argument type {s}"));
                Some((camel(c), c))
            }
        };
        let (macro_, fun) = match dir {
            0 => ("_IO", "io"),
            1 => ("_IOW", "iow"),
            2 => ("_IOR", "ior"),
            _ => ("_IOWR", "iowr"),
        };
        match c_struct {
            Some((rust, s)) => {
                writeln!(out, "/// `{n}`: `{macro_}('{ch}', {nr}, {arg})`.").unwrap();
                writeln!(out, "pub const {n}: u32 = {fun}(b'{ch}', {nr}, size_of::<{rust}>());").unwrap();
                writeln!(table, "IoctlDef::new(\"{n}\", {n}, Some(\"{s}\")),").unwrap();
            }
            None => {
                assert_eq!(dir, 0, "{n}: no argument struct but a direction");
                writeln!(out, "/// `{n}`: `{macro_}('{ch}', {nr}, -)`.").unwrap();
                writeln!(out, "pub const {n}: u32 = {fun}(b'{ch}', {nr});").unwrap();
                writeln!(table, "IoctlDef::new(\"{n}\", {n}, None),").unwrap();
            }
        }
    }
    out.push_str("\n/// Every ioctl this crate defines, with its argument struct's C name.\npub static IOCTLS: &[IoctlDef] = &[\n");
    out.push_str(&table);
    out.push_str("];\n");
    out
}

// ---------------------------------------------------------------- ABI structs
