//! SM 8.7 machine code (Ampere, the Orin's ga10b): a decoder of the 128-bit
//! instruction words, a disassembler that prints each instruction as
//! nvdisasm does, and an interpreter that runs compiled compute kernels
//! over a small memory trait.
//!
//! The tables here are the project's own, written from probing
//! nvdisasm (the oracle) and checked against it on a corpus the project
//! builds (`sass/corpus/`). Anything the tables do not know is refused
//! with a typed error, never guessed: an unknown word is a
//! [`DecodeError`], and the interpreter turns it into the GR exception
//! the hardware would raise.
//!
//! ```
//! use gpuiface_sass::{decode, Word};
//! // ISETP.NE.U32.AND P0, PT, RZ, UR2, PT — from a ptxas 12.9 cubin.
//! let w = Word::from_le_bytes(*b"\x0c\x7c\x00\xff\x02\x00\x00\x00\x70\x50\xf0\x0b\x00\xda\x0f\x00");
//! let i = decode(w, 0).unwrap();
//! assert_eq!(i.to_string(), "ISETP.NE.U32.AND P0, PT, RZ, UR2, PT ;");
//! ```
//!
//! The crate has no `unsafe` code (forbidden below): whatever a kernel or a
//! word does, the worst the interpreter can do is return a [`Fault`].

#![forbid(unsafe_code)]

pub mod decode;
pub mod exec;
pub mod float;
pub mod half;
pub mod instr;
pub mod op;
pub mod operand;
mod render;
pub mod special;
pub mod word;

pub use decode::{decode, DecodeError};
pub use exec::{
    fast_path, run_launch, run_launch_parallel, set_fast_path, workers_for, Code, ConstBuffer, Fault, FlatMemory,
    LaunchConfig, LocalMemory, Memory, Stats,
};
pub use instr::Instr;
pub use op::Op;
pub use operand::Operand;
pub use word::{Control, Word};
