//! Limits per bot, not per process: `--memory` and `--cpu-seconds` bound all of a bot's
//! processes together.
//!
//! The kernel's limits (`limits.rs`) are per process: four children of one bot could each use
//! the whole `--memory`, and a child killed at `--cpu-seconds` could be replaced by a fresh
//! one. No cgroup of our own is at hand (and the machine's are not ours to change), but a bot's
//! PID namespace already holds all its processes: every one descends from the process the
//! referee started (its init adopts the orphans). So one thread watches every bot that has
//! such a limit: a few times a second it reads `/proc`, adds up each bot's processes, and a
//! bot over its budget is killed with the reason saved for the game's record. Memory is the
//! proportional set size (shared pages split among their users, so forked children are not
//! counted twice), plus what it stored in the sandbox's in-memory scratch directory; CPU is
//! user + system time, that of finished children included (the kernel adds it to whoever
//! reaps them, which is inside the namespace).
//!
//! A bot can go over between two looks ([`INTERVAL`]); each of its processes is still held to
//! the whole budget by the kernel meanwhile.

use super::limits::TOGETHER;
use nix::sys::signal::Signal;
use nix::unistd::{sysconf, Pid, SysconfVar};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

/// How often the watcher looks.
pub const INTERVAL: Duration = Duration::from_millis(100);

/// What `/proc/PID/stat` says of one process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ProcStat {
    pub pid: i32,
    pub ppid: i32,
    pub session: i32,
    /// utime + stime + cutime + cstime, in clock ticks.
    pub cpu_ticks: u64,
    /// utime + stime alone: its own CPU, without the children it reaped.
    pub own_ticks: u64,
    /// When it started (clock ticks since boot): tells a pid that came round again apart.
    pub start: u64,
    /// Resident pages.
    pub rss_pages: u64,
    /// Running or waiting for a CPU (state `R`): computing, not blocked.
    pub running: bool,
    /// Exited or exiting: a zombie (`Z`, `X`), or flagged `PF_EXITING` by the kernel.
    pub ending: bool,
}

/// The kernel's flag (field 9 of `/proc/PID/stat`) for a process in its exit.
const PF_EXITING: i64 = 0x4;

/// Parse a `/proc/PID/stat` line. The command name (field 2) is in parentheses and may hold
/// anything, parentheses and spaces included: the fields after it start after the last `)`.
pub(crate) fn parse_stat(line: &str) -> Option<ProcStat> {
    let (head, rest) = line.rsplit_once(')')?;
    let pid = head.split_once(" (")?.0.trim().parse().ok()?;
    // Fields from 3 (state) on: 0-based here, so field N is rest[N - 3].
    let f: Vec<&str> = rest.split_ascii_whitespace().collect();
    let num = |n: usize| f.get(n - 3)?.parse::<i64>().ok();
    let ticks = [14, 15, 16, 17]
        .iter()
        .map(|&n| num(n).map(|v| v.max(0) as u64))
        .sum::<Option<u64>>()?;
    Some(ProcStat {
        pid,
        ppid: num(4)? as i32,
        session: num(6)? as i32,
        cpu_ticks: ticks,
        own_ticks: num(14)?.max(0) as u64 + num(15)?.max(0) as u64,
        start: num(22)?.max(0) as u64,
        rss_pages: num(24)?.max(0) as u64,
        running: f.first() == Some(&"R"),
        ending: matches!(f.first(), Some(&"Z") | Some(&"X"))
            || num(9).is_some_and(|flags| flags & PF_EXITING != 0),
    })
}

/// The processes of the bot whose first process is `root`: `root` and its descendants, and
/// with `session` also every process of the session `root` leads (the process-group fallback,
/// where orphans leave the tree).
pub(crate) fn members(all: &[ProcStat], root: i32, session: bool) -> Vec<ProcStat> {
    let mut out: Vec<ProcStat> = all
        .iter()
        .filter(|p| p.pid == root || (session && p.session == root))
        .copied()
        .collect();
    let mut i = 0;
    while i < out.len() {
        let parent = out[i].pid;
        for p in all {
            if p.ppid == parent && !out.iter().any(|q| q.pid == p.pid) {
                out.push(*p);
            }
        }
        i += 1;
    }
    out
}

/// One bot's budget and what the watcher found.
#[derive(Debug)]
pub struct Watched {
    root: i32,
    /// Killing: the keeper of a namespace takes SIGTERM (it kills the namespace and exits);
    /// in the process-group fallback everything is killed outright.
    namespace: bool,
    memory_mb: Option<u64>,
    cpu_seconds: Option<u64>,
    /// Under `--sandbox`: count the in-memory scratch directory.
    scratch: bool,
    verdict: Mutex<Option<String>>,
    done: AtomicBool,
    /// What the watcher has counted of its CPU (only the watcher thread touches it).
    cpu: Mutex<CpuTally>,
}

/// A bot's CPU as the watcher has seen it, so that what it counted is never lost.
///
/// Each live process's CPU is its own and that of the children it reaped (the kernel adds a
/// finished process's CPU to the parent that waits for it). A parent that ignores SIGCHLD
/// lets the kernel reap its children, and their CPU is added to no one. So when a process
/// has gone, the watcher looks whether its nearest live ancestor's reaped-children CPU grew by
/// what the process was last seen to use; what did not arrive there is kept on the bot's
/// account. What can still slip: a process reaped by the kernel loses what it used after the
/// watcher's last look, and one that lived less than [`INTERVAL`] is never seen
/// (docs/hosting.md says so).
#[derive(Debug, Default)]
struct CpuTally {
    /// pid -> what the last look saw of it.
    seen: std::collections::HashMap<i32, Seen>,
    /// CPU of gone processes that no live process accounts for.
    kept: u64,
    /// The most charged so far.
    charged: u64,
}

#[derive(Clone, Copy, Debug)]
struct Seen {
    start: u64,
    ppid: i32,
    own: u64,
    children: u64,
}

impl CpuTally {
    /// Take in one look at the bot's processes; the ticks charged.
    fn look(&mut self, procs: &[ProcStat]) -> u64 {
        let now: std::collections::HashMap<i32, Seen> = procs
            .iter()
            .map(|p| {
                let seen = Seen {
                    start: p.start,
                    ppid: p.ppid,
                    own: p.own_ticks,
                    children: p.cpu_ticks - p.own_ticks,
                };
                (p.pid, seen)
            })
            .collect();
        let alive = |pid: &i32, start: u64| now.get(pid).is_some_and(|n| n.start == start);
        // The gone processes' last own CPU, by the live ancestor whose children's CPU should
        // have taken it (0: none left).
        let mut owed: std::collections::HashMap<i32, u64> = std::collections::HashMap::new();
        for (pid, s) in &self.seen {
            if alive(pid, s.start) {
                continue;
            }
            let mut up = s.ppid;
            let ancestor = loop {
                match self.seen.get(&up) {
                    Some(a) if alive(&up, a.start) => break up,
                    Some(a) if a.ppid != up => up = a.ppid,
                    _ => break 0,
                }
            };
            *owed.entry(ancestor).or_insert(0) += s.own;
        }
        for (ancestor, own) in owed {
            let grew = match (self.seen.get(&ancestor), now.get(&ancestor)) {
                (Some(before), Some(after)) if ancestor != 0 => {
                    after.children.saturating_sub(before.children)
                }
                _ => 0,
            };
            self.kept += own.saturating_sub(grew);
        }
        self.seen = now;
        let live: u64 = procs.iter().map(|p| p.cpu_ticks).sum();
        self.charged = self.charged.max(live + self.kept);
        self.charged
    }
}

impl Watched {
    /// The reason, once the bot went over its budget: `exceeded --memory 256 MB (all its
    /// processes together)`.
    pub fn verdict(&self) -> Option<String> {
        self.verdict.lock().ok()?.clone()
    }
}

/// A bot under watch; the watch ends when this is dropped.
#[derive(Debug)]
pub struct Watch(Arc<Watched>);

impl Watch {
    /// Watch the bot whose first process is `root`, if it has a memory or CPU limit.
    pub fn start(
        root: i32,
        namespace: bool,
        memory_mb: Option<u64>,
        cpu_seconds: Option<u64>,
        scratch: bool,
    ) -> Option<Watch> {
        if (memory_mb.is_none() && cpu_seconds.is_none()) || root <= 0 {
            return None;
        }
        let w = Arc::new(Watched {
            root,
            namespace,
            memory_mb,
            cpu_seconds,
            scratch,
            verdict: Mutex::new(None),
            done: AtomicBool::new(false),
            cpu: Mutex::new(CpuTally::default()),
        });
        let (list, wake) = watcher();
        if let Ok(mut l) = list.lock() {
            l.push(w.clone());
            wake.notify_one();
        }
        Some(Watch(w))
    }

    pub fn verdict(&self) -> Option<String> {
        self.0.verdict()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Relaxed);
    }
}

type List = (Mutex<Vec<Arc<Watched>>>, Condvar);

/// The watched bots, and the thread that looks at them (started at the first watch).
fn watcher() -> &'static List {
    static W: OnceLock<&'static List> = OnceLock::new();
    W.get_or_init(|| {
        let list: &'static List = Box::leak(Box::new((Mutex::new(Vec::new()), Condvar::new())));
        let _ = std::thread::Builder::new()
            .name("baraza-budget".into())
            .spawn(move || watch_loop(list));
        list
    })
}

fn watch_loop(list: &'static List) {
    let ticks = clock_ticks();
    let page = page_size();
    let mut buf = String::new();
    loop {
        let bots: Vec<Arc<Watched>> = {
            let Ok(mut l) = list.0.lock() else { return };
            l.retain(|w| !w.done.load(Ordering::Relaxed) && w.verdict().is_none());
            while l.is_empty() {
                l = match list.1.wait(l) {
                    Ok(l) => l,
                    Err(_) => return,
                };
            }
            l.clone()
        };
        let all = scan(&mut buf);
        for w in &bots {
            check(w, &all, ticks, page);
        }
        std::thread::sleep(INTERVAL);
    }
}

/// Every process's stat line, read from `/proc`.
pub(crate) fn scan(buf: &mut String) -> Vec<ProcStat> {
    use std::io::Read as _;
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in dir.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        buf.clear();
        let path = format!("/proc/{name}/stat");
        if let Ok(mut f) = std::fs::File::open(&path) {
            if f.read_to_string(buf).is_ok() {
                if let Some(s) = parse_stat(buf) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Look at one bot; kill it, saving the reason, when it is over a limit.
fn check(w: &Watched, all: &[ProcStat], ticks: u64, page: u64) {
    // The first process is the referee's child until reaped: a pid that came round again to
    // another process is not watched.
    let ours = std::process::id() as i32;
    if !all.iter().any(|p| p.pid == w.root && p.ppid == ours) {
        return;
    }
    let procs = members(all, w.root, !w.namespace);
    let mut reason = None;
    if let Some(limit) = w.cpu_seconds {
        let used = w.cpu.lock().map_or(0, |mut t| t.look(&procs));
        if used > limit.saturating_mul(ticks) {
            reason = Some(format!("exceeded --cpu-seconds {limit} {TOGETHER}"));
        }
    }
    if let (None, Some(limit)) = (&reason, w.memory_mb) {
        let limit_bytes = limit.saturating_mul(1 << 20);
        let scratch = if w.scratch { scratch_used(&procs) } else { 0 };
        // A namespace's keeper and init are copies of the referee that never run the bot's
        // code: their pages are not the bot's.
        let bots: Vec<ProcStat> = procs
            .iter()
            .filter(|p| !w.namespace || (p.pid != w.root && p.ppid != w.root))
            .copied()
            .collect();
        let rss: u64 = bots.iter().map(|p| p.rss_pages * page).sum();
        let pids: Vec<i32> = bots.iter().map(|p| p.pid).collect();
        let shared = super::shared_memory::held(&pids, !w.scratch);
        // The resident size overcounts shared pages: only when it says "over" is the exact
        // (and dearer) proportional size read.
        let more = scratch + shared;
        if rss + more > limit_bytes && pss(&bots) + more > limit_bytes {
            reason = Some(format!("exceeded --memory {limit} MB {TOGETHER}"));
        }
    }
    let Some(reason) = reason else { return };
    if let Ok(mut v) = w.verdict.lock() {
        *v = Some(reason);
    }
    kill(w, &procs);
}

fn kill(w: &Watched, procs: &[ProcStat]) {
    for p in procs {
        let sig = if w.namespace && p.pid == w.root {
            Signal::SIGTERM
        } else {
            Signal::SIGKILL
        };
        // Each pid is a live descendant of ours (a dead one stays a zombie, its pid taken,
        // until its parent inside the bot reaps it).
        let _ = nix::sys::signal::kill(Pid::from_raw(p.pid), sig);
    }
}

/// The proportional set size of `procs`, in bytes, less its shared memory (counted apart, see
/// `shared_memory.rs`): `Pss:` less `Pss_Shmem:` of `smaps_rollup`; the resident size where
/// that file is missing.
fn pss(procs: &[ProcStat]) -> u64 {
    let page = page_size();
    procs
        .iter()
        .map(|p| {
            std::fs::read_to_string(format!("/proc/{}/smaps_rollup", p.pid))
                .ok()
                .and_then(|t| pss_kib(&t))
                .map_or(p.rss_pages * page, |k| k * 1024)
        })
        .sum()
}

/// `Pss:` less `Pss_Shmem:` (0 on kernels without that line) of an `smaps_rollup` text, in
/// KiB.
pub(crate) fn pss_kib(text: &str) -> Option<u64> {
    let field = |name: &str| -> Option<u64> {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
    };
    Some(field("Pss:")?.saturating_sub(field("Pss_Shmem:").unwrap_or(0)))
}

/// Bytes stored in the sandbox's scratch directory, seen through a process inside it (one in
/// another mount namespace than ours: before bubblewrap has made it, there is none).
fn scratch_used(procs: &[ProcStat]) -> u64 {
    let ours = std::fs::read_link("/proc/self/ns/mnt").ok();
    for p in procs.iter().rev() {
        let theirs = std::fs::read_link(format!("/proc/{}/ns/mnt", p.pid)).ok();
        if theirs.is_none() || theirs == ours {
            continue;
        }
        let dir = format!("/proc/{}/root{}", p.pid, super::sandbox::SCRATCH);
        if let Some(used) = used_bytes(Path::new(&dir)) {
            return used;
        }
    }
    0
}

/// Bytes used on the file system holding `dir`.
fn used_bytes(dir: &Path) -> Option<u64> {
    let s = nix::sys::statvfs::statvfs(dir).ok()?;
    Some((s.blocks() - s.blocks_free()) as u64 * s.fragment_size() as u64)
}

fn clock_ticks() -> u64 {
    match sysconf(SysconfVar::CLK_TCK) {
        Ok(Some(t)) if t > 0 => t as u64,
        _ => 100,
    }
}

fn page_size() -> u64 {
    match sysconf(SysconfVar::PAGE_SIZE) {
        Ok(Some(p)) if p > 0 => p as u64,
        _ => 4096,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_is_read_past_a_name_with_spaces_and_parentheses() {
        // Fields as proc(5) numbers them: pid (comm) state ppid pgrp session ... utime(14)
        // stime(15) cutime(16) cstime(17) ... rss(24).
        let line = "4242 (a) b (c) S 7 4242 4242 0 -1 4194304 100 0 0 0 \
                    11 22 33 44 20 0 3 0 12345 987654 321 18446744073709551615";
        assert_eq!(
            parse_stat(line),
            Some(ProcStat {
                pid: 4242,
                ppid: 7,
                session: 4242,
                cpu_ticks: 11 + 22 + 33 + 44,
                own_ticks: 11 + 22,
                start: 12345,
                rss_pages: 321,
                running: false,
                ending: false,
            })
        );
        // Flags 4194304 + PF_EXITING (4): ending; so is a zombie.
        let exiting = line.replacen(" 4194304 ", " 4194308 ", 1);
        assert!(parse_stat(&exiting).unwrap().ending);
        assert!(
            parse_stat(&line.replacen(") S 7", ") Z 7", 1))
                .unwrap()
                .ending
        );
        let busy = line.replacen(") S 7", ") R 7", 1);
        assert!(parse_stat(&busy).unwrap().running);
        assert_eq!(parse_stat("12 (x"), None);
        assert_eq!(parse_stat(""), None);
    }

    #[test]
    fn a_bots_processes_are_its_descendants_and_in_the_fallback_its_session() {
        let p = |pid, ppid, session| ProcStat {
            pid,
            ppid,
            session,
            ..Default::default()
        };
        // 10 is the bot's first process; 11 and 12 its children, 13 a grandchild; 20 an
        // orphan of its session adopted by the referee (1); 30 someone else.
        let all = [
            p(1, 0, 1),
            p(10, 1, 10),
            p(11, 10, 10),
            p(12, 10, 10),
            p(13, 12, 10),
            p(20, 1, 10),
            p(30, 1, 30),
        ];
        let pids = |v: Vec<ProcStat>| {
            let mut v: Vec<i32> = v.iter().map(|p| p.pid).collect();
            v.sort();
            v
        };
        assert_eq!(pids(members(&all, 10, false)), vec![10, 11, 12, 13]);
        assert_eq!(pids(members(&all, 10, true)), vec![10, 11, 12, 13, 20]);
        assert_eq!(pids(members(&all, 99, true)), Vec::<i32>::new());
    }

    #[test]
    fn the_proportional_size_is_read_from_smaps_rollup() {
        let text = "55a0-7ffd ---p 00000000 00:00 0 [rollup]\nRss: 2048 kB\nPss: 1536 kB\n\
                    Pss_Anon: 1000 kB\n";
        assert_eq!(pss_kib(text), Some(1536));
        // Shared memory's touched pages are taken out (the object is counted whole apart).
        let shm = format!("{text}Pss_Shmem: 512 kB\n");
        assert_eq!(pss_kib(&shm), Some(1024));
        assert_eq!(pss_kib("Rss: 1 kB\n"), None);
    }

    #[test]
    fn cpu_reaped_by_the_kernel_is_still_charged_and_nothing_twice() {
        let p = |pid, own, children| ProcStat {
            pid,
            ppid: if pid == 2 { 1 } else { 2 },
            own_ticks: own,
            cpu_ticks: own + children,
            start: pid as u64,
            ..Default::default()
        };
        let mut t = CpuTally::default();
        // The bot (10 ticks) and a child (50) it will reap: 60.
        assert_eq!(t.look(&[p(2, 10, 0), p(3, 50, 0)]), 60);
        // Reaped by the bot, which now holds its final 55 among its children's: 65, once.
        assert_eq!(t.look(&[p(2, 10, 55)]), 65);
        // A second child (30 seen), then reaped by the kernel (SIGCHLD ignored): the 30 seen
        // stay charged, though no live process counts them.
        assert_eq!(t.look(&[p(2, 10, 55), p(4, 30, 0)]), 95);
        assert_eq!(t.look(&[p(2, 12, 55)]), 97);
        // A pid that came round again to a new process: the old one's CPU stays.
        let again = ProcStat {
            start: 999,
            ..p(2, 1, 0)
        };
        assert!(t.look(&[again]) >= 97);
    }

    #[test]
    fn this_process_reads_as_itself() {
        let mut buf = String::new();
        let me = std::process::id() as i32;
        let all = scan(&mut buf);
        let s = all
            .iter()
            .find(|p| p.pid == me)
            .expect("this process is in /proc");
        assert_eq!(s.ppid, std::os::unix::process::parent_id() as i32);
        assert!(s.rss_pages > 0);
    }
}
