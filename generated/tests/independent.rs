//! The generated modules against sources that share no code with the compiler's move logic:
//!
//! 1. `tests/xbetza/mod.rs`, a second XBetza interpreter written from the contract
//!    (`XBETZA.md`), first held to the outside oracle sample (`oracle-sample.jsonl`: destinations
//!    agreed by XBoard, the Interactive Diagram and Fairy-Stockfish), then replayed through every
//!    checked-in module: every piece, both colours, every square, the empty board and random
//!    occupancies, through the module's public functions as an engine calls them.
//! 2. The oracle sample's own lines, where a line's board and piece are a shipped module's.
//! 3. The reverse lookups (`movers`, `attackers`, first-move versions), against the interpreter
//!    run forwards from every square. Regions (`region`, `confine`, `moves ... in`) are read
//!    from the variant files by this test itself.
//!
//! The compiler's own check (`exhaustive.rs`) compares the tables with its reference walker,
//! which reads the same legs as the table builder: a wrong reading of the notation passes it.

use crate::xbetza::{parse, parse_square, square_name, Position, Reach, CAPTURE, FRIENDLY, QUIET};

use crate::rng::{one, Narrow, XorShift};

use fairy_magic_runtime::{Bitboard256, BitboardExt};

fn sample() -> Vec<serde_json::Value> {
    include_str!("../../compiler/tests/data/oracle-sample.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn names(v: &serde_json::Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// A sample line as a position: (board files, ranks, position, virgin).
fn question(q: &serde_json::Value) -> (Position, bool) {
    let board = q["board"].as_str().unwrap();
    let (files, ranks) = board.split_once('x').unwrap();
    let (files, ranks): (i32, i32) = (files.parse().unwrap(), ranks.parse().unwrap());
    let set = |v: &serde_json::Value| names(v).iter().fold(Bitboard256::EMPTY, |b, n| b | one(parse_square(files, n)));
    let from = parse_square(files, q["from"].as_str().unwrap());
    let position = Position {
        files,
        ranks,
        friends: set(&q["friends"]) & !one(from),
        foes: set(&q["foes"]) & !one(from),
        from,
        black: q["color"] == "black",
    };
    (position, q["virgin"].as_bool().unwrap())
}

/// Destinations as the sample lists them: quiet moves and captures, not friendly captures.
fn dest(files: i32, always: &Reach, initial: &Reach, virgin: bool) -> Vec<String> {
    let mut all = always.clone();
    if virgin {
        for (&s, &k) in initial {
            *all.entry(s).or_default() |= k;
        }
    }
    all.iter().filter(|(_, &k)| k & (QUIET | CAPTURE) != 0).map(|(&s, _)| square_name(files, s)).collect()
}

#[test]
fn the_interpreter_agrees_with_the_oracle_sample() {
    let lines = sample();
    let mut wrong = Vec::new();
    for q in &lines {
        let betza = q["betza"].as_str().unwrap();
        let (p, virgin) = question(q);
        let (always, initial) = parse(betza).reach(&p);
        let got = dest(p.files, &always, &initial, virgin);
        if got != names(&q["dest"]) {
            wrong.push(format!("{} {betza}: got {got:?}, oracle {}", q["id"], q["dest"]));
        }
    }
    assert!(lines.len() >= 681);
    assert!(wrong.is_empty(), "{} of {} lines disagree:\n{}", wrong.len(), lines.len(), wrong.join("\n"));
}

/// What a module answers for one position, as bit sets: (quiet, capture, friendly) for the
/// moves a piece always has, then the same with its first-move-only moves added.
type Answers = [Bitboard256; 6];

/// The interpreter's answers in the same shape.
fn expected(always: &Reach, initial: &Reach) -> Answers {
    let set = |r: &Reach, kind: u8| {
        r.iter().filter(|(_, &k)| k & kind != 0).fold(Bitboard256::EMPTY, |b, (&s, _)| b | one(s))
    };
    let a = [set(always, QUIET), set(always, CAPTURE), set(always, FRIENDLY)];
    [a[0], a[1], a[2], a[0] | set(initial, QUIET), a[1] | set(initial, CAPTURE), a[2] | set(initial, FRIENDLY)]
}

/// Replays the interpreter through one module: every piece, both colours, every square, the
/// empty board and random occupancies. `query(piece, black, square, occupied)` answers the
/// raw lookups (quiet, capture, friendly, initial quiet, initial capture, initial friendly).
/// The board rules of a variant file, read here without the compiler (README, "Regions"):
/// `region <name> <areas> [black <areas>]` (Black's turned 180° unless given), `confine <letter>
/// <region>` (no moves from outside the region, and every move ends inside it) and
/// `moves <letter> in <region> <XBetza>` (from the region's squares, these moves instead).
#[derive(Default)]
struct Rules {
    /// Per piece letter: the region (White, Black) it is confined to.
    confine: Vec<(String, [Bitboard256; 2])>,
    /// Per piece letter: (region (White, Black), XBetza there).
    moves_in: Vec<(String, [Bitboard256; 2], String)>,
}

impl Rules {
    fn read(name: &str, files: i32, ranks: i32) -> Rules {
        let path = format!("{}/../variants/{name}.variant", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let turn = |s: usize| ((ranks - 1 - s as i32 / files) * files + files - 1 - s as i32 % files) as usize;
        let area = |a: &str| -> Bitboard256 {
            let (from, to) = a.split_once('-').unwrap_or((a, a));
            let (x, y) = (parse_square(files, from) as i32, parse_square(files, to) as i32);
            let mut set = Bitboard256::EMPTY;
            for r in (x / files).min(y / files)..=(x / files).max(y / files) {
                for f in (x % files).min(y % files)..=(x % files).max(y % files) {
                    set |= one((r * files + f) as usize);
                }
            }
            set
        };
        let mut regions = std::collections::HashMap::new();
        let mut rules = Rules::default();
        for line in text.lines().map(|l| l.split('#').next().unwrap()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["region", region, areas @ ..] => {
                    let split = areas.iter().position(|&w| w == "black").unwrap_or(areas.len());
                    let white = areas[..split].iter().fold(Bitboard256::EMPTY, |s, a| s | area(a));
                    let black = if split < areas.len() {
                        areas[split + 1..].iter().fold(Bitboard256::EMPTY, |s, a| s | area(a))
                    } else {
                        white.indices().fold(Bitboard256::EMPTY, |b, s| b | one(turn(s)))
                    };
                    regions.insert(region.to_string(), [white, black]);
                }
                ["confine", letter, region] => rules.confine.push((letter.to_string(), regions[*region])),
                ["moves", letter, "in", region, betza] => {
                    rules.moves_in.push((letter.to_string(), regions[*region], betza.to_string()))
                }
                _ => {}
            }
        }
        rules
    }
}

fn replay(
    name: &str,
    files: i32,
    ranks: i32,
    pieces: &[(&str, &str)],
    query: &dyn Fn(usize, bool, usize, Bitboard256) -> Answers,
) -> usize {
    let squares = (files * ranks) as usize;
    let all = !Bitboard256::EMPTY >> (256 - squares as u32);
    let rules = Rules::read(name, files, ranks);
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d ^ squares as u64);
    let mut checked = 0;
    for (piece, &(letter, betza)) in pieces.iter().enumerate() {
        let interpreted = parse(betza);
        let confined = rules.confine.iter().find(|c| c.0 == letter).map(|c| c.1);
        let elsewhere: Vec<([Bitboard256; 2], crate::xbetza::Piece)> =
            rules.moves_in.iter().filter(|m| m.0 == letter).map(|m| (m.1, parse(&m.2))).collect();
        for black in [false, true] {
            for from in 0..squares {
                let here =
                    elsewhere.iter().find(|(r, _)| r[black as usize].has_index(from)).map_or(&interpreted, |m| &m.1);
                for density in [0, 12, 30, 55, 80] {
                    let occupied = rng.board(squares, density) & !one(from);
                    let friends = occupied & rng.board(squares, 50);
                    let p = Position { files, ranks, friends, foes: occupied & !friends, from, black };
                    let (always, initial) = here.reach(&p);
                    let mut want = expected(&always, &initial);
                    if let Some(region) = confined.map(|r| r[black as usize]) {
                        let inside = if region.has_index(from) { region } else { Bitboard256::EMPTY };
                        want = want.map(|w| w & inside);
                    }
                    let raw = query(piece, black, from, occupied | one(from));
                    let empty = all & !(occupied | one(from));
                    let q = |i: usize| raw[i] | if i >= 3 { raw[i - 3] } else { Bitboard256::EMPTY };
                    let got =
                        [q(0) & empty, q(1) & p.foes, q(2) & p.friends, q(3) & empty, q(4) & p.foes, q(5) & p.friends];
                    if got != want {
                        let show = |b: Bitboard256| b.indices().map(|s| square_name(files, s)).collect::<Vec<_>>();
                        let what =
                            ["quiet", "capture", "friendly", "+initial quiet", "+initial capture", "+initial friendly"];
                        let diffs: Vec<String> = (0..6)
                            .filter(|&i| got[i] != want[i])
                            .map(|i| format!("{}: module {:?}, interpreter {:?}", what[i], show(got[i]), show(want[i])))
                            .collect();
                        panic!(
                            "{name}: {letter} {betza} ({}) from {}, friends {:?}, foes {:?}:\n{}",
                            if black { "black" } else { "white" },
                            square_name(files, from),
                            show(p.friends),
                            show(p.foes),
                            diffs.join("\n")
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}

/// A lookup a module does not have, in place of its function: it answers nothing.
macro_rules! nothing {
    () => {
        |_p, _c, _s, _o| Narrow::narrow(Bitboard256::EMPTY)
    };
}

/// The module's answers; `friendly` names the two friendly-capture functions where the module
/// has them, and `without_first_moves` marks a module with no `initial_*` functions (no piece
/// has an `i` move).
macro_rules! module {
    ($m:ident) => {
        module!($m, nothing!(), nothing!())
    };
    ($m:ident, without_first_moves) => {
        module!($m, nothing!(), nothing!(), nothing!(), nothing!())
    };
    ($m:ident, $friendly:expr, $initial_friendly:expr) => {
        module!(
            $m,
            $friendly,
            $initial_friendly,
            fairy_magic_generated::$m::initial_quiets,
            fairy_magic_generated::$m::initial_attacks
        )
    };
    ($m:ident, $friendly:expr, $initial_friendly:expr, $initial_quiets:expr, $initial_attacks:expr) => {{
        use fairy_magic_generated::$m as m;
        let betzas: Vec<(&str, &str)> = m::Piece::ALL.iter().map(|p| (p.letter(), p.betza())).collect();
        let query = |piece: usize, black: bool, square: usize, occupied: Bitboard256| -> Answers {
            let p = m::Piece::ALL[piece];
            let c = if black { m::Color::Black } else { m::Color::White };
            let o: m::Bitboard = Narrow::narrow(occupied);
            let square = m::Square::new(square).expect("a square of the board");
            let friendly: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard = $friendly;
            let initial_friendly: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard = $initial_friendly;
            let initial_quiets: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard = $initial_quiets;
            let initial_attacks: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard = $initial_attacks;
            [
                Bitboard256::from(m::quiets(p, c, square, o)),
                Bitboard256::from(m::attacks(p, c, square, o)),
                Bitboard256::from(friendly(p, c, square, o)),
                Bitboard256::from(initial_quiets(p, c, square, o)),
                Bitboard256::from(initial_attacks(p, c, square, o)),
                Bitboard256::from(initial_friendly(p, c, square, o)),
            ]
        };
        (stringify!($m), m::FILES as i32, m::RANKS as i32, betzas, query)
    }};
}

/// The module's answers, forwards (`independent::NAME::module_agrees_with_the_interpreter`)
/// and backwards (`independent::NAME::reverse_lookups_agree_with_the_interpreter`), for every
/// shipped module (`shipped.rs`).
macro_rules! module_tests {
    ($m:ident $(, $marker:ident)?) => {
        mod $m {
            use super::*;

            #[test]
            fn module_agrees_with_the_interpreter() {
                let (name, files, ranks, betzas, query) = module_tests!(@answers $m $(, $marker)?);
                let checked = replay(name, files, ranks, &betzas, &query);
                assert!(checked >= betzas.len() * 2 * (files * ranks) as usize * 5, "{name}: only {checked} positions");
            }

            #[test]
            fn reverse_lookups_agree_with_the_interpreter() {
                use fairy_magic_generated::$m as m;
                let pieces: Vec<(&str, &str)> = m::Piece::ALL.iter().map(|p| (p.letter(), p.betza())).collect();
                let (initial_movers, initial_attackers): (
                    fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard,
                    fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard,
                ) = module_tests!(@first_movers $m $(, $marker)?);
                let checked = reverse_replay(
                    stringify!($m),
                    m::FILES as i32,
                    m::RANKS as i32,
                    &pieces,
                    &|piece, black, target, occupied| {
                        let p = m::Piece::ALL[piece];
                        let c = if black { m::Color::Black } else { m::Color::White };
                        let o: m::Bitboard = Narrow::narrow(occupied);
                        let target = m::Square::new(target).expect("a square of the board");
                        [
                            Bitboard256::from(m::movers(p, c, target, o)),
                            Bitboard256::from(m::attackers(p, c, target, o)),
                            Bitboard256::from(initial_movers(p, c, target, o)),
                            Bitboard256::from(initial_attackers(p, c, target, o)),
                        ]
                    },
                );
                assert_eq!(checked, pieces.len() * 2 * 4 * 3);
            }
        }
    };
    (@answers $m:ident) => {
        module!($m)
    };
    (@answers $m:ident, friendly) => {
        module!($m, fairy_magic_generated::$m::friendly_attacks, fairy_magic_generated::$m::initial_friendly_attacks)
    };
    (@answers $m:ident, without_first_moves) => {
        module!($m, without_first_moves)
    };
    (@first_movers $m:ident, without_first_moves) => {
        (nothing!(), nothing!())
    };
    (@first_movers $m:ident $(, $marker:ident)?) => {
        (fairy_magic_generated::$m::initial_movers, fairy_magic_generated::$m::initial_attackers)
    };
}

crate::shipped::for_each_module!(module_tests);

/// The deliberate bug the audit found only through the oracle sample: Black's moves mirrored
/// instead of turned through 180°. A chiral piece tells the two apart.
#[test]
fn black_chiral_knight_is_turned_not_mirrored() {
    use fairy_magic_generated::gallery::{quiets, Color, Piece, Square};
    let right = Piece::ALL.iter().copied().find(|p| p.betza() == "hrN").unwrap();
    let d4 = parse_square(8, "d4");
    let p =
        Position { files: 8, ranks: 8, friends: Bitboard256::EMPTY, foes: Bitboard256::EMPTY, from: d4, black: true };
    let (always, _) = parse("hrN").reach(&p);
    let names: Vec<String> = always.keys().map(|&s| square_name(8, s)).collect();
    assert_eq!(names, ["c2", "f3", "b5", "e6"]);
    let module = quiets(right, Color::Black, Square::new(d4).unwrap(), 1 << d4);
    let names: Vec<String> = (0..64).filter(|s| module >> s & 1 == 1).map(|s| square_name(8, s)).collect();
    assert_eq!(names, ["c2", "f3", "b5", "e6"]);
}

/// The oracle sample's lines whose board and piece are a shipped module's, answered by that
/// module as an engine would: quiet moves masked with the empty squares, captures with the foes.
#[test]
fn the_modules_agree_with_the_oracle_sample_where_they_share_a_piece() {
    type Query = Box<dyn Fn(usize, bool, usize, Bitboard256) -> Answers>;
    type Pieces = Vec<(&'static str, &'static str)>;
    let mut modules: Vec<(&str, i32, i32, Pieces, Query)> = Vec::new();
    macro_rules! add {
        ($m:ident $(, $marker:ident)?) => {{
            let (name, files, ranks, betzas, query) = module_tests!(@answers $m $(, $marker)?);
            modules.push((name, files, ranks, betzas, Box::new(query)));
        }};
    }
    crate::shipped::for_each_module!(add);
    let mut wrong = Vec::new();
    let mut replayed = 0;
    let mut used = std::collections::BTreeSet::new();
    for q in sample() {
        let betza = q["betza"].as_str().unwrap();
        let (p, virgin) = question(&q);
        for (name, files, ranks, betzas, query) in &modules {
            let Some(piece) = betzas.iter().position(|b| b.1 == betza) else { continue };
            if (*files, *ranks) != (p.files, p.ranks) {
                continue;
            }
            // The sample knows nothing of a variant's regions: leave out pieces bound by them.
            let rules = Rules::read(name, *files, *ranks);
            let letter = betzas[piece].0;
            if rules.confine.iter().any(|c| c.0 == letter) || rules.moves_in.iter().any(|m| m.0 == letter) {
                continue;
            }
            let occupied = p.friends | p.foes | one(p.from);
            let raw = query(piece, p.black, p.from, occupied);
            let (quiet, capture) = if virgin { (raw[0] | raw[3], raw[1] | raw[4]) } else { (raw[0], raw[1]) };
            let all = !Bitboard256::EMPTY >> (256 - (files * ranks) as u32);
            let found = quiet & all & !occupied | capture & p.foes;
            let got: Vec<String> = found.indices().map(|s| square_name(*files, s)).collect();
            if got != names(&q["dest"]) {
                wrong.push(format!("{name} {}: {betza} gave {got:?}, oracle {}", q["id"], q["dest"]));
            }
            replayed += 1;
            used.insert(*name);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The pext binary (`tests/pext.rs`) has the pext modules alone: it holds them to the sample's
    // lines above, and `all.rs` holds every module to reaching these.
    if !crate::EVERY_MODULE {
        return;
    }
    // Every board the sample shares with a module is reached (grand's 10x10 is not in it).
    assert!(replayed >= 30, "only {replayed} lines replayed, from {used:?}");
    let reached =
        ["bentriders", "capablanca", "chess", "chess_pext", "chess_split32", "chess_throughput", "fairy", "gallery"];
    let reached = reached.into_iter().chain(["janggi", "shogi", "xiangqi"]);
    assert!(
        reached.clone().all(|m| used.contains(m)),
        "modules reached: {used:?}, not all of {:?}",
        reached.collect::<Vec<_>>()
    );
    eprintln!("{replayed} lines through {used:?}");
}

/// XBETZA.md's reference counts (a white piece on d4, empty 8x8), and the two deliberate bugs
/// of the audit in spirit: a grasshopper without its hurdle would move on an empty board, and a
/// mirrored Black would send `hrN` elsewhere (`black_chiral_knight_is_turned_not_mirrored`).
#[test]
fn the_interpreter_has_the_contracts_reference_counts() {
    let counts = [
        ("N", 8),
        ("R", 14),
        ("NN", 12),
        ("[F?R]", 24),
        ("[F-R]", 20),
        ("[W?B]", 24),
        ("[D?B]", 16),
        ("v[F?R]", 14),
        ("v[W?B]", 12),
        ("[F-B]", 9),
        ("[W-R]", 10),
        ("[W?sR]", 28),
        ("mRcpR", 14),
        ("gQ", 0),
    ];
    let d4 = parse_square(8, "d4");
    for (betza, count) in counts {
        for black in [false, true] {
            let p =
                Position { files: 8, ranks: 8, friends: Bitboard256::EMPTY, foes: Bitboard256::EMPTY, from: d4, black };
            let (always, initial) = parse(betza).reach(&p);
            assert_eq!((always.len(), initial.len()), (count, 0), "{betza}, black: {black}");
        }
    }
    // The grasshopper with hurdles: right behind the first piece on each line, whatever colour.
    let p = Position {
        files: 8,
        ranks: 8,
        friends: one(parse_square(8, "d6")),
        foes: one(parse_square(8, "f4")),
        from: d4,
        black: false,
    };
    let (always, _) = parse("gQ").reach(&p);
    let names: Vec<String> = always.keys().map(|&s| square_name(8, s)).collect();
    assert_eq!(names, ["g4", "d7"]);
}

/// The reverse lookups (`movers`, `attackers` and their first-move versions) against the
/// interpreter run forwards: a square is a mover (attacker) of `target` exactly when the piece,
/// standing there, reaches the empty `target` with a quiet move (an enemy on it with a capture).
/// `query(piece, black, target, occupied)` answers [movers, attackers, initial movers, initial
/// attackers].
fn reverse_replay(
    name: &str,
    files: i32,
    ranks: i32,
    pieces: &[(&str, &str)],
    query: &dyn Fn(usize, bool, usize, Bitboard256) -> [Bitboard256; 4],
) -> usize {
    let squares = (files * ranks) as usize;
    let rules = Rules::read(name, files, ranks);
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ squares as u64);
    let mut checked = 0;
    for (piece, &(letter, betza)) in pieces.iter().enumerate() {
        let interpreted = parse(betza);
        let confined = rules.confine.iter().find(|c| c.0 == letter).map(|c| c.1);
        let elsewhere: Vec<([Bitboard256; 2], crate::xbetza::Piece)> =
            rules.moves_in.iter().filter(|m| m.0 == letter).map(|m| (m.1, parse(&m.2))).collect();
        for black in [false, true] {
            for _ in 0..4 {
                let target = (rng.next() % squares as u64) as usize;
                for density in [0, 25, 60] {
                    let occupied = rng.board(squares, density);
                    let mut want = [Bitboard256::EMPTY; 4];
                    for from in (0..squares).filter(|&s| s != target) {
                        if confined
                            .is_some_and(|r| !r[black as usize].has_index(from) || !r[black as usize].has_index(target))
                        {
                            continue;
                        }
                        let here = elsewhere
                            .iter()
                            .find(|(r, _)| r[black as usize].has_index(from))
                            .map_or(&interpreted, |m| &m.1);
                        let others = occupied & !one(from) & !one(target);
                        for (capture, kind) in [(false, QUIET), (true, CAPTURE)] {
                            let foes = if capture { others | one(target) } else { others };
                            let p = Position { files, ranks, friends: Bitboard256::EMPTY, foes, from, black };
                            let (always, initial) = here.reach(&p);
                            let hit = |r: &Reach| r.get(&target).is_some_and(|&k| k & kind != 0);
                            if hit(&always) {
                                want[capture as usize] |= one(from);
                            }
                            if hit(&initial) {
                                want[2 + capture as usize] |= one(from);
                            }
                        }
                    }
                    let got = query(piece, black, target, occupied);
                    if got != want {
                        let show = |b: Bitboard256| b.indices().map(|s| square_name(files, s)).collect::<Vec<_>>();
                        let what = ["movers", "attackers", "initial movers", "initial attackers"];
                        let diffs: Vec<String> = (0..4)
                            .filter(|&i| got[i] != want[i])
                            .map(|i| format!("{}: module {:?}, interpreter {:?}", what[i], show(got[i]), show(want[i])))
                            .collect();
                        panic!(
                            "{name}: {letter} {betza} ({}) onto {}, occupied {:?}:\n{}",
                            if black { "black" } else { "white" },
                            square_name(files, target),
                            show(occupied),
                            diffs.join("\n")
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}
