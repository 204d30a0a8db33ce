//! The bot process layer on its own: line framing at the size cap, deadlines, end of file,
//! invalid UTF-8, and killing the whole process group.

use baraza::bot::{Bot, ReadError, StderrSink};
use baraza::protocol::MAX_LINE;
use std::time::Duration;
use tokio::time::Instant;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn sh(script: &str) -> Bot {
    let argv: Vec<String> = ["sh", "-c", script].iter().map(|s| s.to_string()).collect();
    Bot::spawn(&argv, StderrSink::Discard).unwrap()
}

fn soon() -> Instant {
    Instant::now() + Duration::from_secs(5)
}

#[test]
fn lines_at_the_cap_pass_and_one_byte_more_fails() {
    rt().block_on(async {
        let script = format!(
            "head -c {MAX_LINE} /dev/zero | tr '\\0' a; printf '\\n'; \
             head -c {MAX_LINE} /dev/zero | tr '\\0' b; printf '\\r\\n'; \
             printf 'one\\ntwo\\r\\n'; \
             head -c {} /dev/zero | tr '\\0' c; printf '\\n'",
            MAX_LINE + 1
        );
        let mut bot = sh(&script);
        let a = bot.read_line(soon()).await.unwrap();
        assert_eq!(a.len(), MAX_LINE);
        assert!(a.bytes().all(|b| b == b'a'));
        let b = bot.read_line(soon()).await.unwrap();
        assert_eq!(
            b.len(),
            MAX_LINE + 1,
            "the \\r stays for the parser to drop"
        );
        assert!(b.ends_with('\r'));
        assert_eq!(bot.read_line(soon()).await.unwrap(), "one");
        assert_eq!(bot.read_line(soon()).await.unwrap(), "two\r");
        assert!(matches!(
            bot.read_line(soon()).await,
            Err(ReadError::TooLong)
        ));
        bot.finish(None, Duration::ZERO).await;
    });
}

#[test]
fn endless_line_is_cut_off_at_the_cap() {
    rt().block_on(async {
        // Never ends a line: the reader must give up after MAX_LINE bytes, not wait for more.
        let mut bot = sh("exec tr '\\0' x < /dev/zero");
        let t = Instant::now();
        assert!(matches!(
            bot.read_line(soon()).await,
            Err(ReadError::TooLong)
        ));
        assert!(t.elapsed() < Duration::from_secs(2));
        bot.finish(None, Duration::ZERO).await;
    });
}

#[test]
fn deadline_eof_and_utf8() {
    rt().block_on(async {
        let mut bot = sh("exec sleep 30");
        let t = Instant::now();
        let r = bot
            .read_line(Instant::now() + Duration::from_millis(150))
            .await;
        assert!(matches!(r, Err(ReadError::Timeout)));
        let waited = t.elapsed();
        assert!(waited >= Duration::from_millis(150) && waited < Duration::from_secs(5));
        let t = Instant::now();
        let status = bot.finish(Some("quit\n"), Duration::from_millis(100)).await;
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(status.is_some(), "killed and reaped");

        let mut bot = sh("printf 'move \\377\\n'; exit 7");
        assert!(matches!(
            bot.read_line(soon()).await,
            Err(ReadError::InvalidUtf8)
        ));
        assert!(matches!(bot.read_line(soon()).await, Err(ReadError::Eof)));
        let st = bot.wait_exit(Duration::from_secs(5)).await.unwrap();
        assert_eq!(st.code(), Some(7));
        bot.finish(None, Duration::ZERO).await;
    });
}

#[test]
fn each_read_times_out_at_its_own_deadline_whatever_the_reads_before_it() {
    // The reads of a bot share one timer (Bot::read_by): a read's deadline may come before or
    // after the last one's, which may have passed, fired or not.
    rt().block_on(async {
        let mut bot = sh("printf 'one\\n'; read x; printf 'two\\n'; read y; \
                          printf 'three\\n'; exec sleep 30");
        assert_eq!(bot.read_line(soon()).await.unwrap(), "one");
        // Earlier than the last read's: it is not waited for.
        let t = Instant::now();
        let r = bot.read_line(t + Duration::from_millis(100)).await;
        assert!(matches!(r, Err(ReadError::Timeout)));
        assert!(t.elapsed() >= Duration::from_millis(100) && t.elapsed() < Duration::from_secs(2));
        // After one that passed.
        bot.send("x\n", soon()).await.unwrap();
        assert_eq!(bot.read_line(soon()).await.unwrap(), "two");
        // After one still to come: its passing does not end this read.
        bot.send("y\n", soon()).await.unwrap();
        let first = Instant::now() + Duration::from_millis(2000);
        assert_eq!(bot.read_line(first).await.unwrap(), "three");
        let t = Instant::now();
        let r = bot.read_line(t + Duration::from_millis(2500)).await;
        assert!(matches!(r, Err(ReadError::Timeout)));
        assert!(
            Instant::now() >= first,
            "the earlier deadline passed meanwhile"
        );
        assert!(
            t.elapsed() >= Duration::from_millis(2500),
            "{:?}",
            t.elapsed()
        );
        bot.finish(None, Duration::ZERO).await;
    });
}

#[test]
fn pending_lines_are_seen_without_waiting() {
    rt().block_on(async {
        let mut bot = sh("printf 'move 1A\\nmove 2A\\n'; exec sleep 30");
        assert_eq!(bot.read_line(soon()).await.unwrap(), "move 1A");
        // The second line is either buffered already or in the pipe: seen without a wait.
        let deadline = Instant::now() + Duration::from_secs(5);
        while !bot.has_pending_line() {
            assert!(Instant::now() < deadline, "the pending line is never seen");
            tokio::task::yield_now().await;
        }
        assert_eq!(bot.read_line(Instant::now()).await.unwrap(), "move 2A");
        assert!(!bot.has_pending_line());
        bot.finish(None, Duration::ZERO).await;
    });
}

#[test]
fn finish_kills_the_whole_group_and_dropping_kills_too() {
    let dir = std::env::temp_dir().join(format!("baraza-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pids = dir.join("pids");
    let script = format!(
        "sh -c 'read -r q _ < /proc/self/stat; echo $q >> {p}; exec sleep 30' & read -r q _ < /proc/self/stat; echo $q >> {p}; echo started; exec sleep 30",
        p = pids.display()
    );
    baraza::bot::become_subreaper();
    rt().block_on(async {
        let mut bot = sh(&script);
        assert_eq!(bot.read_line(soon()).await.unwrap(), "started");
        bot.finish(
            Some("gameover 1-0 normal\nquit\n"),
            Duration::from_millis(100),
        )
        .await;
    });
    let listed = std::fs::read_to_string(&pids).unwrap();
    let alive: Vec<&str> = listed
        .lines()
        .filter(|p| std::path::Path::new(&format!("/proc/{p}")).exists())
        .collect();
    // The grandchild may not have written its pid before the kill; all that did are gone.
    assert!(!listed.is_empty());
    assert!(alive.is_empty(), "left behind: {alive:?}");

    // Dropped without finish: the group is killed all the same.
    let pid = rt().block_on(async {
        let mut bot = sh("echo started; exec sleep 30");
        assert_eq!(bot.read_line(soon()).await.unwrap(), "started");
        let pid = bot.pid();
        drop(bot);
        pid
    });
    // Either tokio has reaped it already (ECHILD), or it is dying from SIGKILL: reap it here.
    let mut status = 0;
    // SAFETY: plain system call on our own child.
    let reaped = unsafe { libc::waitpid(pid, &mut status, 0) };
    assert!(
        reaped == pid || !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "the dropped bot is killed"
    );
    assert!(libc::WIFSIGNALED(status) || reaped != pid);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stderr_files_are_created_at_the_first_write_and_old_ones_emptied() {
    let dir = std::env::temp_dir().join(format!("baraza-stderr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (quiet, chatty, stale) = (dir.join("quiet"), dir.join("chatty"), dir.join("stale"));
    std::fs::write(&stale, "an older game's text\n").unwrap();
    rt().block_on(async {
        for (path, script) in [
            (&quiet, "echo ok"),
            (&chatty, "echo to-stderr >&2; echo ok"),
            (&stale, "echo ok"),
        ] {
            let argv: Vec<String> = ["sh", "-c", script].iter().map(|s| s.to_string()).collect();
            let sink = StderrSink::File {
                path: path.clone(),
                cap: 1 << 20,
            };
            let mut bot = Bot::spawn(&argv, sink).unwrap();
            assert_eq!(bot.read_line(soon()).await.unwrap(), "ok");
            // The drain has seen end of file once the process is gone.
            bot.finish(None, Duration::from_secs(5)).await;
        }
    });
    // A quiet bot costs no file; a writing one gets its text; an existing file is emptied.
    assert!(!quiet.exists());
    assert_eq!(std::fs::read_to_string(&chatty).unwrap(), "to-stderr\n");
    assert_eq!(std::fs::read_to_string(&stale).unwrap(), "");
    let _ = std::fs::remove_dir_all(&dir);
}
