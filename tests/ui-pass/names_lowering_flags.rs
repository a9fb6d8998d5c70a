#![deny(warnings)]

use autodiff::differentiate;

/// Locals named like the flags, bounds and temporaries the lowering introduces.
#[differentiate]
fn h(x: &[f64]) -> f64 {
    let mut done = 0.0;
    let mut brk = 1.0;
    let go = 2.0;
    let cond = 0.5;
    let lo = 0;
    let hi = x.len();
    let mut trips = 0;
    for i in lo..hi {
        if x[i] < 0.0 {
            continue;
        }
        done += x[i] * go;
        brk *= x[i] + cond;
        trips += 1;
        if trips > 10 {
            break;
        }
    }
    let call = done + brk;
    let unit = call;
    let arm = if unit > 0.0 { unit } else { -unit };
    arm
}

fn main() {
    // h = 2 Σ xᵢ + Π (xᵢ + 0.5) over the non-negative xᵢ (positive here)
    let xs = [0.5, -1.0, 2.0];
    let (value, gh) = h_grad(&xs);
    assert_eq!(value, h(&xs));
    assert!((gh[0] - (2.0 + 2.5)).abs() < 1e-12);
    assert_eq!(gh[1], 0.0);
    assert!((gh[2] - (2.0 + 1.0)).abs() < 1e-12);
}
