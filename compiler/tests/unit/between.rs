use fairy_magic::stages::between::*;
use fairy_magic::stages::board::Squares;

#[test]
fn the_sets_table_is_padded_to_a_power_of_two() {
    for (sets, len) in [(1, 1), (2, 2), (3, 4), (411, 512), (512, 512), (4803, 8192)] {
        let between = Between { sets: vec![Squares::EMPTY; sets], ..Between::default() };
        assert_eq!(between.table_len(), len, "{sets} sets");
    }
}
