//! Every module of `generated/src`, for the tests that check each one (`exhaustive.rs`,
//! `independent.rs`) and the perft tool that plays each one (`generated/perft`).
//!
//! DO NOT EDIT: `cargo xtask gen` rewrites this file from `variants/`, and `cargo xtask check`
//! fails when it is stale.

/// Calls `$callback!(module)` for every module; `$callback!(module, friendly)` for a module with
/// friendly-capture tables (`friendly_attacks` and `initial_friendly_attacks`), and
/// `$callback!(module, without_first_moves)` for one without `initial_*` functions.
macro_rules! for_each_module {
    ($callback:ident) => {
        $callback!(amazon);
        $callback!(bentriders, without_first_moves);
        $callback!(berolina);
        $callback!(big16);
        $callback!(capablanca);
        $callback!(chancellor);
        $callback!(chess);
        $callback!(chess_pext);
        $callback!(chess_split32);
        $callback!(chess_throughput);
        $callback!(chu, without_first_moves);
        $callback!(courier, without_first_moves);
        $callback!(embassy);
        $callback!(fairy, without_first_moves);
        $callback!(friendly, friendly);
        $callback!(gallery);
        $callback!(grand);
        $callback!(grasshopper, without_first_moves);
        $callback!(janggi, without_first_moves);
        $callback!(janus);
        $callback!(knightmate);
        $callback!(losalamos, without_first_moves);
        $callback!(makruk, without_first_moves);
        $callback!(modern);
        $callback!(nightrider);
        $callback!(shako);
        $callback!(shatranj, without_first_moves);
        $callback!(shogi, without_first_moves);
        $callback!(u128_pext);
        $callback!(u128_split32);
        $callback!(wide);
        $callback!(xiangqi, without_first_moves);
    };
}

pub(crate) use for_each_module;

/// Calls `$callback!` as [`for_each_module`] does, for the modules whose index is pext alone
/// (`pext.rs`; `all.rs` visits every module).
#[allow(unused_macros)]
macro_rules! for_each_pext_module {
    ($callback:ident) => {
        $callback!(chess_pext);
        $callback!(u128_pext);
    };
}

#[allow(unused_imports)]
pub(crate) use for_each_pext_module;
