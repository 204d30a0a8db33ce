//! A league whose disk fills in the middle of a batch: every line of the log is whole, the run
//! stops with one line naming the full disk and a non-zero status, and once space is freed the
//! next run finishes the batch with no hand edit.
//!
//! The disk is a small tmpfs mounted by the test in a mount namespace of its own (`unshare
//! --user --map-root-user --mount`): nothing is mounted on the machine, and the mount is gone
//! when the namespace's last process ends, whatever happens to the test.

use crate::support::*;
use baraza::tournament::GameLine;
use std::collections::HashSet;

/// Run in the namespace: `$1` the mount point, `$2` baraza, `$3` where the outcomes go (on the
/// machine's disk), `$4` the bytes left free. Each step's output and status is a file of `$3`.
const SCRIPT: &str = r#"
set -u
mnt=$1; baraza=$2; out=$3; margin=$4; league=$mnt/league
mount -t tmpfs -o size=2m tmpfs "$mnt" || exit 90
mkdir "$mnt/work"
"$baraza" league new "$league" --ruleset darra --movetime 1000 --seed 7 \
    --workdir "$mnt/work" >/dev/null || exit 91
# Each game starts its bots afresh, and each bot holds 16 KiB of scratch on the same disk until
# its game ends: space comes and goes as games start and end, as on a host whose bots write.
sed -i '1i no-reuse = true' "$league/league.toml"
for name in a b c; do
    "$baraza" league submit "$league" --name $name \
        --cmd "sh -c 'head -c 16384 /dev/zero > \"\$HOME/scratch\"; exec $baraza bot random'" \
        >/dev/null || exit 92
done
# All the disk but the margin: room for the scratch of two games and some of the batch's 40
# games (about 2.6 KiB of log each), not all.
free=$(( $(stat -f -c '%a * %S' "$mnt") ))
head -c $(( free - margin )) /dev/zero > "$mnt/filler"
step() {
    name=$1; shift
    "$@" > "$out/$name.out" 2> "$out/$name.err"
    echo $? > "$out/$name.status"
}
step full "$baraza" league run "$league" --games 40 --concurrency 2 --quiet
cp "$league/games.jsonl" "$out/full.jsonl"
rm "$mnt/filler"
step freed "$baraza" league run "$league" --games 40 --concurrency 2 --quiet
test -e "$league/batch.json"; echo $? > "$out/batch-left.status"
step verify "$baraza" results "$league" --verify
step pgn "$baraza" replay "$league/games.pgn" --verify
cp "$league/games.jsonl" "$out/final.jsonl"
"#;

/// The game lines of a games.jsonl, each checked whole (a header first, a newline last).
fn game_lines(text: &str) -> Vec<GameLine> {
    assert!(text.ends_with('\n'), "the log ends with a whole line");
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["baraza"], "tournament");
    lines
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a whole line ({e}): {l}")))
        .collect()
}

/// The whole scenario with `margin` bytes left free; which log the disk fills under (games.jsonl
/// or games.pgn) depends on where each stands in its last page, so the test runs it at a few
/// margins.
fn fill_mid_batch_then_free(margin: u64) {
    let dir = temp_dir(&format!("full-disk-{margin}"));
    let (mnt, out) = (dir.join("mnt"), dir.join("out"));
    std::fs::create_dir_all(&mnt).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let status = std::process::Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "sh",
            "-c",
            SCRIPT,
            "sh",
        ])
        .arg(&mnt)
        .arg(exe())
        .arg(&out)
        .arg(margin.to_string())
        .status()
        .unwrap();
    assert!(status.success(), "the script's set-up failed: {status}");
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    let status_of = |name: &str| read(&format!("{name}.status")).trim().to_string();

    // The full disk: one line, naming it, and a failure; every line of the log whole.
    assert_ne!(status_of("full"), "0", "{}", read("full.err"));
    let said = read("full.err");
    let lines: Vec<&str> = said.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {said}");
    assert!(lines[0].starts_with("baraza: cannot write "), "{said}");
    assert!(lines[0].contains("its disk is full"), "{said}");
    assert!(lines[0].contains("No space left on device"), "{said}");
    let before = game_lines(&read("full.jsonl"));
    assert!(
        !before.is_empty() && before.len() < 40,
        "the disk filled mid-batch: {} games",
        before.len()
    );

    // Space freed: the same command finishes the batch, no hand edit.
    assert_eq!(status_of("freed"), "0", "{}", read("freed.err"));
    assert_eq!(status_of("batch-left"), "1", "the batch is finished");
    let after = game_lines(&read("final.jsonl"));
    assert_eq!(after.len(), 40, "the batch's 40 games");
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "the games kept as they were"
    );
    let ids: HashSet<&str> = after.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(ids.len(), 40, "every game once");
    assert_eq!(status_of("verify"), "0", "{}", read("verify.out"));
    assert!(
        read("verify.out").contains("verified 40 games: no problem"),
        "{}",
        read("verify.out")
    );
    assert_eq!(
        status_of("pgn"),
        "0",
        "{}{}",
        read("pgn.out"),
        read("pgn.err")
    );
}

#[test]
#[cfg_attr(
    not(tool_private_tmpfs),
    ignore = "needs a tmpfs mounted in a namespace of the test's own (unshare)"
)]
fn a_full_disk_mid_batch_loses_no_line_and_the_next_run_finishes_the_batch() {
    need(Tool::PrivateTmpfs);
    // Before every append was whole or nothing, 4 runs in 6 at these margins left games.jsonl
    // with the start of one game and the next game's line on one line, and every later run
    // stuck there.
    for kib in [80, 76, 72] {
        fill_mid_batch_then_free(kib * 1024);
    }
}
