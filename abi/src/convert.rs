//! Moving a struct between the releases' layouts by field name: what lets
//! the backend keep one (r36-shaped) view of what an r35 kernel reports,
//! and the mock report in r35's layout what its profile holds in r36's.
//!
//! Every field of the source whose C name the destination has, with the
//! same size, is copied to the destination's offset for it; the others are
//! left as they are. The layouts come from the generated [`StructLayout`]s,
//! so no offset is typed here.
//!
//! ```
//! use gpuiface_abi::{convert, r35, r36};
//! let mut old = r35::NvgpuGpuCharacteristics::default();
//! old.L2_cache_size = 4 << 20; // offset 16 on r35, 24 on r36
//! old.max_gpfifo_entries = 1 << 28;
//! let new = convert::characteristics_from_r35(&old);
//! assert_eq!((new.L2_cache_size, new.max_gpfifo_entries), (4 << 20, 1 << 28));
//! assert_eq!(new.numa_domain_id, -1); // r35 has no NUMA information
//! assert_eq!(convert::characteristics_to_r35(&new), old);
//! ```

use crate::{r35, r36, IoctlArg, StructLayout};

/// Copy the fields `src` and `dst` share (same C name, same size) from
/// `src` to `dst`; return how many were copied.
pub fn copy_fields<A: IoctlArg, B: IoctlArg>(
    src: &A,
    src_layout: &StructLayout,
    dst: &mut B,
    dst_layout: &StructLayout,
) -> usize {
    let from = src.to_bytes();
    let mut to = dst.to_bytes();
    let mut copied = 0;
    for f in src_layout.fields {
        if let Some(g) = dst_layout.fields.iter().find(|g| g.name == f.name && g.size == f.size) {
            to[g.offset..g.offset + g.size].copy_from_slice(&from[f.offset..f.offset + f.size]);
            copied += 1;
        }
    }
    if let Some(v) = B::from_bytes(&to) {
        *dst = v;
    }
    copied
}

/// An r35 kernel's characteristics in the r36 layout: every field r35 has,
/// `numa_domain_id` = `NVGPU_GPU_CHARACTERISTICS_NO_NUMA_INFO` (-1: r35
/// reports no NUMA node) and `device_instance_id` = 0 (r35 has none).
pub fn characteristics_from_r35(c: &r35::NvgpuGpuCharacteristics) -> r36::NvgpuGpuCharacteristics {
    let mut out = r36::NvgpuGpuCharacteristics { numa_domain_id: -1, ..Default::default() };
    copy_fields(c, &r35::NvgpuGpuCharacteristics::LAYOUT, &mut out, &r36::NvgpuGpuCharacteristics::LAYOUT);
    out
}

/// The r35 layout of r36-shaped characteristics (what r35 lacks is dropped).
pub fn characteristics_to_r35(c: &r36::NvgpuGpuCharacteristics) -> r35::NvgpuGpuCharacteristics {
    let mut out = r35::NvgpuGpuCharacteristics::default();
    copy_fields(c, &r36::NvgpuGpuCharacteristics::LAYOUT, &mut out, &r35::NvgpuGpuCharacteristics::LAYOUT);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_r35_characteristics_field_survives_the_round_trip() {
        // A distinct byte pattern in every r35 field.
        let l = &r35::NvgpuGpuCharacteristics::LAYOUT;
        let mut bytes = vec![0u8; l.size];
        for (i, f) in l.fields.iter().enumerate() {
            bytes[f.offset..f.offset + f.size].fill(i as u8 + 1);
        }
        let old = r35::NvgpuGpuCharacteristics::from_bytes(&bytes).unwrap();
        let new = characteristics_from_r35(&old);
        // Each r35 field is in the r36 field of its name (moved by 8 bytes past offset 16).
        let nb = new.to_bytes();
        for (i, f) in l.fields.iter().enumerate() {
            let g = r36::NvgpuGpuCharacteristics::LAYOUT.fields.iter().find(|g| g.name == f.name).unwrap();
            assert!(nb[g.offset..g.offset + g.size].iter().all(|&b| b == i as u8 + 1), "{}", f.name);
        }
        assert_eq!((new.numa_domain_id, new.device_instance_id), (-1, 0));
        assert_eq!(characteristics_to_r35(&new), old);
        let copied =
            copy_fields(&old, l, &mut r36::NvgpuGpuCharacteristics::default(), &r36::NvgpuGpuCharacteristics::LAYOUT);
        assert_eq!(copied, l.fields.len(), "r36 has every r35 field of the characteristics");
    }
}
