use autodiff::differentiate;

// A checkpointed block replays whole: an early `return` out of it is refused.
#[differentiate]
fn capped(x: f64) -> f64 {
    let mut h = x;
    #[checkpoint]
    {
        h = h * h;
        if h > 1.0 {
            return h;
        }
    }
    h.sin()
}

fn main() {}
