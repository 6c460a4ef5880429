//! The disassembler against nvdisasm, instruction by instruction, over the
//! corpus's expected listings (`sass/corpus/sm_87/*.tsv`: function, offset,
//! encoding, predicate, opcode, operands as `nvdisasm -json` prints them).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gpuiface_sass::{decode, Word};

mod oracle;

struct Row {
    file: String,
    function: String,
    offset: u64,
    word: Word,
    predicate: String,
    opcode: String,
    operands: String,
}

fn rows(dir: &Path) -> Vec<Row> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "tsv")).collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read tsv");
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let c: Vec<&str> = line.split('\t').collect();
            assert!(c.len() >= 6, "{}: bad row {line:?}", f.display());
            let bytes: Vec<u8> =
                (0..16).map(|i| u8::from_str_radix(&c[2][2 * i..2 * i + 2], 16).expect("hex")).collect();
            out.push(Row {
                file: f.file_name().unwrap().to_string_lossy().into_owned(),
                function: c[0].into(),
                offset: u64::from_str_radix(c[1].trim_start_matches("0x"), 16).expect("offset"),
                word: Word::from_le_bytes(bytes.try_into().expect("16 bytes")),
                predicate: c[3].into(),
                opcode: c[4].into(),
                operands: c[5].into(),
            });
        }
    }
    out
}

/// Compare every row; returns (total, mismatches by base mnemonic with examples).
fn compare(rows: &[Row]) -> (usize, BTreeMap<String, (usize, Vec<String>)>) {
    let mut bad: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    // Each kernel's section starts where the offsets go back to 0; its
    // functions (the kernel, then called subroutines) start at their first row.
    let mut section = 0usize;
    let mut symbols: BTreeMap<(String, usize, u64), String> = BTreeMap::new();
    let mut sections = Vec::with_capacity(rows.len());
    let mut last: Option<(&str, &str)> = None;
    for r in rows {
        if r.offset == 0 {
            section += 1;
        }
        sections.push(section);
        if last != Some((r.file.as_str(), r.function.as_str())) {
            symbols.entry((r.file.clone(), section, r.offset)).or_insert_with(|| r.function.clone());
        }
        last = Some((r.file.as_str(), r.function.as_str()));
    }
    for (r, section) in rows.iter().zip(sections) {
        let sym = |t: u64| symbols.get(&(r.file.clone(), section, t)).cloned();
        let got = decode(r.word, r.offset).map(|i| (i.predicate_json(), i.opcode_text(), i.operands_json_with(&sym)));
        let want = (r.predicate.clone(), r.opcode.clone(), r.operands.clone());
        let ok = got.as_ref().is_ok_and(|g| *g == want);
        if !ok {
            let base = r.opcode.split('.').next().unwrap_or("").to_string();
            let e = bad.entry(base).or_default();
            e.0 += 1;
            if e.1.len() < 3 {
                e.1.push(format!("{}:{} {:#06x}: want {:?} got {:?}", r.file, r.function, r.offset, want, got));
            }
        }
    }
    (rows.len(), bad)
}

fn report(dir: &Path) -> (usize, usize, String) {
    let rows = rows(dir);
    let (total, bad) = compare(&rows);
    let wrong: usize = bad.values().map(|v| v.0).sum();
    let mut s = String::new();
    for (k, (n, ex)) in &bad {
        s.push_str(&format!("{k}: {n} differ\n"));
        for e in ex {
            s.push_str(&format!("    {e}\n"));
        }
    }
    (total, wrong, s)
}

#[test]
fn suite_kernels_disassemble_as_nvdisasm_does() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/sm_87");
    let (total, wrong, s) = report(&dir);
    eprintln!("suite: {total} instructions, {wrong} differ\n{s}");
    assert!(total > 800, "the suite's listings hold {total} instructions");
    assert_eq!(wrong, 0, "{wrong} of {total} differ from nvdisasm:\n{s}");
}

#[test]
fn corpus_disassembles_as_nvdisasm_does() {
    let dir = std::env::var_os("SASS_TSV_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sm_87"));
    let (total, wrong, s) = report(&dir);
    eprintln!("{total} instructions, {wrong} differ\n{s}");
    assert!(total >= 10_000, "the corpus holds {total} instructions");
    // Every instruction prints as nvdisasm prints it (the test lists each
    // differing opcode with examples).
    assert_eq!(wrong, 0, "{wrong} of {total} differ from nvdisasm:\n{s}");
}

/// Single-bit mutants of corpus words (`sass/corpus/bitflip.tsv`, from
/// `nvdisasm -b SM87` at regeneration time): each is either decoded exactly
/// as nvdisasm prints it or refused, never decoded into something else.
#[test]
fn bit_flips_decode_as_nvdisasm_or_are_refused() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/bitflip.tsv");
    let text = std::fs::read_to_string(&path).expect("sass/corpus/bitflip.tsv");
    let (mut total, mut refused, mut wrong, mut wrong_count) = (0, 0, Vec::new(), 0usize);
    for v in oracle::read(&text) {
        total += 1;
        match v.check() {
            oracle::Outcome::Same => {}
            oracle::Outcome::Refused => refused += 1,
            oracle::Outcome::Wrong(got) => {
                wrong_count += 1;
                if wrong.len() < 400 {
                    wrong.push(format!("{:032x}: nvdisasm {:?}, decoded {got}", v.word.0.swap_bytes(), v.printed));
                }
            }
        }
    }
    eprintln!("{total} mutants, {refused} refused, {wrong_count} decoded wrongly:\n{}", wrong.join("\n"));
    assert!(total >= 2000, "{total} mutants");
    // Every mutant decodes as nvdisasm prints it or is refused.
    assert_eq!(wrong_count, 0, "mutants decoded differently from nvdisasm:\n{}", wrong.join("\n"));
}
