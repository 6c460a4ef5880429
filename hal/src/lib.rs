//! # gpuiface-hal
//!
//! The hardware-abstraction layer of gpuiface: the [`GpuIface`] trait that
//! every backend implements, and everything the backends share.
//!
//! | module | what it holds |
//! |---|---|
//! | [`iface`] | the [`GpuIface`] trait and the [`Backend`] run-time backend enum (`Backend::Nvgpu`, `Backend::Mock`) |
//! | [`error`] | [`Error`] (rich) and [`ErrorKind`] (what generic code matches on) |
//! | [`types`] | [`DeviceInfo`], [`AllocRequest`], [`Signal`], [`RmHandle`] |
//! | [`buffer`] | [`Buffer`] (an owned, unforgeable handle), [`CpuView`] (checked CPU access), [`DeviceId`] |
//! | [`fault`] | [`FaultKind`] and [`classify`]: the one decode of a channel fault's kind and engine |
//! | [`rm`] | RM classes and controls as typed enums, with a raw escape hatch |
//! | [`hw`] | per-SoC hardware facts (ga10b): limits, windows, constant buffer 0's driver area, classes, GMMU sizes, the host interface (USERD, usermode window, doorbell, work-submit token, GPFIFO minimum) |
//! | [`cubin`] | the cubin loader: each kernel's code and launch attributes |
//! | [`codec`] | GPFIFO entries, pushbuffer method headers, QMD V03_00 (encode + decode) |
//! | [`classes`] | host / compute / copy method offsets, data-word [`Bits`] and values, per class, from NVIDIA's class headers |
//! | [`limits`] | [`DeviceLimits`]: a device's launch limits, from the kernel where reported, else the ga10b facts |
//! | [`port`] | [`SubmitPort`]: a channel's submits resolved once |
//! | [`spin_lock`] | the spin lock of a channel's GP_PUT and of a runtime's engine state |
//! | [`shared_mem`] | the relaxed atomic word copies behind [`CpuView`] (memory the GPU shares) |
//! | [`logging`] | a minimal stderr logger for the binaries |
//!
//! ## Design rules
//! 1. The trait has no associated types and no generic methods, so the same
//!    code runs over `impl GpuIface`, `&dyn GpuIface` and the [`Backend`] enum.
//! 2. Bit layouts live in [`codec`] only; backends and the mock's GPU model
//!    both use them, and tests check them against NVIDIA's class headers
//!    (`facts/nv-ampere-classes.tsv`).
//! 3. Errors name the failing operation and carry the errno; nothing is
//!    silently skipped: unknown classes or controls are
//!    [`ErrorKind::Unsupported`].
//! 4. No timing in tests: speed is measured by `cargo bench`.
//!
//! ```
//! use gpuiface_hal::{Error, Errno, ErrorKind};
//! let e = Error::sys("NVMAP_IOC_ALLOC", Errno::ENOMEM);
//! assert_eq!(e.kind(), ErrorKind::OutOfMemory);
//! assert_eq!(e.to_string(), "NVMAP_IOC_ALLOC failed: ENOMEM (out of memory)");
//! ```

pub mod buffer;
pub mod classes;
pub mod codec;
pub mod cubin;
pub mod error;
#[cfg(feature = "facts")]
pub mod facts;
pub mod fault;
pub mod hw;
pub mod iface;
pub mod limits;
pub mod logging;
pub mod port;
pub mod rm;
pub mod shared_mem;
pub mod spin_lock;
pub mod types;

pub use classes::Bits;
pub use codec::gpfifo::GpFifoEntry;
pub use codec::method::{decode_methods, Method, MethodHeader, PushBuffer, SecOp};
pub use codec::qmd::{Qmd, QmdField};
pub use error::{Engine, Errno, Error, ErrorKind, FaultRecord, Result};
pub use fault::{classify, FaultKind};
pub use iface::{Backend, ForeignMemory, GpuIface, LiveCounts};
pub use limits::{DeviceLimits, LimitSource};
pub use port::{DirectSubmit, SubmitPort};
pub use rm::{GrInfoIndex, RmAllocParams, RmClass, RmControl};
pub use types::{
    AllocRequest, Buffer, BufferId, CpuView, DeviceId, DeviceInfo, RmHandle, Signal, SignalPlacement, UsermodeRegs,
    SIGNAL_SLOT_SIZE,
};
