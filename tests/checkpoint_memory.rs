//! What checkpointing saves, measured: a counting global allocator records the peak heap
//! of a gradient with and without `#[checkpoint]` on a 4 096-step loop over a 64-wide state.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`, which upholds the `GlobalAlloc`
// contract; the counters are plain atomics and never touch the memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: same layout, forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak heap bytes allocated while `f` runs, above what was live before.
fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let r = f();
    (r, PEAK.load(Ordering::Relaxed) - before)
}

#[differentiate(wrt(x))]
fn plain(x: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    for _t in 0..steps {
        let mut nh = vec![0.0; n];
        for i in 0..n {
            nh[i] = (0.9 * h[i] + 0.1 * h[(i + 1) % n]).sin() + 0.01 * x[i];
        }
        h = nh;
    }
    let mut s = 0.0;
    for i in 0..n {
        s += h[i];
    }
    s
}

#[differentiate(wrt(x))]
fn checkpointed(x: &[f64], steps: usize) -> f64 {
    let n = x.len();
    let mut h = x.to_vec();
    #[checkpoint]
    for _t in 0..steps {
        let mut nh = vec![0.0; n];
        for i in 0..n {
            nh[i] = (0.9 * h[i] + 0.1 * h[(i + 1) % n]).sin() + 0.01 * x[i];
        }
        h = nh;
    }
    let mut s = 0.0;
    for i in 0..n {
        s += h[i];
    }
    s
}

#[test]
fn sqrt_checkpointing_cuts_peak_memory_tenfold() {
    let x: Vec<f64> = (0..64).map(|i| (i as f64 * 0.37).sin()).collect();
    let steps = 4096;
    let (plain_grad, plain_peak) = peak_during(|| plain_grad(&x, steps));
    let (ckpt_grad, ckpt_peak) = peak_during(|| checkpointed_grad(&x, steps));
    assert_eq!(
        plain_grad, ckpt_grad,
        "checkpointing changes no bit of the gradient"
    );
    // The plain reverse pass keeps every step's state (4 096 × 64 floats and more); the
    // checkpointed one keeps √n states and one segment's recording.
    let state = 64 * 8;
    assert!(plain_peak >= steps * state, "plain peak {plain_peak} B");
    assert!(
        plain_peak >= 10 * ckpt_peak,
        "peak: plain {plain_peak} B, checkpointed {ckpt_peak} B"
    );
    assert!(
        ckpt_peak <= 3 * 64 * state + 64 * 4 * state,
        "checkpointed peak {ckpt_peak} B"
    );
}
