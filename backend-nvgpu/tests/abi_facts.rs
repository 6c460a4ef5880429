//! Every ioctl number, struct size/alignment, field offset/size and constant
//! that `gpuiface_nvgpu::abi` defines, checked against the L4T r36 facts
//! (`facts/nvgpu-abi.tsv`, embedded by `gpuiface_hal::facts`).

use gpuiface_hal::facts::{abi_r35, abi_r36, AbiFacts};
use gpuiface_nvgpu::abi::{self, CONSTS, IOCTLS, STRUCTS};

/// Compare the definitions with a facts table; one message per mismatch.
fn mismatches(facts: &AbiFacts, listing: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    for row in listing {
        let c: Vec<&str> = row.split('\t').collect();
        let ok = match c.as_slice() {
            ["ioctl", name, num, size] => {
                let num = u32::from_str_radix(num.trim_start_matches("0x"), 16).unwrap();
                facts.ioctl(name) == Some((num, size.parse().unwrap()))
            }
            ["struct", name, size, align] => {
                facts.struct_layout(name) == Some((size.parse().unwrap(), align.parse().unwrap()))
            }
            ["field", st, f, off, size] => facts.field(st, f) == Some((off.parse().unwrap(), size.parse().unwrap())),
            ["const", name, v] => {
                let v = i128::from_str_radix(v.trim_start_matches("0x"), 16)
                    .or_else(|_| v.parse::<i128>())
                    .unwrap_or(i128::MIN);
                facts.constant(name) == Some(v)
            }
            _ => false,
        };
        if !ok {
            bad.push(row.clone());
        }
    }
    bad
}

#[test]
fn every_definition_matches_the_r36_facts() {
    let bad = mismatches(abi_r36(), &abi::listing());
    assert!(bad.is_empty(), "{} rows disagree with facts/nvgpu-abi.tsv:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn every_field_of_every_defined_struct_is_covered() {
    // Each struct's field rows in the facts must all appear as a field or alias.
    let facts = abi_r36();
    for s in STRUCTS {
        for ((st, f), _) in facts.fields.range((s.name.to_string(), String::new())..) {
            if st != s.name {
                break;
            }
            let covered = s.fields.iter().chain(s.aliases).any(|x| x.name == f);
            assert!(covered, "{}.{} is in the facts but not defined", s.name, f);
        }
    }
}

#[test]
fn the_checker_catches_a_single_wrong_value() {
    let good = abi::listing();
    assert!(mismatches(abi_r36(), &good).is_empty());
    // Alter each kind of row once: an ioctl number, a struct size, a field offset, a constant.
    for kind in ["ioctl", "struct", "field", "const"] {
        let mut rows = good.clone();
        let i = rows.iter().position(|r| r.starts_with(kind)).unwrap();
        let mut cols: Vec<String> = rows[i].split('\t').map(String::from).collect();
        // The value column: the number, the size, the offset, the value.
        let (col, wrong) = match kind {
            "ioctl" => (2, "0x7777"),
            "struct" => (2, "777"),
            "field" => (3, "777"),
            _ => (2, "0x7777"),
        };
        cols[col] = wrong.into();
        rows[i] = cols.join("\t");
        assert_eq!(mismatches(abi_r36(), &rows), vec![rows[i].clone()], "{kind}");
    }
}

#[test]
fn the_ioctls_the_backend_and_mock_need_are_defined() {
    for name in [
        "NVGPU_GPU_IOCTL_GET_CHARACTERISTICS",
        "NVGPU_GPU_IOCTL_ALLOC_AS",
        "NVGPU_GPU_IOCTL_OPEN_TSG",
        "NVGPU_GPU_IOCTL_OPEN_CHANNEL",
        "NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE",
        "NVGPU_GPU_IOCTL_GET_TPC_MASKS",
        "NVGPU_GPU_IOCTL_REGISTER_BUFFER",
        "NVMAP_IOC_CREATE",
        "NVMAP_IOC_ALLOC",
        "NVMAP_IOC_FREE",
        "NVMAP_IOC_GET_FD",
        "NVMAP_IOC_GET_AVAILABLE_HEAPS",
        "NVMAP_IOC_QUERY_HEAP_PARAMS",
        "NVGPU_AS_IOCTL_BIND_CHANNEL",
        "NVGPU_AS_IOCTL_ALLOC_SPACE",
        "NVGPU_AS_IOCTL_FREE_SPACE",
        "NVGPU_AS_IOCTL_MAP_BUFFER_EX",
        "NVGPU_AS_IOCTL_UNMAP_BUFFER",
        "NVGPU_AS_IOCTL_GET_VA_REGIONS",
        "NVGPU_AS_IOCTL_GET_SYNC_RO_MAP",
        "NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX",
        "NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER",
        "NVGPU_IOCTL_CHANNEL_WDT",
        "NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE",
        "NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT",
        "NVGPU_IOCTL_CHANNEL_SETUP_BIND",
        "NVGPU_TSG_IOCTL_BIND_CHANNEL_EX",
        "NVGPU_TSG_IOCTL_UNBIND_CHANNEL",
        "NVGPU_IOCTL_TSG_EVENT_ID_CTRL",
        "NVGPU_IOCTL_TSG_SET_TIMESLICE",
        "NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT",
        "NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT",
    ] {
        assert!(abi::ioctl_by_name(name).is_some(), "{name} missing");
    }
    assert_eq!(IOCTLS.len(), abi::listing().iter().filter(|r| r.starts_with("ioctl")).count());
    assert!(CONSTS.len() > 100);
}

#[test]
fn r35_differences_match_the_r35_facts() {
    let r35 = abi_r35();
    assert_eq!(
        r35.struct_layout("nvgpu_gpu_characteristics").map(|s| s.0),
        Some(abi::r35::NVGPU_GPU_CHARACTERISTICS_SIZE)
    );
    assert_eq!(r35.ioctl("NVMAP_IOC_ALLOC").map(|i| i.0), Some(abi::r35::NVMAP_IOC_ALLOC));
    assert_eq!(r35.ioctl("NVGPU_GPU_IOCTL_OPEN_TSG").map(|i| i.0), Some(abi::r35::NVGPU_GPU_IOCTL_OPEN_TSG));
    assert_eq!(r35.ioctl("NVMAP_IOC_QUERY_HEAP_PARAMS").map(|i| i.0), Some(abi::r35::NVMAP_IOC_QUERY_HEAP_PARAMS));
    assert_ne!(abi::r35::NVMAP_IOC_ALLOC, abi::NVMAP_IOC_ALLOC);
}

#[test]
fn decode_round_trips_every_number() {
    for d in IOCTLS {
        let p = d.parts();
        assert_eq!(abi::ioc(p.dir, p.ty, p.nr, p.size), d.number, "{}", d.name);
        assert_eq!(abi::ioctl_by_number(d.number).map(|x| x.name), Some(d.name));
    }
}
