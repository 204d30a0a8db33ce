//! A submission built from its source the way its bot will be played: under bubblewrap with
//! the profile of a sandboxed bot ([`crate::bot::sandbox`]): no network, nothing of the host's
//! but the system's programs and the compilers, only the upload's own folder writable. Bounded
//! in time ([`BUILD_SECONDS`], then the whole sandbox is killed), in memory and CPU time per
//! process (rlimits), and in what it prints (the first and last [`LOG_KEEP`] bytes are kept).

use crate::bot::sandbox::{find_bwrap, Profile};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a build may take.
pub const BUILD_SECONDS: u64 = 180;
/// Address space of each process of a build (a JVM or a Go toolchain reserves much more than
/// it touches).
const BUILD_MEMORY: u64 = 8 << 30;
/// Bytes of the build's output kept at each end.
pub const LOG_KEEP: usize = 16 << 10;
/// The in-memory /tmp of a build.
const SCRATCH_BYTES: u64 = 512 << 20;

/// The tools a build may use beyond the system's, found once when the server starts.
#[derive(Clone, Debug, Default)]
pub struct Tools {
    /// The PATH inside the sandbox.
    pub path: String,
    /// Folders bound read-only for the tools (a Rust toolchain under a home).
    pub readable: Vec<PathBuf>,
    pub bwrap: PathBuf,
}

impl Tools {
    /// The system's PATH entries, and the Rust toolchain's own folder if there is one.
    pub fn find() -> Result<Tools, crate::bot::sandbox::NoBwrap> {
        let bwrap = find_bwrap()?;
        let mut path = vec![
            "/usr/local/bin".to_string(),
            "/usr/bin".into(),
            "/bin".into(),
        ];
        let mut readable = Vec::new();
        if let Some(sysroot) = rust_sysroot() {
            path.insert(0, sysroot.join("bin").to_string_lossy().into_owned());
            readable.push(sysroot);
        }
        Ok(Tools {
            path: path.join(":"),
            readable,
            bwrap,
        })
    }
}

/// The active Rust toolchain's folder (rustup's proxies in ~/.cargo/bin need ~/.rustup, which
/// the sandbox does not show; the toolchain's own binaries need only their folder).
fn rust_sysroot() -> Option<PathBuf> {
    let out = Command::new("rustc")
        .arg("--print")
        .arg("sysroot")
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    (out.status.success() && p.join("bin/rustc").exists()).then_some(p)
}

/// How a build ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub ok: bool,
    /// What it printed (both streams, cut in the middle if long), and how it ended.
    pub log: String,
}

/// The output kept of a build: its start and its end.
struct Kept {
    head: Vec<u8>,
    tail: Vec<u8>,
    dropped: u64,
}

impl Kept {
    fn take(&mut self, chunk: &[u8]) {
        let room = LOG_KEEP.saturating_sub(self.head.len());
        let (h, rest) = chunk.split_at(room.min(chunk.len()));
        self.head.extend_from_slice(h);
        self.tail.extend_from_slice(rest);
        if self.tail.len() > 2 * LOG_KEEP {
            let cut = self.tail.len() - LOG_KEEP;
            self.dropped += cut as u64;
            self.tail.drain(..cut);
        }
    }

    fn text(mut self) -> String {
        if self.tail.len() > LOG_KEEP {
            let cut = self.tail.len() - LOG_KEEP;
            self.dropped += cut as u64;
            self.tail.drain(..cut);
        }
        let mut s = String::from_utf8_lossy(&self.head).into_owned();
        if self.dropped > 0 {
            s.push_str(&format!("\n[... {} bytes left out ...]\n", self.dropped));
        }
        s.push_str(&String::from_utf8_lossy(&self.tail));
        s
    }
}

/// Run `script` in `dir` in the build sandbox; `hidden`: folders the build must not see even
/// where a tool's folder holds them.
pub fn build(
    tools: &Tools,
    dir: &Path,
    script: &str,
    hidden: &[PathBuf],
) -> std::io::Result<Built> {
    let dir = std::fs::canonicalize(dir)?;
    let profile = Profile {
        workdir: &dir,
        path_var: Some(&tools.path),
        scratch_bytes: SCRATCH_BYTES,
        readable: &tools.readable,
        hidden,
    };
    let argv = profile.wrap(
        &tools.bwrap,
        &["/bin/sh".into(), "-c".into(), script.into()],
    );
    let (mut reader, writer) = std::io::pipe()?;
    let home = dir.join(".home");
    std::fs::create_dir_all(&home)?;
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .current_dir(&dir)
        .env_clear()
        .env("PATH", &tools.path)
        .env("HOME", &home)
        .env("TMPDIR", "/tmp")
        .env("LANG", "C.UTF-8")
        .env("GOCACHE", home.join("go-cache"))
        .env("GOPATH", home.join("go"))
        .env("GOTOOLCHAIN", "local")
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("CARGO_HOME", home.join("cargo"))
        .stdin(Stdio::null())
        .stdout(writer.try_clone()?)
        .stderr(writer)
        .process_group(0);
    // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let set = |res, v: u64| {
                let lim = libc::rlimit {
                    rlim_cur: v,
                    rlim_max: v,
                };
                libc::setrlimit(res, &lim);
            };
            set(libc::RLIMIT_AS, BUILD_MEMORY);
            set(libc::RLIMIT_CPU, BUILD_SECONDS);
            set(libc::RLIMIT_CORE, 0);
            set(libc::RLIMIT_FSIZE, 256 << 20);
            Ok(())
        });
    }
    let mut child = cmd.spawn()?;
    drop(cmd); // the writer's last copy in this process: the reader sees the end.
    let pump = std::thread::spawn(move || {
        let mut kept = Kept {
            head: Vec::new(),
            tail: Vec::new(),
            dropped: 0,
        };
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            kept.take(&buf[..n]);
        }
        kept.text()
    });
    let deadline = Instant::now() + Duration::from_secs(BUILD_SECONDS);
    let (status, timed_out) = loop {
        if let Some(status) = child.try_wait()? {
            break (status, false);
        }
        if Instant::now() >= deadline {
            // The whole group: bwrap, and with it (its PID namespace) everything inside.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            break (child.wait()?, true);
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut log = pump.join().unwrap_or_default();
    let ok = status.success() && !timed_out;
    if timed_out {
        log.push_str(&format!(
            "\nthe build took more than {BUILD_SECONDS} s and was stopped\n"
        ));
    } else if !ok {
        log.push_str(&format!("\nthe build failed ({status})\n"));
    }
    Ok(Built { ok, log })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_output_is_its_start_and_its_end() {
        let mut k = Kept {
            head: Vec::new(),
            tail: Vec::new(),
            dropped: 0,
        };
        k.take(&vec![b'a'; LOG_KEEP + 10]);
        for _ in 0..10 {
            k.take(&vec![b'b'; LOG_KEEP]);
        }
        k.take(b"END");
        let t = k.text();
        assert!(t.starts_with(&"a".repeat(LOG_KEEP)));
        assert!(t.ends_with("bbbEND"));
        // 10 a's after the head, then 10 * LOG_KEEP b's and 3 more bytes: LOG_KEEP kept.
        let dropped = 10 + 10 * LOG_KEEP as u64 + 3 - LOG_KEEP as u64;
        assert!(
            t.contains(&format!("[... {dropped} bytes left out ...]")),
            "{}",
            &t[LOG_KEEP..LOG_KEEP + 60]
        );
    }
}
