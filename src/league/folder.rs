//! The league folder and its settings file, `DIR/league.toml`: an event file of `baraza
//! tournament` (ruleset, clocks, openings, adjudication, hosting keys: read by the same
//! parser, [`EventInputs::from_toml`]) without bots, rounds or format, plus a `[matchmaking]`
//! table. The folder also holds `entrants.toml` ([`super::entrants`]), the one games log
//! `games.jsonl` (today's format: `results`, `view` and `replay` read it as a tournament's),
//! its PGN twin `games.pgn`, and while a batch is being played, `batch.json`
//! ([`super::batch`]).

use super::entrants::Version;
use super::matchmaking::{Settings, SettingsError};
use crate::tournament::log::games_jsonl::{GamesWriter, Header, LogError, GAMES_FILE};
use crate::tournament::plan::config::{
    BotEntry, ConfigError, EventInputs, RunOptions, TournamentConfig,
};
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

/// Why league.toml's text is no league's settings.
#[derive(Debug, thiserror::Error)]
pub enum LeagueTomlError {
    /// Not TOML (its message on one line).
    #[error("{}", .0.message().replace('\n', " "))]
    Toml(toml::de::Error),
    #[error(transparent)]
    Matchmaking(#[from] SettingsError),
    /// An event-file key that has no place in a league, and why.
    #[error("'{key}' has no place in a league: {why}")]
    NotInALeague {
        key: &'static str,
        why: &'static str,
    },
    /// The event settings cannot be written back as TOML for the event file's parser.
    #[error("the settings cannot be read")]
    Unreadable(#[source] toml::ser::Error),
    /// The event file's parser refuses them.
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// Why a league folder cannot be opened or created.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error("{} is not a league folder (it has no {SETTINGS_FILE}); create one with `baraza league new {} --ruleset RULESET`", dir.display(), dir.display())]
    NotALeague { dir: PathBuf },
    /// `path` is its league.toml.
    #[error("{} already holds a league ({})", dir.display(), path.display())]
    AlreadyALeague { dir: PathBuf, path: PathBuf },
    #[error("cannot read {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The settings of the league.toml at `path`.
    #[error("{}", path.display())]
    Settings {
        path: PathBuf,
        #[source]
        source: LeagueTomlError,
    },
    /// The settings of a league being created.
    #[error(transparent)]
    NewSettings(#[from] LeagueTomlError),
    #[error("cannot create {}", dir.display())]
    Create {
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write {}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Its games log cannot be started.
    #[error(transparent)]
    Log(#[from] LogError),
}

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
    pub fn open(dir: &Path) -> Result<League, FolderError> {
        let path = dir.join(SETTINGS_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(FolderError::NotALeague {
                    dir: dir.to_path_buf(),
                })
            }
            Err(source) => return Err(FolderError::Read { path, source }),
        };
        League::parse(&text, dir).map_err(|source| FolderError::Settings { path, source })
    }

    /// The league of settings `text` in `dir`.
    pub fn parse(text: &str, dir: &Path) -> Result<League, LeagueTomlError> {
        let mut table: toml::Table = toml::from_str(text).map_err(LeagueTomlError::Toml)?;
        let matchmaking = match table.remove("matchmaking") {
            None => Settings::from_table(None),
            Some(toml::Value::Table(t)) => Settings::from_table(Some(&t)),
            Some(_) => Err(SettingsError::NotATable),
        }?;
        for (key, why) in NOT_IN_A_LEAGUE {
            if table.contains_key(key) {
                return Err(LeagueTomlError::NotInALeague { key, why });
            }
        }
        let event = toml::to_string(&table).map_err(LeagueTomlError::Unreadable)?;
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
    pub fn create(dir: &Path, settings: &str) -> Result<League, FolderError> {
        let path = dir.join(SETTINGS_FILE);
        if path.exists() {
            return Err(FolderError::AlreadyALeague {
                dir: dir.to_path_buf(),
                path,
            });
        }
        let league = League::parse(settings, dir)?;
        if let Err(source) = std::fs::create_dir_all(dir) {
            return Err(FolderError::Create {
                dir: dir.to_path_buf(),
                source,
            });
        }
        // Resolved once already by the parse above: it cannot fail here.
        let (mut config, _) = league.stand_in_config().map_err(LeagueTomlError::from)?;
        // The log's header describes the games' settings; its bots are named by its games.
        config.bots.clear();
        GamesWriter::create(&league.games_path(), &Header::new(&config, 0))?;
        std::fs::write(&path, settings).map_err(|source| FolderError::Write { path, source })?;
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
    ) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        let bots = versions.iter().map(|v| bot_entry(v)).collect();
        self.config_of(bots, cores)
    }

    /// The event of version `v`'s check before it is entered: the league's settings, with `v`
    /// as it would play (its clock, its hosting keys over the league's) and a stand-in.
    pub fn check_config(&self, v: &Version) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        self.config_of(vec![bot_entry(v), stand_in("stand-in")], 1024)
    }

    /// The league's event with two stand-in bots: its settings checked and completed.
    pub fn stand_in_config(&self) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        self.config_of(vec![stand_in("a"), stand_in("b")], 1024)
    }

    fn config_of(
        &self,
        bots: Vec<BotEntry>,
        cores: usize,
    ) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        let inputs = EventInputs {
            bots,
            out: Some(self.dir.clone()),
            event: self.inputs.event.clone().or(Some("baraza league".into())),
            ..self.inputs.clone()
        };
        inputs.resolve(cores)
    }
}

/// Version `v` as a bot of the batch's event: named by its id, with its own hosting keys.
fn bot_entry(v: &Version) -> BotEntry {
    let mut bot = BotEntry {
        name: Some(v.id()),
        cmd: v.command.clone(),
        ..BotEntry::default()
    };
    bot.set_hosting(&v.hosting());
    bot
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
