//! Examples for new gpuiface users: `quickstart`, `info` and `conformance_report`
//! (`cargo run -p gpuiface-examples --example <name>`).
