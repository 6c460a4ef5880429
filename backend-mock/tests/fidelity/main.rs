//! Issue 12, "fidelity round 2": each behaviour a real Orin recorded that
//! the mock did differently, one test (or a few) per numbered item, named
//! `itemN_…`. FIDELITY.md lists them with their evidence; `ledger` keeps the
//! two in step. Item 11 (fd numbering) is in `tests/fidelity_fds.rs`: alone
//! in its binary, so no concurrently running test takes fd numbers in between.

#[path = "../gpu_support/mod.rs"]
#[allow(unused_imports)]
mod gpu_support;
#[path = "../harness/mod.rs"]
mod harness;

/// Item 3: the buddy allocator behind kernel-chosen GPU VAs.
mod buddy;
/// Items 2, 6, 13: the GPU model (SET_OBJECT, timestamps, GR exceptions).
mod gpu;
/// Items 1, 5, 7, 10, 12: ioctl answers and the trace.
mod kernel;
/// FIDELITY.md and these tests name the same items.
mod ledger;
/// Items 4 and 8: nvmap's handle ioctls and cache modes.
mod nvmap;
/// Issue 21 ("fidelity, round 3") items 1, 3, 5 and 8: alignment, the
/// recorded characteristics, proven QMD values, DeviceInfo.
mod round3_device;
/// Issue 21 ("fidelity, round 3") items 2 and 4: constants read on
/// access; engines and channels side by side.
mod round3_gpu;
/// Issue 40 ("fidelity, round 4") items 1 and 2: a hung channel stays
/// hung; a forked child does not inherit the doorbell mapping.
mod round4;
