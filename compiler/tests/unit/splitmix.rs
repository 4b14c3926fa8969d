use fairy_magic::stages::splitmix::*;

/// The reference implementation's first outputs for seed 1234567 (splitmix64.c by Vigna):
/// the stream must not change, or every generated module would.
#[test]
fn matches_the_reference_stream() {
    let mut rng = SplitMix64::new(1234567);
    assert_eq!(rng.next_u64(), 6457827717110365317);
    assert_eq!(rng.next_u64(), 3203168211198807973);
    assert_eq!(rng.next_u64(), 9817491932198370423);
}
