//! Print every ioctl number, struct size, field offset and constant that
//! `gpuiface_nvgpu::abi` defines, one per line, in `facts/nvgpu-abi.tsv`'s
//! own tab-separated row format, so the two can be compared with `diff`/`grep`:
//!
//! ```sh
//! cargo run -p gpuiface-nvgpu --example abi | grep -vxFf facts/nvgpu-abi.tsv   # prints nothing
//! ```

fn main() {
    for row in gpuiface_nvgpu::abi::listing() {
        println!("{row}");
    }
}
