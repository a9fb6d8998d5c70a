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

/// A user's generator: its method changes it, which the macro cannot see.
pub struct Lcg {
    pub s: u64,
}

impl Lcg {
    pub fn next(&mut self) -> f64 {
        self.s = self.s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.s >> 11) as f64) / ((1u64 << 53) as f64)
    }
}

#[differentiate(wrt(x))]
fn drawn_by_a_method(x: f64, seed: u64) -> f64 {
    let mut rng = Lcg { s: seed };
    let mut h = x;
    #[checkpoint]
    for _ in 0..4 {
        h = h * rng.next();
    }
    h
}

#[differentiate(wrt(x))]
fn drawn_by_a_method_in_a_block(x: f64, seed: u64) -> f64 {
    let mut rng = Lcg { s: seed };
    let mut h = x;
    #[checkpoint]
    {
        let e = rng.next();
        h = h * h * e;
    }
    h
}

fn main() {}
