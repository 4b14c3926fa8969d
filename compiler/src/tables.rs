//! Stage 6: magics → the data a generated module holds: one packed attack table, a block of
//! leaps, probes, lines and plain checks for each distinct block of slots, with the list of reads
//! the module makes of it (`reads.rs`, which also answers as those reads do). `verify.rs` checks
//! those answers against the reference walker.

use fairy_magic_runtime::{Index, Line, LineForm, PlainCheck, Probe};

use crate::board::{Board, Square, Squares, Word};
use crate::fold;
use crate::fxhash::FxHashMap;
use crate::lookups::{Plan, SlotPlan};
use crate::magics::{self, Found};
use crate::pack;
use crate::reads::{self, per_square, Entries, LineRead, Read};
pub use crate::slots::{slot_ids, SlotId, SlotOrder};
use crate::table_kind::TableKind;

/// Everything the emitter writes, in the runtime's own types.
#[derive(Clone, Debug)]
pub struct Tables<B> {
    /// How every probe forms its index.
    pub index: Index,
    /// The kinds the module has, in the order of `block_of`.
    pub kinds: Vec<TableKind>,
    /// `block_of[kind][piece][colour]`: which of `blocks` serves it.
    pub block_of: Vec<Vec<[usize; 2]>>,
    /// Distinct blocks: a symmetric piece's two colours, or its quiet and capture moves when it
    /// moves as it captures, share one.
    pub blocks: Vec<Block<B>>,
    /// Every lookup's table, packed into one array (`pack.rs`).
    pub table: Vec<B>,
    /// The same table numbered, as the module stores it where [`stores_numbered`].
    pub numbered: Option<Numbered<B>>,
    /// Per lookup of the plan: its magic and where its table starts.
    pub found: Vec<(Found<B>, u32)>,
    /// The probe that pads a square out to its block's width: it reads an empty entry.
    pub padding: Probe<B>,
    /// The rank table the blocks that read [`Read::RankSlide`] share, where the measured figures
    /// chose rank reads over computed lines.
    pub ranks: Option<RankTable>,
}

/// `lines` with slides of one ray each paired into lines of two, one rising and one falling: a
/// slide's rays are cut at their own first blockers, so two such halves answer as one line
/// does. Taking the rank's rays out of a square's lines leaves such halves (on an edge square,
/// a file's ray paired with a rank's), which would otherwise each take a line of every square.
fn pair_halves<B: Word>(mut lines: Vec<Line<B>>) -> Vec<Line<B>> {
    let half = |l: &Line<B>| l.form == LineForm::Slide && (l.up == B::EMPTY) != (l.down == B::EMPTY);
    let mut i = 0;
    while i < lines.len() {
        if half(&lines[i]) {
            let rising = lines[i].down == B::EMPTY;
            let partner = (i + 1..lines.len()).find(|&j| half(&lines[j]) && (lines[j].down == B::EMPTY) != rising);
            if let Some(j) = partner {
                let other = lines.remove(j);
                let line = &mut lines[i];
                (line.up, line.down, line.reach) =
                    (line.up | other.up, line.down | other.down, line.reach | other.reach);
            }
        }
        i += 1;
    }
    lines
}

/// A board's rank table ([`fairy_magic_runtime::rank_slide`]): for each file, and each
/// occupancy of a rank's inner squares, the squares of the rank a slide along it reaches both
/// ways. One table serves every rank and every piece: the answer depends on neither.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankTable {
    /// The board's files: the table has `files << (files - 2)` entries.
    pub files: usize,
    /// Every entry, as the rank's bits (file 0 lowest).
    pub entries: Vec<u16>,
}

impl RankTable {
    /// The most bytes a rank table may take: 5 KB holds a board of 10 files. Past that the table
    /// doubles with each file (24 KB on 12 files), and the calibration board of each width (8,
    /// 9, 12 and 16 files) no longer measures what a module's read would cost.
    pub const MAX_BYTES: usize = 8 * 1024;

    /// The rank table of `board`, when one can serve it: two files at least (one file has no
    /// rank to slide along) and within [`RankTable::MAX_BYTES`].
    pub fn of(board: Board) -> Option<RankTable> {
        // Files are at most 16 (a rank's squares fit a `u16`), so the table's length is no overflow.
        let files = usize::from(board.files);
        let len = (files >= 2).then(|| fairy_magic_runtime::rank_table_len(files))?;
        (len * RankTable::entry_bytes_of(files) <= RankTable::MAX_BYTES).then(|| RankTable {
            files,
            entries: (0..len).map(|i| fairy_magic_runtime::rank_table_entry(files, i) as u16).collect(),
        })
    }

    fn entry_bytes_of(files: usize) -> usize {
        if files <= 8 {
            1
        } else {
            2
        }
    }

    /// The bytes of one entry as the module stores it: `u8` where a rank's squares fit.
    pub fn entry_bytes(&self) -> usize {
        RankTable::entry_bytes_of(self.files)
    }

    /// The Rust type of one entry, as the module declares it.
    pub fn type_name(&self) -> &'static str {
        match self.entry_bytes() {
            1 => "u8",
            _ => "u16",
        }
    }

    /// The slide along the whole rank of `square`, read through the runtime's own code. The
    /// module's `u8` entries hold these same values (a rank of at most 8 files fits them), and
    /// `rank_slide` reads either type alike; verification calls this for every occupancy it
    /// tries, so it reads the entries in place rather than narrowing a copy each time.
    pub fn read<B: Word>(&self, square: Square, occupied: B) -> B {
        fairy_magic_runtime::rank_slide(&self.entries, self.files, square.index(), occupied)
    }

    /// The lines of `square` with the rays the table answers taken out: the square's whole rank
    /// each way, where a slide of `lines` runs along it. `None` where the table cannot answer
    /// them: a ray of the rank that is no slide's, or only part of one (a ranged slide stops
    /// before the edge, the table does not). The table reaches every square of a ray up to the
    /// first blocker, with which the square's `leaps` are united, so the squares a slide passes
    /// without reaching them (a rook's first step) must be leaps, and a ray whose squares are
    /// all leaps (a rook next to the edge) needs no slide. A line is two rays whose indices rise
    /// and fall, not always one straight line (on an edge square, a file's ray and a rank's);
    /// a line left with no ray goes.
    fn take_rays<B: Word>(&self, square: Square, lines: &[Line<B>], leaps: B) -> Option<Vec<Line<B>>> {
        let square = square.index();
        let (file, start) = (square % self.files, square - square % self.files);
        let squares = |files: std::ops::Range<usize>| files.fold(B::EMPTY, |set, f| set | B::from_index(start + f));
        let mut rest = lines.to_vec();
        for (edge, rising) in [(squares(file + 1..self.files), true), (squares(0..file), false)] {
            if edge & !leaps == B::EMPTY {
                continue;
            }
            let ray = |l: &Line<B>| if rising { l.up } else { l.down };
            let found = rest
                .iter()
                .position(|l| l.form == LineForm::Slide && ray(l) == edge && edge & !l.reach & !leaps == B::EMPTY)?;
            let line = &mut rest[found];
            match rising {
                true => line.up = B::EMPTY,
                false => line.down = B::EMPTY,
            }
            line.reach &= !edge;
        }
        rest.retain(|l| (l.up | l.down) != B::EMPTY);
        Some(pair_halves(rest))
    }
}

/// Whether a module of `bits`-bit bitboards stores its attack table numbered: entries as `u16`
/// numbers of the table's distinct sets ([`Numbered`]). Only on boards of over 128 squares,
/// whose 24- and 32-byte entries would not stay in any cache.
pub fn stores_numbered(bits: u32) -> bool {
    bits > 128
}

/// An attack table as numbers of its distinct sets: `sets[entries[i]]` is entry `i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered<B> {
    /// One number an entry.
    pub entries: Numbers,
    /// The distinct sets in the order they first appear, so that a lookup's sets lie together.
    pub sets: Vec<B>,
}

/// A numbered table's entries, in the narrowest type that numbers every set: the module stores
/// them so, and verification reads them so, through the runtime's own code for that type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Numbers {
    /// At most 65,536 distinct sets.
    U16(Vec<u16>),
    /// More: a numbering never fails, it grows.
    U32(Vec<u32>),
}

impl Numbers {
    /// How many entries there are.
    pub fn len(&self) -> usize {
        match self {
            Numbers::U16(n) => n.len(),
            Numbers::U32(n) => n.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of one entry.
    pub fn entry_bytes(&self) -> usize {
        match self {
            Numbers::U16(_) => 2,
            Numbers::U32(_) => 4,
        }
    }

    /// The Rust type of one entry, as the module declares it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Numbers::U16(_) => "u16",
            Numbers::U32(_) => "u32",
        }
    }

    /// Every entry, widened.
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Numbers::U16(n) => n.iter().map(|&x| u32::from(x)).collect(),
            Numbers::U32(n) => n.clone(),
        }
    }
}

impl<B: Word> Numbered<B> {
    /// `table` numbered, in `u16`s where they number every distinct set and `u32`s beyond.
    pub fn new(table: &[B]) -> Numbered<B> {
        let mut number_of: FxHashMap<B, u32> = FxHashMap::default();
        let mut sets = Vec::new();
        let wide: Vec<u32> = table
            .iter()
            .map(|&set| {
                *number_of.entry(set).or_insert_with(|| {
                    sets.push(set);
                    // No table has 2^32 entries: the occupancy limit stops far below.
                    u32::try_from(sets.len() - 1).expect("fewer sets than entries")
                })
            })
            .collect();
        let entries = match sets.len() <= usize::from(u16::MAX) + 1 {
            true => Numbers::U16(wide.iter().map(|&n| n as u16).collect()),
            false => Numbers::U32(wide),
        };
        Numbered { entries, sets }
    }
}

/// One (kind, piece, colour)'s answers for every square, laid out as the generated module stores
/// them: every square has `probes_per_square` probes, `lines_per_square` lines and
/// `checks_per_square` plain checks,
/// padded where it needs fewer, so that the generated code reads a square without first reading
/// how much it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block<B> {
    /// Probes per square: the most any square of the block needs.
    pub probes_per_square: usize,
    /// Plain checks per square: the most any square of the block needs.
    pub checks_per_square: usize,
    /// Computed lines per square: the most any square of the block needs.
    pub lines_per_square: usize,
    /// One a square: every square the slot reaches whatever the occupancy, as planned (reverse
    /// reads and the page take them so).
    pub leaps: Vec<B>,
    /// One a square: the `leaps` the module stores, less those its slides answer on every
    /// occupancy anyway, and none where its lines take in the rest (a rook's, a queen's) or its
    /// probes' entries do ([`Read::Probes`]).
    pub stored_leaps: Vec<B>,
    /// `probes_per_square` a square.
    pub probes: Vec<Probe<B>>,
    /// `checks_per_square` a square.
    pub checks: Vec<PlainCheck<B>>,
    /// `lines_per_square` a square, padded with [`Line::empty`].
    pub lines: Vec<Line<B>>,
    /// How the module reads the block, and verification with it: what the module stores of it,
    /// and the runtime function that reads each part. Where a square reads the rays along its
    /// whole rank from the module's rank table ([`Tables::ranks`], [`Read::RankSlide`]), the
    /// module stores only the rest of its lines ([`Block::stored_lines`]).
    pub reads: Vec<Read>,
    /// The lines the module stores per square.
    pub stored_per_square: usize,
    /// `stored_per_square` a square, the lines the module stores: `lines`, less the rays a rank
    /// read answers, and holding the leaps they take in, each a ray of one square.
    pub stored: Vec<Line<B>>,
}

impl<B: Word> Block<B> {
    /// The squares the block has entries for, in order.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        (0..self.leaps.len()).map(Square::new)
    }

    /// The probes of one square (`rank * files + file`), padding included.
    pub fn probes(&self, square: Square) -> &[Probe<B>] {
        per_square(&self.probes, self.probes_per_square, square)
    }

    /// The plain checks of one square (`rank * files + file`), padding included.
    pub fn checks(&self, square: Square) -> &[PlainCheck<B>] {
        per_square(&self.checks, self.checks_per_square, square)
    }

    /// The lines of one square (`rank * files + file`) as planned, padding included: where the
    /// block reads [`Read::RankSlide`], the rank table answers some of their rays.
    pub fn lines(&self, square: Square) -> &[Line<B>] {
        per_square(&self.lines, self.lines_per_square, square)
    }

    /// The computed lines of one square as the module stores them, padding included.
    pub fn stored_lines(&self, square: Square) -> &[Line<B>] {
        per_square(&self.stored, self.stored_per_square, square)
    }

    /// Settles [`Block::stored_leaps`]: the leaps that the block's stored reads do not answer
    /// anyway, and none where its lines can take those in.
    ///
    /// A slide read without its reach (`slides`, and a rank read) always reaches the nearest
    /// square of each ray, blocked or not, and a fuller board only cuts a slide shorter: what it
    /// answers on a full board it answers on every board, so those leaps (a rook's first
    /// steps, which the planner keeps as leaps) go. A ray of one square answers that square on
    /// every board too, so the leaps left (a rook's step to the edge, where the planner makes no
    /// ray) fill the lines' empty rays where every square's fit: then the block stores no leaps,
    /// and the module loads and ORs none. Any other read answers only within its reach, which
    /// leaves the leaps out: all are kept, as they are where probes share a slot with them.
    fn store_leaps(&mut self, read: LineRead, ranks: Option<&RankTable>) {
        self.stored_leaps = self.leaps.clone();
        if read != LineRead::Slides {
            return;
        }
        let full = !B::EMPTY;
        for square in self.squares() {
            let ranked = ranks.map_or(B::EMPTY, |ranks| ranks.read(square, full));
            let answered = read.answer(self.stored_lines(square), full) | ranked;
            self.stored_leaps[square.index()] &= !answered;
        }
        if self.probes_per_square > 0 {
            return;
        }
        // Each square's lines keep their number, so the block keeps its width.
        let taken: Option<Vec<Vec<Line<B>>>> = self
            .squares()
            .map(|square| lines_taking_in(self.stored_lines(square), self.stored_leaps[square.index()]))
            .collect();
        if let Some(taken) = taken {
            self.stored = taken.concat();
            self.stored_leaps.fill(B::EMPTY);
        }
    }

    /// The cheapest reading that answers every square's lines as `lines` does.
    fn line_read(&self) -> LineRead {
        // A padding line is an empty slide: it answers nothing read any of these ways.
        let all = |form: LineForm| {
            self.squares()
                .flat_map(|square| self.stored_lines(square))
                .all(|l| l.form == form || Block::is_padding_line(l))
        };
        match self.squares().all(|square| self.slides_need_no_reach(square)) {
            true => LineRead::Slides,
            false if all(LineForm::Slide) => LineRead::ReachedSlides,
            false if all(LineForm::Hop) => LineRead::Hops,
            false => LineRead::Lines,
        }
    }

    /// Whether one square's lines answer the same unmasked by their reach: all slides, and the
    /// squares they pass without reaching (a rook's first step, which the planner answers as a
    /// leap) among the square's leaps, with which the answer is united.
    fn slides_need_no_reach(&self, square: Square) -> bool {
        let lines = self.stored_lines(square);
        let passed = lines.iter().fold(B::EMPTY, |p, l| p | (l.up | l.down) & !l.reach);
        lines.iter().all(|l| l.form == LineForm::Slide) && passed & !self.leaps[square.index()] == B::EMPTY
    }

    /// Probes that only pad a square out to the block's width.
    pub fn is_padding(probe: &Probe<B>) -> bool {
        probe.mask == B::EMPTY
    }

    /// Lines that only pad a square out to the block's width.
    pub fn is_padding_line(line: &Line<B>) -> bool {
        *line == Line::empty()
    }
}

/// `lines` with each square of `leaps` as a ray of its own in an empty ray of theirs (one that
/// `slides` reads: it answers that square whatever the occupancy), or `None` where there are
/// more squares than empty rays.
pub fn lines_taking_in<B: Word>(lines: &[Line<B>], mut leaps: B) -> Option<Vec<Line<B>>> {
    let mut lines = lines.to_vec();
    for line in &mut lines {
        for ray in [&mut line.up, &mut line.down] {
            if *ray == B::EMPTY {
                let Some(index) = leaps.pop_lowest_index() else { break };
                *ray = B::from_index(index);
                line.reach |= *ray;
            }
        }
    }
    (leaps == B::EMPTY).then_some(lines)
}

/// `leaps` plus what `probes` find, through the runtime's own functions: from `table`, or from
/// the numbered table where the module stores one.
pub(crate) fn read_probes<B: Word>(
    how: Index,
    leaps: B,
    probes: &[Probe<B>],
    table: &[B],
    numbered: Option<&Numbered<B>>,
    occupied: B,
) -> B {
    match numbered {
        None => fairy_magic_runtime::lookup(how, leaps, probes, table, occupied),
        Some(Numbered { entries: Numbers::U16(e), sets }) => {
            fairy_magic_runtime::lookup_numbered(how, leaps, probes, e, sets, occupied)
        }
        Some(Numbered { entries: Numbers::U32(e), sets }) => {
            fairy_magic_runtime::lookup_numbered(how, leaps, probes, e, sets, occupied)
        }
    }
}

/// Packs every lookup's table into one array, pads each square's probes to its block's width,
/// lays out one stored block per distinct block of slots, and numbers the sets where `B` stores them so.
///
/// `kinds` are the table kinds in module order (forward kinds first); `plan` has one slot plan
/// per slot in [`SlotOrder`]; `magics` holds each lookup's magic and the entries it uses, as
/// the magic search found them.
pub fn lay_out<B: Word>(
    board: Board,
    pieces: usize,
    kinds: &[TableKind],
    plan: &Plan,
    magics: Vec<(Found<B>, magics::Entries)>,
    index: Index,
    ranks: Option<RankTable>,
) -> Tables<B> {
    let (magics, used): (Vec<Found<B>>, Vec<magics::Entries>) = magics.into_iter().unzip();
    let (block_of, distinct) = distinct_blocks(board, pieces, kinds.len(), plan);
    let mut blocks: Vec<Block<B>> = distinct.iter().map(|slots| Block::of_slots(slots, ranks.as_ref())).collect();
    let pairs: Vec<(&[SlotPlan], &Block<B>)> = distinct.iter().copied().zip(&blocks).collect();
    let folding = fold::folding(&pairs, magics.len());
    // One empty entry, last, for the probes that pad a square.
    let mut entries = folding.entries(used);
    entries.push(vec![(0, Squares::EMPTY)]);
    let packed = pack::pack(&entries);
    let table: Vec<B> = packed.entries.iter().map(|&e| B::from_squares(e)).collect();
    let lookups = magics.len();
    // An empty mask and magic hash every occupancy to 0, under any index: the entry at the
    // probe's offset, the empty one for padding and a square's own leaps where it has no probe.
    let at = |offset: u32| Probe::new(B::EMPTY, B::EMPTY, Found { magic: B::EMPTY, bits: 1 }.shift(index), offset);
    let padding = at(packed.offsets[packed.offsets.len() - 1]);
    let alone: Vec<Probe<B>> = packed.offsets[lookups..packed.offsets.len() - 1].iter().map(|&o| at(o)).collect();
    let found: Vec<(Found<B>, u32)> = magics.into_iter().zip(packed.offsets).collect();
    let probe = |id: usize| found[id].0.probe(index, &plan.lookups[id], found[id].1);
    for ((block, slots), &folds) in blocks.iter_mut().zip(&distinct).zip(&folding.folds) {
        let alone = |leaps: B| alone[folding.alone.iter().position(|&l| l == leaps).expect("leaps met alone")];
        block.place_probes(slots, &probe, padding, folds.then_some(&alone as &dyn Fn(B) -> Probe<B>));
    }
    let numbered = stores_numbered(B::BITS).then(|| Numbered::new(&table));
    // The table is the module's only where some block reads it.
    let ranks = ranks.filter(|_| blocks.iter().any(|b| b.reads.contains(&Read::RankSlide)));
    Tables { index, kinds: kinds.to_vec(), block_of, blocks, table, numbered, found, padding, ranks }
}

/// `block_of[kind][piece][colour]` for every block of `plan`'s slots, and the distinct blocks
/// of slots it numbers, in the order first met: a block the same as one before it is that one.
fn distinct_blocks(board: Board, pieces: usize, kinds: usize, plan: &Plan) -> (Vec<Vec<[usize; 2]>>, Vec<&[SlotPlan]>) {
    let mut numbers: FxHashMap<&[SlotPlan], usize> = FxHashMap::default();
    let mut block_of = vec![vec![[0usize; 2]; pieces]; kinds];
    let mut distinct = Vec::new();
    let order = SlotOrder::new(kinds, pieces, board);
    for (i, slots) in plan.slots.chunks(board.squares()).enumerate() {
        let (kind, piece, color) = order.block_owner(i);
        let next = numbers.len();
        block_of[kind][piece][color as usize] = *numbers.entry(slots).or_insert_with(|| {
            distinct.push(slots);
            next
        });
    }
    (block_of, distinct)
}

impl<B: Word> Block<B> {
    /// The stored block of one block of slots (a kind, piece and colour, every square): each square's
    /// leaps, its plain checks padded to the run's widest square, its lines likewise, and what
    /// the module stores of them ([`Block::store`]). Its probes are placed once the attack
    /// table is packed ([`Block::place_probes`]).
    fn of_slots(slots: &[SlotPlan], ranks: Option<&RankTable>) -> Block<B> {
        let no_check = PlainCheck::new(B::EMPTY, B::EMPTY, B::EMPTY);
        let probes_per_square = slots.iter().map(|s| s.lookups.len()).max().unwrap_or(0);
        let checks_per_square = slots.iter().map(|s| s.checks.len()).max().unwrap_or(0);
        let lines_per_square = slots.iter().map(|s| s.lines.len()).max().unwrap_or(0);
        let mut block = Block {
            probes_per_square,
            checks_per_square,
            lines_per_square,
            leaps: vec![],
            stored_leaps: vec![],
            probes: vec![],
            checks: vec![],
            lines: vec![],
            reads: vec![],
            stored_per_square: 0,
            stored: vec![],
        };
        for slot in slots {
            block.leaps.push(B::from_squares(slot.leaps));
            block.checks.extend(slot.checks.iter().map(|c| {
                PlainCheck::new(B::from_squares(c.path), B::from_squares(c.required), B::from_squares(c.dest))
            }));
            block.checks.resize(block.checks.len() + checks_per_square - slot.checks.len(), no_check);
            block.lines.extend(
                slot.lines.iter().map(|l| {
                    Line::new(B::from_squares(l.up), B::from_squares(l.down), B::from_squares(l.reach), l.form)
                }),
            );
            block.lines.resize(block.lines.len() + lines_per_square - slot.lines.len(), Line::empty());
        }
        block.store(ranks);
        block
    }

    /// Each square's probes, `probe` of each of its lookups, padded to the block's width with
    /// `padding`. A block that folds (`alone` given: [`crate::fold`]) stores no leaps, its
    /// lookups' entries hold them, a square without a probe reads its leaps through the probe
    /// `alone` gives, and the block is read as [`Read::Probes`].
    fn place_probes(
        &mut self,
        slots: &[SlotPlan],
        probe: &dyn Fn(usize) -> Probe<B>,
        padding: Probe<B>,
        alone: Option<&dyn Fn(B) -> Probe<B>>,
    ) {
        for (slot, &leaps) in slots.iter().zip(&self.stored_leaps) {
            let start = self.probes.len();
            self.probes.extend(slot.lookups.iter().map(|&id| probe(id)));
            if let Some(alone) = alone.filter(|_| slot.lookups.is_empty() && leaps != B::EMPTY) {
                self.probes.push(alone(leaps));
            }
            self.probes.resize(start + self.probes_per_square, padding);
        }
        if alone.is_some() {
            self.stored_leaps.fill(B::EMPTY);
            for read in &mut self.reads {
                if let Read::Slot { probes, .. } = *read {
                    *read = Read::Probes { probes };
                }
            }
        }
    }

    /// Settles what the module stores of the planned block and how it reads it: its lines
    /// (less the rays along each square's rank, where it reads them from `ranks`), the function
    /// that reads them, its leaps, and so its list of reads.
    fn store(&mut self, ranks: Option<&RankTable>) {
        let off_ranks = ranks.and_then(|ranks| Some((ranks, self.lines_off_ranks(ranks)?)));
        let ranks = off_ranks.as_ref().map(|&(ranks, _)| ranks);
        (self.stored_per_square, self.stored) = match off_ranks {
            Some((_, off)) => off,
            None => (self.lines_per_square, self.lines.clone()),
        };
        let read = self.line_read();
        self.store_leaps(read, ranks);
        let entries = if stores_numbered(B::BITS) { Entries::Numbered } else { Entries::Sets };
        let leaps = self.stored_leaps.iter().any(|&l| l != B::EMPTY);
        let (probes, lines, checks) = (self.probes_per_square, self.stored_per_square, self.checks_per_square);
        let stored = match (probes, leaps) {
            (0, false) => None,
            (0, true) => Some(Read::Leaps),
            (probes, _) => Some(Read::Slot { probes, entries }),
        };
        self.reads = [
            stored,
            ranks.map(|_| Read::RankSlide),
            (lines > 0).then_some(Read::Lines { per_square: lines, read }),
            (checks > 0).then_some(Read::PlainChecks { per_square: checks }),
        ]
        .into_iter()
        .flatten()
        .collect();
    }

    /// The block's lines with the rays along each square's whole rank taken out, padded to the
    /// widest square, where every square's can be read from `ranks` ([`RankTable::take_rays`]);
    /// `None` where some square's cannot, so that every square reads alike, or where the block
    /// has no lines.
    fn lines_off_ranks(&self, ranks: &RankTable) -> Option<(usize, Vec<Line<B>>)> {
        if self.lines_per_square == 0 {
            return None;
        }
        let rest: Vec<Vec<Line<B>>> = self
            .squares()
            .map(|square| ranks.take_rays(square, self.lines(square), self.leaps[square.index()]))
            .collect::<Option<_>>()?;
        let width = rest.iter().map(Vec::len).max().unwrap_or(0);
        let padded = rest.into_iter().flat_map(|mut lines| {
            lines.resize(width, Line::empty());
            lines
        });
        Some((width, padded.collect()))
    }
}

impl<B: Word> Tables<B> {
    /// The forward slot a reverse slot is read off: the same piece, colour and square, under
    /// the forward kind its kind turns round (a forward slot is its own).
    pub fn forward_of(&self, id: SlotId) -> SlotId {
        let forward = self.kinds[id.kind_index].forward();
        SlotId { kind_index: self.kinds.iter().position(|&k| k == forward).expect("forward kinds come first"), ..id }
    }

    /// The block that serves one slot, shared with every slot that reads alike.
    pub fn block(&self, id: SlotId) -> &Block<B> {
        &self.blocks[self.block_of[id.kind_index][id.piece][id.color as usize]]
    }

    /// The answer of the generated code for one query.
    pub fn lookup(&self, id: SlotId, occupied: Squares) -> Squares {
        let block = self.block(id);
        reads::evaluate(block, self, id.square, B::from_squares(occupied)).to_squares()
    }
}
