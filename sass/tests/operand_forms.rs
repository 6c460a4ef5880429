//! Every operand form of every opcode in the corpus, against nvdisasm
//! (`sass/corpus/operand_forms.tsv`, written by `operand_forms.py` at regeneration time:
//! each opcode's seed word in every form, and with each modifier bit
//! flipped): each word nvdisasm prints decodes to the same text or is
//! refused, and none it refuses decodes. `sass/corpus/OPERAND_FORMS.md` lists per opcode the
//! forms nvdisasm accepts, those the decoder decodes and those the interpreter
//! executes; `sass/tests/forms_run.rs` runs the words and keeps it true
//! (`GPUIFACE_WRITE_FORMS=1` rewrites it). The reading of the file as forms
//! is `oracle/forms.rs`.

mod oracle;

use oracle::{forms, Outcome};

#[test]
fn every_operand_form_decodes_as_nvdisasm_or_is_refused() {
    let words = forms::words();
    let mut wrong = Vec::new();
    for w in &words {
        let Outcome::Wrong(got) = &w.outcome else { continue };
        match &w.verdict.printed {
            None => wrong.push(format!("{:#034x}: refused by nvdisasm, decoded {got}", w.verdict.word.0)),
            Some(p) => wrong.push(format!("{:#034x}: nvdisasm {p:?}, decoded {got}", w.verdict.word.0)),
        }
    }
    assert!(words.len() >= 1000, "operand_forms.tsv holds {} words", words.len());
    assert!(wrong.is_empty(), "{} forms decode differently from nvdisasm:\n{}", wrong.len(), wrong.join("\n"));
    assert!(forms::opcodes(&words).len() >= 100, "operand_forms.tsv holds fewer than 100 opcodes");
}
