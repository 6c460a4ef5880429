//! Oracle data written at regeneration time from `nvdisasm -b SM87 -json`
//! on raw words (`sass/corpus/bitflip.tsv`, `sass/corpus/operand_forms.tsv`): one
//! line per word, `encoding predicate opcode operands offset`, or
//! `encoding !INVALID` for a word nvdisasm refuses.

pub mod forms;

use gpuiface_sass::{decode, Instr, Word};

/// What nvdisasm made of one word.
pub struct Verdict {
    /// The word (the line's 16 bytes in file order).
    pub word: Word,
    /// `(predicate, opcode, operands)` as nvdisasm printed them, the memory
    /// descriptor removed; `None` when nvdisasm refused the word.
    pub printed: Option<(String, String, String)>,
    /// The address nvdisasm decoded it at (branch targets are absolute).
    pub pc: u64,
}

/// What the decoder made of a word, against nvdisasm.
pub enum Outcome {
    /// Decoded as nvdisasm prints it.
    Same,
    /// Refused by the decoder (whatever nvdisasm said).
    Refused,
    /// Decoded into something nvdisasm does not print: the decoder's text.
    Wrong(String),
}

/// The verdicts of an oracle file's lines.
pub fn read(text: &str) -> Vec<Verdict> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let c: Vec<&str> = line.split('\t').collect();
            let bytes: Vec<u8> =
                (0..16).map(|i| u8::from_str_radix(&c[0][2 * i..2 * i + 2], 16).expect("hex")).collect();
            let word = Word::from_le_bytes(bytes.try_into().expect("16 bytes"));
            match c.get(1) {
                Some(&"!INVALID") => Verdict { word, printed: None, pc: 0 },
                _ => Verdict {
                    word,
                    printed: Some((c[1].to_string(), c[2].to_string(), strip_descriptor(c[3]))),
                    pc: u64::from_str_radix(c[4].trim_start_matches("0x"), 16).unwrap_or(0),
                },
            }
        })
        .collect()
}

impl Verdict {
    /// Decode the word where nvdisasm did and compare.
    pub fn check(&self) -> Outcome {
        match decode(self.word, self.pc) {
            Err(_) => Outcome::Refused,
            Ok(i) if self.printed.as_ref() == Some(&printed(&i)) => Outcome::Same,
            Ok(i) => Outcome::Wrong(format!("{} {} {}", i.predicate_json(), i.opcode_text(), i.operands_json())),
        }
    }
}

fn printed(i: &Instr) -> (String, String, String) {
    (i.predicate_json(), i.opcode_text(), i.operands_json())
}

/// `desc[URn]` removed from an operand list: nvdisasm on a raw word names
/// the memory descriptor that its listing of a cubin leaves out when it is
/// the default one; the decoder prints the listing's form (descriptors are
/// not modelled).
pub fn strip_descriptor(ops: &str) -> String {
    let mut out = ops.to_string();
    while let Some(at) = out.find("desc[") {
        match out[at..].find(']') {
            Some(end) => out.replace_range(at..at + end + 1, ""),
            None => break,
        }
    }
    out
}
