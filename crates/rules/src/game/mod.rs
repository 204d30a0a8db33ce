//! The one seam between games and the arena.
//!
//! Each game implements [`Game`]: a compact, `Copy` position type with typed moves, used by
//! perft, the benches and the built-in bots on the hot path. The arena never sees those types:
//! it works through the object-safe, string-level [`Position`] face (implemented for every
//! `Game` by a blanket impl) and the [`Ruleset`](crate::games::Ruleset) registry in [`crate::games`].
//!
//! Parse a position, list its legal moves, play one, count move sequences:
//!
//! ```
//! use baraza_rules::game::{perft, Game, Player};
//! use baraza_rules::games::{self, darra::Darra};
//!
//! let start = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
//! let mut pos = games::parse_position(start).unwrap(); // the arena's string-level face
//! assert_eq!(pos.legal(), ["1A", "2A", "3A", "4A", "5A", "6A"]);
//! // 1A's four seeds go to 2A..5A; none makes exactly 4, so nothing is captured.
//! pos.play("1A").unwrap();
//! assert_eq!(pos.format(), "darra 0,5,5,5,5,4/4,4,4,4,4,4 2 0 0 - 1");
//! assert_eq!(pos.side_to_move(), Player::Two);
//! assert!(pos.play("1A").is_err()); // player 2 sows from row B
//!
//! // The typed face, as perft and the built-in bots use it: perft(3) of the start is 190
//! // (shared/rules/perft.txt), and the counts below the six first moves add up to it.
//! let typed = Darra::parse(start).unwrap();
//! assert_eq!(perft(&typed, 3), 190);
//! let mut moves = Vec::new();
//! typed.legal_moves(&mut moves);
//! let divided: u64 = moves
//!     .iter()
//!     .map(|&m| {
//!         let mut next = typed;
//!         next.apply(m);
//!         perft(&next, 2)
//!     })
//!     .sum();
//! assert_eq!(divided, 190);
//! ```

mod legal_cache;

use crate::rng::SplitMix64;
use legal_cache::Cache;
pub use legal_cache::{Legal, LegalCache};
use std::fmt;

// Player, Outcome and Status have files of their own (a player is named by results too, and
// every kind of end is in outcome.rs); re-exported here because every game names them.
pub use crate::outcome::{Outcome, Status};
pub use crate::player::Player;

/// A position string that cannot be used, by kind: the message names the offending field,
/// and both kinds read `bad position: <message>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not a position of the syntax: a missing or extra field, a number that is
    /// not one, a character outside its field's alphabet, an unknown ruleset.
    #[error("bad position: {0}")]
    Malformed(String),
    /// It reads, but its ruleset's rules allow no such position: more seeds or pieces than
    /// the game has, a takasia with seeds in hand (each spec's validity rules).
    #[error("bad position: {0}")]
    Impossible(String),
}

impl PositionError {
    pub fn malformed(msg: impl Into<String>) -> Self {
        PositionError::Malformed(msg.into())
    }

    pub fn impossible(msg: impl Into<String>) -> Self {
        PositionError::Impossible(msg.into())
    }

    /// What is wrong, without the `bad position: ` of the display.
    pub fn message(&self) -> &str {
        match self {
            PositionError::Malformed(m) | PositionError::Impossible(m) => m,
        }
    }
}

/// A move token that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a move token of this game at all.
    #[error("malformed move '{0}'")]
    Malformed(String),
    /// A well-formed token that is not in the legal list of this position.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// The game is over: no move can be played.
    #[error("illegal move '{0}': the game is over")]
    GameOver(String),
}

/// One capture of a move: the hole or cell emptied, named as the rules name it (`4B`, `c5`,
/// `d4`), and the player who took its seeds or piece (in Darra not always the mover).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    pub cell: String,
    pub by: Player,
}

/// The games baraza plays: a closed set. Each [`Game`] names its kind and each ruleset
/// carries it ([`crate::games::Ruleset::kind`]); where the arena must know which game it holds
/// (the search's evaluation, what a capture is worth), it matches on this exhaustively, so a
/// new game is found by the compiler rather than by searching for ruleset ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Darra,
    Bao,
    Dara,
}

/// A game's rules on a compact, cheaply copied position.
pub trait Game: Clone + Send + Sync + 'static {
    /// A typed move, cheap to copy. Its token is produced by [`Game::move_token`].
    type Move: Copy + PartialEq + fmt::Debug + Send + Sync;
    /// Which of the games this is.
    const KIND: GameKind;

    /// The ruleset id of this position (its first field).
    fn ruleset_id(&self) -> &'static str;
    /// Parse a full position string (ruleset id included).
    fn parse(s: &str) -> Result<Self, PositionError>;
    /// The exact position string; `parse(format(p)) == p`.
    fn format(&self) -> String {
        let mut s = String::with_capacity(128);
        self.format_into(&mut s);
        s
    }
    /// [`Game::format`] appended to `out`: the referee formats every turn's position into one
    /// reused buffer.
    fn format_into(&self, out: &mut String);
    /// Make `text`, which holds the string of `before` as [`Game::format_into`] wrote it, this
    /// position's string: the referee's position text, every turn, from the last one. A game
    /// may write again only what the moves since changed; the default formats it in full.
    fn reformat(&self, before: &Self, text: &mut String) {
        let _ = before;
        text.clear();
        self.format_into(text);
    }
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// Append the legal moves to `out` (cleared first) in the spec's order: byte order of the
    /// tokens. A terminal position has none, and a position with none is terminal (a player who
    /// cannot move either passes, where the game has passes, or has lost): callers rely on it.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Play a move known to be legal here.
    fn apply(&mut self, mv: Self::Move);
    /// ongoing, or the result and reason.
    fn status(&self) -> Status;
    /// The token of a move legal in this position.
    fn move_token(&self, mv: Self::Move) -> String {
        let mut s = String::with_capacity(8);
        self.push_token(mv, &mut s);
        s
    }
    /// [`Game::move_token`] appended to `out`: the referee lists every legal token on every
    /// turn, into one reused buffer.
    fn push_token(&self, mv: Self::Move, out: &mut String);
    /// The tokens of `moves` (legal here) appended to `line`, separated by single spaces (and
    /// from what `line` held by one), with where each ends pushed to `ends`: the legal line the
    /// referee sends every turn. The default is [`push_tokens_each`].
    fn push_tokens(&self, moves: &[Self::Move], line: &mut String, ends: &mut Vec<u32>) {
        push_tokens_each(self, moves, line, ends);
    }
    /// A board drawing for a person: coordinates, whose turn, anything else the spec tracks.
    fn show(&self) -> String;
    /// [`Game::show`] as `viewer` sits: their own side at the bottom (`baraza play`). The
    /// default is `show`, for a board without sides (Dara).
    fn show_from(&self, _viewer: Player) -> String {
        self.show()
    }
    /// Material from `player`'s point of view, for the greedy bot: captured seeds or pieces
    /// ahead, higher is better.
    fn material(&self, player: Player) -> i64;

    /// What playing `mv` (legal here) takes: each hole or cell a capture empties, with its
    /// taker (Darra: in sowing order; the others by name). For a person's view of the move (the viewer marks these
    /// holes), so it may replay the move more slowly than [`Game::apply`].
    fn captures(&self, mv: Self::Move) -> Vec<Capture>;

    /// What each player has captured so far, for a game that keeps stores (Darra); `None`
    /// for one whose captures show only on the board (Bao, Dara).
    fn stores(&self) -> Option<[u32; 2]> {
        None
    }

    /// Whether the rules have already fixed the result, whatever is played from here
    /// (`--adjudicate decided`): the outcome, and why in words. Only a criterion that is exact
    /// by the rules belongs here (Darra: a player holds more than half of all seeds); a game
    /// without one keeps this default, which never decides.
    fn decided(&self) -> Option<(Outcome, String)> {
        None
    }

    /// The legal move whose token is `token`. The default looks it up in the legal list, which
    /// is what the referee needs: a token is accepted exactly when it is listed.
    fn parse_move(&self, token: &str) -> Result<Self::Move, MoveError> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::GameOver(token.to_string()));
        }
        moves
            .into_iter()
            .find(|&m| self.token_is(m, token))
            .ok_or_else(|| self.classify_bad_token(token))
    }

    /// Whether `token` is [`Game::move_token`] of `mv`; a game may answer without building
    /// the token (a log re-judged by `--verify` asks it of legal moves at every ply).
    fn token_is(&self, mv: Self::Move, token: &str) -> bool {
        self.move_token(mv) == token
    }

    /// Why `token` is not playable here: malformed, or well-formed but illegal.
    fn classify_bad_token(&self, token: &str) -> MoveError {
        MoveError::Illegal(token.to_string())
    }
}

/// [`Game::push_tokens`] by [`Game::push_token`], one token at a time.
pub fn push_tokens_each<G: Game>(g: &G, moves: &[G::Move], line: &mut String, ends: &mut Vec<u32>) {
    for &m in moves {
        if !line.is_empty() {
            line.push(' ');
        }
        g.push_token(m, line);
        ends.push(line.len() as u32);
    }
}

/// The end rule of games without passes (Dara, Bao): once the game's own end checks have
/// passed, the side to move loses when it has no legal move (`reason` is the spec's word).
pub fn lost_without_moves(side: Player, has_move: bool, reason: &'static str) -> Status {
    if has_move {
        Status::Ongoing
    } else {
        Status::Over {
            outcome: Outcome::Win(side.other()),
            reason,
            scores: None,
        }
    }
}

/// perft: the number of move sequences of length `depth`, counted in bulk at the last ply.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(64);
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in &moves {
        let mut next = pos.clone();
        next.apply(m);
        total += perft(&next, depth - 1);
    }
    total
}

/// One uniform random playout to the end; returns the number of plies played.
pub fn random_playout<G: Game>(start: &G, rng: &mut SplitMix64, moves: &mut Vec<G::Move>) -> u64 {
    let mut pos = start.clone();
    let mut plies = 0;
    loop {
        pos.legal_moves(moves);
        if moves.is_empty() {
            return plies;
        }
        let m = moves[rng.index(moves.len())];
        pos.apply(m);
        plies += 1;
    }
}

/// The arena's string-level, object-safe view of a position of any game.
pub trait Position: Send + Sync {
    fn ruleset(&self) -> &'static str;
    /// Which of the games this position is of.
    fn kind(&self) -> GameKind;
    fn format(&self) -> String;
    fn side_to_move(&self) -> Player;
    /// Legal move tokens in the spec's order.
    fn legal(&self) -> Vec<String>;
    /// Play one move given as a token; the position is unchanged on error.
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    /// Play the move at `index` of [`Position::legal`]'s list, without building tokens (the
    /// referee already holds the list). Returns false, changing nothing, if out of range.
    fn play_index(&mut self, index: usize) -> bool;
    /// A copy of this position that keeps its legal moves between listing and playing them
    /// (see [`LegalCache`]).
    fn legal_cache(&self) -> Box<dyn LegalCache>;
    fn status(&self) -> Status;
    fn perft(&self, depth: u32) -> u64;
    fn show(&self) -> String;
    fn show_from(&self, viewer: Player) -> String;
    /// [`Game::stores`]: what each player has captured, where the game keeps stores.
    fn stores(&self) -> Option<[u32; 2]>;
    fn material(&self, player: Player) -> i64;
    /// [`Game::captures`] of the move `token`; none when it is not legal here.
    fn captures(&self, token: &str) -> Vec<Capture>;
    /// [`Game::decided`]: the result the rules have already fixed, and why.
    fn decided(&self) -> Option<(Outcome, String)>;
    fn clone_box(&self) -> Box<dyn Position>;
    /// Each legal move's token with the position it leads to, in the order of
    /// [`Position::legal`]: a search's whole expansion with the moves generated once (the
    /// Python package's `children`; `play` would generate them again for every move).
    fn children(&self) -> Vec<(String, Box<dyn Position>)>;
    /// Run random playouts from here for about `seconds`, or exactly `count` of them when
    /// given; returns (playouts, plies, seconds actually taken).
    fn bench_playouts(&self, seconds: f64, count: Option<u64>, seed: u64) -> (u64, u64, f64);
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<G: Game> Position for G {
    fn ruleset(&self) -> &'static str {
        self.ruleset_id()
    }
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn format(&self) -> String {
        Game::format(self)
    }
    fn side_to_move(&self) -> Player {
        Game::side_to_move(self)
    }
    fn legal(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.move_token(m)).collect()
    }
    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        let mv = self.parse_move(token)?;
        self.apply(mv);
        Ok(())
    }
    fn play_index(&mut self, index: usize) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        match moves.get(index) {
            Some(&mv) => {
                self.apply(mv);
                true
            }
            None => false,
        }
    }
    fn legal_cache(&self) -> Box<dyn LegalCache> {
        Box::new(Cache::new(self.clone()))
    }
    fn status(&self) -> Status {
        Game::status(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
    fn show(&self) -> String {
        Game::show(self)
    }
    fn show_from(&self, viewer: Player) -> String {
        Game::show_from(self, viewer)
    }
    fn stores(&self) -> Option<[u32; 2]> {
        Game::stores(self)
    }
    fn material(&self, player: Player) -> i64 {
        Game::material(self, player)
    }
    fn captures(&self, token: &str) -> Vec<Capture> {
        self.parse_move(token)
            .map(|mv| Game::captures(self, mv))
            .unwrap_or_default()
    }
    fn decided(&self) -> Option<(Outcome, String)> {
        Game::decided(self)
    }
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn children(&self) -> Vec<(String, Box<dyn Position>)> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.apply(m);
                (self.move_token(m), Box::new(next) as Box<dyn Position>)
            })
            .collect()
    }
    fn bench_playouts(&self, seconds: f64, count: Option<u64>, seed: u64) -> (u64, u64, f64) {
        let mut rng = SplitMix64::new(seed);
        let mut moves = Vec::with_capacity(64);
        let start = std::time::Instant::now();
        let (mut playouts, mut plies) = (0u64, 0u64);
        if let Some(n) = count {
            for _ in 0..n {
                plies += random_playout(self, &mut rng, &mut moves);
            }
            return (n, plies, start.elapsed().as_secs_f64());
        }
        // Check the clock only every few playouts so timing stays off the hot path.
        while start.elapsed().as_secs_f64() < seconds {
            for _ in 0..16 {
                plies += random_playout(self, &mut rng, &mut moves);
                playouts += 1;
            }
        }
        (playouts, plies, start.elapsed().as_secs_f64())
    }
}

/// Parse a non-negative decimal integer field as the conventions require: ASCII digits only, no
/// leading zeros (`0` itself is fine), no overflow. `what` names the field in the error.
pub fn parse_uint(text: &str, what: &str) -> Result<u32, PositionError> {
    parse_uint_named(text, || what.to_string())
}

/// [`parse_uint`] with the field's name built only on error (parsers run per move in bots).
pub fn parse_uint_named(text: &str, what: impl FnOnce() -> String) -> Result<u32, PositionError> {
    let fail = |why: &str| {
        Err(PositionError::malformed(format!(
            "{}: '{text}' {why}",
            what()
        )))
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return fail("is not a non-negative decimal integer");
    }
    if text.len() > 1 && text.starts_with('0') {
        return fail("has a leading zero");
    }
    match text.parse::<u32>() {
        Ok(v) => Ok(v),
        Err(_) => fail("is too large"),
    }
}

/// Split a position into exactly `n` fields separated by single spaces, naming the ruleset's
/// layout in the error.
pub fn split_fields<'a>(s: &'a str, n: usize, layout: &str) -> Result<Vec<&'a str>, PositionError> {
    let fields: Vec<&str> = s.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::malformed(format!(
            "fields must be separated by single spaces, with none empty (expected: {layout})"
        )));
    }
    if fields.len() != n {
        return Err(PositionError::malformed(format!(
            "expected {n} fields ({layout}), found {}",
            fields.len()
        )));
    }
    Ok(fields)
}

/// Parse the side-to-move field: `1` or `2`.
pub fn parse_side(text: &str) -> Result<Player, PositionError> {
    match text {
        "1" => Ok(Player::One),
        "2" => Ok(Player::Two),
        _ => Err(PositionError::malformed(format!(
            "side: '{text}' must be 1 or 2"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uint_fields_follow_the_conventions() {
        assert_eq!(parse_uint("0", "f"), Ok(0));
        assert_eq!(parse_uint("600", "f"), Ok(600));
        for bad in ["", "01", "-1", "+1", "1.0", " 1", "4294967296", "٣"] {
            assert!(parse_uint(bad, "f").is_err(), "{bad:?}");
        }
    }
}
