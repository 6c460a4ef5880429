//! Decode instruction words given on the command line, each as one 128-bit
//! hexadecimal number (high bits first, as the mock's errors print them)
//! or as nvdisasm's two halves `LOW:HIGH`, and print what the decoder
//! makes of them: the text nvdisasm would print, or why it is refused.
//!
//! ```text
//! cargo run -q -p gpuiface-sass --example decode_words -- 0x000fe20000003000_0000000c00027238
//! ```

use gpuiface_sass::{decode, Word};

fn parse(arg: &str) -> Option<u128> {
    let hex = |s: &str| u128::from_str_radix(s.trim_start_matches("0x").replace('_', "").as_str(), 16).ok();
    match arg.split_once(':') {
        Some((lo, hi)) => Some(hex(lo)? | hex(hi)? << 64),
        None => hex(arg),
    }
}

fn main() {
    for arg in std::env::args().skip(1) {
        match parse(&arg) {
            Some(w) => match decode(Word(w), 0) {
                Ok(i) => println!("{w:#034x}  {i}"),
                Err(e) => println!("{w:#034x}  refused: {e}"),
            },
            None => println!("{arg}: not a hexadecimal word"),
        }
    }
}
