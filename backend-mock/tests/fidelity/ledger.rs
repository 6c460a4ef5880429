//! FIDELITY.md (the ledger) and the fidelity tests cannot drift apart: every
//! `itemN_…` test in `tests/fidelity/` and `tests/fidelity_fds.rs` is named
//! in the ledger, every `itemN_…` name in the ledger is a test, and each of
//! issue 12's items 1–13 has a row.

use std::collections::BTreeSet;

fn item_names(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("item") {
        let tail = &rest[i..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(tail.len());
        let name = &tail[..end];
        let digits = name[4..].split('_').next().unwrap_or("");
        if name.len() > 6 && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && name.contains('_') {
            out.insert(name.to_string());
        }
        rest = &tail[end.max(4)..];
    }
    out
}

#[test]
fn every_fidelity_test_is_in_the_ledger_and_every_ledger_test_exists() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let ledger = std::fs::read_to_string(format!("{dir}/../FIDELITY.md")).expect("FIDELITY.md");
    let mut files: Vec<_> = std::fs::read_dir(format!("{dir}/tests/fidelity"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    files.push(format!("{dir}/tests/fidelity_fds.rs").into());
    let mut tests = String::new();
    for f in &files {
        tests += &std::fs::read_to_string(f).unwrap();
    }
    let defined: BTreeSet<String> = item_names(&tests)
        .into_iter()
        .filter(|n| tests.contains(&format!("fn {n}(")) || tests.contains(&format!("fn {n}\n")))
        .collect();
    let listed = item_names(&ledger);
    let missing: Vec<_> = defined.difference(&listed).collect();
    assert!(missing.is_empty(), "tests not in FIDELITY.md: {missing:?}");
    let stale: Vec<_> = listed.difference(&defined).collect();
    assert!(stale.is_empty(), "FIDELITY.md names tests that do not exist: {stale:?}");
    for n in 1..=13 {
        assert!(ledger.contains(&format!("\n| {n} |")), "item {n} has no row in FIDELITY.md");
    }
    assert!(ledger.contains("## Not modelled"));
}
