//! Every Bao worked example of the spec (`tests/data/bao-examples.tsv`, a verbatim copy of
//! `shared/rules/bao-examples.tsv`) and every Bao perft figure of `tests/data/perft.txt`,
//! checked through the string-level face the referee uses.

use baraza::games;

const START: &str =
    "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn bao_examples() {
    let mut checked = 0;
    for (i, row) in rows("bao-examples.tsv").iter().enumerate() {
        let what = format!("row {}: {row:?}", i + 1);
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
    assert_eq!(checked, 33);
}

#[test]
fn bao_perft_figures() {
    let mut checked = 0;
    for row in rows("perft.txt") {
        if !row[0].starts_with("bao ") {
            continue;
        }
        let depth: u32 = row[1].parse().unwrap();
        let want: u64 = row[2].parse().unwrap();
        let pos = games::parse_position(&row[0]).unwrap();
        assert_eq!(pos.perft(depth), want, "perft({depth}) of {}", row[0]);
        checked += 1;
    }
    assert_eq!(checked, 9);
}

#[test]
fn bao_start_is_registered() {
    assert_eq!(games::find("bao").unwrap().start, START);
}

#[test]
fn bao_perft_10_of_the_start() {
    // The issue quotes perft(10) of the start position as 97,476.
    let pos = games::parse_position(START).unwrap();
    assert_eq!(pos.perft(10), 97_476);
}
