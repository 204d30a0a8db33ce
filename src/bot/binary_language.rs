//! The language a compiled program was written in, told from its bytes where the toolchain
//! leaves a mark: Go writes a build ID and a build-info section, Rust leaves its panic
//! machinery and the `/rustc/` paths of its standard library, C++ links its standard library
//! (`libstdc++`, `libc++`) or carries its exception's type name. Any other program linked
//! against the C library is taken for C. Only ELF files are read; anything else is `None`.

use super::language::Language;
use std::io::Read;
use std::path::Path;

/// Longest part of a program read to tell its language: the marks above sit in its first
/// sections or its read-only data, well within this on any bot.
const READ_LIMIT: u64 = 64 << 20;

/// Marks of each language, looked for in this order (a Rust program may link a C++ library;
/// no Go program carries Rust's marks).
const MARKS: &[(Language, &[&[u8]])] = &[
    (Language::Go, &[b"\xff Go buildinf:", b"Go build ID:"]),
    (Language::Rust, &[b"rust_panic", b"/rustc/"]),
    (Language::Cpp, &[b"libstdc++", b"libc++", b"St9exception"]),
    (Language::C, &[b"libc.so", b"GLIBC_"]),
];

/// The language of the program at `path`, when it is an ELF file that says.
pub fn of_program(path: &Path) -> Option<Language> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(READ_LIMIT)
        .read_to_end(&mut bytes)
        .ok()?;
    of_bytes(&bytes)
}

/// [`of_program`] for a program's bytes.
pub fn of_bytes(bytes: &[u8]) -> Option<Language> {
    if !bytes.starts_with(b"\x7fELF") {
        return None;
    }
    MARKS
        .iter()
        .find(|(_, marks)| marks.iter().any(|m| contains(bytes, m)))
        .map(|(l, _)| *l)
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    let Some((&first, rest)) = needle.split_first() else {
        return true;
    };
    let mut from = 0;
    while let Some(i) = hay[from..].iter().position(|&b| b == first) {
        let at = from + i;
        if hay[at + 1..].starts_with(rest) {
            return true;
        }
        from = at + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elf(body: &[u8]) -> Vec<u8> {
        let mut b = b"\x7fELF\x02\x01\x01".to_vec();
        b.extend_from_slice(body);
        b
    }

    #[test]
    fn each_toolchain_is_told_by_its_mark() {
        assert_eq!(
            of_bytes(&elf(b"..\x04Go build ID: \"x\"..libc")),
            Some(Language::Go)
        );
        assert_eq!(
            of_bytes(&elf(b"libc.so.6\0/rustc/90b35a/library/std")),
            Some(Language::Rust)
        );
        assert_eq!(
            of_bytes(&elf(b"libstdc++.so.6\0libc.so.6\0")),
            Some(Language::Cpp)
        );
        assert_eq!(of_bytes(&elf(b"libc.so.6\0GLIBC_2.34")), Some(Language::C));
        // Static, no mark: nothing is guessed.
        assert_eq!(of_bytes(&elf(b"\0\0\0")), None);
        // Not a program at all.
        assert_eq!(of_bytes(b"#!/bin/sh\nlibc.so"), None);
    }

    #[test]
    fn a_mark_is_found_after_a_false_start() {
        assert!(contains(b"GG GGo Go build ID", b"Go build ID"));
        assert!(!contains(b"Go buil", b"Go build ID"));
    }
}
