//! The calendar date and time of day (UTC) of a moment, for the dates the logs and the league's
//! files write: no time-zone database is needed for UTC, so no crate either.

/// A moment in UTC, to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CivilTime {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: u64,
    pub minute: u64,
    pub second: u64,
}

/// Seconds since 1970-01-01T00:00:00Z, now (0 if the clock is before 1970).
pub fn now_unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `secs` since 1970 as a UTC date and time (H. Hinnant's civil-from-days algorithm).
pub fn of_unix_seconds(secs: u64) -> CivilTime {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    CivilTime {
        year: yoe + era * 400 + i64::from(month <= 2),
        month,
        day,
        hour: rest / 3600,
        minute: rest / 60 % 60,
        second: rest % 60,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_moments() {
        // `date -u -d @0`, `@951782400` (2000-02-29, a leap day of a century leap year) and
        // `@1796303164` (2026-12-03T13:06:04Z).
        let t = |y, mo, d, h, mi, s| CivilTime {
            year: y,
            month: mo,
            day: d,
            hour: h,
            minute: mi,
            second: s,
        };
        assert_eq!(of_unix_seconds(0), t(1970, 1, 1, 0, 0, 0));
        assert_eq!(of_unix_seconds(951_782_400), t(2000, 2, 29, 0, 0, 0));
        assert_eq!(of_unix_seconds(1_796_303_164), t(2026, 12, 3, 13, 6, 4));
    }
}
