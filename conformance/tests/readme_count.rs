//! The README states how many cases the suite has: keep it true.

#[test]
fn readme_states_the_number_of_cases() {
    let readme = include_str!("../../README.md");
    let line = readme
        .lines()
        .find(|l| l.contains("**Conformance** (`conformance/`):"))
        .expect("the README's conformance paragraph");
    let stated: usize = line
        .split("):")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a number of cases after the heading");
    assert_eq!(stated, gpuiface_conformance::CASES.len(), "README says {stated} cases: {line}");
    let generic = gpuiface_conformance::GENERIC_CASES.len();
    assert!(
        readme.contains(&format!("({generic} for any backend")),
        "README's count of generic cases is not {generic}"
    );
}
