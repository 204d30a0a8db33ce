//! The time of a submission or withdrawal, as entrants.toml records it: UTC, to the second,
//! RFC 3339 (`2026-12-02T13:06:04Z`), so the file sorts and reads the same everywhere.

/// Now, as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    of_unix_seconds(secs)
}

/// `secs` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn of_unix_seconds(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Civil from days (H. Hinnant's algorithm), as the referee's PGN date.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let (h, min, s) = (rest / 3600, rest / 60 % 60, rest % 60);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}Z")
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
