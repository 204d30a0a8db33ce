//! Work on a stream cut into chunks, on every core, results taken in the stream's order: what
//! makes `--verify` as fast as the engines allow while the log is read once, front to back.
//!
//! The reader (the caller's thread) makes chunks; workers map them; the caller folds the results
//! chunk after chunk, in the order the chunks were made. Memory is bounded: at most two chunks
//! a worker wait to be mapped, and the results that wait to be folded are at most the chunks
//! taken and not yet folded.

use std::collections::BTreeMap;
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Mutex;

/// The threads to map with: the cores this process may use.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Map every chunk `next` gives (until `Ok(None)`, or its first error) with `work` on `threads`
/// threads, and `fold` the results in the chunks' order.
pub fn map_fold<C, R, E>(
    threads: usize,
    mut next: impl FnMut() -> Result<Option<C>, E>,
    work: impl Fn(C) -> R + Sync,
    mut fold: impl FnMut(R),
) -> Result<(), E>
where
    C: Send,
    R: Send,
{
    let threads = threads.max(1);
    let (job_tx, job_rx) = sync_channel::<(u64, C)>(2 * threads);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = channel::<(u64, R)>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (job_rx, work) = (&job_rx, &work);
            s.spawn(move || loop {
                let job = job_rx.lock().map(|rx| rx.recv());
                let Ok(Ok((k, chunk))) = job else { break };
                if done_tx.send((k, work(chunk))).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let mut order = InOrder::new(&done_rx);
        let mut made = 0;
        let read = loop {
            match next() {
                Ok(Some(chunk)) => {
                    if job_tx.send((made, chunk)).is_err() {
                        break Ok(());
                    }
                    made += 1;
                    order.fold_ready(&mut fold);
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        drop(job_tx);
        order.fold_rest(&mut fold);
        read
    })
}

/// Results come back in any order; they are folded in the order of their chunks.
struct InOrder<'a, R> {
    rx: &'a Receiver<(u64, R)>,
    waiting: BTreeMap<u64, R>,
    next: u64,
}

impl<'a, R> InOrder<'a, R> {
    fn new(rx: &'a Receiver<(u64, R)>) -> Self {
        InOrder {
            rx,
            waiting: BTreeMap::new(),
            next: 0,
        }
    }

    fn take(&mut self, k: u64, r: R, fold: &mut impl FnMut(R)) {
        self.waiting.insert(k, r);
        while let Some(r) = self.waiting.remove(&self.next) {
            fold(r);
            self.next += 1;
        }
    }

    /// Fold what has come back, without waiting.
    fn fold_ready(&mut self, fold: &mut impl FnMut(R)) {
        while let Ok((k, r)) = self.rx.try_recv() {
            self.take(k, r, fold);
        }
    }

    /// Fold everything, waiting for the workers to finish.
    fn fold_rest(&mut self, fold: &mut impl FnMut(R)) {
        while let Ok((k, r)) = self.rx.recv() {
            self.take(k, r, fold);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_folded_in_the_chunks_order_on_any_number_of_threads() {
        for threads in [1, 2, 7] {
            let mut n = 0u64;
            let mut seen = Vec::new();
            let r: Result<(), ()> = map_fold(
                threads,
                || {
                    n += 1;
                    Ok((n <= 100).then_some(n))
                },
                |k| {
                    // Later chunks finish first.
                    std::thread::sleep(std::time::Duration::from_micros(100 - k % 100));
                    k * k
                },
                |r| seen.push(r),
            );
            assert_eq!(r, Ok(()));
            assert_eq!(seen, (1..=100).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_first_error_of_the_reader_stops_it_and_is_returned() {
        let mut n = 0;
        let mut folded = 0;
        let r = map_fold(
            2,
            || {
                n += 1;
                if n == 5 {
                    Err("bad line 5")
                } else {
                    Ok(Some(n))
                }
            },
            |k| k,
            |_| folded += 1,
        );
        assert_eq!(r, Err("bad line 5"));
        assert_eq!(folded, 4, "the chunks made before the error are folded");
    }
}
