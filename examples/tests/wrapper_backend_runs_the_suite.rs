//! Issue 16 item 9: a backend written outside the workspace with only the
//! public API (the `tracing_backend` example's wrapper) runs the conformance
//! suite with one call and passes it.

#[path = "../examples/tracing_backend.rs"]
mod tracing_backend;

#[test]
fn the_tracing_wrapper_passes_the_suite() {
    tracing_backend::main();
}
