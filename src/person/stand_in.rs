//! `baraza human --console SOCKET`: the stand-in, the person's side of `baraza play` as the
//! referee sees it. The referee starts it like any bot and it speaks the bot protocol on
//! stdin/stdout, so the person plays under the same referee, clocks and record as a bot would.
//! It draws the board and asks for moves on the console ([`super::console`]), a Unix socket
//! that `baraza play` relays to the person: a bot runs in a process group of its own, which may
//! not read the terminal.

use super::error::PersonError;
use super::{board, captures, hint, info, ticker};
use crate::game::{Player, Position};
use crate::games;
use crate::protocol::{Go, RefereeMsg};
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;

/// How the stand-in was started (`baraza human`'s options, set by `baraza play`).
#[derive(Clone, Debug)]
pub struct StandIn {
    /// The console's socket.
    pub console: PathBuf,
    /// The opponent's info log, shown as it grows.
    pub info: Option<PathBuf>,
    /// Draw in colour, and tick the person's clock.
    pub color: bool,
    /// Show every info line of the bot, not only its last before each move.
    pub verbose: bool,
}

/// What the person's side knows of the game in play.
#[derive(Default)]
struct State {
    me: Option<Player>,
    position: String,
    last: String,
    legal: Vec<String>,
    /// How much of the opponent's info log has been shown.
    info_seen: u64,
    /// The position after the person's last move (or the start): what the bot's reply is
    /// measured against.
    mine: Option<Box<dyn Position>>,
}

/// Serve the referee's lines from `input` with answers to `out`, asking the person on the
/// console, until `quit` or the end of `input`.
pub fn run(
    out: &mut dyn Write,
    input: &mut dyn BufRead,
    args: &StandIn,
) -> Result<(), PersonError> {
    let sock = UnixStream::connect(&args.console).map_err(|source| PersonError::Reach {
        path: args.console.clone(),
        source,
    })?;
    let mut ask = BufReader::new(sock.try_clone()?);
    let mut tell = sock;
    let mut st = State::default();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        match RefereeMsg::parse(&line) {
            RefereeMsg::Hello { .. } => {
                write!(out, "id name person\nready\n")?;
                out.flush()?;
            }
            RefereeMsg::NewGame { player, position } => {
                let me = if player == Some(2) {
                    Player::Two
                } else {
                    Player::One
                };
                st.me = Some(me);
                st.position = position.to_string();
                st.mine = games::parse_position(position).ok();
                writeln!(
                    tell,
                    "You are player {}. Answer with a move, its number, hint, or resign.",
                    me.number()
                )?;
            }
            RefereeMsg::Position(p) => st.position = p.to_string(),
            RefereeMsg::Last(m) => st.last = m.unwrap_or("").to_string(),
            RefereeMsg::Legal(l) => st.legal = l.split_whitespace().map(str::to_string).collect(),
            RefereeMsg::Go(go) => {
                show_turn(&mut tell, &mut st, args, go)?;
                let ticking = clock_to_tick(&st, args, go)
                    .map(|ms| -> Result<_, PersonError> {
                        writeln!(tell, "{}", ticker::clock_line(ms))?;
                        Ok(ticker::Ticker::start(tell.try_clone()?, ms))
                    })
                    .transpose()?;
                let answer = ask_move(&mut ask, &mut tell, &st.legal, &st.position)?;
                drop(ticking);
                match answer {
                    Some(mv) => {
                        writeln!(out, "move {mv}")?;
                        out.flush()?;
                        show_own_move(&mut tell, &mut st, args, &mv)?;
                    }
                    None => {
                        writeln!(out, "resign")?;
                        out.flush()?;
                    }
                }
            }
            RefereeMsg::GameOver {
                result,
                termination,
            } => {
                show_info(&mut tell, &mut st, args)?;
                writeln!(tell, "Game over: {result} {termination}")?;
            }
            RefereeMsg::Quit => return Ok(()),
            RefereeMsg::Seed(_) | RefereeMsg::Other(_) => {}
        }
    }
}

/// The opponent's info lines written since the last look (the referee flushes each line).
fn show_info(tell: &mut impl Write, st: &mut State, args: &StandIn) -> Result<(), PersonError> {
    let Some(path) = &args.info else {
        return Ok(());
    };
    let Ok(mut f) = std::fs::File::open(path) else {
        return Ok(());
    };
    f.seek(std::io::SeekFrom::Start(st.info_seen))?;
    let mut text = String::new();
    st.info_seen += f.read_to_string(&mut text)? as u64;
    for shown in info::to_show(&text, args.verbose) {
        writeln!(tell, "  bot info: {shown}")?;
    }
    Ok(())
}

/// The person's clock, to tick on a terminal under a game clock (--tc).
fn clock_to_tick(st: &State, args: &StandIn, go: Go) -> Option<u64> {
    let mine = match st.me? {
        Player::One => go.p1time,
        Player::Two => go.p2time,
    };
    (args.color && go.movetime.is_none() && mine > 0).then_some(mine)
}

/// The position after the person's move and what it took, while the bot thinks.
fn show_own_move(
    tell: &mut impl Write,
    st: &mut State,
    args: &StandIn,
    mv: &str,
) -> Result<(), PersonError> {
    let Ok(before) = games::parse_position(&st.position) else {
        return Ok(());
    };
    let mut after = before.clone_box();
    if after.play(mv).is_err() {
        return Ok(());
    }
    let me = st.me.unwrap_or(Player::One);
    let took = captures::taken(before.as_ref(), after.as_ref(), me);
    writeln!(tell)?;
    writeln!(
        tell,
        "You played {}.",
        captures::describe(mv, took, "the bot")
    )?;
    write!(tell, "{}", board::drawing(after.as_ref(), me, args.color))?;
    st.mine = Some(after);
    Ok(())
}

/// Board, clocks, the opponent's move and info, and the numbered legal moves.
fn show_turn(
    tell: &mut impl Write,
    st: &mut State,
    args: &StandIn,
    go: Go,
) -> Result<(), PersonError> {
    writeln!(tell)?;
    show_info(tell, st, args)?;
    let me = st.me.unwrap_or(Player::One);
    let now = games::parse_position(&st.position);
    if !st.last.is_empty() {
        let took = match (&st.mine, &now) {
            (Some(before), Ok(after)) => {
                captures::taken(before.as_ref(), after.as_ref(), me.other())
            }
            _ => (0, 0),
        };
        writeln!(
            tell,
            "The bot played {}.",
            captures::describe(&st.last, took, "you")
        )?;
    }
    match &now {
        Ok(p) => write!(tell, "{}", board::drawing(p.as_ref(), me, args.color))?,
        Err(e) => write!(tell, "{}\n({e})\n", st.position)?,
    }
    if let Some(me) = st.me {
        let g = go;
        let clock = |ms: u64| format!("{:.1}s", ms as f64 / 1000.0);
        let mine = if me == Player::One {
            g.p1time
        } else {
            g.p2time
        };
        match g.movetime {
            Some(mt) => writeln!(tell, "your time for this move: {}", clock(mt))?,
            // No game clock and no time per move: the referee's go says 0 for the person.
            None if mine == 0 => writeln!(tell, "no time limit for you")?,
            None => writeln!(
                tell,
                "clocks: player 1 {}, player 2 {}",
                clock(g.p1time),
                clock(g.p2time)
            )?,
        }
    }
    writeln!(tell, "Legal moves:")?;
    for (row, chunk) in st.legal.chunks(8).enumerate() {
        let cells: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{:>3}) {m:<8}", row * 8 + i + 1))
            .collect();
        writeln!(tell, "{}", cells.join(" ").trim_end())?;
    }
    Ok(())
}

/// The legal move `answer` names: written as listed, or in another case when that names only
/// one (`5a` for `5A`, `F5` for `f5`).
fn token_in_any_case<'a>(legal: &'a [String], answer: &str) -> Option<&'a String> {
    if let Some(mv) = legal.iter().find(|m| *m == answer) {
        return Some(mv);
    }
    let mut same = legal.iter().filter(|m| m.eq_ignore_ascii_case(answer));
    match (same.next(), same.next()) {
        (Some(mv), None) => Some(mv),
        _ => None,
    }
}

/// Ask until the person names a legal move (token or number); `None` for `resign` or the end
/// of the input.
fn ask_move(
    ask: &mut impl BufRead,
    tell: &mut impl Write,
    legal: &[String],
    position: &str,
) -> Result<Option<String>, PersonError> {
    loop {
        write!(tell, "your move> ")?;
        tell.flush()?;
        let mut answer = String::new();
        if ask.read_line(&mut answer)? == 0 {
            writeln!(tell, "(end of input: you resign)")?;
            return Ok(None);
        }
        let answer = answer.trim();
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        if answer.eq_ignore_ascii_case("hint") {
            if let Ok(pos) = games::parse_position(position) {
                writeln!(tell, "{}", hint::hint(pos.as_ref(), 1))?;
            }
            continue;
        }
        if let Some(mv) = token_in_any_case(legal, answer) {
            return Ok(Some(mv.clone()));
        }
        if let Some(mv) = answer
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| legal.get(i))
        {
            return Ok(Some(mv.clone()));
        }
        if !answer.is_empty() {
            writeln!(
                tell,
                "'{answer}' is not a legal move here: type a move, its number (1-{}), hint, or resign",
                legal.len()
            )?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_may_be_typed_in_any_case_when_that_names_one_move() {
        let legal: Vec<String> = ["5A", "6A", "b2", "B2x"].map(String::from).to_vec();
        let pick = |a: &str| token_in_any_case(&legal, a).map(String::as_str);
        assert_eq!(pick("5A"), Some("5A"));
        assert_eq!(pick("5a"), Some("5A"));
        assert_eq!(pick("B2"), Some("b2"));
        assert_eq!(pick("b2X"), Some("B2x"));
        assert_eq!(pick("7a"), None);
        // Two tokens the same but for case: only the exact one is taken.
        let legal: Vec<String> = ["a1", "A1"].map(String::from).to_vec();
        assert_eq!(
            token_in_any_case(&legal, "A1").map(String::as_str),
            Some("A1")
        );
        let legal: Vec<String> = ["ab", "AB"].map(String::from).to_vec();
        assert_eq!(token_in_any_case(&legal, "Ab"), None);
    }
}
