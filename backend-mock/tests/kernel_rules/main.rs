//! The kernel-rule suite: the rules of `facts/nvgpu-kernel-constraints.md`
//! (§0 dispatch to §5 nvmap), each test named after the rule it checks. Each
//! drives the mock kernel only through the syscall seam with the raw r36 ABI
//! structs, as a user program would, and shows the accepted case next to the
//! rejected one so that it can fail.
//!
//! It merges two suites written independently against the constraints
//! document: one written with this model, one written against another model
//! of the kernel and ported (running it here found seven fidelity gaps: event
//! fds, 3D class on VEID≠0, syncpoint numbering, VA regions with big pages,
//! carveout heaps, GET_FD's errno, chid 511 first). Where both checked a
//! rule with different inputs, both tests are kept side by side.

#[path = "../harness/mod.rs"]
mod harness;

mod address_space;
mod channel;
mod ctrl;
mod dispatch;
mod nvmap;
mod r35;
mod tsg;
