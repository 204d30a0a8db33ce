//! Decimal numbers written into text without the formatting machinery (itoa): position strings,
//! turn messages and game logs are built on every turn of every game the referee plays. A
//! neutral helper, so the protocol and the records need nothing from the games for it.

/// Append `n` in decimal to `s`.
#[inline]
pub fn push_uint(s: &mut String, n: impl Into<u64>) {
    let n = n.into();
    // Most numbers a turn writes are seed counts and small clocks' digits: one or two bytes
    // pushed directly cost a fifth of itoa's formatting and copy (callgrind).
    if n < 10 {
        s.push(char::from(b'0' + n as u8));
    } else if n < 100 {
        s.push(char::from(b'0' + (n / 10) as u8));
        s.push(char::from(b'0' + (n % 10) as u8));
    } else {
        s.push_str(itoa::Buffer::new().format(n));
    }
}

/// Every `u8` in decimal, for [`AsciiLine::u8_list`]: its digits as bytes 1 to 3 of a little-
/// endian word (byte 0 is left for the separator, unused bytes are zero), and how many
/// digits there are in the bits above 32.
const U8_DECIMAL: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut n = 0;
    while n < 256 {
        let (h, d, u) = ((n / 100) as u64, (n / 10 % 10) as u64, (n % 10) as u64);
        let (digits, len) = match n {
            0..=9 => (b'0' as u64 + u, 1),
            10..=99 => ((b'0' as u64 + d) | (b'0' as u64 + u) << 8, 2),
            _ => (
                (b'0' as u64 + h) | (b'0' as u64 + d) << 8 | (b'0' as u64 + u) << 16,
                3,
            ),
        };
        t[n] = digits << 8 | len << 32;
        n += 1;
    }
    t
};

/// A short ASCII text built on the stack and appended to a `String` at once: a position
/// string written byte by byte costs a capacity check per byte pushed into the `String`, and
/// the referee writes one every turn. Room for [`AsciiLine::ROOM`] bytes; a push beyond it, or
/// of a byte that is not ASCII, is refused and reported by [`AsciiLine::as_str`] and
/// [`AsciiLine::append_to`] (a writer sizes its text well under it).
pub struct AsciiLine {
    bytes: [u8; AsciiLine::ROOM],
    len: usize,
    overflow: bool,
}

impl Default for AsciiLine {
    fn default() -> Self {
        AsciiLine {
            bytes: [0; AsciiLine::ROOM],
            len: 0,
            overflow: false,
        }
    }
}

impl AsciiLine {
    pub const ROOM: usize = 256;

    /// Append an ASCII byte (any other is refused, as an overflow is: see
    /// [`AsciiLine::as_str`]).
    #[inline]
    pub fn byte(&mut self, b: u8) {
        match self.bytes.get_mut(self.len) {
            Some(slot) if b.is_ascii() => {
                *slot = b;
                self.len += 1;
            }
            _ => self.overflow = true,
        }
    }

    /// Append ASCII text (any other is refused, as an overflow is).
    pub fn text(&mut self, t: &str) {
        match self.bytes.get_mut(self.len..self.len + t.len()) {
            Some(slot) if t.is_ascii() => {
                slot.copy_from_slice(t.as_bytes());
                self.len += t.len();
            }
            _ => self.overflow = true,
        }
    }

    /// Append each of `values` in decimal, `first` before the first and `sep` before each
    /// other one: a position's holes, dozens per turn, each one copy of four bytes from a
    /// table. Needs four bytes of room per value.
    pub fn u8_list(&mut self, first: u8, sep: u8, values: &[u8]) {
        let room = match self.bytes.get_mut(self.len..) {
            Some(room) if room.len() >= 4 * values.len() && first.is_ascii() && sep.is_ascii() => {
                room
            }
            _ => return self.overflow = true,
        };
        let (mut at, mut before) = (0, first);
        for &v in values {
            let entry = U8_DECIMAL[v as usize];
            let word = entry as u32 | before as u32;
            room[at..at + 4].copy_from_slice(&word.to_le_bytes());
            at += 1 + (entry >> 32) as usize;
            before = sep;
        }
        self.len += at;
    }

    /// Append the first `len` bytes of `word` (at most 4, ASCII): a short token from a table.
    /// Needs four bytes of room.
    pub fn word(&mut self, word: [u8; 4], len: usize) {
        let ascii = u32::from_le_bytes(word) & 0x8080_8080 == 0;
        match self.bytes.get_mut(self.len..self.len + 4) {
            Some(slot) if ascii && len <= 4 => {
                slot.copy_from_slice(&word);
                self.len += len;
            }
            _ => self.overflow = true,
        }
    }

    /// Append `n` in decimal.
    #[inline]
    pub fn uint(&mut self, n: u32) {
        if let Ok(n) = u8::try_from(n) {
            // The digits from the table, as `u8_list` writes them (four bytes of room or the
            // slow way below).
            let entry = U8_DECIMAL[n as usize];
            if let Some(slot) = self.bytes.get_mut(self.len..self.len + 4) {
                slot.copy_from_slice(&((entry >> 8) as u32).to_le_bytes());
                self.len += (entry >> 32) as usize;
                return;
            }
        }
        if n < 10 {
            self.byte(b'0' + n as u8);
        } else if n < 100 {
            self.byte(b'0' + (n / 10) as u8);
            self.byte(b'0' + (n % 10) as u8);
        } else {
            self.text(itoa::Buffer::new().format(n));
        }
    }

    /// How many bytes it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Nothing pushed yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text, or `None` if a push did not fit.
    pub fn as_str(&self) -> Option<&str> {
        if self.overflow {
            return None;
        }
        let bytes = &self.bytes[..self.len];
        // SAFETY: every push refuses a byte that is not ASCII (as an overflow, which ends
        // above), so `bytes` are ASCII: valid UTF-8. Not checked again: `from_utf8` cost a
        // tenth of a position's formatting (callgrind).
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// Append the text to `out`; false (and nothing appended) if it did not fit.
    pub fn append_to(&self, out: &mut String) -> bool {
        match self.as_str() {
            Some(t) => {
                out.push_str(t);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_uint_writes_decimal() {
        let mut s = String::from("x");
        for n in [0u64, 7, 9, 10, 42, 99, 100, 144, 4_294_967_295, u64::MAX] {
            push_uint(&mut s, n);
            s.push(',');
        }
        push_uint(&mut s, 65_536u32);
        assert_eq!(
            s,
            "x0,7,9,10,42,99,100,144,4294967295,18446744073709551615,65536"
        );
    }

    #[test]
    fn an_ascii_line_writes_bytes_and_numbers_and_refuses_an_overflow() {
        let mut l = AsciiLine::default();
        l.text("darra ");
        for n in [0, 9, 10, 99, 100, 144, u32::MAX] {
            l.uint(n);
            l.byte(b',');
        }
        let mut out = String::from(">");
        assert!(l.append_to(&mut out));
        assert_eq!(out, ">darra 0,9,10,99,100,144,4294967295,");
        let mut full = AsciiLine::default();
        for _ in 0..AsciiLine::ROOM {
            full.byte(b'x');
        }
        let mut out = String::new();
        assert!(full.append_to(&mut out) && out.len() == AsciiLine::ROOM);
        full.byte(b'y');
        let mut out = String::from("kept");
        assert!(!full.append_to(&mut out));
        assert_eq!(out, "kept");
        let mut l = AsciiLine::default();
        l.text("dé");
        assert_eq!(l.as_str(), None, "text that is not ASCII");
    }

    #[test]
    fn an_ascii_line_writes_byte_lists_and_words_from_tables() {
        let all: Vec<u8> = (0..=255).collect();
        for (i, values) in all.chunks(60).enumerate() {
            let mut l = AsciiLine::default();
            l.byte(b'>');
            let half = values.len() / 2;
            l.u8_list(b' ', b',', &values[..half]);
            l.u8_list(b'/', b',', &values[half..]);
            let each: Vec<String> = values.iter().map(u8::to_string).collect();
            let want = format!("> {}/{}", each[..half].join(","), each[half..].join(","));
            assert_eq!(l.as_str(), Some(want.as_str()), "values {}..", i * 60);
        }
        let mut l = AsciiLine::default();
        l.u8_list(b' ', b',', &[7, 144, 10]);
        l.word(*b" 12A", 4);
        l.word(*b" 1Ax", 3);
        let want = " 7,144,10 12A 1A";
        assert_eq!(l.as_str(), Some(want));
        l.u8_list(b',', b',', &[]);
        assert_eq!(l.as_str(), Some(want), "an empty list adds nothing");
        let mut near_full = AsciiLine::default();
        for _ in 0..AsciiLine::ROOM - 7 {
            near_full.byte(b'x');
        }
        near_full.u8_list(b',', b',', &[7, 8]);
        assert_eq!(near_full.as_str(), None, "four bytes of room per value");
        let mut near_full = AsciiLine::default();
        for _ in 0..AsciiLine::ROOM - 3 {
            near_full.byte(b'x');
        }
        near_full.word(*b"ab\0\0", 2);
        assert_eq!(near_full.as_str(), None, "four bytes of room for a word");
        for refused in [*b"\xc3\xa9\0\0", *b"abcd"] {
            let mut l = AsciiLine::default();
            l.word(refused, if refused[0] == b'a' { 5 } else { 2 });
            assert_eq!(l.as_str(), None, "not ASCII, or longer than the word");
        }
        for refused in [b' ', 0xc3] {
            let mut l = AsciiLine::default();
            l.byte(0x80 | refused);
            assert_eq!(l.as_str(), None, "a byte that is not ASCII");
        }
        for (first, sep) in [(0xc3, b','), (b',', 0xa9)] {
            let mut l = AsciiLine::default();
            l.u8_list(first, sep, &[1, 2]);
            assert_eq!(l.as_str(), None, "a separator that is not ASCII");
        }
    }
}
