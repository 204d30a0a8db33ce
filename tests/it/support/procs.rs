//! Processes as /proc shows them: those whose command line holds a marker (what a bot left
//! behind), and the CPU time processes take while a test's run goes on (for bots that must not
//! compute beyond their turns).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Which processes a [`CpuSampler`] counts, by their command line.
#[derive(Clone, Debug)]
enum Which {
    /// Those whose command line holds the marker anywhere.
    Holding(String),
    /// Those whose command line starts with the prefix (a program's path: not `baraza`, whose
    /// command line names the program later).
    Starting(String),
}

impl Which {
    fn matches(&self, cmdline: &[u8]) -> bool {
        match self {
            Which::Holding(marker) => String::from_utf8_lossy(cmdline).contains(marker.as_str()),
            Which::Starting(prefix) => cmdline.starts_with(prefix.as_bytes()),
        }
    }
}

/// The CPU time (user + system) of the processes it watches, read from /proc every 20 ms
/// from [`CpuSampler::holding`] or [`CpuSampler::starting`] to [`CpuSampler::stop`]: the
/// largest count seen for each pid, summed. A process that ends between two reads loses at
/// most its last 20 ms.
pub struct CpuSampler {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<f64>,
}

impl CpuSampler {
    /// Watch every process whose command line holds `marker`.
    pub fn holding(marker: &str) -> CpuSampler {
        CpuSampler::start(Which::Holding(marker.to_string()))
    }

    /// Watch every process whose command line starts with `prefix`.
    pub fn starting(prefix: &str) -> CpuSampler {
        CpuSampler::start(Which::Starting(prefix.to_string()))
    }

    fn start(which: Which) -> CpuSampler {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            // SAFETY: sysconf has no preconditions.
            let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
            let mut ticks = std::collections::HashMap::new();
            while !flag.load(Ordering::Relaxed) {
                for (pid, t) in cpu_ticks_of(&which) {
                    let seen = ticks.entry(pid).or_insert(0);
                    *seen = t.max(*seen);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            ticks.values().sum::<u64>() as f64 / tick
        });
        CpuSampler { stop, thread }
    }

    /// Stop reading: the CPU seconds of the processes it watched.
    pub fn stop(self) -> f64 {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}

/// (pid, utime + stime in clock ticks) of the processes `which` names.
fn cpu_ticks_of(which: &Which) -> Vec<(u32, u64)> {
    let entries = std::fs::read_dir("/proc").unwrap().flatten();
    let pids = entries.filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok());
    pids.filter_map(|pid| {
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
        if !which.matches(&cmdline) {
            return None;
        }
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // Fields after the command's closing parenthesis: state is the 3rd of the line,
        // utime the 14th and stime the 15th.
        let rest: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let (utime, stime): (u64, u64) = (rest.get(11)?.parse().ok()?, rest.get(12)?.parse().ok()?);
        Some((pid, utime + stime))
    })
    .collect()
}

/// Whether a process whose command line holds `marker` is running.
pub fn process_with(marker: &str) -> bool {
    !processes_with(marker).is_empty()
}

/// The processes whose command line holds `marker`: `PID: COMMAND LINE` of each.
pub fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if text.contains(marker) {
            found.push(format!("{name}: {text}"));
        }
    }
    found
}
