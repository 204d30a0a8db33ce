//! The tester option group of `match`: the SPRT and each bot's own limits.

use clap::Args;

/// `match`'s habits from the fastchess tester: the SPRT that stops the match, and each bot's
/// own limits (fastchess's `-engine cmd=... tc=...`).
#[derive(Args, Debug, Clone, Default)]
pub struct TesterOptions {
    /// Sequential probability ratio test of bot1 against bot2, the same as `tournament --sprt`
    /// (game pairs, the exact generalized likelihood ratio; model=normalized for nElo): the
    /// match stops when it decides, and the report block ends with the LLR line
    #[arg(
        long,
        value_name = "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized]"
    )]
    pub sprt: Option<crate::tournament::plan::config::SprtSpec>,
    /// bot1's own limits, over the options above: tc=BASE+INC, movetime=MS, margin=MS,
    /// startup-timeout=MS, nodes=N, depth=N, joined by commas (the keys of a tournament's
    /// `[[bot]]` table). A tc or movetime here is bot1's whole clock
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub limits1: Option<crate::tournament::plan::bot_limits::BotLimits>,
    /// bot2's own limits, as --limits1
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub limits2: Option<crate::tournament::plan::bot_limits::BotLimits>,
}
