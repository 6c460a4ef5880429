//! Print the chosen backend and the device's characteristics.
//!
//! ```sh
//! cargo run -p gpuiface-examples --example info
//! GPUIFACE_BACKEND=mock cargo run -p gpuiface-examples --example info
//! ```

use gpuiface::queue::Runtime;
use gpuiface::{BackendExt, GpuIface, GrInfoIndex, RmControl};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dev = gpuiface::open_or_mock()?; // the device, or the mock where there is none
    println!(
        "backend: {} ({} {})",
        dev.kind(),
        gpuiface::NVGPU_CTRL_PATH,
        if gpuiface::BackendKind::Nvgpu.available() { "present" } else { "absent" }
    );
    println!("{}", dev.info());
    let rt = Runtime::new(&dev)?;
    let o = rt.objects();
    let mut classes = RmControl::GetClassList { classes: vec![] };
    dev.rm_control(o.device, &mut classes)?;
    if let RmControl::GetClassList { classes } = classes {
        let list: Vec<String> = classes.iter().map(|c| format!("{c:#06x}")).collect();
        println!("class list       {}", list.join(" "));
    }
    let mut gr = RmControl::GrGetInfo {
        queries: vec![(GrInfoIndex::SmVersion, 0), (GrInfoIndex::NumGpcs, 0), (GrInfoIndex::NumTpcPerGpc, 0)],
    };
    dev.rm_control(o.subdevice, &mut gr)?;
    println!("GR info          {gr:?}");
    let mut uuid = RmControl::GetGidInfo { uuid: [0; 16] };
    dev.rm_control(o.subdevice, &mut uuid)?;
    if let RmControl::GetGidInfo { uuid } = uuid {
        println!("GPU UUID         {}", uuid.iter().map(|b| format!("{b:02x}")).collect::<String>());
    }
    let regs = dev.setup_usermode()?;
    println!("usermode window  {:#x} (+{:#x} bytes), doorbell at +{:#x}", regs.base, regs.len, regs.doorbell_offset);
    println!("mock backend     {}", dev.as_mock().is_some());
    Ok(())
}
