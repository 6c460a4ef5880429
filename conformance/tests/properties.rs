//! Random operation sequences against a simple reference model, with
//! shrinking (proptest). Invariants: live GPU ranges never overlap, buffer
//! contents survive everything else, signals only move forward, and nothing
//! leaks once the device is dropped. Runs on the mock (the kernel's leak
//! snapshot needs it); several threads share one device in the second test.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use gpuiface::mock::gpu::{ExecMode, GpuConfig};
use gpuiface::mock::{open_on, MockKernel};
use gpuiface::queue::{Queue, Runtime};
use gpuiface::{AllocRequest, Buffer, GpuIface};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    Alloc(u64),
    Free(usize),
    /// Overwrite a buffer from the CPU with a pattern.
    Write(usize, u8),
    /// GPU copy of one buffer's prefix into another.
    Copy(usize, usize),
    /// Release a signal from a queue and wait for it.
    Signal(bool),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (1u64..200_000).prop_map(Op::Alloc),
        2 => any::<usize>().prop_map(Op::Free),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Op::Write(i, b)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Op::Copy(a, b)),
        1 => any::<bool>().prop_map(Op::Signal),
    ]
}

/// Run `ops` on `dev`, checking against the model; returns an error text.
fn run(dev: &impl GpuIface, rt: &Runtime<impl GpuIface>, ops: &[Op]) -> Result<(), String> {
    let mut live: Vec<(Buffer, Vec<u8>)> = Vec::new();
    let signal = dev.signal_alloc().map_err(|e| e.to_string())?;
    let mut last_signal = 0u64;
    for op in ops {
        match *op {
            Op::Alloc(size) => {
                let b = dev.alloc(AllocRequest::new(size)).map_err(|e| e.to_string())?;
                for (o, _) in &live {
                    if !(b.gpu_end() <= o.gpu_va() || o.gpu_end() <= b.gpu_va()) {
                        return Err(format!("{b:?} overlaps {o:?}"));
                    }
                }
                let mut zero = vec![0u8; size as usize];
                rt.copyout(&mut zero, &b, 0).map_err(|e| e.to_string())?;
                live.push((b, zero));
            }
            Op::Free(i) if !live.is_empty() => {
                let (b, _) = live.remove(i % live.len());
                rt.free(b).map_err(|e| e.to_string())?;
            }
            Op::Write(i, byte) if !live.is_empty() => {
                let n = live.len();
                let (b, model) = &mut live[i % n];
                let data: Vec<u8> = (0..model.len()).map(|k| byte.wrapping_add(k as u8)).collect();
                rt.copyin(b, 0, &data).map_err(|e| e.to_string())?;
                *model = data;
            }
            Op::Copy(a, b) if live.len() >= 2 => {
                let (ia, ib) = (a % live.len(), b % live.len());
                if ia == ib {
                    continue;
                }
                let n = live[ia].1.len().min(live[ib].1.len());
                let mut q = Queue::copy_queue();
                q.copy(live[ib].0.gpu_va(), live[ia].0.gpu_va(), n as u64);
                rt.submit(&q, &[]).map_err(|e| e.to_string())?;
                let src = live[ia].1[..n].to_vec();
                live[ib].1[..n].copy_from_slice(&src);
            }
            Op::Signal(compute) => {
                last_signal += 1;
                let mut q = if compute { Queue::compute() } else { Queue::copy_queue() };
                q.signal(&signal, last_signal);
                rt.submit(&q, &[]).map_err(|e| e.to_string())?;
                dev.signal_wait(&signal, last_signal, Duration::from_secs(5)).map_err(|e| e.to_string())?;
                if signal.value() != last_signal {
                    return Err(format!("signal {} after releasing {last_signal}", signal.value()));
                }
            }
            _ => {}
        }
    }
    // Contents survived everything that happened to the other buffers.
    for (b, model) in &live {
        let mut out = vec![0u8; model.len()];
        rt.copyout(&mut out, b, 0).map_err(|e| e.to_string())?;
        if &out != model {
            return Err(format!("contents of {b:?} differ from the model"));
        }
    }
    Ok(())
}

fn kernel() -> Arc<MockKernel> {
    Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Threaded }).build())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, max_shrink_iters: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_sequences_match_the_model_and_leak_nothing(ops in proptest::collection::vec(op(), 1..40)) {
        let k = kernel();
        {
            let dev = open_on(k.clone()).unwrap();
            let rt = Runtime::new(&dev).unwrap();
            prop_assert_eq!(run(&dev, &rt, &ops), Ok(()));
        }
        prop_assert!(k.snapshot().is_empty(), "leaked: {:?}", k.snapshot());
    }

    #[test]
    fn several_threads_on_one_device(a in proptest::collection::vec(op(), 1..25), b in proptest::collection::vec(op(), 1..25)) {
        let k = kernel();
        {
            let dev = open_on(k.clone()).unwrap();
            let rt = Runtime::new(&dev).unwrap();
            let results: HashMap<usize, Result<(), String>> = std::thread::scope(|s| {
                let ha = s.spawn(|| run(&dev, &rt, &a));
                let hb = s.spawn(|| run(&dev, &rt, &b));
                [(0, ha.join().unwrap()), (1, hb.join().unwrap())].into_iter().collect()
            });
            prop_assert_eq!(&results[&0], &Ok(()));
            prop_assert_eq!(&results[&1], &Ok(()));
        }
        prop_assert!(k.snapshot().is_empty(), "leaked: {:?}", k.snapshot());
    }
}
