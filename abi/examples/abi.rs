//! Print every ioctl number, struct size, field offset and constant that
//! `gpuiface_abi` defines for a release (r36 unless `r35` is given), one per
//! line, in its facts table's own tab-separated row format, so the two can be
//! compared with `diff`/`grep`:
//!
//! ```sh
//! cargo run -p gpuiface-abi --example abi | grep -vxFf facts/nvgpu-abi.tsv           # prints nothing
//! cargo run -p gpuiface-abi --example abi -- r35 | grep -vxFf facts/nvgpu-abi-r35.tsv # prints nothing
//! ```

fn main() {
    let rows = match std::env::args().nth(1).as_deref() {
        Some("r35") => gpuiface_abi::r35::listing(),
        None | Some("r36") => gpuiface_abi::r36::listing(),
        Some(other) => {
            eprintln!("usage: abi [r35|r36] (not {other:?})");
            std::process::exit(2);
        }
    };
    for row in rows {
        println!("{row}");
    }
}
