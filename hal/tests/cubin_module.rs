//! The module loader against the suite's module (`kernels/ptx/module_ops.ptx`):
//! where each section lands, the relocations' values, the kernels' constant
//! banks, and what it refuses (each check against what `cuobjdump -elf` and
//! `-res-usage` say about the same cubin).

use gpuiface_hal::cubin::{Cubin, CubinError, ModuleImage, RelocKind, SectionKind};
use gpuiface_hal::hw::ga10b;
use gpuiface_kernels::MODULE_OPS;

const BASE: u64 = 0x3_0040_0000;

fn module() -> ModuleImage {
    ModuleImage::parse(MODULE_OPS.cubin).expect("module_ops loads")
}

fn section(m: &ModuleImage, name: &str) -> (u64, u64) {
    let p = m.sections().iter().find(|p| p.name == name).unwrap_or_else(|| panic!("no {name}"));
    (p.offset, p.size)
}

fn u64_at(image: &[u8], at: u64) -> u64 {
    u64::from_le_bytes(image[at as usize..at as usize + 8].try_into().unwrap())
}

#[test]
fn every_kernel_is_found_with_its_attributes() {
    let m = module();
    let mut names: Vec<&str> = m.kernels().iter().map(|k| k.name.as_str()).collect();
    names.sort();
    let mut want = MODULE_OPS.kernels.to_vec();
    want.sort();
    assert_eq!(names, want);
    for k in m.kernels() {
        let usage = gpuiface_kernels::resource_usage(&k.name).unwrap();
        assert_eq!(k.attrs.registers, usage.registers, "{}", k.name);
        assert_eq!(k.attrs.shared_static, usage.shared, "{}", k.name);
        assert_eq!(k.attrs.cbank0_size, usage.constant0, "{}", k.name);
        assert_eq!(k.code_offset % ga10b::PROGRAM_ALIGN, 0, "{}", k.name);
        assert!(k.code_offset + k.code_len <= m.code_end());
        assert_eq!(section(&m, &format!(".text.{}", k.name)), (k.code_offset, k.code_len));
    }
    assert!(m.kernel("nope").is_err());
    // Only mod_tile reads the reserved shared memory (EIATTR_RESERVED_SMEM_USED).
    assert_eq!(m.kernel("mod_tile").unwrap().attrs.shared_reserved, ga10b::RESERVED_SHARED_PER_BLOCK);
    assert_eq!(m.kernel("mod_scale").unwrap().attrs.shared_reserved, 0);
    // mod_scale's parameters, as .nv.info.mod_scale gives them.
    let p = &m.kernel("mod_scale").unwrap().attrs.params;
    assert_eq!((p[0].offset, p[0].size, p[1].offset, p[1].size), (0, 8, 8, 4));
}

#[test]
fn code_is_the_text_sections_unchanged() {
    let m = module();
    // No relocation lands in the code of an ordinary module: the code in the
    // image is byte for byte the file's, at 256-aligned offsets.
    let file = elf::ElfBytes::<elf::endian::LittleEndian>::minimal_parse(MODULE_OPS.cubin).unwrap();
    for k in m.kernels() {
        let sh = file.section_header_by_name(&format!(".text.{}", k.name)).unwrap().unwrap();
        let (text, _) = file.section_data(&sh).unwrap();
        let at = k.code_offset as usize;
        assert_eq!(&m.bytes()[at..at + text.len()], text, "{}", k.name);
    }
    assert!(m.relocations().iter().all(|r| r.site >= m.code_end()));
}

#[test]
fn constant_banks_are_bound_per_module_and_per_kernel() {
    let m = module();
    let (b3, b3_size) = section(&m, ".nv.constant3");
    let (b4, _) = section(&m, ".nv.constant4");
    let (b2, b2_size) = section(&m, ".nv.constant2.mod_tile");
    for k in m.kernels() {
        let banks: Vec<(u32, u64)> = k.banks.iter().map(|b| (b.bank, b.offset)).collect();
        if k.name == "mod_tile" {
            assert_eq!(banks, vec![(2, b2), (3, b3), (4, b4)]);
        } else {
            assert_eq!(banks, vec![(3, b3), (4, b4)], "{}", k.name);
        }
        for b in &k.banks {
            assert_eq!(b.offset % ga10b::CONSTANT_BUFFER_ALIGN, 0);
        }
    }
    assert_eq!(b2_size, 16, "cuobjdump -res-usage: CONSTANT[2]:16");
    assert_eq!(b3_size, 0x18);
    // __constant__ u32 coeffs[4] = {3, 5, 7, 11}, at the start of bank 3.
    let coeffs = m.symbol("coeffs").unwrap();
    assert_eq!((coeffs.offset, coeffs.size), (b3, 16));
    let words: Vec<u32> =
        m.bytes()[b3 as usize..b3 as usize + 16].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(words, [3, 5, 7, 11]);
}

#[test]
fn relocations_land_the_final_addresses() {
    let m = module();
    let image = m.relocated(BASE).unwrap();
    let addr = |name: &str| BASE + m.symbol(name).unwrap_or_else(|| panic!("{name}")).offset;
    let (b4, _) = section(&m, ".nv.constant4");
    let (b3, _) = section(&m, ".nv.constant3");
    // cuobjdump -elf: .rel.nv.constant4 = counter@0x0, table@0x8, table_ptr@0x10 (R_CUDA_64);
    // .rel.nv.constant3 = counter@0x10 (R_CUDA_G64); .rel.nv.global.init = table@0x0 (R_CUDA_G64).
    assert_eq!(u64_at(&image, b4), addr("counter"));
    assert_eq!(u64_at(&image, b4 + 8), addr("table"));
    assert_eq!(u64_at(&image, b4 + 0x10), addr("table_ptr"));
    assert_eq!(u64_at(&image, b3 + 0x10), addr("counter"));
    assert_eq!(u64_at(&image, m.symbol("table_ptr").unwrap().offset), addr("table"));
    let kinds: Vec<RelocKind> = m.relocations().iter().map(|r| r.kind).collect();
    assert_eq!(kinds.len(), 5);
    assert_eq!(kinds.iter().filter(|k| **k == RelocKind::Abs64).count(), 3);
    assert_eq!(kinds.iter().filter(|k| **k == RelocKind::G64).count(), 2);
    // Everything else is the file's bytes.
    let changed = image.iter().zip(m.bytes()).filter(|(a, b)| a != b).count();
    assert!(changed > 0 && changed <= 5 * 8);
    // table = {10, 20, 30, 40} after table_ptr in .nv.global.init.
    let t = m.symbol("table").unwrap();
    assert_eq!(image[t.offset as usize..t.offset as usize + 4], 10u32.to_le_bytes());
    assert!(m.relocated(BASE + 1).is_err(), "an unaligned image address is refused");
}

#[test]
fn zero_initialised_globals_are_a_tail_not_bytes() {
    let m = module();
    let counter = m.symbol("counter").unwrap();
    let p = m.sections().iter().find(|p| p.kind == SectionKind::Global).unwrap();
    assert_eq!(p.name, ".nv.global");
    assert!(counter.offset >= m.file_len(), "counter is in the zero tail");
    assert!(counter.offset + counter.size <= m.len());
    assert!(m.len() >= m.code_end() + ga10b::PROGRAM_PREFETCH_PAD);
}

#[test]
fn the_one_kernel_loader_still_refuses_a_module() {
    let err = Cubin::parse(MODULE_OPS.cubin).unwrap_err();
    assert!(matches!(err, CubinError::Unsupported { .. }), "{err}");
}

/// File offset of the `r_info` type of `.rel.nv.constant4`'s first entry, and of `e_type`.
fn rel_type_offset() -> usize {
    let file = elf::ElfBytes::<elf::endian::LittleEndian>::minimal_parse(MODULE_OPS.cubin).unwrap();
    let sh = file.section_header_by_name(".rel.nv.constant4").unwrap().unwrap();
    sh.sh_offset as usize + 8
}

#[test]
fn an_unsupported_relocation_kind_is_refused_by_name() {
    let mut bytes = MODULE_OPS.cubin.to_vec();
    let at = rel_type_offset();
    assert_eq!(bytes[at], 2, "R_CUDA_64");
    bytes[at] = 64;
    let err = ModuleImage::parse(&bytes).unwrap_err();
    assert!(matches!(err, CubinError::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("R_CUDA_CONST_FIELD19_40"), "{err}");
    bytes[at] = 99;
    assert!(ModuleImage::parse(&bytes).unwrap_err().to_string().contains("type 99"));
}

#[test]
fn a_relocatable_object_is_refused() {
    let mut bytes = MODULE_OPS.cubin.to_vec();
    bytes[16] = 1; // e_type = ET_REL
    let err = ModuleImage::parse(&bytes).unwrap_err();
    assert!(err.to_string().contains("relocatable"), "{err}");
}

#[test]
fn hostile_bytes_are_errors_never_panics() {
    let good = MODULE_OPS.cubin;
    for cut in (0..good.len()).step_by(61) {
        let _ = ModuleImage::parse(&good[..cut]);
    }
    // Every byte of the headers and tables, flipped.
    let rel = rel_type_offset();
    for at in (0..0x40).chain(rel - 8..rel + 0x60).chain((good.len() - 0x700..good.len()).step_by(3)) {
        let mut bytes = good.to_vec();
        bytes[at] ^= 0xff;
        if let Ok(m) = ModuleImage::parse(&bytes) {
            // Whatever loads relocates within its own bytes or says why not.
            let _ = m.relocated(BASE);
        }
    }
}

/// NVRTC's output for CUDA C (`kernels/cuda/module_cuda.cu`): every data
/// relocation lands the address of the symbol it names.
#[test]
fn an_nvrtc_module_loads_with_its_globals_relocated() {
    let m = ModuleImage::parse(gpuiface_kernels::MODULE_CUDA.cubin).expect("module_cuda loads");
    let mut names: Vec<&str> = m.kernels().iter().map(|k| k.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["cu_scale_add", "cu_sin", "cu_tile"]);
    for k in m.kernels() {
        let usage = gpuiface_kernels::resource_usage(&k.name).unwrap();
        assert_eq!((k.attrs.registers, k.attrs.shared_static), (usage.registers, usage.shared), "{}", k.name);
        assert_eq!(k.attrs.stack_bytes(), usage.stack, "{}", k.name);
    }
    // cu_sin's bank 2 (cuobjdump -res-usage: CONSTANT[2]:32) is its own.
    let sin = m.kernel("cu_sin").unwrap();
    assert!(sin.banks.iter().any(|b| b.bank == 2 && b.size == 32));
    assert!(m.kernel("cu_tile").unwrap().banks.iter().all(|b| b.bank != 2));
    let image = m.relocated(BASE).unwrap();
    assert!(!m.relocations().is_empty());
    for r in m.relocations() {
        assert!(matches!(r.kind, RelocKind::Abs64 | RelocKind::G64), "{r:?}");
        assert_eq!(u64_at(&image, r.site), BASE + r.target as u64, "{r:?}");
    }
    // __device__ int *cu_lutp = cu_lut;
    let lutp = m.symbol("cu_lutp").unwrap();
    assert_eq!(u64_at(&image, lutp.offset), BASE + m.symbol("cu_lut").unwrap().offset);
    // __constant__ float cu_scale[16] = {1, 2, 3, 4}
    let scale = m.symbol("cu_scale").unwrap();
    let at = scale.offset as usize;
    assert_eq!(image[at + 4..at + 8], 2.0f32.to_le_bytes());
    assert!(m.symbol("cu_hits").unwrap().offset >= m.file_len(), "a zero-initialised global");
}

#[test]
fn printf_is_refused_naming_vprintf() {
    let err = ModuleImage::parse(gpuiface_kernels::MODULE_PRINTF.cubin).unwrap_err();
    assert!(matches!(err, CubinError::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("vprintf"), "{err}");
}

#[test]
fn other_elf_types_are_refused_by_name() {
    let mut bytes = MODULE_OPS.cubin.to_vec();
    bytes[16..18].copy_from_slice(&0xff00u16.to_le_bytes());
    assert!(ModuleImage::parse(&bytes).unwrap_err().to_string().contains("ptxas -ewp"));
    bytes[16..18].copy_from_slice(&3u16.to_le_bytes());
    assert!(ModuleImage::parse(&bytes).unwrap_err().to_string().contains("type 0x3"));
}

/// `module_ops` as `ptxas -ewp` emits it, its ELF type set to ET_EXEC: the
/// code relocations (`R_CUDA_ABS32_LO_32`/`HI_32`) land the globals'
/// addresses in the instructions' 32-bit immediates.
pub fn ewp_as_executable() -> Vec<u8> {
    let mut bytes = gpuiface_kernels::MODULE_OPS_EWP_CUBIN.to_vec();
    assert_eq!(u16::from_le_bytes([bytes[16], bytes[17]]), 0xff00);
    bytes[16..18].copy_from_slice(&2u16.to_le_bytes());
    bytes
}

#[test]
fn code_relocations_land_in_the_instructions_immediates() {
    assert!(ModuleImage::parse(gpuiface_kernels::MODULE_OPS_EWP_CUBIN).is_err(), "refused as it is");
    let m = ModuleImage::parse(&ewp_as_executable()).unwrap();
    let image = m.relocated(BASE).unwrap();
    let code: Vec<_> = m.relocations().iter().filter(|r| r.site < m.code_end()).collect();
    // cuobjdump -elf: mod_lookup 0x150/0x160 (table_ptr), mod_scale 0x230/0x280 (counter).
    assert_eq!(code.len(), 4);
    for r in code {
        let imm = u32::from_le_bytes(image[r.site as usize + 4..r.site as usize + 8].try_into().unwrap());
        let address = BASE + r.target as u64;
        let want = match r.kind {
            RelocKind::Abs32Lo32 => address as u32,
            RelocKind::Abs32Hi32 => (address >> 32) as u32,
            other => panic!("{other:?} in code"),
        };
        assert_eq!(imm, want, "{r:?}");
        // The opcode word and the control bits are the file's.
        let at = r.site as usize;
        assert_eq!(image[at..at + 4], m.bytes()[at..at + 4]);
        assert_eq!(image[at + 8..at + 16], m.bytes()[at + 8..at + 16]);
    }
    let lookup = m.kernel("mod_lookup").unwrap();
    let table_ptr = m.symbol("table_ptr").unwrap().offset as i64;
    let sites: Vec<(u64, i64)> = m
        .relocations()
        .iter()
        .filter(|r| r.site >= lookup.code_offset && r.site < lookup.code_offset + lookup.code_len)
        .map(|r| (r.site - lookup.code_offset, r.target))
        .collect();
    assert_eq!(sites, [(0x150, table_ptr), (0x160, table_ptr)]);
}

mod hostile {
    use super::*;
    use proptest::prelude::*;

    fn check(bytes: &[u8]) {
        let Ok(m) = ModuleImage::parse(bytes) else { return };
        // Whatever parses describes an image the relocations and bindings stay inside.
        for r in m.relocations() {
            assert!(r.site + r.kind.site_len() as u64 <= m.file_len(), "{r:?} past the file's bytes");
        }
        for k in m.kernels() {
            assert!(k.code_offset + k.code_len <= m.code_end(), "{}", k.name);
            for b in &k.banks {
                assert!(b.bank >= 1 && b.bank < ga10b::CONSTANT_BANKS && u64::from(b.size) <= 1 << 16);
                assert!(b.offset + u64::from(b.size) <= m.len());
            }
        }
        for s in m.symbols() {
            assert!(s.offset + s.size <= m.len(), "{}", s.name);
        }
        assert!(m.file_len() <= m.len());
        let _ = m.relocated(BASE);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn mutated_modules_are_errors_or_consistent_images(
            which in 0usize..3,
            edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        ) {
            let mut bytes = match which {
                0 => MODULE_OPS.cubin.to_vec(),
                1 => gpuiface_kernels::MODULE_CUDA.cubin.to_vec(),
                _ => ewp_as_executable(),
            };
            // Half the edits land in the ELF header, the section and symbol
            // tables and the attributes (the first 0x100 and the last 0x800
            // bytes), where a byte changes what the loader reads.
            for (n, (at, byte)) in edits.into_iter().enumerate() {
                let len = bytes.len();
                let i = match n % 2 {
                    0 => at.index(len),
                    _ => {
                        let k = at.index(0x900);
                        if k < 0x100 { k } else { len - 0x800 + (k - 0x100) }
                    }
                };
                bytes[i] = byte;
            }
            check(&bytes);
        }
    }
}

/// ptxas cannot bound a recursive kernel's stack: `recursion` (in the SASS
/// corpus) calls `fib`, whose own 0x18-byte frame exceeds the kernel's
/// recorded stack of 0. It gets CUDA's default stack limit; a kernel whose
/// calls fit its recorded stack (`indirect_call`) keeps exactly that.
#[test]
fn a_recursive_kernel_gets_the_default_stack_limit() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../sass/corpus/sm_87/control.nvrtc.cubin");
    let bytes = std::fs::read(path).expect("the SASS corpus's control module");
    let m = ModuleImage::parse(&bytes).expect("loads");
    let rec = &m.kernel("recursion").unwrap().attrs;
    assert!(rec.stack_unbounded);
    assert_eq!(rec.stack_bytes(), ga10b::DEFAULT_STACK_LIMIT);
    let ind = &m.kernel("indirect_call").unwrap().attrs;
    assert!(!ind.stack_unbounded);
    assert_eq!(ind.stack_bytes(), 0x18);
    let flat = &m.kernel("early_exit").unwrap().attrs;
    assert_eq!((flat.stack_unbounded, flat.stack_bytes()), (false, 0));
}
