//! Reading a position from a FEN in Fairy-Stockfish's notation.

use fairy_magic_runtime::{BitboardExt, Color, Tables};

use crate::{bit, Game, Position, MAX_PIECE_TYPES, NO_ROOK};

impl<T: Tables> Game<T> {
    /// Reads a FEN in Fairy-Stockfish's notation: the board (ranks from the last, `/` between,
    /// numbers for empty squares, `+` before a promoted piece's letter), the side (`w`/`b`),
    /// castling (`KQkq` or `-`), the en-passant square (or `-`), then optional counters.
    /// A position needs one royal piece a side and the side not to move not in check.
    pub fn position(&self, fen: &str) -> Result<Position<T::Bitboard>, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!("a FEN has at least a board and a side to move: {fen:?}"));
        }
        let mut p = Position {
            by_type: [T::Bitboard::EMPTY; MAX_PIECE_TYPES],
            by_color: [T::Bitboard::EMPTY; 2],
            to_move: Color::White,
            castling: [[NO_ROOK; 2]; 2],
            en_passant: T::Bitboard::EMPTY,
            victim: 0,
        };
        self.read_board(fields[0], &mut p)?;
        p.to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            side => return Err(format!("the side to move is w or b, not {side:?}")),
        };
        for color in Color::ALL {
            if (p.by_type[self.royal] & p.by_color[color as usize]).count() != 1 {
                return Err(format!("{color:?} needs one royal piece (`{}`)", T::letter(self.royal)));
            }
        }
        if let Some(&rights) = fields.get(2).filter(|&&f| f != "-") {
            for c in rights.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let kingside = match c.to_ascii_uppercase() {
                    'K' => true,
                    'Q' => false,
                    _ => return Err(format!("castling rights are K, Q, k and q, not {c:?}")),
                };
                self.grant_castling(&mut p, color, kingside);
            }
        }
        if let Some(&field) = fields.get(3).filter(|&&f| f != "-") {
            (p.en_passant, p.victim) = self.read_en_passant(field, &p)?;
        }
        for counter in fields.iter().skip(4) {
            if counter.parse::<u32>().is_err() {
                return Err(format!("not a move counter: {counter}"));
            }
        }
        let them = !p.to_move;
        if self.attacked(&p, self.royal_square(&p, them), p.to_move, p.occupied()) {
            return Err(format!("{them:?} is in check with {:?} to move", p.to_move));
        }
        Ok(p)
    }

    /// Grants `color` the castling a FEN's `K` (or `Q`) names, as Fairy-Stockfish reads it:
    /// the king is the one on the castling rank, the rook the first found from the castling's
    /// rook square towards the king; a right without them is dropped.
    fn grant_castling(&self, p: &mut Position<T::Bitboard>, color: Color, kingside: bool) {
        let ours = p.by_color[color as usize];
        let Some(c) = self.castlings.iter().find(|c| c.kingside == kingside) else { return };
        let [king_from, _, rook_from, _] = c.squares[color as usize];
        let rank = king_from / T::FILES;
        let Some(king) = (p.by_type[c.king] & ours).indices().find(|s| s / T::FILES == rank) else { return };
        let mut files: Box<dyn Iterator<Item = usize>> = match kingside {
            true => Box::new((0..=rook_from % T::FILES).rev()),
            false => Box::new(rook_from % T::FILES..T::FILES),
        };
        let Some(rook) =
            files.find(|f| (p.by_type[c.rook] & ours).has_index(rank * T::FILES + f)).map(|f| rank * T::FILES + f)
        else {
            return;
        };
        // The side is the rook's, seen from the king.
        if let Some(i) = self.castlings.iter().position(|c| c.kingside == (king < rook)) {
            p.castling[color as usize][i] = rook as u8;
        }
    }

    /// A FEN's en-passant field, as Fairy-Stockfish writes it: one square or several run
    /// together (`e3`, `c5d6`). The empty ones are where a capture en passant may land; an
    /// occupied one marks the piece such a capture takes, which Fairy-Stockfish names when the
    /// piece did not pass straight (Berolina's pawn, from e7 to c5 over d6, gives `c5d6`).
    /// Without one, that piece stands one rank beyond the first square, seen from the side
    /// to move. Returns the landing squares and the taken piece's square.
    fn read_en_passant(&self, field: &str, p: &Position<T::Bitboard>) -> Result<(T::Bitboard, u8), String> {
        if !field.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(format!("an en-passant field is squares or -, not {field:?}"));
        }
        let starts: Vec<usize> =
            field.char_indices().filter(|(_, c)| c.is_ascii_alphabetic()).map(|(i, _)| i).collect();
        let ends = starts.iter().skip(1).copied().chain([field.len()]);
        let squares = starts.iter().zip(ends).map(|(&a, b)| self.parse_square(&field[a..b]));
        let (mut targets, mut victim) = (T::Bitboard::EMPTY, None);
        for square in squares {
            let square = square?;
            match p.by_color[!p.to_move as usize].has_index(square) {
                true => victim = Some(square),
                false => targets |= bit(square),
            }
        }
        let first = targets.lowest_index().ok_or_else(|| format!("no empty square to capture on in {field}"))?;
        // The piece that passed it stands one rank beyond it, seen from the side to move.
        let victim = victim
            .or(match p.to_move {
                Color::White => first.checked_sub(T::FILES),
                Color::Black => Some(first + T::FILES).filter(|&s| s < T::FILES * T::RANKS),
            })
            .ok_or_else(|| format!("no piece can have passed {field}"))?;
        Ok((targets, victim as u8))
    }

    fn parse_square(&self, name: &str) -> Result<usize, String> {
        let mut chars = name.chars();
        let file = chars.next().filter(char::is_ascii_lowercase).map(|c| (c as u8 - b'a') as usize);
        let rank = chars.as_str().parse::<usize>().ok().filter(|&r| r >= 1).map(|r| r - 1);
        match (file, rank) {
            (Some(f), Some(r)) if f < T::FILES && r < T::RANKS => Ok(r * T::FILES + f),
            _ => Err(format!("{name:?} is not a square of the board")),
        }
    }

    fn read_board(&self, field: &str, p: &mut Position<T::Bitboard>) -> Result<(), String> {
        if field.contains(['[', '*', '~']) {
            return Err(format!("pockets, walls and promoted-piece marks are not played: {field}"));
        }
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != T::RANKS {
            return Err(format!("{} ranks expected, found {}: {field}", T::RANKS, rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = T::RANKS - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut skip = d as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        chars.next();
                        skip = skip.saturating_mul(10).saturating_add(d as usize);
                    }
                    if skip == 0 {
                        return Err(format!("a rank skips no squares: {row}"));
                    }
                    file = file.saturating_add(skip);
                } else {
                    let mut letter = String::from(c);
                    if c == '+' {
                        letter.push(chars.next().ok_or_else(|| format!("`+` ends a rank: {row}"))?);
                    }
                    let color =
                        if letter.chars().any(|c| c.is_ascii_lowercase()) { Color::Black } else { Color::White };
                    let upper = letter.to_ascii_uppercase();
                    let piece = self
                        .fen_letters
                        .iter()
                        .position(|&l| l == upper)
                        .ok_or_else(|| format!("no piece is written {letter:?} in this game's FENs"))?;
                    if file >= T::FILES {
                        return Err(format!("more than {} files in a rank: {row}", T::FILES));
                    }
                    let square = bit(rank * T::FILES + file);
                    p.by_type[piece] |= square;
                    p.by_color[color as usize] |= square;
                    file += 1;
                }
                if file > T::FILES {
                    return Err(format!("more than {} files in a rank: {row}", T::FILES));
                }
            }
            if file != T::FILES {
                return Err(format!("{} files expected in a rank, found {file}: {row}", T::FILES));
            }
        }
        Ok(())
    }
}
