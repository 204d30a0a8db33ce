//! The referee's copy of the position in play ([`LegalCache`]): it keeps the legal moves
//! between listing them and playing one, and the texts a turn sends (the legal tokens as one
//! line, the position string) in buffers reused from ply to ply, so a turn allocates nothing.

use super::{Game, Position};

/// A position that keeps its legal moves between listing them and playing one: the referee
/// lists the tokens once per ply and plays the bot's choice from that same list. (Generating
/// twice doubled the engine's work: for Bao, generating a move sows it.)
pub trait LegalCache: Send + Sync {
    /// The current position.
    fn position(&self) -> &dyn Position;
    /// The legal move tokens of the current position in the spec's order, generated once per
    /// position however often this is called.
    fn legal(&mut self) -> Legal<'_>;
    /// The current position's string, formatted once per position however often this is
    /// called.
    fn position_text(&mut self) -> &str;
    /// Both texts of a turn at once: [`LegalCache::position_text`] and
    /// [`LegalCache::legal`].
    fn texts(&mut self) -> (&str, Legal<'_>);
    /// Play the move at `index` of [`LegalCache::legal`]'s list, from the moves already
    /// generated. Returns false, changing nothing, if out of range.
    fn play_index(&mut self, index: usize) -> bool;
}

/// The legal tokens of a position, held as the one line the protocol sends (`1A 2A 6A`:
/// single spaces) with where each token ends.
#[derive(Clone, Copy, Debug)]
pub struct Legal<'a> {
    line: &'a str,
    ends: &'a [u32],
}

impl<'a> Legal<'a> {
    /// How many legal moves.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No legal move: the game is over.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The tokens separated by single spaces, as `legal` sends them.
    pub fn line(&self) -> &'a str {
        self.line
    }

    /// The token at `index`, in the spec's order.
    pub fn get(&self, index: usize) -> Option<&'a str> {
        let end = *self.ends.get(index)? as usize;
        let start = match index {
            0 => 0,
            _ => self.ends[index - 1] as usize + 1,
        };
        Some(&self.line[start..end])
    }

    /// The index of `token` in the list, if it is legal.
    pub fn position(&self, token: &str) -> Option<usize> {
        // One walk along the line (the referee looks up every move it is sent).
        let (line, token) = (self.line.as_bytes(), token.as_bytes());
        let mut start = 0;
        for (i, &end) in self.ends.iter().enumerate() {
            let end = end as usize;
            if line.get(start..end) == Some(token) {
                return Some(i);
            }
            start = end + 1;
        }
        None
    }

    /// The tokens, in the spec's order.
    pub fn iter(&self) -> impl Iterator<Item = &'a str> + 'a {
        let this = *self;
        (0..this.len()).filter_map(move |i| this.get(i))
    }
}

/// [`LegalCache`] for every game: the typed moves next to their tokens.
pub(super) struct Cache<G: Game> {
    pos: G,
    moves: Vec<G::Move>,
    /// The tokens of `moves`, separated by single spaces, and where each ends in it.
    line: String,
    ends: Vec<u32>,
    /// `moves`, `line` and `ends` are those of `pos`.
    listed: bool,
    text: String,
    /// `text` is the string of `pos`.
    formatted: bool,
    /// The position whose string `text` holds, once one was formatted: the next is written
    /// from it ([`Game::reformat`]).
    shown: Option<G>,
}

impl<G: Game> Cache<G> {
    pub fn new(pos: G) -> Cache<G> {
        // Room for any position of the registered rulesets (Darra 2x18 lists 18 tokens of up
        // to 3 bytes; Dara's captures can list more, then the buffers grow once).
        Cache {
            pos,
            moves: Vec::with_capacity(64),
            line: String::with_capacity(512),
            ends: Vec::with_capacity(64),
            listed: false,
            text: String::with_capacity(256),
            formatted: false,
            shown: None,
        }
    }
}

impl<G: Game> LegalCache for Cache<G> {
    fn position(&self) -> &dyn Position {
        &self.pos
    }

    fn legal(&mut self) -> Legal<'_> {
        if !self.listed {
            let Cache {
                pos,
                moves,
                line,
                ends,
                ..
            } = self;
            pos.legal_moves(moves);
            line.clear();
            ends.clear();
            pos.push_tokens(moves, line, ends);
            self.listed = true;
        }
        Legal {
            line: &self.line,
            ends: &self.ends,
        }
    }

    fn position_text(&mut self) -> &str {
        if !self.formatted {
            match &self.shown {
                Some(before) => self.pos.reformat(before, &mut self.text),
                None => {
                    self.text.clear();
                    self.pos.format_into(&mut self.text);
                }
            }
            self.shown = Some(self.pos.clone());
            self.formatted = true;
        }
        &self.text
    }

    fn texts(&mut self) -> (&str, Legal<'_>) {
        self.legal();
        self.position_text();
        let legal = Legal {
            line: &self.line,
            ends: &self.ends,
        };
        (&self.text, legal)
    }

    fn play_index(&mut self, index: usize) -> bool {
        self.legal();
        match self.moves.get(index) {
            Some(&mv) => {
                self.pos.apply(mv);
                self.listed = false;
                self.formatted = false;
                true
            }
            None => false,
        }
    }
}
