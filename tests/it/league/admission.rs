//! A league checks what it admits: `league submit` plays check-bot's checks under the league's
//! set-up and refuses, with the report, a bot that fails them (`--no-check` enters it
//! anyway); an entrant's own hosting keys are kept with it and used in its check and in its
//! games, played locally or in shards.

use super::*;
use baraza::league::entrants::Entrants;

/// `baraza league submit DIR --name NAME --cmd CMD EXTRA...`, run to its end.
fn submitting(dir: &Path, name: &str, cmd: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    let d = dir.to_str().unwrap();
    baraza()
        .args(["league", "submit", d, "--name", name, "--cmd", cmd])
        .args(extra)
        .assert()
}

/// What a refused submission printed: (stdout, stderr), the status 1 and the error one line.
fn refused_with_report(a: assert_cmd::assert::Assert) -> (String, String) {
    let out = a.code(1).get_output().clone();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    (stdout, stderr)
}

/// The ids of the league's versions, in submission order.
fn version_ids(dir: &Path) -> Vec<String> {
    let entrants = Entrants::load(dir).unwrap();
    entrants.versions.iter().map(|v| v.id()).collect()
}

#[test]
fn a_bot_that_fails_check_bot_is_refused_with_its_report() {
    let dir = temp_dir("league-admission");
    new_league(&dir, &["r=builtin:random"]);
    let before = std::fs::read_to_string(dir.join("entrants.toml")).unwrap();

    // Ready, then an illegal move at its first turn: check-bot's report, and nothing entered.
    let illegal = format!("{BAD_BOT} illegal");
    let (report, err) = refused_with_report(submitting(&dir, "bad", &illegal, &[]));
    assert!(
        report.contains("ok    starts and answers the hello with 'ready'"),
        "{report}"
    );
    assert!(
        report.contains("FAIL  darra: plays 2 full games against builtin:random"),
        "{report}"
    );
    assert!(report.contains("sent illegal move 'z9'"), "{report}");
    assert!(report.contains("verdict: 1 of 5 checks failed"), "{report}");
    assert!(err.contains("bad@1 was not entered"), "{err}");
    assert!(err.contains("under the league's set-up"), "{err}");
    assert!(err.contains("--no-check"), "{err}");
    // A bot that crashes at its first turn: the same.
    let crash = format!("{BAD_BOT} crash");
    let (report, err) = refused_with_report(submitting(&dir, "bad", &crash, &[]));
    assert!(
        report.contains("FAIL  darra: plays 2 full games"),
        "{report}"
    );
    assert!(report.contains("crash"), "{report}");
    assert!(err.contains("bad@1 was not entered"), "{err}");
    let after = std::fs::read_to_string(dir.join("entrants.toml")).unwrap();
    assert_eq!(after, before, "entrants.toml is as it was");
    assert_eq!(version_ids(&dir), ["r@1"]);

    // Hosting this machine cannot give is refused even unchecked.
    let nowhere = dir.join("no-such-folder");
    let nowhere = nowhere.to_str().unwrap();
    let read = ["--no-check", "--sandbox", "--sandbox-read", nowhere];
    let out = submitting(&dir, "bad", &illegal, &read).code(1);
    let err = text(&out.get_output().stderr);
    assert!(err.contains("no-such-folder"), "{err}");
    assert_eq!(version_ids(&dir), ["r@1"]);

    // The host who knows better enters it as it is.
    let out = submitting(&dir, "bad", &illegal, &["--no-check"]).success();
    let said = text(&out.get_output().stdout);
    assert_eq!(said, "not checked (--no-check)\nsubmitted bad@1\n");
    assert_eq!(version_ids(&dir), ["r@1", "bad@1"]);
    // A bot that passes is entered as before, its verdict said.
    let said = submit(&dir, "good", FIRST_BOT);
    assert_eq!(
        said.lines().collect::<Vec<_>>(),
        [
            "checked good@1: the bot follows the protocol: it is ready for `baraza match` and `baraza tournament`",
            "submitted good@1"
        ]
    );
    assert_eq!(version_ids(&dir), ["r@1", "bad@1", "good@1"]);
}

/// The games of `id` in `lines`, each with whether it lost.
fn games_of<'a>(lines: &'a [GameLine], id: &str) -> Vec<(&'a GameLine, bool)> {
    lines
        .iter()
        .filter(|g| g.record.white == id || g.record.black == id)
        .map(|g| {
            let lost = if g.record.white == id { "0-1" } else { "1-0" };
            (g, g.record.result == lost)
        })
        .collect()
}

#[test]
fn an_entrant_s_own_memory_lets_it_play_where_the_league_s_would_not() {
    let dir = temp_dir("league-own-memory");
    let d = dir.to_str().unwrap();
    let new = ["new", d, "--ruleset", "darra", "--movetime", "1000"];
    league(&[&new[..], &["--seed", "7", "--memory", "512"]].concat());
    submit(&dir, "r", "builtin:random");
    // It holds 800 MiB from its first turn: more than the league's 512.
    let big = bot("big_heap_bot.py");

    // Its check, under the league's 512 MB, fails as its games would.
    let (report, err) = refused_with_report(submitting(&dir, "big", &big, &[]));
    assert!(report.contains("exceeded --memory 512 MB"), "{report}");
    assert!(err.contains("big@1 was not entered"), "{err}");
    // Entered unchecked, it loses every game by the league's limit.
    submitting(&dir, "big", &big, &["--no-check"]).success();
    run_games(&dir, 2);
    let lines = game_lines(&dir);
    let first = games_of(&lines, "big@1");
    assert_eq!(first.len(), 2);
    for (g, lost) in &first {
        assert!(lost, "{}: {}", g.game_id, g.record.reason);
        assert!(
            g.record.reason.contains("exceeded --memory 512 MB"),
            "{}",
            g.record.reason
        );
    }

    // With its own key it passes its check, and the key is kept with the version alone.
    let out = submitting(&dir, "big", &big, &["--memory", "1536"]).success();
    let said = text(&out.get_output().stdout);
    assert!(
        said.contains("checked big@2: the bot follows the protocol"),
        "{said}"
    );
    assert!(said.ends_with("submitted big@2\n"), "{said}");
    let toml = std::fs::read_to_string(dir.join("entrants.toml")).unwrap();
    assert_eq!(toml.matches("memory = 1536").count(), 1, "{toml}");
    let entrants = Entrants::load(&dir).unwrap();
    let memory: Vec<_> = entrants.versions.iter().map(|v| v.memory).collect();
    assert_eq!(memory, [None, None, Some(1536)]);

    // Its games, played here and in a shard, are played to their end by the rules.
    run_games(&dir, 2);
    league(&["run", d, "--plan-only", "--games", "2"]);
    let shard = ["run", d, "--shard", "1/1", "--quiet"];
    assert!(league(&shard).contains("2 games played into"));
    league(&["merge", d]);
    let lines = game_lines(&dir);
    let second = games_of(&lines, "big@2");
    assert_eq!(second.len(), 4);
    for (g, _) in &second {
        assert_eq!(
            g.record.termination.to_string(),
            "normal",
            "{}",
            g.record.reason
        );
        assert!(!g.record.reason.contains("exceeded"), "{}", g.record.reason);
    }
}
