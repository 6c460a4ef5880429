//! Which L4T release an ABI belongs to.

/// An L4T release whose nvgpu/nvmap ABI this crate defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Release {
    /// L4T r35 (JetPack 5.x): OE4T/linux-nvgpu tag jetson_35.6, nvmap.h of jetson_35.5.
    R35,
    /// L4T r36 (JetPack 6.x): OE4T/linux-nvgpu and linux-nv-oot tag jetson_36.4.3.
    R36,
}

impl Release {
    /// Both releases, oldest first.
    pub const ALL: [Release; 2] = [Release::R35, Release::R36];

    /// `"r35"` or `"r36"`.
    pub const fn name(self) -> &'static str {
        match self {
            Release::R35 => "r35",
            Release::R36 => "r36",
        }
    }

    /// `"JetPack 5"` or `"JetPack 6"`.
    pub const fn jetpack(self) -> &'static str {
        match self {
            Release::R35 => "JetPack 5",
            Release::R36 => "JetPack 6",
        }
    }

    /// Parse `"r35"`/`"35"` or `"r36"`/`"36"` (ASCII case ignored).
    pub fn parse(s: &str) -> Option<Release> {
        let s = s.trim();
        let s = s.strip_prefix(['r', 'R']).unwrap_or(s);
        match s {
            "35" => Some(Release::R35),
            "36" => Some(Release::R36),
            _ => None,
        }
    }

    /// `sizeof(struct nvgpu_gpu_characteristics)` on this release: what
    /// GET_CHARACTERISTICS reports when asked with a buffer size of 0.
    pub const fn characteristics_size(self) -> usize {
        match self {
            Release::R35 => core::mem::size_of::<crate::r35::NvgpuGpuCharacteristics>(),
            Release::R36 => core::mem::size_of::<crate::r36::NvgpuGpuCharacteristics>(),
        }
    }

    /// The release whose characteristics struct has `size` bytes.
    pub fn from_characteristics_size(size: u64) -> Option<Release> {
        Release::ALL.into_iter().find(|r| r.characteristics_size() as u64 == size)
    }
}

impl core::fmt::Display for Release {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "L4T {} ({})", self.name(), self.jetpack())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_sizes_tell_the_releases_apart() {
        for r in Release::ALL {
            assert_eq!(Release::parse(r.name()), Some(r));
            assert_eq!(Release::from_characteristics_size(r.characteristics_size() as u64), Some(r));
        }
        assert_eq!(Release::parse("R35"), Some(Release::R35));
        assert_eq!(Release::parse("r37"), None);
        assert_eq!(Release::from_characteristics_size(320), None);
        assert_ne!(Release::R35.characteristics_size(), Release::R36.characteristics_size());
    }
}
