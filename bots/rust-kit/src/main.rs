//! A baraza starter bot in Rust (protocol v1: ../../protocol.md), searching with the
//! referee's own rules engines from the `baraza-rules` crate.
//!
//! Build:  cargo build --release
//! Check:  baraza check-bot darra bao dara target/release/baraza-rust-kit
//!
//! Each turn it parses the `position` line and runs an alpha-beta search, deeper and deeper
//! until a third of its time for the move is spent, scoring positions by material. Make
//! `evaluate` smarter, or the search; keep the loop: it flushes every answer, plays game
//! after game in one process, and stops on `quit` or at the end of its input.

use baraza_rules::game::{Outcome, Player, Position, Status};
use baraza_rules::games::parse_position;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

const WIN: i64 = 1_000_000;

/// The score of `pos` for the side to move: captured seeds or pieces ahead.
fn evaluate(pos: &dyn Position) -> i64 {
    pos.material(pos.side_to_move())
}

/// Search state of one move: when to stop, and how many positions were seen.
struct Search {
    deadline: Instant,
    nodes: u64,
    out_of_time: bool,
}

impl Search {
    /// Negamax with alpha-beta: the score of `pos` for the side to move, `depth` plies deep.
    fn negamax(&mut self, pos: &dyn Position, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        if let Status::Over { outcome, .. } = pos.status() {
            return match outcome {
                Outcome::Draw => 0,
                // A quicker win scores higher: the depth left is added.
                Outcome::Win(p) if p == pos.side_to_move() => WIN + i64::from(depth),
                Outcome::Win(_) => -WIN - i64::from(depth),
            };
        }
        if depth == 0 || self.out_of_time {
            return evaluate(pos);
        }
        let mover = pos.side_to_move();
        for k in 0..pos.legal().len() {
            let mut next = pos.clone_box();
            next.play_index(k);
            // Darra's forced pass and Bao's multi-lap moves can leave the same side to move.
            let score = if next.side_to_move() == mover {
                self.negamax(next.as_ref(), depth - 1, alpha, beta)
            } else {
                -self.negamax(next.as_ref(), depth - 1, -beta, -alpha)
            };
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        alpha
    }

    /// The best of the legal moves by iterative deepening: (index, score, depth reached).
    fn best_move(&mut self, pos: &dyn Position) -> (usize, i64, u32) {
        let mover = pos.side_to_move();
        let count = pos.legal().len();
        let mut best = (0, 0, 0);
        for depth in 1..=64 {
            let (mut index, mut alpha) = (0, -WIN * 2);
            for k in 0..count {
                let mut next = pos.clone_box();
                next.play_index(k);
                let score = if next.side_to_move() == mover {
                    self.negamax(next.as_ref(), depth - 1, alpha, WIN * 2)
                } else {
                    -self.negamax(next.as_ref(), depth - 1, -WIN * 2, -alpha)
                };
                if score > alpha {
                    (index, alpha) = (k, score);
                }
            }
            if self.out_of_time {
                break; // this depth is unfinished: keep the last complete one
            }
            best = (index, alpha, depth);
            if alpha.abs() >= WIN || Instant::now() >= self.deadline {
                break;
            }
        }
        best
    }
}

/// How long to think: a third of the move's limit, from the `go` line's fields.
fn budget(go: &[&str], me: Player) -> Duration {
    let field = |name: &str| -> Option<u64> {
        let at = go.iter().position(|w| *w == name)?;
        go.get(at + 1)?.parse().ok()
    };
    let (time, inc) = match me {
        Player::One => (field("p1time"), field("p1inc")),
        Player::Two => (field("p2time"), field("p2inc")),
    };
    let (time, inc) = (time.unwrap_or(1000), inc.unwrap_or(0));
    // A twentieth of the clock plus half the increment, capped by the movetime. Without a
    // game clock the clock fields carry the movetime itself (protocol.md, Time).
    let limit = match field("movetime") {
        Some(movetime) if time <= movetime => movetime,
        Some(movetime) => movetime.min(time / 20 + inc / 2),
        None => time / 20 + inc / 2,
    };
    Duration::from_millis((limit / 3).max(1))
}

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut position: Option<Box<dyn Position>> = None;
    let mut legal: Vec<String> = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("baraza") => {
                // Do slow set-up (tables, files) before `ready`.
                writeln!(out, "id name rust-kit\nready")?;
                out.flush()?; // every answer is flushed, or the referee never sees it
            }
            Some("newgame") => (position, legal) = (None, Vec::new()),
            Some("position") => position = parse_position(&words[1..].join(" ")).ok(),
            Some("legal") => legal = words[1..].iter().map(|w| w.to_string()).collect(),
            Some("go") if !legal.is_empty() => {
                let started = Instant::now();
                let (token, info) = match &position {
                    // The engine lists moves in the protocol's order, so an index into its
                    // list is an index into the referee's.
                    Some(pos) if pos.legal() == legal => {
                        let deadline = started + budget(&words, pos.side_to_move());
                        let mut search = Search {
                            deadline,
                            nodes: 0,
                            out_of_time: false,
                        };
                        let (index, score, depth) = search.best_move(pos.as_ref());
                        let ms = started.elapsed().as_millis();
                        let nodes = search.nodes;
                        let info =
                            format!("depth {depth} score cp {score} nodes {nodes} time {ms}");
                        (legal[index].clone(), info)
                    }
                    _ => (
                        legal[0].clone(),
                        "no position this engine reads: first move".into(),
                    ),
                };
                writeln!(out, "info {info}\nmove {token}")?;
                out.flush()?;
            }
            Some("quit") => break,
            _ => {} // blank lines, last, gameover, messages added later: ignored
        }
    }
    Ok(())
}
