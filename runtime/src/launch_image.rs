//! [`LaunchImage`]: what a launch of one program with given dimensions and
//! argument length writes besides its addresses, checked and built once.
//!
//! A launch's QMD and constant buffer 0's driver area depend on the program
//! (fixed), the dimensions and the argument length; only constant buffer
//! 0's address and the folded signal's address and value change from one
//! launch to the next. So a program keeps the image of the first launch it
//! was checked for ([`Program::launch_image`](crate::Program)): a later
//! launch with the same dimensions and argument length copies it and stores
//! those few words ([`LaunchImage::qmd`]), with no field-by-field rebuild
//! and no re-check (the checks depend on nothing else). Any other launch is
//! checked and built in full, as the first was.

use gpuiface_hal::codec::qmd::{Qmd, Release, QMD_WORDS};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Result;

use crate::encode::{QmdWord, CBUF_LOWER, CBUF_UPPER, PAYLOAD_LOWER, PAYLOAD_UPPER, RELEASE_ADDR_LOWER, RELEASE_ADDR_UPPER};
use crate::launch;
use crate::program::Program;
use crate::queue::LaunchDims;

/// A launch's QMD and driver area for one (dimensions, argument length),
/// with constant buffer 0 at address 0 (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct LaunchImage {
    dims: LaunchDims,
    args_len: usize,
    /// Passed [`launch::check_launch`] (an image built for placeholder
    /// dimensions has not, and is never kept).
    checked: bool,
    /// The QMD with release 0 disabled.
    qmd: [u32; QMD_WORDS],
    /// The QMD with release 0 enabled (64-bit payload) at address 0, payload 0.
    qmd_release: [u32; QMD_WORDS],
    /// Constant buffer 0's driver area, the reserved shared-memory size included.
    driver: [u8; ga10b::CBUF0_PARAMS],
}

/// Store `value` in the one-word field `(index, shift, mask)` of `words`.
#[inline(always)]
fn put(words: &mut [u32; QMD_WORDS], (index, shift, mask): QmdWord, value: u32) {
    // Every QmdWord's index comes from a field of the 2048-bit QMD (`qmd_word`
    // in encode.rs), so it is below QMD_WORDS; `get_mut` keeps that unchecked
    // assumption from becoming a panic.
    if let Some(w) = words.get_mut(index) {
        *w = (*w & !mask) | (value.wrapping_shl(shift) & mask);
    }
}

impl LaunchImage {
    /// Check a launch of `program` with `dims` and `args_len` bytes of
    /// arguments and build its image.
    pub(crate) fn checked(program: &Program, dims: &LaunchDims, args_len: usize) -> Result<Self> {
        launch::check_launch(program.name(), program.attributes(), dims, args_len)?;
        Self::build(program, dims, args_len, true)
    }

    /// Build the image without the launch checks: for a template's
    /// placeholder dimensions, whose bound values are checked when bound.
    pub(crate) fn unchecked(program: &Program, dims: &LaunchDims, args_len: usize) -> Result<Self> {
        Self::build(program, dims, args_len, false)
    }

    fn build(program: &Program, dims: &LaunchDims, args_len: usize, checked: bool) -> Result<Self> {
        let attrs = program.attributes();
        let mut q: Qmd = *program.qmd_template();
        launch::fill_launch(&mut q, attrs, dims, 0, launch::cbuf0_size(attrs, args_len))?;
        let mut r = q;
        let mut rel = Release::new(0, 0);
        // The timeline is 64-bit: PAYLOAD64B, or the upper half is lost.
        rel.payload64 = true;
        r.set_release(0, &rel);
        let mut driver = [0u8; ga10b::CBUF0_PARAMS];
        launch::write_driver_area(&mut driver, dims)?;
        launch::write_reserved_shared(&mut driver, attrs);
        Ok(LaunchImage { dims: *dims, args_len, checked, qmd: *q.words(), qmd_release: *r.words(), driver })
    }

    /// True when this is the image of a checked launch with `dims` and
    /// `args_len`: a launch that matches needs no check of its own.
    #[inline]
    pub(crate) fn matches(&self, dims: &LaunchDims, args_len: usize) -> bool {
        self.checked && self.args_len == args_len && self.dims == *dims
    }

    /// The QMD of a launch whose constant buffer 0 is at `cbuf_va`, with
    /// release 0 writing `payload` (64-bit) to `address` when `release` is
    /// `Some((address, payload))`: the words `Qmd::set_constant_buffer` and
    /// `Qmd::set_release` would write, stored whole.
    #[inline]
    pub(crate) fn qmd(&self, cbuf_va: u64, release: Option<(u64, u64)>) -> [u32; QMD_WORDS] {
        let mut w = match release {
            Some(_) => self.qmd_release,
            None => self.qmd,
        };
        put(&mut w, CBUF_LOWER, cbuf_va as u32);
        put(&mut w, CBUF_UPPER, (cbuf_va >> 32) as u32);
        if let Some((address, payload)) = release {
            put(&mut w, RELEASE_ADDR_LOWER, address as u32);
            put(&mut w, RELEASE_ADDR_UPPER, (address >> 32) as u32);
            put(&mut w, PAYLOAD_LOWER, payload as u32);
            put(&mut w, PAYLOAD_UPPER, (payload >> 32) as u32);
        }
        w
    }

    /// Constant buffer 0's driver area.
    #[inline]
    pub(crate) fn driver(&self) -> &[u8; ga10b::CBUF0_PARAMS] {
        &self.driver
    }
}
