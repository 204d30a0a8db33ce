//! The time of a submission or withdrawal, as entrants.toml records it: UTC, to the second,
//! RFC 3339 (`2026-12-02T13:06:04Z`), so the file sorts and reads the same everywhere.

use crate::civil_date::{now_unix_seconds, CivilTime};

/// Now, as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_utc() -> String {
    of_unix_seconds(now_unix_seconds())
}

/// `secs` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn of_unix_seconds(secs: u64) -> String {
    let CivilTime {
        year,
        month,
        day,
        hour,
        minute,
        second,
    } = crate::civil_date::of_unix_seconds(secs);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_instants() {
        // `date -u -d @0` and `date -u -d @1764680764 +%FT%TZ`.
        assert_eq!(super::of_unix_seconds(0), "1970-01-01T00:00:00Z");
        assert_eq!(
            super::of_unix_seconds(1_764_680_764),
            "2025-12-02T13:06:04Z"
        );
        // The leap day of 2024: `date -u -d 2024-02-29T23:59:59Z +%s`.
        assert_eq!(
            super::of_unix_seconds(1_709_251_199),
            "2024-02-29T23:59:59Z"
        );
    }
}
