//! Helpers shared by the cases: data patterns and the test kernels.

use gpuiface::queue::{Program, Runtime};
use gpuiface::{Backend, BackendExt, MockDeviceExt};

/// `len` bytes of a deterministic pseudo-random pattern seeded by `seed`.
pub fn pattern(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

/// The "program" bytes of the fill kernel. On the mock a Rust closure is
/// registered against these bytes; the real GPU would need SASS.
pub const FILL_KERNEL: &[u8] = b"gpuiface-conformance:fill:out[i]=i*k";

/// Load the fill kernel: `out[i] = i * k` for `i < n`, with arguments
/// `(out: u64, n: u32, k: u32)` in constant buffer 0.
pub fn load_fill_kernel(dev: &Backend, rt: &Runtime<&Backend>) -> Result<Program, String> {
    let mock = dev.as_mock().ok_or("no compiled SM 8.7 fill kernel is shipped for the real GPU")?;
    mock.gpu().register_kernel(gpuiface::mock::gpu::ProgramKey::Bytes(FILL_KERNEL.to_vec()), |k| {
        let args = k.args().to_vec();
        let out = u64::from_le_bytes(args[0..8].try_into().map_err(|_| "args")?);
        let n = u32::from_le_bytes(args[8..12].try_into().map_err(|_| "args")?);
        let mul = u32::from_le_bytes(args[12..16].try_into().map_err(|_| "args")?);
        let threads = k.grid[0] * k.block[0];
        for i in 0..n.min(threads) {
            k.write_u32(out + 4 * u64::from(i), i * mul)?;
        }
        Ok(())
    });
    rt.load_program(FILL_KERNEL).map_err(|e| e.to_string())
}
