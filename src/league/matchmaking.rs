//! Which versions play next (placeholder with the final public face: replaced wholesale by
//! the matchmaking of issue 25). Pure: no I/O.
//!
//! This simple body: versions still owing placement pairs first, each against the active
//! opponent it has played least; then the pairs of active versions with the fewest games
//! between them. Ties are broken by an order drawn from the seed, so a batch is reproducible.

use crate::rng::SplitMix64;
use crate::stats::ratings::PairGames;

/// A version as matchmaking sees it; its index in the slice is its index in the league's
/// submission order (the same index `PairGames::a`/`b` use).
#[derive(Clone, Debug)]
pub struct Entry {
    pub active: bool,
}

/// The `[matchmaking]` table of league.toml.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Game pairs a new version plays before the ladder's own choice.
    pub placement_pairs: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { placement_pairs: 4 }
    }
}

impl Settings {
    /// Parses the `[matchmaking]` table (None: all defaults); unknown keys are an error
    /// naming the key. The keys are kebab-case (`placement-pairs`).
    pub fn from_table(table: Option<&toml::Table>) -> Result<Settings, String> {
        let mut settings = Settings::default();
        for (key, value) in table.into_iter().flatten() {
            match key.as_str() {
                "placement-pairs" => {
                    settings.placement_pairs = value
                        .as_integer()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| {
                            format!("[matchmaking] placement-pairs: expected a count, got {value}")
                        })?;
                }
                other => return Err(format!("[matchmaking]: unknown key '{other}'")),
            }
        }
        Ok(settings)
    }
}

/// One game pair: two games between `a` and `b`, sides swapped, the same opening.
/// `a` moves first in the pair's first game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub placement: bool,
}

/// The next `pairs` game pairs, given every version (active or not), the games played so far
/// between each pair of versions (all of them, over the whole log; a < b), the settings and a
/// seed. Only active versions are paired. Versions still owing placement pairs come first.
pub fn plan_batch(
    entries: &[Entry],
    played: &[PairGames],
    settings: &Settings,
    pairs: usize,
    seed: u64,
) -> Vec<Pairing> {
    let n = entries.len();
    let mut games = vec![vec![0u64; n]; n];
    for p in played.iter().filter(|p| p.a < n && p.b < n) {
        let g = p.a_wins + p.draws + p.b_wins;
        games[p.a][p.b] += g;
        games[p.b][p.a] += g;
    }
    let mut active: Vec<usize> = (0..n).filter(|&i| entries[i].active).collect();
    // The seed's order of the versions breaks every tie below.
    SplitMix64::new(seed).shuffle(&mut active);
    let mut out = Vec::new();
    if active.len() < 2 {
        return out;
    }
    let owed = |i: usize, games: &[Vec<u64>]| {
        let pairs_played: u64 = games[i].iter().sum::<u64>() / 2;
        u64::from(settings.placement_pairs).saturating_sub(pairs_played)
    };
    while out.len() < pairs {
        let placing = active.iter().copied().find(|&i| owed(i, &games) > 0);
        let (a, b, placement) = match placing {
            Some(i) => {
                let j = active.iter().copied().filter(|&j| j != i);
                let j = j.min_by_key(|&j| games[i][j]).expect("two active versions");
                (i, j, true)
            }
            None => {
                let all = active
                    .iter()
                    .enumerate()
                    .flat_map(|(k, &i)| active[k + 1..].iter().map(move |&j| (i, j)));
                let (i, j) = all.min_by_key(|&(i, j)| games[i][j]).expect("a pair");
                (i, j, false)
            }
        };
        games[a][b] += 2;
        games[b][a] += 2;
        out.push(Pairing { a, b, placement });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_active_versions_play_and_placement_comes_first() {
        let entries = [true, false, true, true].map(|active| Entry { active });
        // 0 and 2 have played 8 pairs each (over the placement count); 3 is new.
        let played = [PairGames {
            a: 0,
            b: 2,
            a_wins: 8,
            draws: 0,
            b_wins: 8,
        }];
        let batch = plan_batch(&entries, &played, &Settings::default(), 6, 7);
        assert_eq!(batch.len(), 6);
        assert!(batch.iter().all(|p| p.a != 1 && p.b != 1 && p.a != p.b));
        // Version 3 owes 4 placement pairs: the first four pairs are its.
        assert!(batch[..4]
            .iter()
            .all(|p| p.placement && (p.a == 3 || p.b == 3)));
        assert!(batch[4..].iter().all(|p| !p.placement));
    }

    #[test]
    fn settings_read_their_key_and_refuse_others() {
        let t: toml::Table = toml::from_str("placement-pairs = 2").unwrap();
        assert_eq!(Settings::from_table(Some(&t)).unwrap().placement_pairs, 2);
        let t: toml::Table = toml::from_str("pairs = 2").unwrap();
        assert!(Settings::from_table(Some(&t))
            .unwrap_err()
            .contains("'pairs'"));
        assert_eq!(Settings::from_table(None).unwrap(), Settings::default());
    }
}
