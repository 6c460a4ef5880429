//! Every ioctl number, struct size/alignment, field offset/size and constant
//! that `gpuiface_abi` defines for each release, checked against that
//! release's facts (`facts/nvgpu-abi.tsv` for r36, `facts/nvgpu-abi-r35.tsv`
//! for r35, embedded by `gpuiface_hal::facts`).

use abi::{CONSTS, IOCTLS, STRUCTS};
use gpuiface_abi::{r35, r36 as abi, StructLayout};
use gpuiface_hal::facts::{abi_r35, abi_r36, AbiFacts};

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
fn every_definition_matches_the_r35_facts() {
    let bad = mismatches(abi_r35(), &r35::listing());
    assert!(bad.is_empty(), "{} rows disagree with facts/nvgpu-abi-r35.tsv:\n{}", bad.len(), bad.join("\n"));
    // And the r35 listing is not the r36 one: the releases' rows differ.
    assert!(!mismatches(abi_r36(), &r35::listing()).is_empty());
    assert!(!mismatches(abi_r35(), &abi::listing()).is_empty());
}

#[test]
fn every_field_of_every_defined_struct_is_covered() {
    covered(abi_r36(), STRUCTS);
    covered(abi_r35(), r35::STRUCTS);
}

/// Each struct's field rows in the facts must all appear as a field or alias.
fn covered(facts: &AbiFacts, structs: &[StructLayout]) {
    for s in structs {
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
fn the_r35_differences_the_backend_and_mock_speak_of_are_the_r35_facts() {
    let f = abi_r35();
    let size = |s: &str| f.struct_layout(s).map(|s| s.0);
    assert_eq!(size("nvgpu_gpu_characteristics"), Some(r35::NVGPU_GPU_CHARACTERISTICS_SIZE));
    assert_eq!(r35::NVGPU_GPU_CHARACTERISTICS_SIZE, 312);
    assert_eq!(size("nvgpu_channel_setup_bind_args"), Some(80));
    assert_eq!(size("nvgpu_gpu_open_tsg_args"), Some(8));
    assert_eq!(size("nvmap_alloc_handle"), Some(16));
    assert_eq!(f.ioctl("NVMAP_IOC_ALLOC").map(|i| i.0), Some(r35::NVMAP_IOC_ALLOC));
    assert_eq!(f.ioctl("NVGPU_GPU_IOCTL_OPEN_TSG").map(|i| i.0), Some(r35::NVGPU_GPU_IOCTL_OPEN_TSG));
    assert_eq!(f.ioctl("NVMAP_IOC_QUERY_HEAP_PARAMS").map(|i| i.0), Some(r35::NVMAP_IOC_QUERY_HEAP_PARAMS));
    assert_ne!(r35::NVMAP_IOC_ALLOC, abi::NVMAP_IOC_ALLOC);
    assert_ne!(r35::NVGPU_IOCTL_CHANNEL_SETUP_BIND, abi::NVGPU_IOCTL_CHANNEL_SETUP_BIND);
    // What r35 lacks is absent, by name and by number.
    assert_eq!(f.ioctl("NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT"), None);
    assert!(r35::ioctl_by_name("NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT").is_none());
    assert!(r35::ioctl_by_number(abi::NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT).is_none());
    // The map flag whose meaning changed.
    assert_eq!(f.constant("NVGPU_AS_MAP_BUFFER_FLAGS_PLATFORM_ATOMIC"), Some(0x200));
    assert_eq!(i128::from(r35::NVGPU_AS_MAP_BUFFER_FLAGS_PLATFORM_ATOMIC), 0x200);
    assert_eq!(abi::NVGPU_AS_MAP_BUFFER_FLAGS_SYSTEM_COHERENT, r35::NVGPU_AS_MAP_BUFFER_FLAGS_PLATFORM_ATOMIC);
}

#[test]
fn every_r35_row_that_differs_is_the_r35_side_of_the_diff_table() {
    // facts/r35-vs-r36.diff.tsv: for each "changed" or "removed_in_r36" row of an
    // ioctl or struct this crate defines for r35, the r35 definition has the r35 value.
    let diff = include_str!("../../facts/r35-vs-r36.diff.tsv");
    let listing = r35::listing();
    let mut checked = 0;
    for line in diff.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let c: Vec<&str> = line.split('\t').collect();
        let (kind, rest) = (c[0], &c[1..]);
        if kind == "added_in_r36" {
            continue;
        }
        // The r35 row: the columns before "->" (or all of them for removed rows).
        let r35_cols: Vec<&str> = rest.iter().take_while(|x| **x != "->").copied().collect();
        let row = r35_cols.join("\t");
        let name_key: Vec<&str> = r35_cols[..r35_cols.len().min(if r35_cols[0] == "field" { 3 } else { 2 })].to_vec();
        let defined = listing.iter().find(|l| l.split('\t').take(name_key.len()).eq(name_key.iter().copied()));
        if let Some(def) = defined {
            let norm = |r: &str| r.replace("0x00", "0x").to_lowercase();
            if r35_cols[0] == "const" {
                let want = i128::from_str_radix(r35_cols[2].trim_start_matches("0x"), 16).unwrap();
                let got = def.split('\t').nth(2).map(|v| i128::from_str_radix(v.trim_start_matches("0x"), 16).unwrap());
                assert_eq!(got, Some(want), "{row}");
            } else {
                assert_eq!(norm(def), norm(&row), "{row}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} diff rows were checked");
}

#[test]
fn decode_round_trips_every_number() {
    for d in IOCTLS.iter().chain(r35::IOCTLS) {
        let p = d.parts();
        assert_eq!(gpuiface_abi::ioc(p.dir, p.ty, p.nr, p.size), d.number, "{}", d.name);
    }
    for d in IOCTLS {
        assert_eq!(abi::ioctl_by_number(d.number).map(|x| x.name), Some(d.name));
    }
    for d in r35::IOCTLS {
        assert_eq!(r35::ioctl_by_number(d.number).map(|x| x.name), Some(d.name));
    }
}

#[test]
fn the_dispatch_limits_are_each_release_s_own() {
    assert_eq!((abi::limits::CTRL_LAST_NR, r35::limits::CTRL_LAST_NR), (0x2c, 0x2a));
    assert_eq!((abi::limits::TSG_LAST_NR, r35::limits::TSG_LAST_NR), (0x15, 0x10));
    assert_eq!((abi::limits::CHANNEL_MAX_ARG_SIZE, r35::limits::CHANNEL_MAX_ARG_SIZE), (0x68, 0x50));
    assert_eq!((abi::limits::NVMAP_MAXNR, r35::limits::NVMAP_MAXNR), (107, 106));
}
