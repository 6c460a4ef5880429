//! Teardown: RM objects freed children first (a context share deletes its
//! subcontext, a channel closes its fd before its buffers go), and the
//! device dropped in the order the kernel needs: objects, buffers, signal
//! pages, the address space, the usermode mapping, then the device fds.

use std::sync::Arc;

use gpuiface_hal::RmHandle;

use crate::abi::*;
use crate::channel::Channel;
use crate::device::{lock, NvgpuDevice, State};
use crate::memory::Allocation;
use crate::rm::{Node, Object};
use crate::sys::Syscalls;

impl<S: Syscalls> NvgpuDevice<S> {
    fn destroy(&self, st: &mut State<S>, node: Node<S>) {
        match node.object {
            Object::Channel(ch) => {
                // A submit port that still holds the channel takes no more work.
                ch.closed.store(true, std::sync::atomic::Ordering::Release);
                // Closing the channel fd first: the kernel unbinds it and unmaps its GPFIFO.
                match Arc::try_unwrap(ch) {
                    Ok(ch) => {
                        let Channel { fd, buffers, .. } = ch;
                        drop(fd);
                        for a in buffers.into_iter().rev() {
                            let _ = self.release(st, a);
                        }
                    }
                    Err(shared) => drop(shared), // a submit holds it; its buffers go with the last reference
                }
            }
            Object::Tsg(fd) => drop(fd),
            _ => {}
        }
    }

    pub(crate) fn free_subtree(&self, st: &mut State<S>, root: RmHandle) {
        let children: Vec<RmHandle> = st.objects.iter().filter(|(_, n)| n.parent == root).map(|(h, _)| *h).collect();
        for c in children.into_iter().rev() {
            self.free_subtree(st, c);
        }
        if let Some(node) = st.objects.remove(&root) {
            if let Object::Channel(_) = node.object {
                self.submit_channels.remove(root);
            }
            // r35 has no DELETE_SUBCONTEXT: its VEIDs are the backend's to hand out.
            if let (Object::ContextShare { veid }, Release::R36) = (&node.object, self.release) {
                let veid = *veid;
                if let Some(Node { object: Object::Tsg(tsg), .. }) = st.objects.get(&node.parent) {
                    let mut del = NvgpuTsgDeleteSubcontextArgs { veid, ..Default::default() };
                    if let Err(e) = tsg.call(calls::NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut del) {
                        self.note_release_error("deleting a subcontext", &e);
                    }
                }
            }
            self.destroy(st, node);
        }
    }
}

impl<S: Syscalls> Drop for NvgpuDevice<S> {
    fn drop(&mut self) {
        let mut st = lock(&self.state);
        // RM objects, children before parents: channels before TSGs.
        let roots: Vec<RmHandle> =
            st.objects.iter().filter(|(_, n)| n.parent == RmHandle::ROOT).map(|(h, _)| *h).collect();
        for r in roots.into_iter().rev() {
            self.free_subtree(&mut st, r);
        }
        let orphans: Vec<RmHandle> = st.objects.keys().rev().copied().collect();
        for h in orphans {
            self.free_subtree(&mut st, h);
        }
        // Buffers: GPU unmap, munmap, close, nvmap free (each in `release`);
        // the deferred ones too, their channels now closed.
        let deferred = std::mem::take(&mut st.deferred).into_iter().map(|d| d.allocation);
        let buffers: Vec<Allocation<S>> = st.buffers.drain().map(|(_, a)| a).chain(deferred).collect();
        for a in buffers {
            let _ = self.release(&st, a);
        }
        lock(&self.signal_pool).clear();
        let pages: Vec<Allocation<S>> = st.signal_pages.drain(..).collect();
        for a in pages {
            let _ = self.release(&st, a);
        }
        // The address space after everything mapped in it, then the device fds.
        st.address_space = None;
        drop(st);
        *lock(&self.usermode) = None;
        self.ctrl = None;
        self.nvmap = None;
    }
}
