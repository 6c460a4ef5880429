//! Encoders and decoders of what the CPU writes for the GPU, shared by every
//! backend and by the mock's GPU model (so both sides agree to the bit).

pub mod gpfifo;
pub mod method;
pub mod qmd;
