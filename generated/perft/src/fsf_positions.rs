//! Fairy-Stockfish as the oracle on positions off the start. `data/fsf_positions.txt` holds,
//! for every variant `fsf_perft.rs` covers, positions taken from random playouts of the generic
//! engine (a fixed seed a variant; positions in check, with en passant, promotions and castling
//! among them), each with Fairy-Stockfish's `go perft` count at a shallow depth, checked here,
//! and at a deeper one, checked through this perft tool (the file's head gives the command).

use fairy_magic_engine::{Game, LastPly};
use fairy_magic_generated as modules;
use fairy_magic_runtime::Tables;

const DATA: &str = include_str!("../data/fsf_positions.txt");

/// One line of the data file.
struct Line<'a> {
    variant: &'a str,
    depth: u32,
    nodes: u64,
    fen: &'a str,
}

/// The data file's lines: `variant depth nodes deep-depth deep-nodes FEN`, `#` comments.
fn lines() -> impl Iterator<Item = Line<'static>> {
    DATA.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(|l| {
        let mut words = l.splitn(6, ' ');
        let mut word = || words.next().unwrap_or_else(|| panic!("a short line: {l}"));
        let variant = word();
        let depth = word().parse().unwrap();
        let nodes = word().parse().unwrap();
        let (_deep_depth, _deep_nodes) = (word(), word());
        Line { variant, depth, nodes, fen: word() }
    })
}

/// Checks every position of module `T`'s variant, and that it has some.
fn check<T: Tables>() {
    let game = Game::<T>::new().unwrap_or_else(|e| panic!("{}: {e}", T::NAME));
    let mut checked = 0;
    for line in lines().filter(|l| l.variant == T::NAME) {
        let position = game.position(line.fen).unwrap_or_else(|e| panic!("{}: {}: {e}", T::NAME, line.fen));
        let nodes = game.perft(&position, line.depth, LastPly::Bulk);
        assert_eq!(nodes, line.nodes, "{} {} depth {}", T::NAME, line.fen, line.depth);
        checked += 1;
    }
    assert!(checked >= 8, "{}: {checked} positions", T::NAME);
}

/// A test a variant, and the list of the variants they cover.
macro_rules! variants {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { check::<modules::$name::Tables>(); } )*
        const COVERED: &[&str] = &[$(stringify!($name)),*];
    };
}

variants!(
    amazon,
    berolina,
    capablanca,
    chancellor,
    chess,
    courier,
    embassy,
    grand,
    grasshopper,
    janus,
    knightmate,
    losalamos,
    makruk,
    modern,
    nightrider,
    shako,
    shatranj,
    xiangqi,
);

#[test]
fn every_variant_of_the_data_has_its_test() {
    for line in lines() {
        assert!(COVERED.contains(&line.variant), "{} has positions but no test here", line.variant);
    }
}
