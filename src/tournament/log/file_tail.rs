//! A file's end read from the end: the last line of a games.jsonl (a torn one to cut off), the
//! last game of a games.pgn. What is read is the tail asked for, not the file: opening a log
//! of a million games to append to it costs the same as one of ten.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

/// Bytes read at a time, from the end backwards.
const CHUNK: u64 = 1 << 16;

/// Where the last `needle` in the first `end` bytes of `file` starts, if it is there.
pub fn rfind(file: &mut File, end: u64, needle: &[u8]) -> std::io::Result<Option<u64>> {
    if needle.is_empty() || end < needle.len() as u64 {
        return Ok(None);
    }
    let overlap = needle.len() as u64 - 1;
    let mut hi = end;
    let mut buf = Vec::new();
    loop {
        // The chunk [lo, hi) plus the overlap after it, so that a needle across two chunks is
        // seen.
        let lo = hi.saturating_sub(CHUNK);
        let upto = (hi + overlap).min(end);
        buf.resize((upto - lo) as usize, 0);
        file.seek(SeekFrom::Start(lo))?;
        file.read_exact(&mut buf)?;
        if let Some(at) = buf.windows(needle.len()).rposition(|w| w == needle) {
            return Ok(Some(lo + at as u64));
        }
        if lo == 0 {
            return Ok(None);
        }
        hi = lo;
    }
}

/// The bytes of `file` from `start` to `end`.
pub fn read_range(file: &mut File, start: u64, end: u64) -> std::io::Result<Vec<u8>> {
    let mut buf = vec![0; end.saturating_sub(start) as usize];
    file.seek(SeekFrom::Start(start))?;
    file.read_exact(&mut buf)?;
    Ok(buf)
}

/// Where the last line of the first `end` bytes starts (after the last newline before `end`,
/// or 0).
pub fn last_line_start(file: &mut File, end: u64) -> std::io::Result<u64> {
    Ok(rfind(file, end, b"\n")?.map_or(0, |at| at + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_of(bytes: &[u8]) -> File {
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(bytes).unwrap();
        f
    }

    #[test]
    fn the_last_needle_is_found_across_chunk_boundaries() {
        // A needle at every place around the boundary of the last chunk and the one before.
        let len = 3 * CHUNK as usize;
        for at in [
            0,
            1,
            len - 2 * CHUNK as usize - 3,
            len - CHUNK as usize - 2,
            len - CHUNK as usize - 1,
            len - CHUNK as usize,
            len - 5,
        ] {
            let mut bytes = vec![b'x'; len];
            bytes[at..at + 5].copy_from_slice(b"[Ev \"");
            let mut f = file_of(&bytes);
            assert_eq!(
                rfind(&mut f, len as u64, b"[Ev \"").unwrap(),
                Some(at as u64),
                "{at}"
            );
            // Not found within a prefix that ends inside it.
            assert_eq!(rfind(&mut f, at as u64 + 4, b"[Ev \"").unwrap(), None);
        }
    }

    #[test]
    fn the_last_line_starts_after_the_last_newline() {
        let mut f = file_of(b"head\nline one\nline tw");
        assert_eq!(last_line_start(&mut f, 21).unwrap(), 14);
        assert_eq!(read_range(&mut f, 14, 21).unwrap(), b"line tw");
        // Up to a line's newline (not with it): that line.
        assert_eq!(last_line_start(&mut f, 13).unwrap(), 5);
        // With it: the empty line after it.
        assert_eq!(last_line_start(&mut f, 14).unwrap(), 14);
        let mut one = file_of(b"no newline");
        assert_eq!(last_line_start(&mut one, 10).unwrap(), 0);
    }
}
