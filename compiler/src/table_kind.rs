//! The kinds of table a module has: forward moves (quiet, capture, friendly, each with or
//! without `i`) and their reverses (`movers`, `attackers`). Every stage after the legs names its
//! tables by these.

use crate::legs::{Kinds, CAPTURE, FRIENDLY, QUIET};
use crate::regions::PieceMoves;

/// The kinds of table a generated module has: one per move kind, with or without `i`, and
/// the reverse lookups an engine asks ("who captures on this square", "who can step onto it").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableKind {
    /// Quiet moves (`m`) that the piece always has.
    Quiet,
    /// Captures of an enemy (`c`) that the piece always has.
    Capture,
    /// Quiet moves marked `i`, which the piece has only as its first move.
    InitialQuiet,
    /// Captures marked `i`, which the piece has only as its first move.
    InitialCapture,
    /// Captures of a friend (`d`) that the piece always has.
    Friendly,
    /// Captures of a friend marked `i`, which the piece has only as its first move.
    InitialFriendly,
    /// From which squares a piece makes a quiet move onto an empty target: `Quiet` reversed.
    Movers,
    /// From which squares a piece captures on a target: `Capture` reversed.
    Attackers,
    /// `InitialQuiet` reversed.
    InitialMovers,
    /// `InitialCapture` reversed.
    InitialAttackers,
}

impl TableKind {
    /// Every kind: the forward kinds first, then their reverses, in the order a module lists
    /// the kinds it has ([`table_kinds`] keeps this order).
    pub const ALL: [TableKind; 10] = [
        TableKind::Quiet,
        TableKind::Capture,
        TableKind::InitialQuiet,
        TableKind::InitialCapture,
        TableKind::Friendly,
        TableKind::InitialFriendly,
        TableKind::Movers,
        TableKind::Attackers,
        TableKind::InitialMovers,
        TableKind::InitialAttackers,
    ];

    /// The forward table this kind reads backwards; itself for a forward kind.
    pub fn forward(self) -> TableKind {
        match self {
            TableKind::Movers => TableKind::Quiet,
            TableKind::Attackers => TableKind::Capture,
            TableKind::InitialMovers => TableKind::InitialQuiet,
            TableKind::InitialAttackers => TableKind::InitialCapture,
            forward => forward,
        }
    }

    /// Whether a slot's square is the target and its answer the squares moved from.
    pub fn is_reverse(self) -> bool {
        self.forward() != self
    }

    /// The kind in words, as module comments, headers and `diff` reports name it.
    pub fn name(self) -> &'static str {
        match self {
            TableKind::Quiet => "quiet",
            TableKind::Capture => "capture",
            TableKind::InitialQuiet => "initial quiet",
            TableKind::InitialCapture => "initial capture",
            TableKind::Friendly => "friendly capture",
            TableKind::InitialFriendly => "initial friendly capture",
            TableKind::Movers => "movers",
            TableKind::Attackers => "attackers",
            TableKind::InitialMovers => "initial movers",
            TableKind::InitialAttackers => "initial attackers",
        }
    }

    /// The move kind this table holds.
    pub fn kinds(self) -> Kinds {
        match self.forward() {
            TableKind::Quiet | TableKind::InitialQuiet => QUIET,
            TableKind::Capture | TableKind::InitialCapture => CAPTURE,
            _ => FRIENDLY,
        }
    }

    /// Whether this table holds only the `i` (first move) moves.
    pub fn initial(self) -> bool {
        matches!(self.forward(), TableKind::InitialQuiet | TableKind::InitialCapture | TableKind::InitialFriendly)
    }
}

/// The table kinds a variant's module has: quiet and capture moves, their first-move-only
/// versions, friendly captures where some piece has them, and the reverse lookups if asked.
pub fn table_kinds(moves: &[[PieceMoves; 2]], reverse: bool) -> Vec<TableKind> {
    let friendly =
        moves.iter().flatten().flat_map(PieceMoves::all).any(|m| m.legs.iter().any(|l| l.kinds & FRIENDLY != 0));
    TableKind::ALL
        .into_iter()
        .filter(|k| friendly || k.kinds() != FRIENDLY)
        .filter(|k| reverse || !k.is_reverse())
        .collect()
}
