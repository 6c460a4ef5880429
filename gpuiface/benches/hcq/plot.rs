//! The pictures of BENCHMARKS.md, drawn from the run's criterion estimates
//! as plain SVG (no plotting dependency): copy throughput against size next
//! to memcpy's, and a replayed launch's cost split into its parts.

use std::fmt::Write as _;
use std::path::PathBuf;

const SIZES: [(usize, &str); 4] =
    [(4 << 10, "4 KiB"), (1 << 20, "1 MiB"), (16 << 20, "16 MiB"), (256 << 20, "256 MiB")];

/// Where the plots go: under the target directory, so that a bench run
/// leaves tracked files alone (`benchmarks/` holds the pictures of the run
/// BENCHMARKS.md records, copied there deliberately:
/// `cp target/benchmarks/*.svg benchmarks/`).
fn dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
        .join("benchmarks")
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Write every picture; `estimate(id)` is criterion's median in ns.
pub fn write_all(estimate: &dyn Fn(&str) -> Option<f64>) {
    let _ = std::fs::create_dir_all(dir());
    let copy = copy_throughput(estimate);
    let launch = launch_breakdown(estimate);
    for (name, svg) in [("copy_throughput.svg", copy), ("launch_breakdown.svg", launch)] {
        match svg {
            Some(svg) => match std::fs::write(dir().join(name), svg) {
                Ok(()) => println!("plot: {}", dir().join(name).display()),
                Err(e) => println!("plot: {name} not written: {e}"),
            },
            None => println!("plot: {name} not written: its benchmarks did not run"),
        }
    }
}

/// GB/s of `id` at `size` bytes.
fn gbps(estimate: &dyn Fn(&str) -> Option<f64>, id: &str, size: usize) -> Option<f64> {
    estimate(&format!("{id}/{size}")).map(|ns| size as f64 / ns)
}

fn copy_throughput(estimate: &dyn Fn(&str) -> Option<f64>) -> Option<String> {
    let series = [
        ("memcpy (baseline)", "copy/baseline_memcpy", "#555"),
        ("Runtime::copyin", "copy/copyin", "#1f77b4"),
        ("Runtime::copyout", "copy/copyout", "#2ca02c"),
        ("copyin through the copy engine", "copy/copyin_staged", "#d62728"),
    ];
    let points: Vec<Vec<Option<f64>>> =
        series.iter().map(|(_, id, _)| SIZES.iter().map(|(s, _)| gbps(estimate, id, *s)).collect()).collect();
    let max = points.iter().flatten().flatten().fold(0.0f64, |a, b| a.max(*b));
    if max <= 0.0 {
        return None;
    }
    let (w, h, left, top, bottom) = (640.0, 370.0, 60.0, 40.0, 300.0);
    let x = |i: usize| left + 40.0 + i as f64 * 160.0;
    let y = |v: f64| bottom - (v / max) * (bottom - top);
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = write!(
        svg,
        r#"<text x="{left}" y="22" font-size="14">Copy throughput against size (GB/s, mock, one run)</text>"#
    );
    let _ = write!(svg, r##"<line x1="{left}" y1="{bottom}" x2="{}" y2="{bottom}" stroke="#000"/>"##, w - 20.0);
    let _ = write!(svg, r##"<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#000"/>"##);
    for t in 0..=4 {
        let v = max * f64::from(t) / 4.0;
        let _ = write!(svg, r#"<text x="8" y="{:.1}">{v:.1}</text>"#, y(v) + 4.0);
        let _ = write!(svg, r##"<line x1="{left}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/>"##, y(v), w - 20.0);
    }
    for (i, (_, label)) in SIZES.iter().enumerate() {
        let _ = write!(svg, r#"<text x="{:.1}" y="{}" text-anchor="middle">{label}</text>"#, x(i), bottom + 18.0);
    }
    for (si, (name, _, colour)) in series.iter().enumerate() {
        let pts: Vec<String> =
            points[si].iter().enumerate().filter_map(|(i, v)| v.map(|v| format!("{:.1},{:.1}", x(i), y(v)))).collect();
        let _ = write!(svg, r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#, pts.join(" "));
        for p in &pts {
            let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(svg, r#"<circle cx="{px}" cy="{py}" r="3" fill="{colour}"/>"#);
        }
        let ly = bottom + 30.0 + 14.0 * (si / 2) as f64;
        let lx = left + (si % 2) as f64 * 260.0;
        let _ = write!(svg, r#"<rect x="{lx}" y="{}" width="10" height="10" fill="{colour}"/>"#, ly - 9.0);
        let _ = write!(svg, r#"<text x="{}" y="{ly}" font-size="10">{}</text>"#, lx + 14.0, esc(name));
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

fn launch_breakdown(estimate: &dyn Fn(&str) -> Option<f64>) -> Option<String> {
    let replay = estimate("launch/replay_prebuilt_queue")?;
    let copy = estimate("launch/baseline_copy_of_the_launch_bytes")?.min(replay);
    let fresh = estimate("launch/fresh_launch_and_signal");
    let batch = estimate("launch/replay_batch_of_8_per_launch");
    // The per-submit path (GPFIFO entry, GP_PUT, barrier, doorbell, the
    // backend's channel lookup) is what 8 launches per doorbell share:
    // replay − batch = (7/8) of it. Derived within the run, so the parts
    // add up to the replay by construction.
    let doorbell = batch.map_or(0.0, |b| ((replay - b) * 8.0 / 7.0).max(0.0)).min(replay - copy);
    let rest = (replay - copy - doorbell).max(0.0);
    let parts = [
        ("copying the launch's bytes (the memcpy baseline)", copy, "#2ca02c"),
        ("per-submit work 8 launches per doorbell share", doorbell, "#1f77b4"),
        ("the rest: binding, ring, patches", rest, "#ff7f0e"),
    ];
    let max = [Some(replay), fresh, batch].into_iter().flatten().fold(replay, f64::max) * 1.1;
    let (w, h, left) = (680.0, 320.0, 170.0);
    let scale = |ns: f64| ns / max * (w - left - 40.0);
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = write!(
        svg,
        r#"<text x="10" y="22" font-size="14">One launch + signal, ns (mock, stepped GPU, one run)</text>"#
    );
    // The replay bar, split into its parts.
    let mut x = left;
    for (_, ns, colour) in parts {
        let _ = write!(svg, r#"<rect x="{x:.1}" y="50" width="{:.1}" height="30" fill="{colour}"/>"#, scale(ns));
        x += scale(ns);
    }
    let _ = write!(svg, r#"<text x="10" y="70">replayed queue</text>"#);
    let _ = write!(svg, r#"<text x="{:.1}" y="70">{replay:.0} ns</text>"#, x + 6.0);
    let mut row = 100.0;
    for (label, v, colour) in
        [("8 replays per doorbell", batch, "#9467bd"), ("fresh queue each time", fresh, "#8c564b")]
    {
        if let Some(ns) = v {
            let _ = write!(svg, r#"<rect x="{left}" y="{row}" width="{:.1}" height="30" fill="{colour}"/>"#, scale(ns));
            let _ = write!(svg, r#"<text x="10" y="{}">{label}</text>"#, row + 20.0);
            let _ = write!(svg, r#"<text x="{:.1}" y="{}">{ns:.0} ns</text>"#, left + scale(ns) + 6.0, row + 20.0);
            row += 40.0;
        }
    }
    for (i, (name, ns, colour)) in parts.iter().enumerate() {
        let y = row + 20.0 + 18.0 * i as f64;
        let _ = write!(svg, r#"<rect x="{left}" y="{}" width="10" height="10" fill="{colour}"/>"#, y - 9.0);
        let _ = write!(svg, r#"<text x="{}" y="{y}">{}: {ns:.0} ns</text>"#, left + 14.0, esc(name));
    }
    if let Some(direct) = estimate("launch/part_gpfifo_and_doorbell") {
        let y = row + 20.0 + 18.0 * parts.len() as f64;
        let _ = write!(
            svg,
            r#"<text x="{left}" y="{y}" font-size="11">(the backend's submit alone: GPFIFO entry, GP_PUT, barrier, doorbell, measured {direct:.0} ns)</text>"#
        );
    }
    svg.push_str("</svg>\n");
    Some(svg)
}
