use fairy_magic::stages::board::Squares;
use fairy_magic::stages::pack::*;

fn n(x: u64) -> Squares {
    Squares::from(x)
}

fn read(packed: &Packed, t: usize, i: usize) -> Squares {
    packed.entries[packed.offsets[t] as usize + i]
}

#[test]
fn tables_fill_each_others_holes_and_share_equal_entries() {
    // Table 0 uses only its even entries; table 1 fits into its odd ones.
    let even: Vec<(usize, Squares)> = (0..4).map(|i| (2 * i, n(10 + i as u64))).collect();
    let odd: Vec<(usize, Squares)> = (0..3).map(|i| (2 * i, n(20 + i as u64))).collect();
    let packed = pack(&[even.clone(), odd.clone()]);
    assert_eq!(packed.entries.len(), 7);
    assert_eq!(packed.offsets, vec![0, 1]);
    // A table equal to a stretch of another is stored inside it.
    let dense: Vec<(usize, Squares)> = (0..4).map(|i| (i, n(30 + i as u64))).collect();
    let inner = vec![(0, n(31)), (1, n(32))];
    let shared = pack(&[dense.clone(), inner.clone()]);
    assert_eq!(shared.entries.len(), 4);
    assert_eq!(shared.offsets[1], 1);
    for (packed, tables) in [(&packed, [even, odd]), (&shared, [dense, inner])] {
        for (t, used) in tables.iter().enumerate() {
            for &(i, v) in used {
                assert_eq!(read(packed, t, i), v);
            }
        }
    }
}

#[test]
fn clashing_tables_go_end_to_end() {
    let a: Vec<(usize, Squares)> = (0..4).map(|i| (i, n(1))).collect();
    let b: Vec<(usize, Squares)> = (0..4).map(|i| (i, n(2))).collect();
    let packed = pack(&[a, b]);
    assert_eq!(packed.entries, [1, 1, 1, 1, 2, 2, 2, 2].map(n).to_vec());
    assert_eq!(packed.offsets, vec![0, 4]);
}
