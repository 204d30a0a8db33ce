//! Resume: the games still to play, the refusal of a log written by another configuration,
//! and the writer's repair of a torn or unterminated last line before it appends.

use super::*;
use crate::support::tournament;
use crate::tournament::schedule::inputs;
use baraza::tournament::log::games_jsonl::*;
use baraza::tournament::log::reader::read_games_log;
use baraza::tournament::plan::config::TournamentConfig;
use baraza::tournament::plan::schedule::{schedule, ScheduledGame};
use baraza::tournament::run::resume::plan_run;
use predicates::prelude::*;

/// Darra among builtin a, b and c, `rounds` rounds.
pub(super) fn config(rounds: u32) -> TournamentConfig {
    let mut event = inputs("darra", &["a", "b", "c"]);
    event.rounds = Some(rounds);
    event.resolve(2).unwrap().0
}

/// The line of the scheduled game `g` had it ended `result`, as the runner writes it.
fn line_of(g: &ScheduledGame, result: &str) -> GameLine {
    let line = game(
        &g.game_id,
        g.pair,
        g.game,
        &g.white_name,
        &g.black_name,
        result,
        "normal",
    );
    let rec = serde_json::from_str::<GameLine>(&line).unwrap().record;
    // The seed and round the setup gives the referee.
    let rec = baraza::record::GameRecord {
        seed: g.seed,
        round: g.round.to_string(),
        ..rec
    };
    GameLine::new(g, rec)
}

/// Write a log of `config` with the games whose ids are `played`, as the runner would.
pub(super) fn write_log(dir: &Path, config: &TournamentConfig, played: &[&str]) {
    let sched = schedule(config).unwrap();
    let mut w = GamesWriter::create(
        &dir.join(GAMES_FILE),
        &Header::new(config, sched.len() as u64),
    )
    .unwrap();
    for g in sched
        .iter()
        .filter(|g| played.contains(&g.game_id.as_str()))
    {
        w.write(&line_of(g, "1-0")).unwrap();
    }
}

#[test]
fn resume_plays_only_the_missing_games() {
    let dir = temp_dir("resume-missing");
    let c = config(2);
    // Fresh directory: everything, into a new file.
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!((plan.to_play.len(), plan.start), (12, LogStart::Create));

    write_log(&dir, &c, &["r1-p1-a", "r1-p1-b", "r1-p2-a", "r2-p3-b"]);
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!(plan.start, LogStart::Append);
    assert_eq!(plan.done.len(), 4);
    let ids: Vec<&str> = plan.to_play.iter().map(|g| g.game_id.as_str()).collect();
    // Schedule order, the half-played pair's other game included.
    assert_eq!(
        ids,
        ["r1-p2-b", "r1-p3-a", "r1-p3-b", "r2-p1-a", "r2-p1-b", "r2-p2-a", "r2-p2-b", "r2-p3-a"]
    );
    // The pure function, on its own.
    let all = schedule(&c).unwrap();
    assert_eq!(missing_games(&all, &plan.done), plan.to_play);
    assert_eq!(missing_games(&all, &[]).len(), 12);

    // Without --resume an existing log is not touched.
    let e = plan_run(&c, &dir, false).unwrap_err().to_string();
    assert!(
        e.contains("already holds a tournament (4 games played); pass --resume"),
        "{e}"
    );
}

#[test]
fn resume_refuses_a_log_of_another_configuration() {
    let dir = temp_dir("resume-refused");
    write_log(&dir, &config(2), &["r1-p1-a"]);
    // More rounds grow the event (tests/it/tournament/shards.rs); another seed is another event.
    let other_seed = TournamentConfig {
        seed: 2,
        ..config(2)
    };
    let e = plan_run(&other_seed, &dir, true).unwrap_err();
    let LogError::Resume(refused) = &e else {
        panic!("a ResumeRefused: {e}")
    };
    assert_eq!(refused.differs, "seed (1 in the file, 2 now)");
    assert_eq!(refused.file_hash, config(2).hash()[..16]);
    assert_eq!(refused.now_hash, other_seed.hash()[..16]);
    let msg = e.to_string();
    assert!(msg.starts_with(&format!(
        "refusing to resume {}: it was written by another configuration (config hash {} in the file, {} now; differs in: seed (1 in the file, 2 now))",
        dir.join(GAMES_FILE).display(),
        refused.file_hash,
        refused.now_hash
    )), "{msg}");

    // The same refusal from the command line.
    let resumed = tournament("darra", &["a=builtin:a", "b=builtin:b", "c=builtin:c"])
        .rounds(2)
        .args(["--resume", "--dry-run"])
        .out(&dir);
    resumed
        .clone()
        .args(["--seed", "2"])
        .command()
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("refusing to resume").and(predicate::str::contains(
                "differs in: seed (1 in the file, 2 now)",
            )),
        );
    // And the matching configuration resumes: the dry run lists what is left.
    resumed.command().assert().success().stdout(
        predicate::str::contains("# 1 games already played; 11 to play")
            .and(predicate::str::contains("r1-p1-a").not()),
    );
}

#[test]
fn appending_cuts_a_torn_tail_and_completes_an_unterminated_line() {
    let dir = temp_dir("append-repair");
    let c = config(1);
    write_log(&dir, &c, &["r1-p1-a", "r1-p1-b"]);
    let path = dir.join(GAMES_FILE);
    let intact = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{intact}{{\"game_id\":\"r1-p2-a\",\"pa")).unwrap();
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!(plan.torn_line, Some(4));
    assert_eq!(plan.to_play.len(), 4);
    let mut w = GamesWriter::append(&path).unwrap();
    w.write(&line_of(&plan.to_play[0], "0-1")).unwrap();
    drop(w);
    let log = read_games_log(&dir).unwrap();
    assert_eq!(log.torn_line, None);
    assert_eq!(log.games.len(), 3);
    assert_eq!(log.games[2].game_id, "r1-p2-a");

    // A complete last line without its newline keeps its game and gets the newline.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.trim_end()).unwrap();
    GamesWriter::append(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}
