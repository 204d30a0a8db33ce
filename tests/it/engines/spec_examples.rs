//! Every worked example of the rules specs (the `*-examples.tsv` files and `perft.txt` from
//! `shared/rules/`, copied verbatim into `tests/data/`) checked against the engines, through the
//! same string-level face the referee uses.

use baraza::games;

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn check_examples(file: &str) -> usize {
    let mut checked = 0;
    for (i, row) in rows(file).iter().enumerate() {
        let what = format!("{file} row {}: {row:?}", i + 1);
        let pos = games::parse_position(&row[0]).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(pos.format(), row[0], "{what}: round trip");
        if row[1] == "LEGAL" {
            let want: Vec<&str> = row
                .get(2)
                .map_or(vec![], |l| l.split_whitespace().collect());
            assert_eq!(pos.legal(), want, "{what}: legal list");
            if want.is_empty() {
                assert!(pos.status().is_over(), "{what}: no legal move but not over");
            }
        } else {
            assert!(pos.legal().contains(&row[1]), "{what}: move not listed");
            let mut next = pos.clone();
            next.play(&row[1]).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(next.format(), row[2], "{what}: position after the move");
            assert_eq!(next.status().to_string(), row[3], "{what}: status");
            if next.status().is_over() {
                assert!(next.legal().is_empty(), "{what}: terminal but has moves");
            }
            let again = games::parse_position(&row[2]).unwrap();
            assert_eq!(again.format(), row[2], "{what}: result round trip");
        }
        checked += 1;
    }
    checked
}

#[test]
fn darra_examples() {
    assert_eq!(check_examples("darra-examples.tsv"), 19);
}

#[test]
fn dara_examples() {
    assert_eq!(check_examples("dara-examples.tsv"), 19);
}

#[test]
fn bao_examples() {
    assert_eq!(check_examples("bao-examples.tsv"), 33);
}

/// The perft figures of one game (ruleset id prefix), up to `max_nodes` leaves.
fn check_perft(prefix: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for row in rows("perft.txt") {
        if !row[0].starts_with(&format!("{prefix} ")) && !row[0].starts_with(&format!("{prefix}-"))
        {
            continue;
        }
        let depth: u32 = row[1].parse().unwrap();
        let want: u64 = row[2].parse().unwrap();
        if want > max_nodes {
            continue;
        }
        let pos = games::parse_position(&row[0]).unwrap();
        assert_eq!(pos.perft(depth), want, "perft({depth}) of {}", row[0]);
        checked += 1;
    }
    checked
}

#[test]
fn darra_perft() {
    assert_eq!(check_perft("darra", u64::MAX), 10);
}

#[test]
fn bao_perft() {
    assert_eq!(check_perft("bao", u64::MAX), 9);
}

#[test]
fn bao_perft_10_of_the_start() {
    // Issue #3 quotes perft(10) of the Bao start position as 97,476.
    let pos = games::parse_position(games::find("bao").unwrap().start).unwrap();
    assert_eq!(pos.perft(10), 97_476);
}

#[test]
fn bao_start_is_the_spec_start() {
    assert_eq!(
        games::find("bao").unwrap().start,
        "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -"
    );
}

#[test]
fn dara_perft() {
    assert_eq!(check_perft("dara", u64::MAX), 3);
}

#[test]
fn dara_perft_depth_5_start() {
    // Issue #2 quotes perft(5) of the Dara start as 17,100,720.
    let pos = games::parse_position(games::find("dara").unwrap().start).unwrap();
    assert_eq!(pos.perft(5), 17_100_720);
}
