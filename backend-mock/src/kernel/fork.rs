//! `fork(2)` (issue 40 item 2): a forked child's inherited fds are the same
//! open files as its parent's, and the kernel dispatches by file (facts §0),
//! so they answer in the child as in the parent. The usermode (doorbell)
//! mapping is `VM_DONTCOPY` (facts §1): the child does not inherit it; the
//! model marks it `MADV_DONTFORK` at the mmap (`syscalls.rs`).
//!
//! The model lives in the process's memory, which the child gets a copy of:
//! [`MockKernel::fork_prepare`] holds the model's locks across the fork so
//! that copy is consistent (no lock held by a thread the child does not
//! have), and [`MockKernel::inherit_from`] moves the copied objects into the
//! child's own kernel (one with its own GPU worker). Memory is shared: every
//! nvmap buffer is a shared mapping of a memfd, so GPFIFO entries and GP_PUT
//! the child writes into an inherited channel's buffers are the parent's
//! too, and the parent's GPU model, which serves that channel, runs them:
//! the child's work lands on the same channel, as on an Orin.
//!
//! Not modelled (the two processes hold separate copies of the kernel's
//! bookkeeping from the fork on): an object one process creates or frees
//! after the fork is not seen by the other (an nvmap handle the child
//! creates on the inherited nvmap fd, a channel the parent closes), ids
//! handed out after the fork (channel ids, nvmap handles, syncpoints) may
//! coincide between the two, and a channel the child creates runs on the
//! child's GPU model. A child's memory fds reach the parent's model only
//! while the parent lives (`/proc/<parent>/task/<keeper>/fd`).

use std::sync::{Arc, MutexGuard};

use super::cpumap::Mapped;
use super::state::lock;
use super::vm::VmInner;
use super::{KState, MockKernel, Vm};

/// The model's locks, held across a `fork(2)`: take it in a
/// `pthread_atfork` prepare handler and drop it in both the parent and the
/// child handlers. Dropping it in the child unlocks the child's copies of
/// the locks, which the forking thread (the child's only thread) holds.
pub struct ForkGuard {
    // Drop order is field order: the VM guards go before the VMs they
    // borrow, the keeper and state locks last (the order they were taken in,
    // reversed).
    vm_guards: Vec<MutexGuard<'static, VmInner>>,
    _vms: Vec<Arc<Vm>>,
    _keeper: crate::fdkeeper::ForkLock,
    _state: MutexGuard<'static, KState>,
}

impl std::fmt::Debug for ForkGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForkGuard").field("vms", &self.vm_guards.len()).finish_non_exhaustive()
    }
}

impl MockKernel {
    /// Before `fork(2)`: wait for the model's calls in flight and hold its
    /// locks (the kernel state, every address space's, the fd keeper's) until
    /// the guard is dropped, so a child's copy of the model holds no lock a
    /// thread it does not have took. The model's GPU is not held: a child
    /// never touches its parent's GPU model ([`MockKernel::inherit_from`]).
    pub fn fork_prepare(&'static self) -> ForkGuard {
        // The order every call takes them in: state, then a VM or the keeper.
        let state = lock(&self.state);
        let vms: Vec<Arc<Vm>> = state.vms.values().cloned().collect();
        let keeper = crate::fdkeeper::lock_for_fork();
        let vm_guards = vms
            .iter()
            .map(|vm| {
                let guard = vm.lock_for_fork();
                // SAFETY: the guard borrows a `Vm` that the `Arc` in `_vms`
                // keeps alive at a fixed heap address; the guards are dropped
                // before `_vms` (field order), so none outlives its VM.
                unsafe { std::mem::transmute::<MutexGuard<'_, VmInner>, MutexGuard<'static, VmInner>>(guard) }
            })
            .collect();
        ForkGuard { vm_guards, _vms: vms, _keeper: keeper, _state: state }
    }

    /// In a forked child: take over the objects of `parent`, the child's
    /// copy of its parent's kernel (whose locks [`MockKernel::fork_prepare`]
    /// left free), so every fd the child inherited answers as in the parent
    /// (nvmap and its handles, ctrl, address spaces, TSGs, channels,
    /// dma-bufs). `parent` is left empty; its GPU model, whose threads the
    /// child does not have, is never touched. Channels the parent had set up
    /// stay with the parent's GPU model (their work is run there, see the
    /// module docs); the usermode mappings, which the child did not inherit,
    /// are forgotten (each ctrl fd stays mapped: its VMA is the parent's).
    pub fn inherit_from(&self, parent: &MockKernel) {
        let mut moved = {
            let mut p = lock(&parent.state);
            let release = p.release;
            std::mem::replace(&mut *p, KState::new(release))
        };
        moved.actions.clear();
        moved.hang = None;
        for m in moved.cpu_maps.all() {
            if matches!(m.what, Mapped::Usermode { .. }) {
                moved.cpu_maps.punch(m.addr, m.len);
            }
        }
        *lock(&self.state) = moved;
    }
}
