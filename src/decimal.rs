//! Decimal numbers written into text without the formatting machinery (itoa): position strings,
//! turn messages and game logs are built on every turn of every game the referee plays. A
//! neutral helper, so the protocol and the records need nothing from the games for it.

/// Append `n` in decimal to `s`.
pub fn push_uint(s: &mut String, n: impl Into<u64>) {
    s.push_str(itoa::Buffer::new().format(n.into()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_uint_writes_decimal() {
        let mut s = String::from("x");
        for n in [0u64, 7, 10, 144, 4_294_967_295, u64::MAX] {
            push_uint(&mut s, n);
            s.push(',');
        }
        push_uint(&mut s, 65_536u32);
        assert_eq!(s, "x0,7,10,144,4294967295,18446744073709551615,65536");
    }
}
