//! Shared memory a bot holds outside its processes' resident pages, for `--memory`.
//!
//! A memfd (or a file under `/dev/shm`) keeps its pages while any process holds it open or
//! mapped, and pages nobody has mapped in are in no process's resident or proportional size:
//! a bot could hold 600 MiB under `--memory 128` that way. So the budget counts each such
//! object once, by its inode: what it has allocated when a process of the bot holds it open
//! (read through `/proc/PID/fd`), else the size of its largest mapping (from `/proc/PID/maps`:
//! the mapping's pages may not all be allocated, so this may count more than is used, never
//! less). Its pages that a process has touched are also in that process's proportional size,
//! as `Pss_Shmem`, which the budget takes out so that they are not counted twice.
//! SysV shared memory needs none of this: a bot may create none (`thaw_guard.rs`).

use std::collections::HashMap;

/// Whether a file or mapping path names shared memory: a memfd, or a POSIX object (not under
/// `--sandbox`, whose `/dev/shm` is the scratch directory, counted whole by the budget).
fn is_shared(path: &str, dev_shm: bool) -> bool {
    path.starts_with("/memfd:") || (dev_shm && path.starts_with("/dev/shm/"))
}

/// The shared-memory mappings of one `/proc/PID/maps` text: (inode, bytes) per mapping.
pub(crate) fn mappings(maps: &str, dev_shm: bool) -> Vec<(u64, u64)> {
    maps.lines()
        .filter_map(|l| {
            // address perms offset dev inode path (the path may hold spaces).
            let mut f = l.splitn(6, ' ');
            let range = f.next()?;
            let inode: u64 = f.nth(3)?.parse().ok()?;
            let path = f.next()?.trim_start();
            if !is_shared(path, dev_shm) {
                return None;
            }
            let (lo, hi) = range.split_once('-')?;
            let lo = u64::from_str_radix(lo, 16).ok()?;
            let hi = u64::from_str_radix(hi, 16).ok()?;
            Some((inode, hi.saturating_sub(lo)))
        })
        .collect()
}

/// Bytes of shared memory the processes `pids` hold, each object counted once; `dev_shm`:
/// count POSIX objects too (see [`is_shared`]).
pub(crate) fn held(pids: &[i32], dev_shm: bool) -> u64 {
    use std::os::unix::fs::MetadataExt;
    // inode -> bytes: allocated when held open, else the largest mapping.
    let mut open: HashMap<u64, u64> = HashMap::new();
    let mut mapped: HashMap<u64, u64> = HashMap::new();
    for pid in pids {
        let fd_dir = format!("/proc/{pid}/fd");
        for e in std::fs::read_dir(&fd_dir).into_iter().flatten().flatten() {
            let Ok(target) = std::fs::read_link(e.path()) else {
                continue;
            };
            if !target.to_str().is_some_and(|t| is_shared(t, dev_shm)) {
                continue;
            }
            // Through the descriptor, so a memfd (no path of its own) is reached too.
            if let Ok(m) = std::fs::metadata(e.path()) {
                open.insert(m.ino(), m.blocks() * 512);
            }
        }
        if let Ok(maps) = std::fs::read_to_string(format!("/proc/{pid}/maps")) {
            for (inode, bytes) in mappings(&maps, dev_shm) {
                let b = mapped.entry(inode).or_insert(0);
                *b = (*b).max(bytes);
            }
        }
    }
    let only_mapped = mapped.iter().filter(|(i, _)| !open.contains_key(i));
    open.values().sum::<u64>() + only_mapped.map(|(_, b)| b).sum::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_mappings_are_read_with_their_inode_and_size() {
        let maps = "\
55d0c000-55d0e000 r--p 00000000 08:01 1234 /usr/bin/python3.11
7f0000000000-7f0006400000 rw-s 00000000 00:01 5678 /memfd:hold (deleted)
7f1000000000-7f1000100000 rw-s 00000000 00:19 91 /dev/shm/my obj
7f2000000000-7f2000001000 rw-p 00000000 00:00 0 
7ffd0000-7ffd1000 rw-p 00000000 00:00 0 [stack]";
        assert_eq!(
            mappings(maps, true),
            vec![(5678, 100 << 20), (91, 1 << 20)],
            "100 MiB of memfd and 1 MiB of a POSIX object with a space in its name"
        );
        assert_eq!(mappings(maps, false), vec![(5678, 100 << 20)]);
    }

    #[test]
    fn a_memfd_held_open_counts_what_it_has_allocated_once() {
        // This process holds one memfd of 3 MiB allocated, through two descriptors.
        let fd = unsafe { libc::memfd_create(c"baraza-test".as_ptr(), libc::MFD_CLOEXEC) };
        assert!(fd >= 0);
        assert_eq!(unsafe { libc::fallocate(fd, 0, 0, 3 << 20) }, 0);
        let dup = unsafe { libc::dup(fd) };
        let me = std::process::id() as i32;
        let before = held(&[me], true);
        assert!(before >= 3 << 20, "{before}");
        unsafe {
            libc::close(dup);
            libc::close(fd);
        }
        assert_eq!(held(&[me], true), before - (3 << 20));
    }
}
