//! [`LaunchImage`]: what a launch of one program with given dimensions and
//! argument length writes besides its addresses, checked and built once.
//!
//! A launch's QMD and constant buffer 0's driver area depend on the program
//! (fixed), the dimensions and the argument length; only constant buffer
//! 0's address and the folded signal's address and value change from one
//! launch to the next. So a program keeps the images of the first few
//! distinct launches it was checked for (`KEPT_LAUNCHES`,
//! [`Program::launch_image`](crate::Program)): a later launch with the same
//! dimensions and argument length copies one and stores those few words
//! ([`LaunchImage::qmd`]), with no field-by-field rebuild and no re-check
//! (the checks depend on nothing else). Any other launch is checked and
//! built in full, as the first was.

use gpuiface_hal::codec::qmd::{Qmd, Release, QMD_WORDS};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Result;

use crate::encode::{
    QmdWord, CBUF_LOWER, CBUF_UPPER, PAYLOAD_LOWER, PAYLOAD_UPPER, RELEASE_ADDR_LOWER, RELEASE_ADDR_UPPER,
};
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

#[cfg(test)]
mod tests {
    use super::*;
    use gpuiface_hal::cubin::KernelAttributes;
    use gpuiface_hal::{Buffer, BufferId, CpuView, DeviceId};

    /// A program whose code is at a VA with upper bits set (so the upper
    /// address words matter), with parameters, static shared memory and a
    /// thread limit the checks enforce.
    fn program() -> Program {
        let view = CpuView::zeroed(4096).expect("host memory");
        // SAFETY: a test device of its own (a unique id), with one buffer of
        // id 1, standing in host memory `view` covers.
        let buffer =
            unsafe { Buffer::from_raw_parts(DeviceId::unique(), BufferId(1), 0x12_3456_7800, 4096, Some(view)) };
        let attrs = KernelAttributes {
            registers: 40,
            shared_static: 0x900,
            param_size: 16,
            max_threads: Some([256, 1, 1]),
            ..launch::raw_program_attributes()
        };
        Program::with_attributes(buffer, "k".into(), attrs, 512).map_err(|(e, _)| e).expect("attributes in range")
    }

    /// The QMD as the field-by-field path writes it.
    fn reference(p: &Program, dims: &LaunchDims, args_len: usize, cbuf_va: u64, release: Option<(u64, u64)>) -> Qmd {
        let attrs = p.attributes();
        let mut q = *p.qmd_template();
        launch::fill_launch(&mut q, attrs, dims, cbuf_va, launch::cbuf0_size(attrs, args_len)).expect("fits");
        if let Some((address, payload)) = release {
            let mut rel = Release::new(address, payload);
            rel.payload64 = true;
            q.set_release(0, &rel);
        }
        q
    }

    const DIMS: [LaunchDims; 3] = [
        LaunchDims { grid: [1, 1, 1], block: [32, 1, 1], shared_mem: 0 },
        LaunchDims { grid: [70_000, 3, 2], block: [128, 2, 1], shared_mem: 0x4000 },
        // Past the proven 100 KiB carve-out: MAX_SM_CONFIG is raised too.
        LaunchDims { grid: [5, 1, 1], block: [256, 1, 1], shared_mem: 0x1_A000 },
    ];

    #[test]
    fn image_words_equal_the_field_by_field_qmd() {
        let p = program();
        for dims in DIMS {
            let image = LaunchImage::checked(&p, &dims, 16).expect("a valid launch");
            for cbuf_va in [0x1_0000_0100, 0xff_ffff_ff00, 0x1_ffff_0000_0000] {
                for release in [None, Some((0x1_2345_6780, 7)), Some((0xfe_dcba_9870, u64::MAX - 3))] {
                    let got = image.qmd(cbuf_va, release);
                    let want = reference(&p, &dims, 16, cbuf_va, release);
                    assert_eq!(&got, want.words(), "{dims:?} cbuf {cbuf_va:#x} release {release:?}");
                }
            }
            let mut driver = [0u8; ga10b::CBUF0_PARAMS];
            launch::write_driver_area(&mut driver, &dims).expect("fits");
            launch::write_reserved_shared(&mut driver, p.attributes());
            assert_eq!(image.driver(), &driver);
        }
    }

    #[test]
    fn a_program_keeps_its_first_checked_launches_and_rebuilds_others() {
        use crate::program::{Image, KEPT_LAUNCHES};
        let p = program();
        // Distinct valid launches, more than a program keeps.
        let launches: Vec<LaunchDims> =
            (0..KEPT_LAUNCHES as u32 + 2).map(|k| LaunchDims { grid: [1 + k, 1, 1], ..DIMS[0] }).collect();
        // The first KEPT_LAUNCHES are kept in turn; later ones are built.
        for (k, dims) in launches.iter().enumerate() {
            let image = p.launch_image(dims, 16).expect("valid");
            assert_eq!(matches!(image, Image::Kept(_)), k < KEPT_LAUNCHES, "launch {k}");
        }
        // Launched again, in another order: each kept one is the same image, a hit.
        for (k, dims) in launches.iter().enumerate().rev() {
            let (a, b) = (p.launch_image(dims, 16).expect("valid"), p.launch_image(dims, 16).expect("valid"));
            match (&a, &b) {
                (Image::Kept(a), Image::Kept(b)) => assert!(k < KEPT_LAUNCHES && std::ptr::eq(*a, *b), "launch {k}"),
                (Image::Built(_), Image::Built(_)) => assert!(k >= KEPT_LAUNCHES, "launch {k}"),
                _ => panic!("launch {k}: kept once, built the other time"),
            }
            // Hit or miss, the QMD the field-by-field path writes.
            let want = reference(&p, dims, 16, 0x7_0000_0200, Some((0x9_0000_0040, 42)));
            assert_eq!(&a.qmd(0x7_0000_0200, Some((0x9_0000_0040, 42))), want.words(), "launch {k}");
        }
        // Another argument length is another launch.
        assert!(p.launch_image(&DIMS[0], 24).is_err(), "the kernel takes 16 bytes of arguments");
    }

    #[test]
    fn launches_not_checked_before_are_refused_hit_or_not() {
        let p = program();
        let too_many = LaunchDims { grid: [1, 1, 1], block: [512, 1, 1], shared_mem: 0 };
        let empty = LaunchDims { grid: [0, 1, 1], block: [32, 1, 1], shared_mem: 0 };
        // Refused before any image is kept, and never kept.
        assert!(p.launch_image(&too_many, 16).is_err(), "past the kernel's 256 threads");
        assert!(matches!(p.launch_image(&DIMS[0], 16), Ok(crate::program::Image::Kept(_))));
        // Refused with an image kept: a miss is checked in full.
        assert!(p.launch_image(&too_many, 16).is_err());
        assert!(p.launch_image(&empty, 16).is_err());
        let too_much_shared = LaunchDims { shared_mem: 0x40_0000, ..DIMS[0] };
        assert!(p.launch_image(&too_much_shared, 16).is_err());
        // The kept image is still the first launch's.
        assert!(matches!(p.launch_image(&DIMS[0], 16), Ok(crate::program::Image::Kept(_))));
        // Placeholder images are never taken for checked ones.
        assert!(!LaunchImage::unchecked(&p, &too_many, 16).expect("built").matches(&too_many, 16));
    }
}
