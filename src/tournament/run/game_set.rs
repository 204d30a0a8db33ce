//! The games in play, as one future that ends when any of them ends, polling only the games
//! that were woken.
//!
//! Every game has a waker of its own that marks the game woken and wakes the run's task. A
//! wake-up of the run then polls the marked games alone: with 64 games at once, a bot's answer
//! costs the poll of its own game, not of all 64. Polling them all cost 32% more referee
//! instructions per ply at 16 games at once (14,301 against 10,824). Up to
//! [`POLL_ALL_UP_TO`] games, though, the set polls them all with the run's own waker: there is
//! next to nothing to skip, and the marks' bookkeeping would cost more.
//!
//! Why not `futures::stream::FuturesUnordered`, which also polls only woken futures: after
//! polling as many futures as it holds, it wakes its task again so that it cannot starve
//! others. With one or two games in play that happens every time, and each useless extra round
//! of the runtime costs a system call. It cost 15% more referee instructions per ply at
//! concurrency 1 (12,608 against 10,916).
//!
//! All figures are from callgrind, with bots that think 2 ms a move, so the referee waits on
//! every move as it does in real games.

use atomic_waker::AtomicWaker;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

/// A set of futures of one type, each with a tag returned with its output.
pub struct GameSet<T, F> {
    slots: Vec<Slot<T, F>>,
    /// The task that polls the set.
    owner: Arc<AtomicWaker>,
    /// The last poll went by the marks (more than [`POLL_ALL_UP_TO`] futures).
    by_marks: bool,
}

/// Up to this many futures a poll of the set polls them all with the owner's waker: cheaper
/// than the marks' bookkeeping when there is nearly nothing to skip.
pub const POLL_ALL_UP_TO: usize = 2;

struct Slot<T, F> {
    tag: T,
    fut: Pin<Box<F>>,
    mark: Arc<Mark>,
    waker: Waker,
}

/// A slot's waker: marks the slot, wakes the owner.
struct Mark {
    woken: AtomicBool,
    owner: Arc<AtomicWaker>,
}

impl Wake for Mark {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::Release);
        self.owner.wake();
    }
}

impl<T, F: Future> GameSet<T, F> {
    pub fn new() -> Self {
        GameSet {
            slots: Vec::new(),
            owner: Arc::new(AtomicWaker::new()),
            by_marks: false,
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Add a future, boxed by the caller (a game's future is several KiB: boxed where it is
    /// made, it is copied once); it is polled at the next poll of the set.
    pub fn push(&mut self, tag: T, fut: Pin<Box<F>>) {
        let mark = Arc::new(Mark {
            woken: AtomicBool::new(true),
            owner: self.owner.clone(),
        });
        let waker = Waker::from(mark.clone());
        self.slots.push(Slot {
            tag,
            fut,
            mark,
            waker,
        });
    }

    /// Drop every future.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// The first woken future that is ready, taken out of the set with its tag; `Pending`
    /// (also when the set is empty) until one is.
    pub fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<(T, F::Output)> {
        if self.slots.len() <= POLL_ALL_UP_TO {
            self.by_marks = false;
            for i in 0..self.slots.len() {
                if let Poll::Ready(out) = self.slots[i].fut.as_mut().poll(cx) {
                    let slot = self.slots.swap_remove(i);
                    return Poll::Ready((slot.tag, out));
                }
            }
            return Poll::Pending;
        }
        if !self.by_marks {
            // Polled with the owner's waker until now, a future would wake the owner without
            // its mark: poll each once with its own waker.
            self.by_marks = true;
            for s in &self.slots {
                s.mark.woken.store(true, Ordering::Release);
            }
        }
        self.owner.register(cx.waker());
        for i in 0..self.slots.len() {
            let slot = &mut self.slots[i];
            if !slot.mark.woken.swap(false, Ordering::AcqRel) {
                continue;
            }
            let mut own = Context::from_waker(&slot.waker);
            if let Poll::Ready(out) = slot.fut.as_mut().poll(&mut own) {
                let slot = self.slots.swap_remove(i);
                return Poll::Ready((slot.tag, out));
            }
        }
        Poll::Pending
    }
}

impl<T, F: Future> Default for GameSet<T, F> {
    fn default() -> Self {
        GameSet::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    /// What a test sees of a probe future.
    #[derive(Default)]
    struct Probe {
        polls: Cell<u32>,
        /// Ready (with its poll count) at its next poll.
        ready: Cell<bool>,
        /// The waker of its last poll.
        waker: RefCell<Option<Waker>>,
    }

    impl Probe {
        fn wake(&self) {
            self.waker.borrow().as_ref().unwrap().wake_by_ref();
        }

        fn holds(&self, waker: &Waker) -> bool {
            self.waker.borrow().as_ref().unwrap().will_wake(waker)
        }
    }

    struct ProbeFuture(Rc<Probe>);

    impl Future for ProbeFuture {
        type Output = u32;
        fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u32> {
            let p = &self.0;
            p.polls.set(p.polls.get() + 1);
            *p.waker.borrow_mut() = Some(cx.waker().clone());
            if p.ready.get() {
                Poll::Ready(p.polls.get())
            } else {
                Poll::Pending
            }
        }
    }

    /// Add a probe under `tag`; the test keeps its view.
    fn add<T>(set: &mut GameSet<T, ProbeFuture>, tag: T) -> Rc<Probe> {
        let probe = Rc::new(Probe::default());
        set.push(tag, Box::pin(ProbeFuture(probe.clone())));
        probe
    }

    fn polls(ps: &[&Rc<Probe>]) -> Vec<u32> {
        ps.iter().map(|p| p.polls.get()).collect()
    }

    #[test]
    fn a_big_set_polls_only_the_woken_futures() {
        let mut set = GameSet::new();
        let [a, b, c] = ["a", "b", "c"].map(|t| add(&mut set, t));
        assert!(set.len() > POLL_ALL_UP_TO);
        let mut cx = Context::from_waker(Waker::noop());
        // All are new: each polled once.
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b, &c]), [1, 1, 1]);
        // Nothing woke: nothing polled.
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b, &c]), [1, 1, 1]);
        // b is woken (not yet ready): only b is polled.
        b.wake();
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b, &c]), [1, 2, 1]);
        // a becomes ready and is woken: it comes out with its tag; the others are not polled.
        a.ready.set(true);
        a.wake();
        assert_eq!(set.poll_next(&mut cx), Poll::Ready(("a", 2)));
        assert_eq!(set.len(), 2);
        assert_eq!(polls(&[&b, &c]), [2, 1]);
    }

    #[test]
    fn a_small_set_polls_every_future_with_the_owners_waker() {
        let mut set = GameSet::new();
        let [a, b] = [1, 2].map(|t| add(&mut set, t));
        assert_eq!(set.len(), POLL_ALL_UP_TO);
        let owner = Waker::noop();
        let mut cx = Context::from_waker(owner);
        assert!(set.poll_next(&mut cx).is_pending());
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b]), [2, 2]);
        assert!(a.holds(owner));
        b.ready.set(true);
        assert_eq!(set.poll_next(&mut cx), Poll::Ready((2, 3)));
    }

    #[test]
    fn growing_past_the_threshold_gives_every_future_its_own_waker() {
        let mut set = GameSet::new();
        let [a, b, c] = ["a", "b", "c"].map(|t| add(&mut set, t));
        let mut cx = Context::from_waker(Waker::noop());
        assert!(set.poll_next(&mut cx).is_pending()); // by marks: all three, marks cleared
        c.ready.set(true);
        c.wake();
        assert_eq!(set.poll_next(&mut cx), Poll::Ready(("c", 2)));
        // Two left: polled together with the owner's waker, which they now hold.
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b]), [2, 2]);
        assert!(a.holds(Waker::noop()));
        // Three again: a and b must get their own wakers back (a wake through the owner's
        // would never reach their marks), so each is polled once.
        let d = add(&mut set, "d");
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b, &d]), [3, 3, 1]);
        assert!(!a.holds(Waker::noop()));
        a.wake();
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(polls(&[&a, &b, &d]), [4, 3, 1]);
    }

    #[test]
    fn a_wake_wakes_the_owner() {
        struct Count(std::sync::atomic::AtomicU32);
        impl Wake for Count {
            fn wake(self: Arc<Self>) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let owner = Arc::new(Count(Default::default()));
        let owner_waker = Waker::from(owner.clone());
        let mut cx = Context::from_waker(&owner_waker);
        let mut set = GameSet::new();
        let probes: Vec<Rc<Probe>> = (0..=POLL_ALL_UP_TO).map(|t| add(&mut set, t)).collect();
        assert!(set.poll_next(&mut cx).is_pending());
        assert_eq!(owner.0.load(Ordering::SeqCst), 0, "no wake of its own");
        probes[1].wake();
        assert_eq!(owner.0.load(Ordering::SeqCst), 1);
        set.clear();
        assert!(set.is_empty());
        assert!(set.poll_next(&mut cx).is_pending());
    }
}
