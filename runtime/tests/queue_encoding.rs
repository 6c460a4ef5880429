//! The queue layer's encoding, checked by decoding what it submits.
//!
//! A recording fake backend (host memory, GPU VA == CPU address, no GPU)
//! captures every GPFIFO entry; the tests decode the pushbuffers with the
//! shared codecs and check signal placement, variables and chunking.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gpuiface_hal::classes::{compute, copy, host};
use gpuiface_hal::codec::method::decode_methods;
use gpuiface_hal::codec::qmd::Qmd;
use gpuiface_hal::*;
use gpuiface_runtime::{LaunchDims, Queue, QueueKind, QueueOptions, Runtime};

#[derive(Default)]
struct Fake {
    info: Option<DeviceInfo>,
    /// gpu_va -> host memory standing in for it. GPU VAs are a separate space.
    mem: Mutex<HashMap<u64, CpuView>>,
    next_id: std::sync::atomic::AtomicU64,
    next_va: Mutex<u64>,
    next_handle: Mutex<u32>,
    submitted: Mutex<Vec<(RmHandle, GpFifoEntry)>>,
    /// `submit` calls: one doorbell each.
    doorbells: std::sync::atomic::AtomicU64,
}

fn info(placement: SignalPlacement) -> DeviceInfo {
    let mut i = DeviceInfo::new("fake", placement);
    i.arch = 0x170;
    i.implementation = 0xb;
    i.sm_version = 0x807;
    i.compute_class = 0xc7c0;
    i.gpfifo_class = 0xc76f;
    i.dma_copy_class = 0xc7b5;
    i.va_bits = 48;
    i.num_gpc = 1;
    i.num_tpc = 4;
    i.l2_cache_size = 4 << 20;
    i.max_gpfifo_entries = 1 << 28;
    i.io_coherent = true;
    i
}

impl Fake {
    fn new(placement: SignalPlacement) -> Self {
        Fake { info: Some(info(placement)), ..Default::default() }
    }
    fn words_at(&self, va: u64, dwords: u32) -> Vec<u32> {
        let mem = self.mem.lock().unwrap();
        let (base, view) = mem.iter().filter(|(b, _)| **b <= va).max_by_key(|(b, _)| **b).expect("mapped");
        (0..u64::from(dwords)).map(|i| view.read_u32(va - base + 4 * i).expect("inside the buffer")).collect()
    }
}

impl GpuIface for Fake {
    fn info(&self) -> &DeviceInfo {
        self.info.as_ref().unwrap()
    }
    fn alloc(&self, r: AllocRequest) -> Result<Buffer> {
        if r.size == 0 {
            return Err(Error::invalid("alloc", "size 0"));
        }
        let view = CpuView::zeroed(r.size as usize)?;
        let mut next = self.next_va.lock().unwrap();
        let va = (*next).max(1 << 32);
        *next = (va + r.size).next_multiple_of(1 << 16);
        self.mem.lock().unwrap().insert(va, view.clone());
        let id = BufferId(self.next_id.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        // SAFETY: a fresh allocation of this fake device, its only handle; `view`
        // is `size` bytes of host memory standing in for it.
        Ok(unsafe { Buffer::from_raw_parts(self.info().device, id, va, r.size, Some(view)) })
    }
    fn free(&self, b: Buffer) -> Result<()> {
        let known = self.mem.lock().unwrap().remove(&b.gpu_va()).is_some();
        b.mark_freed();
        known.then_some(()).ok_or_else(|| Error::invalid("free", "unknown"))
    }
    fn map(&self, _: ForeignMemory<'_>) -> Result<Buffer> {
        Err(Error::unsupported("fake", "map"))
    }
    fn rm_alloc(&self, _: RmHandle, _: RmClass, _: &RmAllocParams) -> Result<RmHandle> {
        let mut n = self.next_handle.lock().unwrap();
        *n += 1;
        Ok(RmHandle::new(self.info().device, *n))
    }
    fn rm_control(&self, _: RmHandle, _: &mut RmControl) -> Result<()> {
        Ok(())
    }
    fn rm_free(&self, _: RmHandle) -> Result<()> {
        Ok(())
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        Ok(UsermodeRegs { base: 0, len: 0, doorbell_offset: 0x90 })
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.submitted.lock().unwrap().extend(entries.iter().map(|e| (channel, *e)));
        self.doorbells.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }
    fn signal_alloc(&self) -> Result<Signal> {
        let b = self.alloc(AllocRequest::new(16))?;
        let view = b.cpu().unwrap().clone();
        let ptr = std::ptr::NonNull::new(view.as_ptr()).unwrap();
        let keep: Arc<dyn Send + Sync> = Arc::new(view);
        // SAFETY: 16 page-aligned bytes of host memory the view in `keep` keeps alive.
        Ok(unsafe { Signal::from_raw(self.info().device, b.gpu_va(), ptr, keep) })
    }
    fn signal_wait(&self, _: &Signal, _: u64, _: Duration) -> Result<()> {
        Ok(())
    }
}

/// (method, data) pairs of the last submission.
fn last_methods(rt: &Runtime<&Fake>) -> (RmHandle, Vec<(u32, u32)>) {
    let fake = *rt.iface();
    let (ch, e) = *fake.submitted.lock().unwrap().last().unwrap();
    let words = fake.words_at(e.address, e.length_dwords);
    (ch, decode_methods(&words).map(|m| m.map(|m| (m.method, m.data)).unwrap()).collect())
}

/// The semaphore operations (address, payload, execute) in a method list.
fn semaphores(methods: &[(u32, u32)]) -> Vec<(u64, u64, u32)> {
    let mut out = Vec::new();
    let mut cur = [0u32; 4];
    for &(m, d) in methods {
        match m {
            m if m == host::SEM_ADDR_LO => cur[0] = d,
            m if m == host::SEM_ADDR_HI => cur[1] = d,
            m if m == host::SEM_PAYLOAD_LO => cur[2] = d,
            m if m == host::SEM_PAYLOAD_HI => cur[3] = d,
            m if m == host::SEM_EXECUTE => out.push((
                u64::from(cur[0]) | (u64::from(cur[1]) << 32),
                u64::from(cur[2]) | (u64::from(cur[3]) << 32),
                d,
            )),
            _ => {}
        }
    }
    out
}

fn is_release(exec: u32) -> bool {
    host::SEM_EXECUTE_OPERATION.get(exec) == host::SEM_EXECUTE_OPERATION_RELEASE
}

fn qmd_of(fake: &Fake, methods: &[(u32, u32)]) -> Qmd {
    let ptr = methods.iter().find(|(m, _)| *m == compute::SEND_PCAS_A).expect("SEND_PCAS_A").1;
    let words = fake.words_at(u64::from(ptr) << 8, 64);
    Qmd::from_words(words.try_into().unwrap())
}

#[test]
fn setup_binds_engines_and_each_engine_has_its_own_timeline() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let subs = fake.submitted.lock().unwrap().clone();
    assert_eq!(subs.len(), 2, "one SET_OBJECT submission per channel");
    let (ch, m) = last_methods(&rt);
    assert_eq!(ch, rt.objects().copy_channel);
    assert!(m.contains(&(host::SET_OBJECT, 0xc7b5)), "{m:x?}");
    let sems = semaphores(&m);
    // The copy channel's first submission waits for nothing on the compute
    // engine and releases value 1 of the copy timeline.
    let copy_tl = rt.timeline(QueueKind::Copy).gpu_va();
    assert_eq!(sems.iter().map(|s| (s.0, s.1, is_release(s.2))).collect::<Vec<_>>(), vec![(copy_tl, 1, true)]);
    assert_ne!(copy_tl, rt.timeline(QueueKind::Compute).gpu_va());
    assert_eq!((rt.last_timeline_value(QueueKind::Compute), rt.last_timeline_value(QueueKind::Copy)), (1, 1));
}

#[test]
fn tegra_placement_puts_the_signal_in_the_pushbuffer_not_the_qmd() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[0u8; 64]).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([4, 2, 1], [128, 1, 1]), &7u64.to_le_bytes()).signal(&sig, 42u64);
    rt.submit(&q, &[]).unwrap();
    let (ch, m) = last_methods(&rt);
    assert_eq!(ch, rt.objects().compute_channel);
    let qmd = qmd_of(&fake, &m);
    assert_eq!(qmd.release(0), None, "no QMD release on Tegra");
    assert_eq!(qmd.grid(), [4, 2, 1]);
    assert_eq!(qmd.block(), [128, 1, 1]);
    assert_eq!(qmd.program_address(), prog.gpu_va());
    let (cb_addr, cb_size) = qmd.constant_buffer(0).unwrap();
    let params = gpuiface_hal::hw::ga10b::CBUF0_PARAMS as u64;
    assert!(u64::from(cb_size) >= params + 8);
    assert_eq!(fake.words_at(cb_addr, 6), vec![128, 1, 1, 4, 2, 1], "block and grid in the driver area");
    assert_eq!(fake.words_at(cb_addr + params, 2), vec![7, 0], "kernel arguments after the driver area");
    assert!(semaphores(&m).iter().any(|&(a, p, e)| a == sig.gpu_va() && p == 42 && is_release(e)));
}

#[test]
fn qmd_placement_folds_a_signal_after_a_launch_into_release0() {
    let fake = Fake::new(SignalPlacement::QmdRelease);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[1u8; 16]).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[]).signal(&sig, 5u64);
    rt.submit(&q, &[]).unwrap();
    let (_, m) = last_methods(&rt);
    let rel = qmd_of(&fake, &m).release(0).expect("release0 set");
    assert_eq!((rel.address, rel.payload), (sig.gpu_va(), 5));
    assert!(!semaphores(&m).iter().any(|&(a, _, _)| a == sig.gpu_va()), "not also in the pushbuffer");
}

#[test]
fn variables_are_bound_per_submit_and_must_all_be_bound() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let mut q = Queue::compute();
    let v = q.var();
    q.wait(&sig, v).signal(&sig, v);
    for value in [3u64, 1 << 40] {
        rt.submit(&q, &[(v, value)]).unwrap();
        let (_, m) = last_methods(&rt);
        let user: Vec<_> = semaphores(&m).into_iter().filter(|s| s.0 == sig.gpu_va()).collect();
        assert_eq!(
            user.iter().map(|s| (s.1, is_release(s.2))).collect::<Vec<_>>(),
            vec![(value, false), (value, true)]
        );
    }
    let e = rt.submit(&q, &[]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}

#[test]
fn large_copies_are_split_into_copy_engine_launches() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let mut q = Queue::copy_queue();
    q.copy(0x1000_0000u64, 0x2000_0000u64, (2u64 << 30) + 5);
    rt.submit(&q, &[]).unwrap();
    let (ch, m) = last_methods(&rt);
    assert_eq!(ch, rt.objects().copy_channel);
    let launches = m.iter().filter(|(mm, _)| *mm == copy::LAUNCH_DMA).count();
    let lengths: Vec<u32> = m.iter().filter(|(mm, _)| *mm == copy::LINE_LENGTH_IN).map(|x| x.1).collect();
    assert_eq!(launches, 3);
    assert_eq!(lengths, vec![1 << 30, 1 << 30, 5]);
}

#[test]
fn launch_on_copy_queue_and_reused_qmd_memory() {
    let fake = Fake::new(SignalPlacement::QmdRelease);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[1u8; 16]).unwrap();
    let mut bad = Queue::copy_queue();
    bad.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
    assert_eq!(rt.submit(&bad, &[]).unwrap_err().kind(), ErrorKind::InvalidArgument);

    let sig = fake.signal_alloc().unwrap();
    let mut q = Queue::compute().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
    let v = q.var();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]).signal(&sig, v);
    let qmd_ptr = |m: &[(u32, u32)]| m.iter().find(|(x, _)| *x == compute::SEND_PCAS_A).unwrap().1;
    let first = rt.submit(&q, &[(v, 1)]).unwrap();
    let (_, m1) = last_methods(&rt);
    // The fake GPU never runs: submission 1 is still in flight, so its slot
    // is not rewritten; submission 2 gets fresh command memory.
    rt.submit(&q, &[(v, 2)]).unwrap();
    let (_, m2) = last_methods(&rt);
    assert_ne!(qmd_ptr(&m1), qmd_ptr(&m2), "a slot the GPU may still read was reused");
    let folded = qmd_of(&fake, &m1).release(0).unwrap();
    assert_eq!((folded.payload, folded.payload64), (1, true), "the first QMD is untouched, with a 64-bit payload");
    // Once the GPU is past submission 1, the slot is reused in place.
    // (The timeline is read-only to users: the fake GPU writes its memory.)
    let tl = rt.timeline(QueueKind::Compute).gpu_va();
    fake.mem.lock().unwrap()[&tl].write_u64(0, first).unwrap();
    rt.submit(&q, &[(v, 1 << 40)]).unwrap();
    let (_, m3) = last_methods(&rt);
    assert_eq!(qmd_ptr(&m1), qmd_ptr(&m3), "an idle slot is reused");
    assert_eq!(qmd_of(&fake, &m3).release(0).unwrap().payload, 1 << 40, "all 64 bits of the payload");
    rt.release_queue(&q).unwrap();
}

#[test]
fn replays_copy_the_encoding_into_fresh_memory_and_patch_it() {
    let fake = Fake::new(SignalPlacement::QmdRelease);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[1u8; 16]).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let mut q = Queue::compute();
    let (v, a) = (q.var(), q.var());
    q.launch_with_vars(&prog, LaunchDims::new([2, 1, 1], [32, 1, 1]), &[0u8; 16], &[(8, a)]).signal(&sig, v);
    let params = gpuiface_hal::hw::ga10b::CBUF0_PARAMS as u64;
    let mut seen = Vec::new();
    for (value, arg) in [((1u64 << 40) | 5, 0x1111_2222_3333_4444u64), (7, 9), (1 << 63, u64::MAX)] {
        rt.submit(&q, &[(v, value), (a, arg)]).unwrap();
        let (_, m) = last_methods(&rt);
        let qmd_va = u64::from(m.iter().find(|(x, _)| *x == compute::SEND_PCAS_A).unwrap().1) << 8;
        let qmd = qmd_of(&fake, &m);
        let rel = qmd.release(0).expect("the folded signal");
        assert_eq!((rel.address, rel.payload, rel.payload64), (sig.gpu_va(), value, true));
        let (cb, _) = qmd.constant_buffer(0).unwrap();
        assert_eq!(cb, qmd_va + 256, "constant buffer 0 right after the QMD, in this submission's memory");
        assert_eq!(fake.words_at(cb + params + 8, 2), vec![arg as u32, (arg >> 32) as u32], "argument variable");
        assert_eq!(fake.words_at(cb, 6), vec![32, 1, 1, 2, 1, 1], "driver area");
        seen.push(qmd_va);
    }
    seen.dedup();
    assert_eq!(seen.len(), 3, "every submit uses fresh command memory: {seen:x?}");
    let tl = rt.timeline(QueueKind::Compute).gpu_va();
    let (_, m) = last_methods(&rt);
    let last = *semaphores(&m).last().unwrap();
    assert_eq!((last.0, last.1), (tl, rt.last_timeline_value(QueueKind::Compute)), "the timeline value is patched");
}

#[test]
fn a_variable_of_another_queue_is_an_error_not_a_panic() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let mut other = Queue::compute();
    let foreign = other.var();
    let mut q = Queue::compute();
    q.signal(&sig, foreign);
    let e = rt.submit(&q, &[(foreign, 1)]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    assert!(e.to_string().contains("another queue"), "{e}");
    // Binding a foreign variable to a queue of one's own is refused too.
    let mut mine = Queue::compute();
    let v = mine.var();
    mine.signal(&sig, v);
    assert_eq!(rt.submit(&mine, &[(foreign, 1)]).unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert!(rt.submit(&mine, &[(v, 1)]).is_ok());
}

#[test]
fn a_batch_rings_each_channel_once() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let sig = fake.signal_alloc().unwrap();
    let before = fake.submitted.lock().unwrap().len();
    let doorbells_before = fake.doorbells.load(std::sync::atomic::Ordering::Relaxed);
    let mut qs = Vec::new();
    for i in 0..5u64 {
        let mut q = if i % 2 == 0 { Queue::compute() } else { Queue::copy_queue() };
        q.signal(&sig, i);
        qs.push(q);
    }
    let batch: Vec<(&Queue, &[(gpuiface_runtime::VarId, u64)])> = qs.iter().map(|q| (q, &[][..])).collect();
    let last = rt.submit_batch(&batch).unwrap();
    assert_eq!(fake.submitted.lock().unwrap().len() - before, 5, "five GPFIFO entries");
    assert_eq!(fake.doorbells.load(std::sync::atomic::Ordering::Relaxed) - doorbells_before, 2, "one per channel");
    assert_eq!(last, [rt.last_timeline_value(QueueKind::Compute), rt.last_timeline_value(QueueKind::Copy)]);
}

#[test]
fn the_suballocator_hands_out_disjoint_writable_slots_and_returns_empty_slabs() {
    use gpuiface_runtime::suballoc::SubAllocator;
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let small = SubAllocator::new(&fake);
    let a = small.alloc(100).unwrap();
    let b = small.alloc(100).unwrap();
    assert_eq!(b.gpu_va() - a.gpu_va(), 256);
    assert_eq!(small.slab_count(), 1);
    for (buf, byte) in [(&a, 0xa5u8), (&b, 0x5a)] {
        buf.write(0, &vec![byte; buf.size() as usize]).unwrap();
        assert!(buf.write(1, &vec![byte; buf.size() as usize]).is_err(), "a sub-buffer is bounded by its size");
    }
    let mut byte = [0u8];
    a.read(99, &mut byte).unwrap();
    assert_eq!(byte[0], 0xa5, "b's bytes start 256 later: a's are intact");
    small.free(a).unwrap();
    small.free(b).unwrap();
    assert_eq!(small.slab_count(), 0, "the empty slab went back to the backend");
    assert!(fake.mem.lock().unwrap().is_empty());
}

#[test]
fn a_sub_buffer_goes_back_only_to_the_allocator_that_made_it() {
    use gpuiface_runtime::suballoc::SubAllocator;
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let (one, two) = (SubAllocator::new(&fake), SubAllocator::new(&fake));
    let (a, b) = (one.alloc(100).unwrap(), two.alloc(100).unwrap());
    assert_ne!(a.id(), b.id(), "ids are unique across allocators of one device");
    assert_ne!(a, b);
    let keep = one.alloc(100).unwrap();
    assert!(two.free(a).is_err(), "another allocator's sub-buffer is refused");
    assert_eq!(one.slab_count(), 1, "and the slab it came from is untouched");
    two.free(b).unwrap();
    drop(one); // `keep` is still out: its slab stays allocated
    assert!(!fake.mem.lock().unwrap().is_empty());
    keep.write(0, &[1; 100]).unwrap();
}

/// (source, destination, length) of each copy-engine launch in a method list.
fn copies(methods: &[(u32, u32)]) -> Vec<(u64, u64, u32)> {
    let mut regs = [0u32; 5];
    let mut out = Vec::new();
    for &(m, d) in methods {
        let at = (m.wrapping_sub(copy::OFFSET_IN_UPPER) / 4) as usize;
        if m >= copy::OFFSET_IN_UPPER && at < 4 {
            regs[at] = d;
        } else if m == copy::LINE_LENGTH_IN {
            regs[4] = d;
        } else if m == copy::LAUNCH_DMA {
            let (src, dst) =
                ((u64::from(regs[0]) << 32) | u64::from(regs[1]), (u64::from(regs[2]) << 32) | u64::from(regs[3]));
            out.push((src, dst, regs[4]));
        }
    }
    out
}

#[test]
fn copy_addresses_and_lengths_are_patched_per_replay() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let mut q = Queue::copy_queue();
    let (dst, src, len) = (q.var(), q.var(), q.var());
    q.copy(dst, src, len);
    // A fixed length past one chunk: each chunk's addresses advance from the variable.
    q.copy(dst, 0x9000_0000u64, (1u64 << 30) + 3);
    for (d, s, n) in [(0x10_0000u64, 0x20_0000u64, 7u64), ((1 << 40) + 4, 0x30_0000, 1 << 30)] {
        rt.submit(&q, &[(dst, d), (src, s), (len, n)]).unwrap();
        let (_, m) = last_methods(&rt);
        let chunk = 1u64 << 30;
        assert_eq!(
            copies(&m),
            vec![(s, d, n as u32), (0x9000_0000, d, 1 << 30), (0x9000_0000 + chunk, d + chunk, 3)],
            "{m:x?}"
        );
    }
    for n in [0, (1 << 30) + 1] {
        let e = rt.submit(&q, &[(dst, 0x1000), (src, 0x2000), (len, n)]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "length {n}: {e}");
    }
}

#[test]
fn unsuffixed_copy_literals_compile_and_a_negative_one_is_refused_at_submit() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let mut q = Queue::copy_queue();
    q.copy(0x10_0000, 0x20_0000, 4096); // i32 literals, as before copies took variables
    rt.submit(&q, &[]).unwrap();
    let (_, m) = last_methods(&rt);
    assert_eq!(copies(&m), vec![(0x20_0000, 0x10_0000, 4096)], "{m:x?}");
    let mut bad = Queue::copy_queue();
    bad.copy(0x10_0000, 0x20_0000, -1);
    let e = rt.submit(&bad, &[]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    assert!(e.to_string().contains("-1"), "{e}");
}

#[test]
fn launch_dimensions_and_narrow_arguments_are_patched_per_replay() {
    use gpuiface_runtime::{ArgVar, Dims, Val};
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[0u8; 64]).unwrap();
    let mut q = Queue::compute();
    let (gx, by, bz, a16, a64) = (q.var(), q.var(), q.var(), q.var(), q.var());
    // Block y and z share one QMD word: both patched, neither clobbers the other.
    let dims = Dims::new([gx.into(), 3u32.into(), 1u32.into()], [Val::from(8u32), by.into(), bz.into()]);
    let args = [0xaau8; 16];
    q.launch_vars(&prog, dims, &args, &[ArgVar::value(2, 2, a16), ArgVar::value(8, 8, a64)]);
    for (g, y, z) in [(5u64, 4u64, 2u64), (70_000, 1, 64)] {
        rt.submit(&q, &[(gx, g), (by, y), (bz, z), (a16, 0x1234), (a64, g << 32 | y)]).unwrap();
        let (_, m) = last_methods(&rt);
        let qmd = qmd_of(&fake, &m);
        assert_eq!(qmd.grid(), [g as u32, 3, 1]);
        assert_eq!(qmd.block(), [8, y as u32, z as u32]);
        let (cb, _) = qmd.constant_buffer(0).unwrap();
        assert_eq!(fake.words_at(cb, 6), vec![8, y as u32, z as u32, g as u32, 3, 1], "driver area");
        let params = cb + gpuiface_hal::hw::ga10b::CBUF0_PARAMS as u64;
        let words = fake.words_at(params, 4);
        assert_eq!(words[0], 0x1234_aaaa, "two bytes at offset 2, the rest of the word kept");
        assert_eq!((words[2], words[3]), (y as u32, g as u32));
    }
    let bad = |g: u64, y: u64, z: u64, a: u64| rt.submit(&q, &[(gx, g), (by, y), (bz, z), (a16, a), (a64, 0)]);
    assert_eq!(bad(0, 1, 1, 0).unwrap_err().kind(), ErrorKind::InvalidArgument, "empty grid");
    assert_eq!(bad(1, 2048, 1, 0).unwrap_err().kind(), ErrorKind::InvalidArgument, "block past 1024 threads");
    assert_eq!(bad(1, 1, 1, 0x1_0000).unwrap_err().kind(), ErrorKind::InvalidArgument, "17 bits in 2 bytes");
    // An argument variable outside the arguments is refused at submit.
    let mut q2 = Queue::compute();
    let v = q2.var();
    q2.launch_vars(&prog, gpuiface_runtime::LaunchDims::new([1, 1, 1], [1, 1, 1]), &[0; 8], &[ArgVar::value(4, 8, v)]);
    assert_eq!(rt.submit(&q2, &[(v, 1)]).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

/// Dynamic shared memory as a variable (issue 39): each submit's QMD has
/// the bound size (and the configuration that fits it), and the driver
/// area says it; a size past the SM's limit is refused when bound.
#[test]
fn dynamic_shared_memory_is_a_variable_bound_per_submit() {
    use gpuiface_runtime::{Dims, LaunchDims};
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let prog = rt.load_program(&[0u8; 64]).unwrap();
    let mut q = Queue::compute();
    let smem = q.var();
    q.launch(&prog, Dims::from(LaunchDims::new([2, 1, 1], [32, 1, 1])).with_shared_mem(smem), &[0; 8]);
    let mut configs = Vec::new();
    for bytes in [0u64, 0x1000, 0x9000, 0x1000] {
        rt.submit(&q, &[(smem, bytes)]).unwrap();
        let (_, m) = last_methods(&rt);
        let qmd = qmd_of(&fake, &m);
        assert!(u64::from(qmd.shared_memory_size()) >= bytes, "{bytes:#x}: {}", qmd.shared_memory_size());
        let (cb, _) = qmd.constant_buffer(0).unwrap();
        let driver = fake.words_at(cb + gpuiface_hal::hw::ga10b::CBUF0_DYNAMIC_SHARED as u64, 1);
        assert_eq!(u64::from(driver[0]), bytes, "the driver area's dynamic shared size");
        configs.push(qmd.shared_memory_size());
    }
    assert!(configs[2] > configs[1], "a larger size is patched in: {configs:?}");
    assert_eq!(configs[1], configs[3], "the same size gives the same QMD: {configs:?}");
    let refused = rt.submit(&q, &[(smem, 0x40_0000)]).unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::InvalidArgument, "{refused}");
}

/// A submission as the GPU would read it, with what depends only on where
/// its command memory is left out: the methods (the QMD pointer and the
/// timeline's value zeroed), each launch's QMD (its constant buffer 0
/// address zeroed) and its constant buffer 0 bytes.
/// Methods, QMD words and constant buffer 0 words, per launch.
type AsRead = (Vec<(u32, u32)>, Vec<Vec<u32>>, Vec<Vec<u32>>);

fn as_read(fake: &Fake, m: &[(u32, u32)]) -> AsRead {
    use gpuiface_hal::codec::qmd::v03_00 as f;
    let cb_words = [f::constant_buffer_addr_lower(0).lo / 32, f::constant_buffer_addr_upper(0).lo / 32];
    let mut methods = m.to_vec();
    let (mut qmds, mut cbufs) = (Vec::new(), Vec::new());
    for (method, data) in methods.iter_mut() {
        if *method == compute::SEND_PCAS_A {
            let mut words = fake.words_at(u64::from(*data) << 8, 64);
            let (cb, size) = Qmd::from_words(words.clone().try_into().unwrap()).constant_buffer(0).unwrap();
            cbufs.push(fake.words_at(cb, size / 4));
            for w in cb_words {
                words[w as usize] = 0;
            }
            qmds.push(words);
            *data = 0;
        }
    }
    // The timeline's release is the last semaphore: its payload words.
    let payload: Vec<usize> = methods
        .iter()
        .enumerate()
        .filter(|(_, (m, _))| *m == host::SEM_PAYLOAD_LO || *m == host::SEM_PAYLOAD_HI)
        .map(|(i, _)| i)
        .collect();
    for &i in payload.iter().rev().take(2) {
        methods[i].1 = 0;
    }
    (methods, qmds, cbufs)
}

#[test]
fn a_one_shot_submits_what_the_same_queue_submits() {
    for placement in [SignalPlacement::PushbufferSemaphore, SignalPlacement::QmdRelease] {
        let fake = Fake::new(placement);
        let rt = Runtime::new(&fake).unwrap();
        let prog = rt.load_program(&[0u8; 64]).unwrap();
        let (a, b) = (fake.signal_alloc().unwrap(), fake.signal_alloc().unwrap());
        // Argument lengths that fill whole words and ones that do not; the
        // same shape again with new values (the kept encoding, patched).
        for (round, len) in [4usize, 12, 16, 24, 12, 4].into_iter().enumerate() {
            let args: Vec<u8> = (0..len).map(|k| (k * 37 + round * 11) as u8 ^ 0x5a).collect();
            let dims = LaunchDims::new([2 + round as u32 % 2, 1, 1], [32, 1, 1]);
            let (wait, value) = (round as u64 * 3 + 1, (round as u64) << 40 | 7);
            // A variable (bound, used nowhere) keeps the queue off the
            // one-shot path its first submit would take without one: it is
            // encoded in place, by the encoder the shapes are checked against.
            let mut q = Queue::compute();
            let unused = q.var();
            q.wait(&a, wait).launch(&prog, dims, &args).signal(&b, value).barrier();
            rt.submit(&q, &[(unused, 0)]).unwrap();
            let (_, from_queue) = last_methods(&rt);
            rt.one_shot(QueueKind::Compute)
                .wait(&a, wait)
                .launch(&prog, dims, &args)
                .signal(&b, value)
                .barrier()
                .submit()
                .unwrap();
            let (_, from_one_shot) = last_methods(&rt);
            assert_eq!(as_read(&fake, &from_one_shot), as_read(&fake, &from_queue), "{placement:?}, round {round}");
            let last = *semaphores(&from_one_shot).last().unwrap();
            assert_eq!(last.1, rt.last_timeline_value(QueueKind::Compute), "the one-shot's timeline value");
        }
        for (d, s, n) in [(0x10_0000u64, 0x20_0000u64, 7u64), ((1 << 40) + 4, 0x30_0000, (1 << 30) + 5)] {
            let mut q = Queue::copy_queue();
            let unused = q.var();
            q.copy(d, s, n).signal(&b, n);
            rt.submit(&q, &[(unused, 0)]).unwrap();
            let (_, from_queue) = last_methods(&rt);
            rt.one_shot(QueueKind::Copy).copy(d, s, n).signal(&b, n).submit().unwrap();
            let (_, from_one_shot) = last_methods(&rt);
            assert_eq!(as_read(&fake, &from_one_shot), as_read(&fake, &from_queue), "{placement:?}, copy of {n}");
        }
    }
}

/// A one-shot copy past the GPU address space is refused at its submit,
/// with its numbers in the message, and nothing is submitted; a copy that
/// ends at the last byte is not.
#[test]
fn a_one_shot_copy_past_the_address_space_is_refused_with_its_numbers() {
    let fake = Fake::new(SignalPlacement::PushbufferSemaphore);
    let rt = Runtime::new(&fake).unwrap();
    let top = fake.info().va_size();
    let before = rt.last_timeline_value(QueueKind::Copy);
    let e = rt.one_shot(QueueKind::Copy).copy(top - 0x100, 0x1000, 0x101).submit().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let text = e.to_string();
    for number in ["0x101", "0x1000", &format!("{:#x}", top - 0x100), &format!("{top:#x}")] {
        assert!(text.contains(number), "{number} missing from: {text}");
    }
    assert_eq!(rt.last_timeline_value(QueueKind::Copy), before, "a refused one-shot submitted something");
    rt.one_shot(QueueKind::Copy).copy(top - 0x100, 0x1000, 0x100).submit().unwrap();
    assert_eq!(rt.last_timeline_value(QueueKind::Copy), before + 1);
}
