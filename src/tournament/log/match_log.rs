//! `match --jsonl FILE` read as a games log, so that `baraza results FILE` gives its table.
//!
//! Such a file is one game record per line, after the match's header
//! ([`super::match_header`]; a file of an earlier baraza has none), and an SPRT decision line
//! when the match ran one: both are passed over here. The event is made up from the games:
//! the bots in the order they first appear (the first game's player 1 first, so it is "the
//! first bot" of the two-bot report), the first game's ruleset, one round per two games. Games
//! `2k − 1` and `2k` (by their `game` number) are pair `k`; they count as a complete pair when
//! the same two bots swapped sides, as `match` plays them.

use super::games_jsonl::{games_path, GameLine, Header, LogError, HEADER_KIND, SCHEMA};
use super::match_header::{is_match_meta, MatchHeader};
use super::reader::{read_games_log, GamesLog};
use crate::record::GameRecord;
use crate::tournament::plan::config::{
    BotConfig, CanonicalEvent, CanonicalOpenings, Format, Limits,
};

/// Why a file is not a `match --jsonl` log.
#[derive(Debug, thiserror::Error)]
#[error("{source_name} line {line}: not a game record ({error})")]
pub struct NotAMatchLog {
    pub source_name: String,
    pub line: usize,
    #[source]
    pub error: serde_json::Error,
}

/// Why [`read_any_log`] found no log.
#[derive(Debug, thiserror::Error)]
pub enum ReadLogError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error(transparent)]
    Match(#[from] NotAMatchLog),
}

/// Read a tournament's games.jsonl (or `DIR/games.jsonl`), or a `match --jsonl` file.
pub fn read_any_log(path: &std::path::Path) -> Result<GamesLog, ReadLogError> {
    let file = games_path(path);
    if let Ok(text) = std::fs::read_to_string(&file) {
        if looks_like_match_log(&text) {
            return Ok(parse_match_log(&text, &file.display().to_string())?);
        }
    }
    Ok(read_games_log(path)?)
}

/// Whether the first non-empty line of `text` looks like a game record rather than a header.
pub fn looks_like_match_log(text: &str) -> bool {
    let Some(first) = text.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    if MatchHeader::parse(first).is_some() {
        return true;
    }
    match serde_json::from_str::<serde_json::Value>(first) {
        Ok(v) => v.get("baraza").is_none() && v.get("white").is_some() && v.get("result").is_some(),
        Err(_) => false,
    }
}

/// The log of a `match --jsonl` file. A torn last line (no newline, not JSON) is ignored, as in
/// games.jsonl.
pub fn parse_match_log(text: &str, source_name: &str) -> Result<GamesLog, NotAMatchLog> {
    let ends_with_newline = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut records = Vec::new();
    let mut torn_line = None;
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if is_match_meta(line) {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(r) => records.push(r),
            Err(_) if i + 1 == lines.len() && !ends_with_newline => torn_line = Some(i + 1),
            Err(error) => {
                return Err(NotAMatchLog {
                    source_name: source_name.to_string(),
                    line: i + 1,
                    error,
                })
            }
        }
    }
    let mut names: Vec<String> = Vec::new();
    for r in &records {
        for n in [&r.white, &r.black] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    let games: Vec<GameLine> = records
        .into_iter()
        .map(|record| GameLine {
            game_id: format!("g{}", record.game),
            pair: record.game.div_ceil(2),
            opening: None,
            versions: Default::default(),
            record,
        })
        .collect();
    let ruleset = games
        .first()
        .map_or(String::new(), |g| g.record.ruleset.clone());
    Ok(GamesLog {
        header: made_up_header(ruleset, &names, games.len() as u64),
        games,
        host: Default::default(),
        duplicates: vec![],
        torn_line,
        sprt_line: None,
    })
}

/// The header a `match --jsonl` file is read under: the bots `names`, `ruleset` (the first
/// game's), one round per two of its `games`.
pub fn made_up_header(ruleset: String, names: &[String], games: u64) -> Header {
    let event = CanonicalEvent {
        ruleset,
        format: Format::RoundRobin,
        rounds: games.div_ceil(2) as u32,
        seed: 0,
        bots: names
            .iter()
            .map(|name| BotConfig {
                name: name.clone(),
                command: String::new(),
                spec: None,
                limits: Limits::default(),
                host: Default::default(),
            })
            .collect(),
        openings: CanonicalOpenings::Standard,
        max_plies: None,
        adjudication: Default::default(),
        growth: Vec::new(),
    };
    Header {
        baraza: HEADER_KIND.to_string(),
        schema: SCHEMA,
        version: String::new(),
        config_hash: "none".to_string(),
        scheduled_games: games,
        event,
        sprt: None,
        shard: None,
        merged: false,
        programs: Default::default(),
    }
}
