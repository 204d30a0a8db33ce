//! `baraza league new|submit|withdraw|run|merge|leaderboard`: each reads the league folder,
//! does one thing with [`crate::league`] and says what it did in a line or two.

use crate::bot::hosting::HostOverrides;
use crate::cli::{
    LeaderboardFormat, LeagueCommand, LeagueNewArgs, LeagueRunArgs, LeagueSubmitArgs,
};
use crate::count::counted;
use crate::league::admission::{self, Checked, Submission};
use crate::league::batch_games::PlayChoices;
use crate::league::entrants::Entrants;
use crate::league::error::LeagueError;
use crate::league::folder::League;
use crate::league::run::Amount;
use crate::league::{leaderboard, leaderboard_render as render, lock, run, shards};
use anyhow::{bail, Context};
use std::io::Write;

pub fn run(out: &mut dyn Write, command: LeagueCommand) -> anyhow::Result<()> {
    match command {
        LeagueCommand::New(args) => new(out, *args),
        LeagueCommand::Submit(a) => submit(out, a),
        LeagueCommand::Withdraw(a) => {
            let league = League::open(&a.dir)?;
            let _lock = lock::hold(&league.dir, lock::ENTRANTS_LOCK, true)?;
            let mut entrants = Entrants::load(&league.dir)?;
            let id = entrants.withdraw(&a.name)?;
            entrants.save(&league.dir)?;
            writeln!(out, "withdrew {id}: it plays no more; its games stay")?;
            Ok(())
        }
        LeagueCommand::Run(args) => run_league(out, args),
        LeagueCommand::Invite(a) => {
            let league = League::open(&a.dir)?;
            let store = crate::serve::store::Store::open(&league.dir)?;
            let token = crate::serve::invite::invite(&store, &a.name)?;
            let site = store
                .setting(crate::serve::URL_SETTING)?
                .map_or("the site (`baraza serve`)".to_string(), |u| {
                    format!("{u}/login")
                });
            writeln!(
                out,
                "invited {}: give them this token, shown this once; they sign in at {site}",
                a.name
            )?;
            writeln!(out, "{token}")?;
            Ok(())
        }
        LeagueCommand::Merge(a) => {
            let league = League::open(&a.dir)?;
            let _lock = lock::hold(&league.dir, lock::RUN_LOCK, false)?;
            let n = shards::merge(&league, a.shards)?;
            writeln!(
                out,
                "merged {n} games into {}",
                league.games_path().display()
            )?;
            Ok(())
        }
        LeagueCommand::Leaderboard(a) => {
            let league = League::open(&a.dir)?;
            let (board, recent) = leaderboard::leaderboard(&league)?;
            let text = match a.format {
                LeaderboardFormat::Text => render::text(&board),
                LeaderboardFormat::Json => serde_json::to_string_pretty(&board)? + "\n",
                LeaderboardFormat::Markdown => render::markdown(&board),
                LeaderboardFormat::Html => render::html(&board, &recent),
            };
            match a.out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display())),
                None => Ok(out.write_all(text.as_bytes())?),
            }
        }
    }
}

/// A version checked under the league's set-up, then entered; refused with check-bot's report.
fn submit(out: &mut dyn Write, a: LeagueSubmitArgs) -> anyhow::Result<()> {
    let league = League::open(&a.dir)?;
    let submission = Submission {
        name: &a.name,
        command: &a.cmd,
        version: a.version_label.as_deref(),
        host: HostOverrides::from(&a.host),
        check: !a.no_check,
    };
    let entered = match admission::submit(&league, &submission) {
        Ok(entered) => entered,
        Err(LeagueError::FailedCheck { id, report }) => {
            write!(out, "{}", report.text())?;
            out.flush()?;
            return Err(LeagueError::FailedCheck { id, report }.into());
        }
        Err(e) => return Err(e.into()),
    };
    let id = &entered.id;
    match &entered.checked {
        Checked::Passed(report) => writeln!(out, "checked {id}: {}", report.verdict)?,
        Checked::NotAsked => writeln!(out, "not checked (--no-check)")?,
        Checked::Builtin => {}
    }
    writeln!(out, "submitted {id}")?;
    Ok(())
}

/// league.toml from the command line: its keys are the event file's.
fn new(out: &mut dyn Write, a: LeagueNewArgs) -> anyhow::Result<()> {
    let mut t = toml::Table::new();
    t.insert("ruleset".into(), a.ruleset.into());
    let seed = a.seed.unwrap_or_else(clock_seed);
    t.insert("seed".into(), toml_int(seed)?);
    if let Some(tc) = &a.tc {
        t.insert("tc".into(), tc.to_string().into());
    }
    let numbers = [
        ("movetime", a.movetime),
        ("margin", a.margin),
        ("startup-timeout", a.startup_timeout),
        ("max-plies", a.max_plies),
        (
            "random-opening-plies",
            a.random_opening_plies.map(u64::from),
        ),
    ];
    for (key, value) in numbers {
        if let Some(v) = value {
            t.insert(key.into(), toml_int(v)?);
        }
    }
    if let Some(path) = &a.openings {
        // A file is named absolutely: league.toml's paths are taken from the league folder.
        let suite = path.to_string_lossy().starts_with("builtin:");
        let path = if suite {
            path.clone()
        } else {
            std::path::absolute(path)?
        };
        t.insert("openings".into(), path.display().to_string().into());
    }
    // The hosting options as the event file's keys (`cpu-seconds`, ...).
    let host = crate::bot::hosting::HostOverrides::from(&a.host);
    for (key, value) in toml::Table::try_from(&host)? {
        t.insert(key.replace('_', "-"), value);
    }
    if let Some(dir) = &a.host.workdir {
        t.insert(
            "workdir".into(),
            std::path::absolute(dir)?.display().to_string().into(),
        );
    }
    for (key, on) in [
        ("keep-workdirs", a.host.keep_workdirs),
        ("affinity", a.host.affinity),
    ] {
        if on {
            t.insert(key.into(), true.into());
        }
    }
    let mut mm = toml::Table::new();
    let placement = a.placement_pairs.unwrap_or(4);
    mm.insert("placement-pairs".into(), i64::from(placement).into());
    t.insert("matchmaking".into(), mm.into());
    let text = format!(
        "# A baraza league (docs/league.md): the keys of a tournament's event file, without\n# bots, rounds or format; edit between runs.\n{}",
        toml::to_string(&t)?
    );
    let league = League::create(&a.dir, &text)?;
    writeln!(
        out,
        "created the league {} (seed {seed}); add entrants with `baraza league submit {} --name NAME --cmd COMMAND`",
        league.dir.display(),
        league.dir.display()
    )?;
    Ok(())
}

fn toml_int(n: u64) -> anyhow::Result<toml::Value> {
    Ok(i64::try_from(n)
        .context("a number too large for league.toml")?
        .into())
}

/// A seed for a league created without one, within the seeds a tournament takes.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    nanos % crate::tournament::plan::config::MAX_SEED + 1
}

fn run_league(out: &mut dyn Write, a: LeagueRunArgs) -> anyhow::Result<()> {
    let league = League::open(&a.dir)?;
    let choices = PlayChoices {
        concurrency: a.concurrency.map(|k| k as usize),
        force: a.force,
        quiet: a.quiet,
        cores: super::tournament::cores(),
        start_until: None,
    };
    if let Some(shard) = a.shard {
        let (dir, n) = shards::play_shard(&league, shard, a.out, &choices)?;
        writeln!(
            out,
            "shard {shard}: {n} games played into {}",
            dir.display()
        )?;
        return Ok(());
    }
    let _lock = lock::hold(&league.dir, lock::RUN_LOCK, false)?;
    let amount = match (a.games, a.for_) {
        (Some(n), _) => Amount::Games(n),
        (None, Some(d)) => Amount::For(d),
        (None, None) => bail!("say how much to play: --games N or --for DURATION"),
    };
    if a.plan_only {
        let Amount::Games(n) = amount else {
            unreachable!("clap: --plan-only requires --games")
        };
        let batch = run::plan_next(&league, n.div_ceil(2) as usize)?;
        writeln!(
            out,
            "planned batch {}: {} games in {}; play it with `baraza league run {} --shard K/N` (or without --shard), then `baraza league merge {}`",
            batch.batch,
            batch.games.len(),
            league.dir.join(crate::league::batch::BATCH_FILE).display(),
            league.dir.display(),
            league.dir.display()
        )?;
        return Ok(());
    }
    let report = run::run(&league, amount, &choices)?;
    if let Some(b) = report.finished {
        writeln!(out, "finished batch {b}, left by an earlier run")?;
    }
    let played: usize = report.batches.iter().map(|(_, n)| n).sum();
    writeln!(
        out,
        "played {} in {}; `baraza league leaderboard {}` shows the table",
        counted(played as u64, "game"),
        match report.batches.len() {
            1 => "1 batch".to_string(),
            n => format!("{n} batches"),
        },
        league.dir.display()
    )?;
    if let Some((b, left)) = report.left_for_next {
        writeln!(
            out,
            "the time was up: batch {b}'s other {} {} the next run's, played first",
            counted(left as u64, "game"),
            if left == 1 { "is" } else { "are" }
        )?;
    }
    if report.stopped {
        writeln!(out, "stopped as asked, after the batch in play")?;
    }
    Ok(())
}
