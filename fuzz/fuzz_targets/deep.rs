//! The structure-aware generator (`crates/jet/tests/common/deep.rs`, shared with the proptest
//! `tests/deep_props.rs`): programs that write JSON twice the depth limit deep, with repeated
//! names, checked through every entry point against what the generator knows.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/jet/tests/common/deep.rs"]
mod deep;

fuzz_target!(|data: &[u8]| {
    deep::check(data);
});
