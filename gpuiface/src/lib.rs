//! # gpuiface
//!
//! One HAL for the GPU kernel interfaces of NVIDIA Jetson (Orin, ga10b,
//! `nvgpu.ko` + `nvmap`), with a run-time choice of backend:
//!
//! - **nvgpu**: the real kernel, through [`gpuiface_nvgpu::LinuxSyscalls`];
//! - **mock**: the same backend code over `gpuiface-mock`'s model of the
//!   kernel and the GPU, so everything runs on a laptop.
//!
//! [`open`] picks nvgpu where `/dev/nvgpu/igpu0/ctrl` exists and the mock
//! otherwise; `GPUIFACE_BACKEND=mock|nvgpu` overrides. Generic code works over
//! `impl GpuIface` and over [`Backend`] alike:
//!
//! ```
//! use gpuiface::{open_kind, BackendKind, GpuIface, AllocRequest, queue::Runtime};
//!
//! fn double_buffer<I: GpuIface>(dev: &I) -> gpuiface::Result<u64> {
//!     let b = dev.alloc(AllocRequest::new(8192))?;
//!     let va = b.gpu_va;
//!     dev.free(b)?;
//!     Ok(va)
//! }
//!
//! let dev = open_kind(BackendKind::Mock)?;
//! assert_eq!(dev.info().backend, "mock");
//! assert!(double_buffer(&dev)? > 0);
//! let rt = Runtime::new(&dev)?;
//! rt.synchronize()?;
//! # Ok::<(), gpuiface::Error>(())
//! ```

pub use gpuiface_hal::*;
pub use gpuiface_mock as mock;
pub use gpuiface_mock::MockDeviceExt;
pub use gpuiface_nvgpu as nvgpu;

use gpuiface_hal::iface::{First, Second};

/// The real Tegra backend.
pub type NvgpuBackend = gpuiface_nvgpu::NvgpuDevice<gpuiface_nvgpu::LinuxSyscalls>;
/// The nvgpu backend's code over the mock kernel and GPU model.
pub type MockBackend = gpuiface_mock::MockDevice;

/// Either backend, chosen at run time and dispatched without `dyn`
/// (`enum_dispatch`, see [`gpuiface_hal::Either`]).
pub type Backend = Either<NvgpuBackend, MockBackend>;

/// The device node whose presence selects the real backend.
pub const NVGPU_CTRL_PATH: &str = "/dev/nvgpu/igpu0/ctrl";
/// Set to treat `/dev/nvgpu/igpu0/ctrl` as present: for running the real
/// backend's Linux syscalls against the `LD_PRELOAD` mock (`gpuiface-preload`),
/// which serves the device without a node on disk.
pub const ASSUME_NVGPU_ENV: &str = "GPUIFACE_ASSUME_NVGPU";
/// The environment variable that overrides the choice.
pub const BACKEND_ENV: &str = "GPUIFACE_BACKEND";

/// Which backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    /// The real kernel.
    Nvgpu,
    /// The mock kernel and GPU model.
    Mock,
}

impl BackendKind {
    /// `"nvgpu"` or `"mock"`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Nvgpu => "nvgpu",
            BackendKind::Mock => "mock",
        }
    }

    /// Parse `"nvgpu"`, `"mock"` (or `"auto"` → `None`).
    pub fn parse(s: &str) -> Result<Option<BackendKind>> {
        match s.trim().to_ascii_lowercase().as_str() {
            "nvgpu" => Ok(Some(BackendKind::Nvgpu)),
            "mock" => Ok(Some(BackendKind::Mock)),
            "auto" | "" => Ok(None),
            other => Err(Error::invalid(
                "gpuiface::open",
                format!("{BACKEND_ENV}={other:?}: expected \"mock\", \"nvgpu\" or \"auto\""),
            )),
        }
    }

    /// Is this backend usable on this machine?
    pub fn available(self) -> bool {
        match self {
            BackendKind::Nvgpu => {
                std::path::Path::new(NVGPU_CTRL_PATH).exists() || std::env::var_os(ASSUME_NVGPU_ENV).is_some()
            }
            BackendKind::Mock => true,
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The backend [`open`] would choose: `GPUIFACE_BACKEND` if set, else nvgpu
/// when `/dev/nvgpu/igpu0/ctrl` exists, else the mock.
pub fn selected_kind() -> Result<BackendKind> {
    let from_env = match std::env::var(BACKEND_ENV) {
        Ok(v) => BackendKind::parse(&v)?,
        Err(_) => None,
    };
    Ok(from_env.unwrap_or(if BackendKind::Nvgpu.available() { BackendKind::Nvgpu } else { BackendKind::Mock }))
}

/// Open the backend [`selected_kind`] names.
pub fn open() -> Result<Backend> {
    open_kind(selected_kind()?)
}

/// Open a specific backend.
pub fn open_kind(kind: BackendKind) -> Result<Backend> {
    Ok(match kind {
        BackendKind::Nvgpu => Either::First(First(NvgpuBackend::open()?)),
        BackendKind::Mock => Either::Second(Second(gpuiface_mock::MockDevice::open_default()?)),
    })
}

/// What generic code may want to know about a [`Backend`].
pub trait BackendExt {
    /// Which backend this is.
    fn kind(&self) -> BackendKind;
    /// The mock, for mock-only features (kernels, fault injection, leak checks).
    fn as_mock(&self) -> Option<&MockBackend>;
}

impl BackendExt for Backend {
    fn kind(&self) -> BackendKind {
        match self {
            Either::First(_) => BackendKind::Nvgpu,
            Either::Second(_) => BackendKind::Mock,
        }
    }
    fn as_mock(&self) -> Option<&MockBackend> {
        match self {
            Either::Second(Second(m)) => Some(m),
            Either::First(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_backend_names() {
        assert_eq!(BackendKind::parse("mock").unwrap(), Some(BackendKind::Mock));
        assert_eq!(BackendKind::parse(" NVGPU ").unwrap(), Some(BackendKind::Nvgpu));
        assert_eq!(BackendKind::parse("auto").unwrap(), None);
        let e = BackendKind::parse("cuda").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.to_string().contains("GPUIFACE_BACKEND"), "{e}");
    }

    #[test]
    fn mock_opens_through_the_enum_and_generic_code_accepts_it() {
        fn backend_name<I: GpuIface>(i: &I) -> &'static str {
            i.info().backend
        }
        let dev = open_kind(BackendKind::Mock).unwrap();
        assert_eq!(dev.kind(), BackendKind::Mock);
        assert!(dev.as_mock().is_some());
        assert_eq!(backend_name(&dev), "mock");
        let dyn_dev: &dyn GpuIface = &dev;
        assert_eq!(dyn_dev.info().arch, 0x170);
    }
}
