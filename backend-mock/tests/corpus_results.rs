//! Every corpus kernel with a reference (`sass/corpus/manifest.tsv`) runs
//! on the mock through the public runtime API, on every module it was
//! compiled into, and leaves exactly the bytes the reference says (or, for
//! approximate functions, values within the stated bound). Nothing here
//! knows any kernel: the SASS interpreter runs what the compilers emitted.

use std::path::{Path, PathBuf};

mod manifest;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sass/corpus")
}

#[test]
fn every_corpus_kernel_gives_its_reference_result() {
    let manifest = std::fs::read_to_string(corpus().join("manifest.tsv")).expect("sass/corpus/manifest.tsv");
    // CORPUS_ONLY=<substring of "module kernel"> runs a subset while working
    // on the interpreter; the known-failure checks then do not apply.
    let only = std::env::var("CORPUS_ONLY").ok();
    // Every row must pass, tensor cores and asynchronous copies included.
    let (ran, failures) =
        manifest::run_manifest(&corpus().join("sm_87"), &manifest, |k| only.as_deref().is_none_or(|o| k.contains(o)));
    eprintln!("{ran} kernel runs, {} failed", failures.len());
    if only.is_some() {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        return;
    }
    assert!(ran >= 300, "the manifest names {ran} runs");
    // Runs that fail today because the decoder or the interpreter lacks an
    // instruction they use (issue 20 is open until this list is empty): each
    // must still fail (remove it when it passes), and nothing else may.
    manifest::check_known(
        &failures,
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus_known_failures.txt"),
        |_| true,
    );
}
