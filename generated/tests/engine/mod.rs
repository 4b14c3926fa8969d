//! Legal move generators for chess and Xiangqi on the generated tables, written the way an
//! engine would use them; shared by the perft tests and the perft tool
//! (`generated/perft`).

pub mod chess;
pub mod common;
pub mod xiangqi;
