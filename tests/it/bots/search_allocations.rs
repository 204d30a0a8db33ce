//! `builtin:search` allocates nothing per node: its per-ply scratch space is reused from node
//! to node (an allocation and a free per node were a fifth of the instructions of a Darra
//! search). Run in-process through the bot's protocol loop, with the test binary's counting
//! allocator: a search of many more nodes makes hardly more allocations.

use crate::support::fuzz::allocations_during;
use baraza::builtin::{find, play, BotOptions};

/// Positions of real games (from bench/search-positions.txt): a Darra and a 2x18 middle game,
/// Dara in its drop phase, dara-niger stepping, a Bao middle game (MCTS plays Bao).
const POSITIONS: [&str; 5] = [
    "darra 0,2,0,0,2,10/0,1,3,0,10,8 1 8 4 1 4",
    "darra-2x18 0,2,1,0,1,1,0,1,1,3,10,9,3,9,1,10,10,6/0,5,5,5,1,1,7,0,0,3,3,2,0,1,1,10,0,0 1 12 20 2 2",
    "dara ....../..o.../.x..../....../...... 1 11 11 0",
    "dara-niger x.ooxo/ox..o./ooxxox/xooxox/.x.ox. 1 0 0 0",
    "bao 0,0,0,1,1,2,0,1/0,0,0,0,15,1,0,0/0,1,0,13,0,0,7,1/0,2,1,0,0,0,0,0 9 9 1 HH -",
];

/// The allocations of a whole `bot search --nodes NODES` session that searches `pos` once,
/// and its output.
fn session(pos: &str, nodes: u64) -> (u64, String) {
    let ruleset = pos.split(' ').next().unwrap();
    let input =
        format!("baraza 1 {ruleset}\nnewgame 1 {pos}\nposition {pos}\ngo movetime 600000\nquit\n");
    let options = BotOptions {
        nodes: Some(nodes),
        ..BotOptions::default()
    };
    let search = find("search").unwrap();
    let mut out = Vec::new();
    let (result, calls) = allocations_during(|| {
        play(
            search,
            &options,
            None,
            1,
            1,
            &mut input.as_bytes(),
            &mut out,
        )
    });
    result.unwrap();
    (calls, String::from_utf8(out).unwrap())
}

#[test]
fn search_makes_no_allocation_per_node() {
    for pos in POSITIONS {
        let (small, out_small) = session(pos, 5_000);
        let (large, out_large) = session(pos, 50_000);
        // Both searched and moved (the larger one went deeper: more info lines).
        for out in [&out_small, &out_large] {
            assert!(out.lines().any(|l| l.starts_with("move ")), "{pos}: {out}");
        }
        // 45,000 more nodes. What may grow with the search: an info line per finished
        // iteration, scratch space for each new ply reached, MCTS's node list doubling: tens.
        let extra = large.saturating_sub(small);
        assert!(
            extra < 450,
            "{pos}: {small} allocations at 5,000 nodes, {large} at 50,000: {extra} for 45,000 \
             more nodes\n{out_large}"
        );
    }
}
