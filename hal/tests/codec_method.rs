//! Pushbuffer method headers and the PushBuffer builder, checked against the
//! host class rows of `facts/nv-ampere-classes.tsv`.

use gpuiface_hal::codec::method::*;
use gpuiface_hal::facts;
use proptest::prelude::*;

fn bits(name: &str) -> (u32, u32) {
    *facts::classes().bits.get(name).unwrap_or_else(|| panic!("no bits row {name}"))
}
fn value(name: &str) -> u32 {
    *facts::classes().values.get(name).unwrap_or_else(|| panic!("no value row {name}")) as u32
}

#[test]
fn header_layout_matches_host_class() {
    assert_eq!(bits("NVC56F_DMA_SEC_OP"), (31, SEC_OP_SHIFT));
    assert_eq!(bits("NVC56F_DMA_METHOD_COUNT"), (28, COUNT_SHIFT));
    assert_eq!(bits("NVC56F_DMA_IMMD_DATA"), (28, COUNT_SHIFT));
    assert_eq!(28 - COUNT_SHIFT + 1, MAX_COUNT.count_ones());
    assert_eq!(bits("NVC56F_DMA_METHOD_SUBCHANNEL"), (15, SUBCHANNEL_SHIFT));
    assert_eq!(bits("NVC56F_DMA_METHOD_ADDRESS"), (11, 0));
    assert_eq!(MAX_METHOD >> 2, (1 << 12) - 1);
    assert_eq!(value("NVC56F_NUMBER_OF_SUBCHANNELS"), u32::from(NUM_SUBCHANNELS));
    assert_eq!(value("NVC56F_DMA_NOP"), 0);
    for (op, name) in [
        (SecOp::Increasing, "NVC56F_DMA_SEC_OP_INC_METHOD"),
        (SecOp::NonIncreasing, "NVC56F_DMA_SEC_OP_NON_INC_METHOD"),
        (SecOp::Immediate, "NVC56F_DMA_SEC_OP_IMMD_DATA_METHOD"),
        (SecOp::IncreaseOnce, "NVC56F_DMA_SEC_OP_ONE_INC"),
    ] {
        assert_eq!(op.code(), value(name), "{name}");
        assert_eq!(SecOp::from_code(op.code()), Some(op));
    }
    for name in ["GRP0_USE_TERT", "GRP2_USE_TERT", "RESERVED6", "END_PB_SEGMENT"] {
        assert_eq!(SecOp::from_code(value(&format!("NVC56F_DMA_SEC_OP_{name}"))), None, "{name}");
    }
    // The per-op opcode rows agree too.
    assert_eq!(value("NVC56F_DMA_INCR_OPCODE_VALUE"), SecOp::Increasing.code());
    assert_eq!(value("NVC56F_DMA_NONINCR_OPCODE_VALUE"), SecOp::NonIncreasing.code());
    assert_eq!(value("NVC56F_DMA_IMMD_OPCODE_VALUE"), SecOp::Immediate.code());
    assert_eq!(value("NVC56F_DMA_ONEINCR_OPCODE_VALUE"), SecOp::IncreaseOnce.code());
}

#[test]
fn semaphorea_known_vector() {
    // SEC_OP=INC(1) in 31:29, count 4 in 28:16, subchannel 0, address 0x10/4 = 4.
    let expected = (1u32 << 29) | (4 << 16) | 4;
    assert_eq!(expected, 0x2004_0004);
    let sema = value("NVC56F_SEMAPHOREA");
    let h = MethodHeader { op: SecOp::Increasing, subchannel: 0, method: sema, count_or_data: 4 };
    assert_eq!(h.encode(), expected);
    let mut pb = PushBuffer::new();
    pb.method(0, sema, &[1, 2, 3, 4]);
    assert_eq!(pb.words(), &[expected, 1, 2, 3, 4]);
    let got: Vec<_> = decode_methods(pb.words()).map(Result::unwrap).collect();
    let want: Vec<_> = (0..4).map(|k| Method { subchannel: 0, method: 0x10 + 4 * k, data: k + 1 }).collect();
    assert_eq!(got, want);
}

#[test]
fn long_counts_are_split() {
    let n = usize::from(MAX_COUNT) * 2 + 5;
    let data: Vec<u32> = (0..n as u32).collect();
    let mut pb = PushBuffer::new();
    pb.method_non_inc(2, 0x1b4, &data);
    assert_eq!(pb.len_dwords(), n + 3);
    let h0 = MethodHeader::decode(pb.words()[0]).unwrap();
    assert_eq!((h0.op, h0.count_or_data, h0.method), (SecOp::NonIncreasing, MAX_COUNT, 0x1b4));
    let h2 = MethodHeader::decode(pb.words()[2 * (usize::from(MAX_COUNT) + 1)]).unwrap();
    assert_eq!(h2.count_or_data, 5);
    let got: Vec<_> = decode_methods(pb.words()).map(Result::unwrap).collect();
    assert_eq!(got.len(), n);
    assert!(got.iter().enumerate().all(|(k, m)| m.data == k as u32 && m.method == 0x1b4 && m.subchannel == 2));
    for k in [0, 1, usize::from(MAX_COUNT) - 1, usize::from(MAX_COUNT), n - 1] {
        assert_eq!(pb.words()[pb.data_index(k).unwrap()], k as u32, "k={k}");
    }
    assert_eq!(pb.last_data_index(), Some(n + 2));
    assert_eq!(pb.data_index(n), None);

    // (An incrementing write cannot need a split: 8192 words would run past
    // the 4096-method space, which `method` debug-asserts against.)
    let data = vec![7u32; usize::from(MAX_COUNT) + 1];

    // Increase-once: the continuation is non-incrementing at method + 4.
    let mut pb = PushBuffer::new();
    pb.method_one_inc(0, 0x100, &data);
    let h1 = MethodHeader::decode(pb.words()[usize::from(MAX_COUNT) + 1]).unwrap();
    assert_eq!((h1.op, h1.method), (SecOp::NonIncreasing, 0x104));
    let addrs: Vec<u32> = decode_methods(pb.words()).map(|m| m.unwrap().method).collect();
    assert_eq!(addrs[0], 0x100);
    assert!(addrs[1..].iter().all(|&a| a == 0x104));
}

#[test]
fn patch_and_indices() {
    let mut pb = PushBuffer::new();
    pb.immediate(0, 0x78, 1);
    assert_eq!((pb.last_data_index(), pb.last_header_index()), (None, Some(0)));
    pb.method(0, 0x5c, &[0xdead_0000, 0x12, 5, 0, 1]);
    assert_eq!(pb.last_header_index(), Some(1));
    assert_eq!(pb.data_index(0), Some(2));
    assert_eq!(pb.last_data_index(), Some(6));
    let i = pb.data_index(2).unwrap();
    pb.patch(i, 6);
    let payload = decode_methods(pb.words()).map(Result::unwrap).find(|m| m.method == 0x64).unwrap();
    assert_eq!(payload.data, 6);
    pb.method(0, 0x10, &[]);
    assert_eq!(pb.last_data_index(), None);
    let mut bytes = vec![0u8; 4 * pb.len_dwords()];
    pb.write_le_bytes(&mut bytes);
    assert_eq!(bytes, pb.as_bytes());
    pb.clear();
    assert!(pb.is_empty() && pb.last_header_index().is_none());
}

#[test]
fn mixed_stream_decodes_in_order() {
    let mut pb = PushBuffer::new();
    pb.method(1, 0x2b4, &[0xabc])
        .immediate(0, 0x78, 0x1fff)
        .raw(&[0, 0])
        .method_non_inc(4, 0x1b4, &[9, 8])
        .method_one_inc(3, 0x400, &[1, 2, 3]);
    let got: Vec<_> = decode_methods(pb.words()).collect::<Result<_, _>>().unwrap();
    let m = |subchannel, method, data| Method { subchannel, method, data };
    assert_eq!(
        got,
        vec![
            m(1, 0x2b4, 0xabc),
            m(0, 0x78, 0x1fff),
            m(4, 0x1b4, 9),
            m(4, 0x1b4, 8),
            m(3, 0x400, 1),
            m(3, 0x404, 2),
            m(3, 0x404, 3)
        ]
    );
}

#[test]
fn truncated_and_unknown_errors_carry_the_index() {
    let mut pb = PushBuffer::new();
    pb.method(0, 0x10, &[1, 2, 3]);
    let mut words = pb.words().to_vec();
    words.pop();
    let items: Vec<_> = decode_methods(&words).collect();
    assert_eq!(items.len(), 1);
    let e = items[0].unwrap_err();
    assert_eq!(e.word_index, 0);
    assert_eq!(e.kind, DecodeErrorKind::Truncated { count: 3, available: 2 });
    assert!(e.to_string().contains("runs past the end"), "{e}");

    let words = [0x2001_0004, 5, 0xe000_0000, 0x2001_0004, 6];
    let items: Vec<_> = decode_methods(&words).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0], Ok(Method { subchannel: 0, method: 0x10, data: 5 }));
    let e = items[1].unwrap_err();
    assert_eq!((e.word_index, e.word, e.kind), (2, 0xe000_0000, DecodeErrorKind::UnknownSecOp(7)));
    let _: &dyn std::error::Error = &e;
}

proptest! {
    #[test]
    fn builder_decode_round_trip(
        calls in proptest::collection::vec((0u8..4, 0u8..8, 0u32..0x800, proptest::collection::vec(any::<u32>(), 0..20)), 0..20)
    ) {
        let mut pb = PushBuffer::new();
        let mut want = Vec::new();
        for (kind, sc, m, data) in &calls {
            let m = m << 2;
            match kind {
                0 => {
                    pb.method(*sc, m, data);
                    want.extend(data.iter().enumerate().map(|(k, &d)| Method { subchannel: *sc, method: m + 4 * k as u32, data: d }));
                }
                1 => {
                    pb.method_non_inc(*sc, m, data);
                    want.extend(data.iter().map(|&d| Method { subchannel: *sc, method: m, data: d }));
                }
                2 => {
                    pb.method_one_inc(*sc, m, data);
                    want.extend(data.iter().enumerate().map(|(k, &d)| Method { subchannel: *sc, method: m + if k == 0 { 0 } else { 4 }, data: d }));
                }
                _ => {
                    let d = data.first().copied().unwrap_or(0) & 0x1fff;
                    pb.immediate(*sc, m, d as u16);
                    want.push(Method { subchannel: *sc, method: m, data: d });
                }
            }
        }
        let got: Vec<_> = decode_methods(pb.words()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(got, want);
    }
}
