//! The ABI the backend speaks, from `gpuiface-abi`: the r36 names at this
//! module's top (what the backend's code uses by default), the r35 ones in
//! [`r35`], and what both share.

pub use gpuiface_abi::r36::*;
pub use gpuiface_abi::{r35, r36, Release};
