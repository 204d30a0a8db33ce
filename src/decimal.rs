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

/// A short ASCII text built on the stack and appended to a `String` at once: a position
/// string written byte by byte costs a capacity check per byte pushed into the `String`, and
/// the referee writes one every turn. Room for [`AsciiLine::ROOM`] bytes; a push beyond it is
/// dropped and reported by [`AsciiLine::append_to`] (a writer sizes its text well under it).
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
    pub const ROOM: usize = 512;

    /// Append an ASCII byte.
    #[inline]
    pub fn byte(&mut self, b: u8) {
        debug_assert!(b.is_ascii());
        match self.bytes.get_mut(self.len) {
            Some(slot) => {
                *slot = b;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// Append ASCII text.
    pub fn text(&mut self, t: &str) {
        for &b in t.as_bytes() {
            self.byte(b);
        }
    }

    /// Append `n` in decimal.
    #[inline]
    pub fn uint(&mut self, n: u32) {
        if n < 10 {
            self.byte(b'0' + n as u8);
        } else if n < 100 {
            self.byte(b'0' + (n / 10) as u8);
            self.byte(b'0' + (n % 10) as u8);
        } else {
            self.text(itoa::Buffer::new().format(n));
        }
    }

    /// Append the text to `out`; false (and nothing appended) if it did not fit.
    pub fn append_to(&self, out: &mut String) -> bool {
        if self.overflow {
            return false;
        }
        // Only ASCII bytes were pushed (`byte` is given ASCII by every caller).
        match std::str::from_utf8(&self.bytes[..self.len]) {
            Ok(t) => {
                out.push_str(t);
                true
            }
            Err(_) => false,
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
    }
}
