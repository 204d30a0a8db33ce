//! The league folder and its settings file, `DIR/league.toml`: an event file of `baraza
//! tournament` (ruleset, clocks, openings, adjudication, hosting keys: read by the same
//! parser, [`EventInputs::from_toml`]) without bots, rounds or format, plus a `[matchmaking]`
//! table. The folder also holds `entrants.toml` ([`super::entrants`]), the one games log
//! `games.jsonl` (today's format: `results`, `view` and `replay` read it as a tournament's),
//! its PGN twin `games.pgn`, and while a batch is being played, `batch.json`
//! ([`super::batch`]).

use super::entrants::Version;
use super::matchmaking::Settings;
use crate::tournament::log::games_jsonl::{GamesWriter, Header, GAMES_FILE};
use crate::tournament::plan::config::{BotEntry, EventInputs, RunOptions, TournamentConfig};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// The settings file inside the league folder.
pub const SETTINGS_FILE: &str = "league.toml";
/// The PGN twin of games.jsonl.
pub const PGN_FILE: &str = "games.pgn";

/// Event-file keys that have no place in a league, and why.
const NOT_IN_A_LEAGUE: [(&str, &str); 6] = [
    ("bot", "entrants are submitted with `baraza league submit`"),
    (
        "rounds",
        "a league has no rounds: `baraza league run --games N` plays a batch",
    ),
    ("format", "matchmaking chooses the pairs"),
    ("sprt", "a league never stops"),
    ("out", "the league folder holds the games"),
    ("resume", "`baraza league run` always continues"),
];

/// An open league: its folder and settings.
#[derive(Clone, Debug)]
pub struct League {
    pub dir: PathBuf,
    /// The event settings of every game (no bots: each batch adds its versions).
    pub inputs: EventInputs,
    pub matchmaking: Settings,
}

impl League {
    /// Open the league in `dir`.
    pub fn open(dir: &Path) -> anyhow::Result<League> {
        let path = dir.join(SETTINGS_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
                "{} is not a league folder (it has no {SETTINGS_FILE}); create one with `baraza league new {} --ruleset RULESET`",
                dir.display(),
                dir.display()
            ),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        League::parse(&text, dir).with_context(|| format!("{}", path.display()))
    }

    /// The league of settings `text` in `dir`.
    pub fn parse(text: &str, dir: &Path) -> anyhow::Result<League> {
        let mut table: toml::Table = toml::from_str(text)
            .map_err(|e| anyhow::anyhow!("{}", e.message().replace('\n', " ")))?;
        let matchmaking = match table.remove("matchmaking") {
            None => Settings::from_table(None),
            Some(toml::Value::Table(t)) => Settings::from_table(Some(&t)),
            Some(_) => Err("[matchmaking] must be a table".to_string()),
        }
        .map_err(anyhow::Error::msg)?;
        for (key, why) in NOT_IN_A_LEAGUE {
            if table.contains_key(key) {
                bail!("'{key}' has no place in a league: {why}");
            }
        }
        let event = toml::to_string(&table).context("the settings cannot be read")?;
        let inputs = EventInputs::from_toml(&event, dir)?;
        let league = League {
            dir: dir.to_path_buf(),
            inputs,
            matchmaking,
        };
        // Every setting is checked now, not at the first batch.
        league.stand_in_config()?;
        Ok(league)
    }

    /// Create the league folder `dir` with `settings` (league.toml's text) and an empty
    /// games log; refused when `dir` already holds a league.
    pub fn create(dir: &Path, settings: &str) -> anyhow::Result<League> {
        let path = dir.join(SETTINGS_FILE);
        if path.exists() {
            bail!(
                "{} already holds a league ({})",
                dir.display(),
                path.display()
            );
        }
        let league = League::parse(settings, dir)?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let (mut config, _) = league.stand_in_config()?;
        // The log's header describes the games' settings; its bots are named by its games.
        config.bots.clear();
        GamesWriter::create(&league.games_path(), &Header::new(&config, 0))?;
        std::fs::write(&path, settings)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(league)
    }

    pub fn games_path(&self) -> PathBuf {
        self.dir.join(GAMES_FILE)
    }

    /// The league's seed: matchmaking, openings and every game's seed come from it.
    pub fn seed(&self) -> u64 {
        self.inputs.seed.unwrap_or(1)
    }

    /// The event of a batch among `versions`, as `baraza tournament` would resolve it, with
    /// `concurrency` (and `force`) from the command line when given.
    pub fn config(
        &self,
        versions: &[&Version],
        cores: usize,
    ) -> anyhow::Result<(TournamentConfig, RunOptions)> {
        let bots = versions
            .iter()
            .map(|v| BotEntry {
                name: Some(v.id()),
                cmd: v.command.clone(),
                ..BotEntry::default()
            })
            .collect();
        self.config_of(bots, cores)
    }

    /// The league's event with two stand-in bots: its settings checked and completed.
    pub fn stand_in_config(&self) -> anyhow::Result<(TournamentConfig, RunOptions)> {
        self.config_of(vec![stand_in("a"), stand_in("b")], 1024)
    }

    fn config_of(
        &self,
        bots: Vec<BotEntry>,
        cores: usize,
    ) -> anyhow::Result<(TournamentConfig, RunOptions)> {
        let inputs = EventInputs {
            bots,
            out: Some(self.dir.clone()),
            event: self.inputs.event.clone().or(Some("baraza league".into())),
            ..self.inputs.clone()
        };
        Ok(inputs.resolve(cores)?)
    }
}

fn stand_in(name: &str) -> BotEntry {
    BotEntry {
        name: Some(name.into()),
        cmd: "builtin:random".into(),
        ..BotEntry::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_an_event_file_without_bots_plus_matchmaking() {
        let dir = Path::new("/nonexistent-league");
        let l = League::parse(
            "ruleset = \"darra\"\ntc = \"5+0.05\"\nseed = 9\nmemory = 256\n[matchmaking]\nplacement-pairs = 3\n",
            dir,
        )
        .unwrap();
        assert_eq!(l.seed(), 9);
        assert_eq!(l.inputs.memory, Some(256));
        assert_eq!(l.matchmaking.placement_pairs, 3);
        let err = League::parse("ruleset = \"darra\"\nrounds = 3\n", dir).unwrap_err();
        assert!(
            err.to_string().starts_with("'rounds' has no place"),
            "{err}"
        );
        let err = League::parse("ruleset = \"darra\"\n[matchmaking]\nx = 1\n", dir).unwrap_err();
        assert!(err.to_string().contains("unknown key 'x'"), "{err}");
        assert!(League::parse("ruleset = \"nope\"\n", dir).is_err());
    }
}
