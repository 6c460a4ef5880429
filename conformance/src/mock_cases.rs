//! Cases that need the mock (stepped GPU, fault injection, leak checks).

use crate::Case;

/// Mock-only cases (filled in with the mock API).
pub(crate) const CASES: &[Case] = &[];
