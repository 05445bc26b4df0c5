//! The `deep` fuzz target's check at small scale: programs from proptest write JSON with
//! nesting up to twice a small depth limit and repeated names; every entry point must fail
//! exactly where the generator says, or succeed. One case runs at the default limit, 20,000
//! levels deep.

mod common;

use proptest::prelude::*;

proptest! {
    #[test]
    fn every_entry_point_fails_where_the_generator_says(flags in any::<u8>(), program in prop::collection::vec(any::<u8>(), 0..240)) {
        // Bit 0 clear: a depth limit of 1 to 64.
        let mut data = vec![flags & !1];
        data.extend_from_slice(&program);
        common::deep::check(&data);
    }
}

#[test]
fn twice_the_default_limit() {
    // Flags 1: the default limit of 10,000. A run of 20,002 opens (0x4E22), arrays and
    // objects mixed; then with duplicate names allowed (flags 3) after an object with a name
    // twice; then 10,001 levels, one past the limit, and a scalar.
    assert_eq!(common::deep::check(&[1, 6, 0x22, 0x4E]), 20_002);
    assert_eq!(common::deep::check(&[3, 1, 0, 0, 4, 5, 0, 4, 5, 0, 7, 0x22, 0x4E]), 20_003);
    assert_eq!(common::deep::check(&[1, 0, 0, 0, 6, 0x10, 0x27, 4, 0, 0]), 10_001);
}
