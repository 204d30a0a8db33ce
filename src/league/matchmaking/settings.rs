//! The `[matchmaking]` table of league.toml: how many placement game pairs a new version owes,
//! the fair share of games every active version is guaranteed, and the cap on one pair's
//! repetitions.

/// The `[matchmaking]` table of league.toml.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `placement-pairs`: the game pairs a new version plays (by bisection of the ladder)
    /// before it is paired by uncertainty; it owes them while it has played fewer than twice
    /// this many games.
    pub placement_pairs: u32,
    /// `min-share`: an active version with fewer games than this fraction of the mean of the
    /// active versions' games is paired before any other (its fair share).
    pub min_share: f64,
    /// `pair-cap`: outside placement, a pair is not drawn once its games reach this many
    /// times the mean games of the pairs of active versions, plus one game pair.
    pub pair_cap: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            placement_pairs: 4,
            min_share: 0.5,
            pair_cap: 3.0,
        }
    }
}

/// A `[matchmaking]` table that cannot be read: one line naming the key.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SettingsError {
    #[error("[matchmaking] must be a table")]
    NotATable,
    #[error("[matchmaking] placement-pairs: {0} is not a whole number of game pairs (0 or more)")]
    PlacementPairs(toml::Value),
    #[error("[matchmaking] min-share: {0} is not a fraction from 0 to 1")]
    MinShare(toml::Value),
    #[error("[matchmaking] pair-cap: {0} is not a number of 1 or more")]
    PairCap(toml::Value),
    #[error("[matchmaking]: unknown key '{0}' (known: placement-pairs, min-share, pair-cap)")]
    UnknownKey(String),
}

impl Settings {
    /// Parses the `[matchmaking]` table (None: all defaults); unknown keys are an error
    /// naming the key. The keys are kebab-case (`placement-pairs`).
    pub fn from_table(table: Option<&toml::Table>) -> Result<Settings, SettingsError> {
        let mut settings = Settings::default();
        let Some(table) = table else {
            return Ok(settings);
        };
        for (key, value) in table {
            match key.as_str() {
                "placement-pairs" => {
                    settings.placement_pairs = value
                        .as_integer()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| SettingsError::PlacementPairs(value.clone()))?;
                }
                "min-share" => {
                    settings.min_share = number(value)
                        .filter(|x| (0.0..=1.0).contains(x))
                        .ok_or_else(|| SettingsError::MinShare(value.clone()))?;
                }
                "pair-cap" => {
                    settings.pair_cap = number(value)
                        .filter(|x| *x >= 1.0)
                        .ok_or_else(|| SettingsError::PairCap(value.clone()))?;
                }
                _ => return Err(SettingsError::UnknownKey(key.clone())),
            }
        }
        Ok(settings)
    }
}

/// A finite number, written as a float or an integer.
fn number(value: &toml::Value) -> Option<f64> {
    value
        .as_float()
        .or_else(|| value.as_integer().map(|n| n as f64))
        .filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Settings, SettingsError> {
        let table: toml::Table = toml::from_str(text).unwrap();
        Settings::from_table(Some(&table))
    }

    #[test]
    fn no_table_or_an_empty_one_is_the_defaults() {
        assert_eq!(Settings::from_table(None), Ok(Settings::default()));
        assert_eq!(parse(""), Ok(Settings::default()));
        assert_eq!(Settings::default().placement_pairs, 4);
    }

    #[test]
    fn every_key_is_read_and_a_whole_number_is_a_number() {
        let s = parse("placement-pairs = 6\nmin-share = 0.25\npair-cap = 2").unwrap();
        assert_eq!(
            s,
            Settings {
                placement_pairs: 6,
                min_share: 0.25,
                pair_cap: 2.0
            }
        );
    }

    #[test]
    fn an_unknown_key_or_a_bad_value_is_an_error_naming_the_key() {
        let e = parse("placement_pairs = 3").unwrap_err().to_string();
        assert!(e.contains("unknown key 'placement_pairs'"), "{e}");
        for (text, key) in [
            ("placement-pairs = -1", "placement-pairs"),
            ("placement-pairs = 2.5", "placement-pairs"),
            ("min-share = 1.5", "min-share"),
            ("min-share = 'half'", "min-share"),
            ("pair-cap = 0.5", "pair-cap"),
            ("pair-cap = nan", "pair-cap"),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("[matchmaking] {key}:")),
                "{text}: {e}"
            );
        }
    }
}
