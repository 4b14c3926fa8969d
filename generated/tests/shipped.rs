//! Every module of `generated/src`, for the tests that check each one (`exhaustive.rs`,
//! `independent.rs`).
//!
//! DO NOT EDIT: `cargo xtask gen` rewrites this file from `variants/`, and `cargo xtask check`
//! fails when it is stale.

/// Calls `$callback!(module)` for every module, or `$callback!(module, friendly)` for a module
/// with friendly-capture tables (`friendly_attacks` and `initial_friendly_attacks`).
macro_rules! for_each_module {
    ($callback:ident) => {
        $callback!(amazon);
        $callback!(bentriders);
        $callback!(big16);
        $callback!(capablanca);
        $callback!(chancellor);
        $callback!(chess);
        $callback!(chess_pext);
        $callback!(chess_split32);
        $callback!(chess_throughput);
        $callback!(chu);
        $callback!(courier);
        $callback!(embassy);
        $callback!(fairy);
        $callback!(friendly, friendly);
        $callback!(gallery);
        $callback!(grand);
        $callback!(grasshopper);
        $callback!(janggi);
        $callback!(janus);
        $callback!(knightmate);
        $callback!(losalamos);
        $callback!(makruk);
        $callback!(modern);
        $callback!(nightrider);
        $callback!(shako);
        $callback!(shatranj);
        $callback!(shogi);
        $callback!(u128_pext);
        $callback!(u128_split32);
        $callback!(wide);
        $callback!(xiangqi);
    };
}

pub(crate) use for_each_module;
