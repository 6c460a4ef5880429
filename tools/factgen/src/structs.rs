//! The ABI's argument structs (`abi/src/{r36,r35}/structs.rs`).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::{header, parse_num, rows};

use crate::abi::{camel, list};

/// Rust keywords a C field name may collide with; such a field gets a `_` suffix
/// (`type` → `type_`).
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "do", "dyn", "else", "enum", "extern",
    "false", "final", "fn", "for", "if", "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut",
    "override", "priv", "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The Rust name of a C field: the last component of a nested name
/// (`o_a.offset` → `offset`), keywords suffixed with `_`.
fn field_ident(c: &str) -> String {
    let last = c.rsplit('.').next().unwrap_or(c);
    if RUST_KEYWORDS.contains(&last) {
        format!("{last}_")
    } else {
        last.to_string()
    }
}

/// A C field type (`__u32`, `__u8[16]`, `unsigned long`, `struct nvgpu_fence`)
/// → (Rust type, size, alignment) on LP64. `structs` gives the size and
/// alignment of the structs a field may have as its type.
fn rust_type(cty: &str, structs: &HashMap<&str, (u64, u64)>) -> (String, u64, u64) {
    if let Some((elem, n)) = cty.strip_suffix(']').and_then(|t| t.split_once('[')) {
        let (t, size, align) = rust_type(elem, structs);
        let n: u64 = n.parse().unwrap_or_else(|e| panic!("array length of {cty}: {e}"));
        return (format!("[{t}; {n}]"), size * n, align);
    }
    let (t, size) = match cty {
        "__u8" => ("u8", 1),
        "__s8" => ("i8", 1),
        "__u16" => ("u16", 2),
        "__s16" => ("i16", 2),
        "__u32" => ("u32", 4),
        "__s32" | "int" => ("i32", 4),
        "__u64" | "unsigned long" => ("u64", 8),
        "__s64" | "long" => ("i64", 8),
        s => {
            let c = s.strip_prefix("struct ").unwrap_or_else(|| panic!("C type {s} has no Rust type here"));
            let &(size, align) = structs.get(c).unwrap_or_else(|| panic!("{c}: no struct row in the facts table"));
            return (camel(c), size, align);
        }
    };
    (t.to_string(), size, size)
}

/// Append `text` as `///` lines indented by `indent`, wrapped at 100 columns.
fn doc(out: &mut String, indent: &str, text: &str) {
    let width = 100 - indent.len() - 4;
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            writeln!(out, "{indent}/// {line}").unwrap();
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        writeln!(out, "{indent}/// {line}").unwrap();
    }
}

/// `a`, `a and b`, `a, b and c`.
fn spoken_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// One member of a C struct as the facts give it.
struct Member<'a> {
    name: &'a str,
    offset: u64,
    size: u64,
    cty: &'a str,
}

/// The `nvgpu-abi-extra.tsv` rows of another release's table, derived from
/// r36's: the `ioctl_arg` and `const_src` rows as they are, and an `ftype`
/// row for every field of `abi`: r36's C type where it has the field's size
/// there, else the unsigned integer of the field's size (r35-only fields and
/// fields whose size changed; the facts hold no C type for those).
/// The size of C type `cty` when this generator knows it (scalars, arrays of
/// them, structs of `layouts`), else `None`.
fn c_size(cty: &str, layouts: &HashMap<&str, (u64, u64)>) -> Option<u64> {
    if let Some((elem, n)) = cty.strip_suffix(']').and_then(|t| t.split_once('[')) {
        return Some(c_size(elem, layouts)? * n.parse::<u64>().ok()?);
    }
    match cty {
        "__u8" | "__s8" => Some(1),
        "__u16" | "__s16" => Some(2),
        "__u32" | "__s32" | "int" => Some(4),
        "__u64" | "unsigned long" | "__s64" | "long" => Some(8),
        s => layouts.get(s.strip_prefix("struct ")?).map(|l| l.0),
    }
}

pub(crate) fn derive_extra(abi: &str, extra36: &str) -> String {
    let abi = rows(abi);
    let extra36 = rows(extra36);
    let layouts: HashMap<&str, (u64, u64)> =
        abi.iter().filter(|r| r[0] == "struct").map(|r| (r[1], (parse_num(r[2]), parse_num(r[3])))).collect();
    let ctypes: HashMap<(&str, &str), &str> =
        extra36.iter().filter(|r| r[0] == "ftype").map(|r| ((r[1], r[2]), r[3])).collect();
    let mut out = String::new();
    for r in extra36.iter().filter(|r| r[0] == "ioctl_arg" || r[0] == "const_src") {
        writeln!(out, "{}", r.join("\t")).unwrap();
    }
    for r in abi.iter().filter(|r| r[0] == "field") {
        let size = parse_num(r[4]);
        // r36's type, unless its size is known and is not the r35 field's.
        let fits = |c: &&&str| {
            let c: &str = c;
            c_size(c, &layouts).is_none_or(|n| n == size)
        };
        let cty = match ctypes.get(&(r[1], r[2])).filter(fits) {
            Some(c) => c.to_string(),
            None => match size {
                1 => "__u8".into(),
                2 => "__u16".into(),
                4 => "__u32".into(),
                8 => "__u64".into(),
                n if n % 4 == 0 => format!("__u32[{}]", n / 4),
                n => format!("__u8[{n}]"),
            },
        };
        writeln!(out, "ftype\t{}\t{}\t{cty}", r[1], r[2]).unwrap();
    }
    out
}

pub(crate) fn gen_structs(
    abi: &str,
    extra: &str,
    notes: &str,
    ioctls: &str,
    extra_structs: &str,
    rel: &crate::Release,
) -> String {
    let abi = rows(abi);
    let extra = rows(extra);
    let notes = rows(notes);
    let layouts: HashMap<&str, (u64, u64)> =
        abi.iter().filter(|r| r[0] == "struct").map(|r| (r[1], (parse_num(r[2]), parse_num(r[3])))).collect();
    let ctypes: HashMap<(&str, &str), &str> =
        extra.iter().filter(|r| r[0] == "ftype").map(|r| ((r[1], r[2]), r[3])).collect();
    let members = |s: &str| -> Vec<Member> {
        assert!(!abi.iter().any(|r| r[0] == "bitfield" && r[1] == s), "{s}: bit fields are not supported");
        abi.iter()
            .filter(|r| r[0] == "field" && r[1] == s)
            .map(|r| Member {
                name: r[2],
                offset: parse_num(r[3]),
                size: parse_num(r[4]),
                cty: ctypes.get(&(s, r[2])).unwrap_or_else(|| panic!("{s}.{}: no ftype row", r[2])),
            })
            .collect()
    };
    // The ioctls each struct is the argument of, in nvgpu-abi-extra.tsv order.
    let mut arg_of: HashMap<&str, Vec<&str>> = HashMap::new();
    for r in extra.iter().filter(|r| r[0] == "ioctl_arg") {
        if let Some(s) = r[2].strip_prefix("struct ") {
            arg_of.entry(s).or_default().push(r[1]);
        }
    }
    let numbers: HashMap<&str, &str> = abi.iter().filter(|r| r[0] == "ioctl").map(|r| (r[1], r[2])).collect();
    let defined_ioctls = rel.select(list(ioctls), &numbers);
    let arg_rows: HashMap<&str, &str> = extra.iter().filter(|r| r[0] == "ioctl_arg").map(|r| (r[1], r[2])).collect();

    // The selection: each listed ioctl's argument struct, preceded by the
    // structs its fields have as types; then tools/factgen/structs.list.
    fn select<'a>(s: &'a str, members: &dyn Fn(&str) -> Vec<Member<'a>>, order: &mut Vec<&'a str>) {
        if order.contains(&s) {
            return;
        }
        for m in members(s) {
            let base = m.cty.split('[').next().unwrap_or(m.cty);
            if let Some(inner) = base.strip_prefix("struct ").filter(|c| *c != "<anon>") {
                select(inner, members, order);
            }
        }
        order.push(s);
    }
    let mut order: Vec<&str> = Vec::new();
    for n in &defined_ioctls {
        let arg = arg_rows.get(n).unwrap_or_else(|| panic!("{n}: no ioctl_arg row in nvgpu-abi-extra.tsv"));
        if let Some(s) = arg.strip_prefix("struct ") {
            select(s, &members, &mut order);
        }
    }
    for s in list(extra_structs) {
        assert!(!order.contains(&s), "{s} is in structs.list but already the argument of a listed ioctl");
        select(s, &members, &mut order);
    }
    // A release that lacks a struct has no use for its notes.
    let notes: Vec<Vec<&str>> =
        notes.into_iter().filter(|r| !rel.lenient || order.contains(&r.get(1).copied().unwrap_or_default())).collect();
    for r in &notes {
        let s = r.get(1).copied().unwrap_or_default();
        assert!(order.contains(&s), "nvgpu-abi-notes.tsv: {s} is not a generated struct");
        match (r[0], r.len()) {
            ("struct", 3) => {}
            ("field", 4) => {
                assert!(members(s).iter().any(|m| m.name == r[2]), "nvgpu-abi-notes.tsv: no field {s}.{}", r[2])
            }
            _ => panic!("nvgpu-abi-notes.tsv: bad row {r:?}"),
        }
    }
    let struct_note = |s: &str| notes.iter().find(|r| r[0] == "struct" && r[1] == s).map(|r| r[2]);
    let field_note = |s: &str, f: &str| notes.iter().find(|r| r[0] == "field" && r[1] == s && r[2] == f).map(|r| r[3]);

    let mut out = header(&format!(
        "facts/{}, facts/nvgpu-abi-extra.tsv, facts/nvgpu-abi-notes.tsv, tools/factgen/ioctls.list and structs.list",
        rel.table
    ));
    let intro = [
        format!("The L4T {} nvgpu/nvmap structs: the argument struct of every ioctl in", rel.name),
        format!("`tools/factgen/ioctls.list` {}(after the structs its fields contain), then those of", rel.which),
        "`tools/factgen/structs.list`. Names, sizes, alignments and field offsets come from".to_string(),
        format!("facts/{}, C field types and ioctl arguments from facts/nvgpu-abi-extra.tsv,", rel.table),
        format!("the notes no table holds from facts/nvgpu-abi-notes.tsv.{}", rel.types_note),
    ];
    for line in intro.iter().map(String::as_str).chain([
        "",
        "A C union keeps its first member (in header order) as the Rust field; a later member",
        "sharing its bytes, and the name of a nested anonymous struct or union, is an alias",
        "(`StructLayout::aliases`). Where C aligns a struct more than its Rust fields would, it",
        "gets `#[repr(align)]`. The generator checks that the `#[repr(C)]` layout lands every",
        "field on its C offset; tests/abi_facts.rs checks the compiled layouts against",
        "the facts table.",
    ]) {
        if line.is_empty() {
            out.push_str("//!\n");
        } else {
            writeln!(out, "//! {line}").unwrap();
        }
    }
    out.push_str("use super::abi_struct;\n");

    for &s in &order {
        let (size, align) = *layouts.get(s).unwrap_or_else(|| panic!("{s}: no struct row in {}", rel.table));
        let all = members(s);
        assert!(!all.is_empty(), "{s}: no field rows in {}", rel.table);
        // Split into fields and aliases; lay the fields out as #[repr(C)] does.
        let mut covered = vec![false; size as usize];
        let mut fields: Vec<(&Member, String)> = Vec::new();
        let mut aliases: Vec<&Member> = Vec::new();
        let mut alias_align = 1;
        let (mut end, mut natural_align) = (0u64, 1u64);
        let mut gaps: Vec<(u64, Option<&str>)> = Vec::new();
        for m in &all {
            let range = m.offset as usize..(m.offset + m.size) as usize;
            assert!(range.end <= covered.len(), "{s}.{}: past the end of the struct", m.name);
            if m.cty.ends_with("<anon>") || covered[range.clone()].iter().any(|&c| c) {
                aliases.push(m);
                if !m.cty.ends_with("<anon>") {
                    alias_align = alias_align.max(rust_type(m.cty, &layouts).2);
                }
                continue;
            }
            let (ty, tsize, talign) = rust_type(m.cty, &layouts);
            assert_eq!(tsize, m.size, "{s}.{}: {} is {tsize} bytes, the facts say {}", m.name, m.cty, m.size);
            let at = end.next_multiple_of(talign);
            assert_eq!(at, m.offset, "{s}.{}: #[repr(C)] would put it at {at}, the facts at {}", m.name, m.offset);
            if at > end {
                gaps.push((at - end, fields.last().map(|f| f.0.name)));
            }
            end = at + tsize;
            natural_align = natural_align.max(talign);
            covered[range].iter_mut().for_each(|c| *c = true);
            fields.push((m, ty));
        }
        for a in &aliases {
            let range = a.offset as usize..(a.offset + a.size) as usize;
            assert!(covered[range].iter().all(|&c| c), "{s}.{}: alias over bytes no field covers", a.name);
        }
        let repr_align = (align > natural_align).then_some(align);
        let rust_size = end.next_multiple_of(align.max(natural_align));
        assert_eq!(rust_size, size, "{s}: #[repr(C)] gives {rust_size} bytes, the facts {size}");
        if end < size {
            gaps.push((size - end, None));
        }
        let mut idents: Vec<String> = fields.iter().map(|(m, _)| field_ident(m.name)).collect();
        idents.sort();
        idents.dedup();
        assert_eq!(idents.len(), fields.len(), "{s}: two fields with the same Rust name");

        // The struct's doc.
        let padding: Vec<String> = gaps
            .iter()
            .enumerate()
            .map(|(i, (n, after))| {
                let what = if i == 0 { " of padding" } else { "" };
                match after {
                    Some(f) => format!("{n} bytes{what} after `{f}`"),
                    None => format!("{n} bytes{what} at the end"),
                }
            })
            .collect();
        let mut text = if padding.is_empty() {
            format!("`struct {s}` ({size} bytes).")
        } else {
            format!("`struct {s}` ({size} bytes; {}).", spoken_list(&padding))
        };
        if let Some(ioctls) = arg_of.get(s) {
            let names: Vec<String> = ioctls
                .iter()
                .map(|n| if defined_ioctls.contains(n) { format!("[`{n}`](super::{n})") } else { format!("`{n}`") })
                .collect();
            write!(text, " The argument of {}.", spoken_list(&names)).unwrap();
        }
        let within: Vec<String> = order
            .iter()
            .filter(|&&o| members(o).iter().any(|m| m.cty.split('[').next() == Some(&format!("struct {s}"))))
            .map(|o| format!("[`{}`]", camel(o)))
            .collect();
        if !within.is_empty() {
            write!(text, " A field of {}.", spoken_list(&within)).unwrap();
        }
        if let Some(note) = struct_note(s) {
            write!(text, " {note}").unwrap();
        }
        if !aliases.is_empty() {
            let names: Vec<String> =
                aliases.iter().map(|a| format!("`{}` ({}..{})", a.name, a.offset, a.offset + a.size)).collect();
            write!(text, " C members sharing the fields' bytes, listed as aliases: {}.", spoken_list(&names)).unwrap();
        }
        if let Some(a) = repr_align {
            let wide: Vec<String> = aliases
                .iter()
                .filter(|m| !m.cty.ends_with("<anon>") && rust_type(m.cty, &layouts).2 == a)
                .map(|m| format!("`{}`", m.name))
                .collect();
            assert!(alias_align >= a && !wide.is_empty(), "{s}: C alignment {a} comes from no member");
            write!(text, " Aligned to {a} bytes as in C, for {}.", spoken_list(&wide)).unwrap();
        }

        out.push_str("abi_struct! {\n");
        doc(&mut out, "    ", &text);
        if let Some(a) = repr_align {
            writeln!(out, "    #[repr(align({a}))]").unwrap();
        }
        writeln!(out, "    \"{s}\" => {} ({size}) {{", camel(s)).unwrap();
        for (m, ty) in &fields {
            let mut text = format!("`{} {}` at offset {}", m.cty, m.name, m.offset);
            if let Some(note) = field_note(s, m.name) {
                write!(text, ": {note}").unwrap();
            }
            text.push('.');
            doc(&mut out, "        ", &text);
            writeln!(out, "        \"{}\" {}: {ty},", m.name, field_ident(m.name)).unwrap();
        }
        out.push_str("    }\n");
        let list: Vec<String> = aliases.iter().map(|a| format!("(\"{}\", {}, {})", a.name, a.offset, a.size)).collect();
        writeln!(out, "    aliases [{}]", list.join(", ")).unwrap();
        out.push_str("}\n");
    }
    out.push_str("\n/// Every struct's layout.\n");
    writeln!(out, "pub(super) const ALL_LAYOUTS: [super::StructLayout; {}] = [", order.len()).unwrap();
    for s in &order {
        writeln!(out, "{}::LAYOUT,", camel(s)).unwrap();
    }
    out.push_str("];\n");
    out
}

// ---------------------------------------------------------------- driver

#[cfg(test)]
mod tests {
    use super::*;

    const ABI: &str = "ioctl\tX_IOC_U\t0xc0084e01\t8\n\
        ioctl\tX_IOC_P\t0xc0104e02\t16\n\
        struct\tu\t8\t8\n\
        field\tu\ta\t0\t4\n\
        field\tu\tb\t0\t8\n\
        field\tu\ttype\t4\t4\n\
        struct\tp\t16\t8\n\
        field\tp\tx\t0\t1\n\
        field\tp\ts\t8\t8\n\
        field\tp\ts.y\t8\t8\n";
    const EXTRA: &str = "ioctl_arg\tX_IOC_U\tstruct u\tx.h\n\
        ioctl_arg\tX_IOC_P\tstruct p\tx.h\n\
        ftype\tu\ta\t__u32\n\
        ftype\tu\tb\t__u64\n\
        ftype\tu\ttype\t__u32\n\
        ftype\tp\tx\t__u8\n\
        ftype\tp\ts\tstruct <anon>\n\
        ftype\tp\ts.y\t__u64\n";

    #[test]
    fn union_members_after_the_first_and_nested_names_are_aliases() {
        let out = gen_structs(ABI, EXTRA, "", "X_IOC_U\nX_IOC_P\n", "", &crate::Release::R36);
        assert!(out.contains("\"a\" a: u32,"), "{out}");
        assert!(out.contains("\"type\" type_: u32,"), "{out}");
        assert!(out.contains("aliases [(\"b\", 0, 8)]"), "{out}");
        assert!(out.contains("#[repr(align(8))]"), "{out}");
        assert!(out.contains("\"s.y\" y: u64,"), "{out}");
        assert!(out.contains("aliases [(\"s\", 8, 8)]"), "{out}");
        assert!(out.contains("7 bytes of padding after `x`"), "{out}");
        assert!(out.contains("[`X_IOC_U`](super::X_IOC_U)"), "{out}");
        assert!(out.contains("pub(super) const ALL_LAYOUTS: [super::StructLayout; 2]"), "{out}");
    }

    #[test]
    fn notes_land_in_the_docs() {
        let notes = "struct\tp\tA note on p.\nfield\tu\ta\twhat a means\n";
        let out = gen_structs(ABI, EXTRA, notes, "X_IOC_U\nX_IOC_P\n", "", &crate::Release::R36);
        assert!(out.contains("A note on p."), "{out}");
        assert!(out.contains("/// `__u32 a` at offset 0: what a means."), "{out}");
    }

    #[test]
    #[should_panic(expected = "#[repr(C)] would put it at 8, the facts at 4")]
    fn a_layout_repr_c_cannot_give_is_refused() {
        let abi = ABI.replace("field\tp\ts.y\t8\t8", "field\tp\ts.y\t4\t8");
        gen_structs(&abi, EXTRA, "", "X_IOC_P\n", "", &crate::Release::R36);
    }

    #[test]
    #[should_panic(expected = "not a generated struct")]
    fn a_note_on_an_unknown_struct_is_refused() {
        gen_structs(ABI, EXTRA, "struct\tq\tnote\n", "X_IOC_U\nX_IOC_P\n", "", &crate::Release::R36);
    }
}
