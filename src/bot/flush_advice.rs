//! What a bot that wrote nothing and waited is asked, in its own language's words: the call
//! that sends a kept-back line on its way (C's `fflush(stdout)`, Python's `flush=True`...),
//! and, for Python alone, the note on a `PYTHONUNBUFFERED` set for baraza that the bot's
//! cleared environment did not pass on. Where the language's usual way of writing a line
//! already sends it at once (Go's `os.Stdout`, node's `process.stdout` on a pipe), the words
//! say so and name what does keep a line back.

use super::environment::dropped_note;
use super::language::Language;

/// The question for a bot of language `lang` (when its command tells) that wrote nothing and
/// waited; `dropped`: the notable variables it did not get.
pub fn flush_question(lang: Option<Language>, dropped: &[&str]) -> String {
    let how = match lang {
        None => "flush=True in Python, fflush(stdout) in C",
        Some(Language::C) => "in C, stdout is buffered when it is a pipe: call fflush(stdout)",
        Some(Language::Cpp) => {
            "in C++, std::cout is buffered when it is a pipe, and after cin.tie(nullptr) no \
             read flushes it: end each line with std::endl, or call std::cout.flush()"
        }
        Some(Language::Go) => {
            "in Go, a write to os.Stdout goes out at once, but a bufio.Writer keeps its lines: \
             call its Flush()"
        }
        Some(Language::Java) => {
            "in Java, System.out.println flushes, but a PrintWriter or BufferedWriter keeps its \
             lines: call its flush()"
        }
        Some(Language::JavaScript) => {
            return "node writes a line to a pipe at once (console.log, process.stdout.write), \
                    so is it waiting for the end of its input (fs.readFileSync(0), stdin's \
                    'end' event)? Answer each line as it comes, on readline's 'line' event"
                .to_string()
        }
        Some(Language::Python) => "in Python, print(..., flush=True), or call sys.stdout.flush()",
        Some(Language::Rust) => {
            "in Rust, println! goes out at each line end, but a BufWriter keeps its lines: call \
             its flush() (std::io::Write in scope)"
        }
    };
    let mut q = format!("is its output flushed after each line ({how})?");
    if lang == Some(Language::Python) && dropped.contains(&"PYTHONUNBUFFERED") {
        q += &format!(" ({})", dropped_note("PYTHONUNBUFFERED"));
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_is_told_its_own_call() {
        let q = |l| flush_question(Some(l), &[]);
        assert!(q(Language::C).contains("fflush(stdout)"));
        assert!(q(Language::Cpp).contains("std::endl"));
        assert!(q(Language::Cpp).contains("std::cout.flush()"));
        assert!(q(Language::Go).contains("bufio.Writer"));
        assert!(q(Language::Java).contains("flush()"));
        assert!(q(Language::JavaScript).contains("readline's 'line' event"));
        assert!(q(Language::Python).contains("flush=True"));
        assert!(q(Language::Rust).contains("BufWriter"));
        for l in [
            Language::C,
            Language::Cpp,
            Language::Go,
            Language::Java,
            Language::Rust,
        ] {
            assert!(!q(l).contains("Python"), "{}", q(l));
        }
        assert_eq!(
            flush_question(None, &[]),
            "is its output flushed after each line (flush=True in Python, fflush(stdout) in C)?"
        );
    }

    #[test]
    fn the_pythonunbuffered_note_is_for_python_only() {
        let gone = ["PYTHONUNBUFFERED"];
        assert!(flush_question(Some(Language::Python), &gone).ends_with(
            "(PYTHONUNBUFFERED is set for baraza, but a bot's environment is cleared: '--env \
             PYTHONUNBUFFERED' passes it on)"
        ));
        assert!(!flush_question(Some(Language::Go), &gone).contains("PYTHONUNBUFFERED"));
        assert!(!flush_question(None, &gone).contains("PYTHONUNBUFFERED"));
        assert!(!flush_question(Some(Language::Python), &[]).contains("PYTHONUNBUFFERED"));
    }
}
