use autodiff::differentiate;

// A checkpointed segment runs again in the reverse sweep: a call that changes state in it
// would give other values there.
#[differentiate]
fn popped(x: f64) -> f64 {
    let mut stack = vec![1usize, 2, 3, 4];
    let mut s = x;
    #[checkpoint(segments = 2)]
    for _ in 0..4 {
        let k = stack.pop().unwrap_or(0);
        s = s * (k as f64);
    }
    s
}

static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn tick() -> u64 {
    COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
}

#[differentiate]
fn counted(x: f64) -> f64 {
    let mut s = x;
    #[checkpoint]
    {
        let k = tick();
        s = s * k as f64;
    }
    s
}

#[differentiate]
fn no_snapshots(x: f64) -> f64 {
    let mut s = x;
    #[checkpoint(snapshots = 0)]
    for _ in 0..4 {
        s = s.sin();
    }
    s
}

fn main() {}
