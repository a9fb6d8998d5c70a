//! Valid mutants of the corpus's functions (tools/valid_mutants.py): each must give
//! its original's value and gradient, and pass its gradcheck where the original does.
#![allow(warnings, clippy::all)]

use autodiff::differentiate;

mod o0 {
    use super::*;
    #[differentiate]
    pub fn mixed(x: &[f64], w: f64) -> f64 {
        let mut h = 0.0;
        let mut s = 0.0;
        for i in 0..x.len() {
            h = (h * w + x[i]).tanh();
            if h > 0.0 {
                s += h * x[i];
            } else {
                s -= (h * h + 1.0).ln();
            }
        }
        s / (x.len() as f64) + w.exp()
    }
}
mod o1 {
    use super::*;
    #[differentiate]
    pub fn rosenbrock(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() - 1 {
            s += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
        }
        s
    }
}
mod o3 {
    use super::*;
    #[differentiate]
    pub fn checked_energy(x: &[f64], s: f64) -> f64 {
        assert!(!x.is_empty(), "no points");
        assert!(s.is_finite() && s > 0.0, "scale must be positive, got {s}");
        debug_assert_ne!(s, 0.0);
        let mut e = 0.0;
        for i in 0..x.len() {
            let x = x[i] * 1.0;
            assert!(x.abs() < 1e3, "point {} is {x:.1}", i);
            e += x * x;
        }
        if e < 0.0 {
            unreachable!("a sum of squares is {e}");
        }
        println!("energy {:.3} at scale {s}", e);
        e * s
    }
}
mod o5 {
    use super::*;
    #[differentiate]
    pub fn inner(a: f64, b: f64) -> f64 {
        a * b.sin()
    }
}
mod o6 {
    use super::*;
    #[differentiate]
    pub fn norm(v: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..v.len() {
            s += v[i] * v[i];
        }
        s.sqrt()
    }
}
mod o9 {
    use super::*;
    #[differentiate(wrt(a))]
    pub fn scaled(a: f64, b: f64) -> f64 {
        a * b
    }
}
mod o10 {
    use super::*;
    #[differentiate]
    pub fn dot(a: &[f64], b: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..a.len() {
            s += a[i] * b[i];
        }
        s
    }
}
mod o11 {
    use super::*;
    #[differentiate]
    pub fn root_scaled(x: f64, k: f64) -> f64 {
        let r = x.sqrt(); // line 10: √x has an infinite slope at 0
        let y = r * k;
        y + k
    }
}
mod o12 {
    use super::*;
    #[differentiate]
    pub fn inner_step(a: f64, b: f64) -> f64 {
        (a * b).sin() + a
    }
}
mod o13 {
    use super::*;
    #[differentiate]
    #[allow(clippy::let_and_return)]
    pub fn shadowed_after_definition(x: f64, y: f64) -> f64 {
        let a = x;
        let g = |t: f64| a * t;
        let a = y * y;
        g(y) + a
    }
}
mod o16 {
    use super::*;
    #[differentiate]
    pub fn move_then_reassign(x: f64, y: f64) -> f64 {
        let mut a = x;
        let g = move |t: f64| a * t;
        a = y;
        g(y) + a
    }
}
mod o18 {
    use super::*;
    #[differentiate]
    pub fn swapped_argument_names(a: f64, b: f64) -> f64 {
        let g = |a: f64, b: f64| a * b.sin();
        let h = |b: f64, a: f64| b * a * a;
        g(b, a) + h(a, b)
    }
}
mod o19 {
    use super::*;
    #[differentiate]
    pub fn swapped_zip_names(x: &[f64], y: &[f64]) -> f64 {
        x.iter()
            .zip(y.iter())
            .map(|(y, x)| y * x.sin())
            .sum::<f64>()
    }
}
mod o24 {
    use super::*;
    #[differentiate]
    pub fn closure_redefined_in_a_branch(x: f64, c: f64) -> f64 {
        let g = |t: f64| t * t;
        let mut s = g(x);
        if c > 0.0 {
            let g = |t: f64| t.sin();
            s += g(x);
        } else {
            s += g(x);
        }
        s + g(x)
    }
}
mod o25 {
    use super::*;
    #[differentiate]
    pub fn lower_triangle(x: &[f64]) -> f64 {
        let mut s = 0.0;
        'rows: for i in 0..x.len() {
            for j in 0..x.len() {
                if j > i {
                    continue 'rows;
                }
                if i == 3 {
                    break 'rows;
                }
                s += x[i] * x[j];
            }
            s *= 1.5;
        }
        s
    }
}
mod o26 {
    use super::*;
    #[differentiate]
    pub fn scan_to_large(x: &[f64]) -> f64 {
        let mut i = 0;
        'scan: while i < x.len() {
            let mut j = 0;
            loop {
                if j >= 2 {
                    break;
                }
                if x[i] > 2.5 {
                    break 'scan;
                }
                j += 1;
            }
            i += 1;
        }
        x[0] * (i as f64) + x[1].powi(2)
    }
}
mod o27 {
    use super::*;
    #[differentiate]
    pub fn until_negative_pair(x: &[f64]) -> f64 {
        let mut s = 0.0;
        'pairs: for &a in x.iter() {
            for b in x {
                if a * b < 0.0 {
                    break 'pairs;
                }
                s += a * b;
            }
        }
        s
    }
}
mod o28 {
    use super::*;
    #[differentiate]
    pub fn damped_cosine(x: f64) -> f64 {
        let mut y = x;
        let mut k = 0;
        let r = loop {
            y = y.cos() + 0.1 * x;
            k += 1;
            if k == 5 {
                break y * y;
            }
        };
        r + 1.0
    }
}
mod o29 {
    use super::*;
    #[differentiate]
    pub fn covariance(a: &[f64], b: &[f64]) -> f64 {
        let n = a.len() as f64;
        let mean_a: f64 = a.iter().sum::<f64>() / n;
        let mean_b: f64 = b.iter().sum::<f64>() / n;
        let mut da: f64;
        let mut db: f64;
        let mut total = 0.0;
        for (x, y) in std::iter::zip(a, b) {
            da = x - mean_a;
            db = y - mean_b;
            total += da * db / n;
        }
        total
    }
}
mod o31 {
    use super::*;
    #[differentiate]
    pub fn popped_sum(x: &[f64]) -> f64 {
        let mut stack: Vec<usize> = (0..x.len()).collect();
        let mut s = 0.0;
        'drain: while let Some(i) = stack.pop() {
            if i == 0 {
                continue 'drain;
            }
            s += x[i] * x[i - 1];
        }
        let Some(&first) = x.first() else {
            panic!("empty input")
        };
        let (Some(lo), Some(mut hi)) = (Some(1usize), x.len().checked_sub(1)) else {
            return s;
        };
        hi = hi.min(2);
        s + first * x[lo] * x[hi]
    }
}
mod o36 {
    use super::*;
    #[differentiate]
    pub fn overwrites(x: f64, v: &[f64]) -> f64 {
        let mut w = v.to_vec();
        let mut s = x;
        let a = s * s * v[0];
        s = s * 3.0 + a;
        let b = s * x;
        s *= b;
        s /= 1.0 + x * x;
        let c = w[1] * w[1];
        w[1] = w[0] * x;
        w[0] = 3.0 * w[1] + c;
        let mut i = 0;
        let d = w[i] * x;
        i += 1;
        let e = w[i] * d;
        a + b + s + c + d + e + w[0] * w[1]
    }
}
mod o38 {
    use super::*;
    #[differentiate]
    pub fn sum_of_squares(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        s
    }
}
mod o43 {
    use super::*;
    #[differentiate]
    pub fn softplus(z: f64) -> f64 {
        if z > 20.0 {
            z
        } else {
            z.exp().ln_1p()
        }
    }
}
mod o45 {
    use super::*;
    #[differentiate]
    pub fn late_scratch(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        let mut v = vec![0.0; x.len()];
        let mut t = 0.0;
        for r in 0..2 {
            for j in 0..x.len() {
                v[j] = x[j] * (r as f64 + 1.0);
            }
            t += v[0] * v[x.len() - 1];
        }
        s + t
    }
}
mod o47 {
    use super::*;
    #[differentiate]
    pub fn pushed_after_fused(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i].sin();
        }
        let mut h = Vec::new();
        for i in 0..x.len() {
            h.push(x[i] * x[i]);
        }
        let p = h[0] * h[x.len() - 1];
        s + p
    }
}
mod o48 {
    use super::*;
    #[differentiate]
    pub fn horner_backwards(coeffs: &[f64], x: f64) -> f64 {
        let mut acc = 0.0;
        for &c in coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }
}
mod o49 {
    use super::*;
    #[differentiate]
    pub fn affine(weights: &[f64], features: &[f64]) -> f64 {
        weights[0]
            + weights[1..]
                .iter()
                .zip(features.iter())
                .map(|(w, x)| w * x)
                .sum::<f64>()
    }
}
mod o50 {
    use super::*;
    #[differentiate]
    pub fn squares_from(x: &[f64]) -> f64 {
        let mut lo = 0;
        let mut s = 0.0;
        for v in x[lo..3].iter() {
            s += v * v;
            lo = 1;
        }
        s + x[1..=2].iter().rev().map(|v| v * 0.5).sum::<f64>() + lo as f64
    }
}
mod o52 {
    use super::*;
    #[differentiate]
    pub fn wrapped_values(x: &[f64]) -> f64 {
        let tail = { &x[1..] };
        let head = (|| &x[..2])();
        let k = { 2 };
        let t = { (x[0], x[0] * x[1]) };
        tail[1] * head[0] * k as f64 + t.0 * t.1 + (|a: f64| a * a)(x[2])
    }
}
mod o54 {
    use super::*;
    #[differentiate]
    pub fn ranges(x: &[f64], w: &[f64]) -> f64 {
        let n = x.len();
        let dot = (0..n).map(|i| w[i] * x[i]).sum::<f64>();
        let harmonic: f64 = (1..=n).map(|k| x[k - 1] / k as f64).sum();
        dot + harmonic
    }
}
mod o57 {
    use super::*;
    #[differentiate]
    pub fn fold_and_for_each(x: &[f64], c: f64) -> f64 {
        let m = x
            .iter()
            .take(3)
            .fold(f64::NEG_INFINITY, |acc, &v| acc.max(v));
        let mut s = 0.0;
        (0..x.len()).rev().for_each(|i| s += c * x[i] * i as f64);
        let n = x.len();
        x.iter()
            .zip(0..n)
            .for_each(|(v, j)| s += v * (n - 1 - j) as f64);
        m + s
    }
}
mod o58 {
    use super::*;
    #[differentiate]
    pub fn literal_ranges(x: &[f64]) -> f64 {
        let first: Vec<f64> = (0..3).map(|i| x[i] * 2.0).collect();
        let signs: f64 = (-2i64..=2).map(|k| k as f64 * x[(k + 2) as usize]).sum();
        first[0] + first[2] + signs
    }
}
mod o59 {
    use super::*;
    #[differentiate]
    pub fn filtered(x: &[f64], w: f64) -> f64 {
        let positive: f64 = x.iter().filter(|v| **v > 0.0).map(|v| v * v).sum();
        let mut s = 0.0;
        for (i, v) in x.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
            s += w * v * i as f64;
        }
        let large = x
            .iter()
            .filter(|&&v| v.abs() > 1.0)
            .fold(0.0, |acc, v| acc + v);
        positive + s + large
    }
}
mod o60 {
    use super::*;
    #[differentiate]
    pub fn variation_and_chunks(x: &[f64]) -> f64 {
        x.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f64>()
            + x.chunks(2).map(|c| c[0] * c.len() as f64).sum::<f64>()
    }
}
mod o61 {
    use super::*;
    #[differentiate]
    pub fn moving_average(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for w in x.windows(3) {
            s += w.iter().sum::<f64>() / w.len() as f64 * w[1];
        }
        for c in x.chunks_exact(2) {
            s += c[0] * c[1];
        }
        s
    }
}
mod o64 {
    use super::*;
    #[differentiate]
    pub fn variance_in_one_pass(xs: &[f64]) -> f64 {
        let (s, q) = xs.iter().fold((0.0, 0.0), |(s, q), &x| (s + x, q + x * x));
        let n = xs.len() as f64;
        q / n - (s / n) * (s / n)
    }
}
mod o65 {
    use super::*;
    #[differentiate]
    pub fn squares_but_the_second(x: &[f64]) -> f64 {
        x.iter()
            .enumerate()
            .filter(|(i, _)| *i != 1)
            .map(|(_, v)| v * v)
            .sum()
    }
}
mod o66 {
    use super::*;
    #[differentiate]
    pub fn squared_steps(x: &[f64]) -> f64 {
        x.windows(2).map(|x| x[1] - x[0]).map(|d| d * d).sum()
    }
}
mod o68 {
    use super::*;
    #[differentiate]
    pub fn loops_over_elements(x: &[f64], w: f64) -> f64 {
        let mut s = 0.0;
        for &v in x {
            s += (v * w).sin();
        }
        for (i, v) in x.iter().enumerate() {
            s += *v * (i as f64 + 1.0);
        }
        for (a, b) in x.iter().zip(x.iter()) {
            s += a * b * w;
        }
        let softplus = |t: f64| (1.0 + t.exp()).ln();
        s + softplus(w) + softplus(s * 0.1)
    }
}
mod o69 {
    use super::*;
    #[differentiate]
    pub fn max_and_product(x: &[f64]) -> f64 {
        let m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let p = x.iter().map(|v| 1.0 + v * v).product::<f64>();
        let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
        m * p + squares[1]
    }
}
mod o70 {
    use super::*;
    #[differentiate]
    pub fn above_and_first(x: &[f64], threshold: f64) -> f64 {
        let n = x.iter().filter(|v| **v > threshold).count();
        let k = x.iter().position(|&v| v > threshold).unwrap_or(0);
        let j = x.iter().position(|v| *v < 0.0).unwrap();
        x[k] * n as f64 + x[j] * x[j]
    }
}
mod o71 {
    use super::*;
    #[differentiate]
    pub fn row_dot(a: &[f64], b: &[f64]) -> f64 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }
}
mod o72 {
    use super::*;
    #[differentiate(wrt(a))]
    pub fn uncounted(a: &[f64], limit: f64) -> f64 {
        let n = a.len();
        let mut x = a.to_vec();
        let mut s = 0.0;
        for i in 0..n {
            for j in 0..i {
                s = s * 0.9 + x[i] * x[j];
            }
        }
        let mut m = 1;
        for _ in 0..3 {
            for j in 0..m {
                x[j] = x[j] * 0.8 + 0.1;
            }
            m = (m * 2).min(n);
        }
        for _ in 0..2 {
            let mut k = 0;
            while k < n {
                s = s * 0.5 + x[k];
                k += 1;
            }
            for j in 0..n {
                s = s * 0.5 + x[j] * x[j];
                if s > limit {
                    break;
                }
            }
        }
        s
    }
}
mod o74 {
    use super::*;
    #[differentiate]
    pub fn horner(x: f64, c: &[f64]) -> f64 {
        let mut acc = 0.0;
        for i in (0..c.len()).rev() {
            acc = acc * x + c[i];
        }
        acc
    }
}
mod o75 {
    use super::*;
    #[differentiate]
    pub fn newton_sqrt(a: f64) -> f64 {
        let mut y = a;
        let mut k = 0;
        while (y * y - a).abs() > 1e-12 * a && k < 50 {
            y = 0.5 * (y + a / y);
            k += 1;
        }
        y
    }
}
mod o76 {
    use super::*;
    #[differentiate(wrt(x))]
    pub fn breaks_and_continues(x: &[f64], limit: f64) -> f64 {
        let mut s = 0.0;
        let mut i = 0;
        loop {
            if i >= x.len() {
                break;
            }
            let v = x[i];
            i += 1;
            if v < 0.0 {
                continue;
            }
            s += v.sqrt() * s + v;
            if s > limit {
                break;
            }
        }
        s
    }
}
mod o77 {
    use super::*;
    #[differentiate]
    pub fn step_loops(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in (0..x.len()).step_by(2) {
            s += x[i] * x[i];
        }
        for i in (1..=x.len() - 1).rev() {
            s = s * 0.5 + x[i].sin();
        }
        s
    }
}
mod o78 {
    use super::*;
    #[differentiate]
    pub fn restores(x: &[f64]) -> f64 {
        let n = x.len();
        let mut v = vec![0.0; n];
        v[0] = x[0];
        for i in 1..n {
            v[i] = v[i - 1] * x[i] + v[i - 1].sin();
            v[i - 1] *= v[i];
        }
        let mut j = 0;
        let mut s = 0.0;
        for _k in 0..n / 2 {
            s = s * v[j] + x[j + 1];
            j += 2;
        }
        let mut tail = Vec::new();
        let mut t = s;
        while tail.len() < 3 {
            t = t * 0.5 + x[tail.len()];
            tail.push(t * t);
        }
        tail[0] + tail[1] * tail[2] + s
    }
}
mod o79 {
    use super::*;
    #[differentiate]
    pub fn scratch_in_body(a: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..a.len() {
            let mut t = vec![1.0; a.len()];
            t[i] = a[i] * a[i];
            s += t[i] * a[i];
        }
        s
    }
}
mod o80 {
    use super::*;
    #[differentiate]
    pub fn edges(x: f64) -> f64 {
        x.sqrt() + (1.0 + x).ln() + x.abs() + x.max(0.0) + x.min(0.0)
    }
}
mod o81 {
    use super::*;
    #[differentiate]
    pub fn k_abs(x: f64) -> f64 {
        x.abs()
    }
}
mod o82 {
    use super::*;
    #[differentiate]
    pub fn k_max(a: f64, b: f64) -> f64 {
        a.max(b)
    }
}
mod o87 {
    use super::*;
    #[differentiate]
    pub fn k_hypot(a: f64, b: f64) -> f64 {
        a.hypot(b)
    }
}
mod o91 {
    use super::*;
    #[differentiate]
    pub fn k_fract(x: f64) -> f64 {
        x.fract()
    }
}
mod o98 {
    use super::*;
    #[differentiate]
    pub fn k_atanh(x: f64) -> f64 {
        x.atanh()
    }
}
mod o99 {
    use super::*;
    #[differentiate]
    pub fn k_ln(x: f64) -> f64 {
        x.ln()
    }
}
mod o103 {
    use super::*;
    #[differentiate]
    pub fn k_recip(x: f64) -> f64 {
        x.recip()
    }
}
mod o106 {
    use super::*;
    #[differentiate]
    pub fn k_powi_3(x: f64) -> f64 {
        x.powi(3)
    }
}
mod o107 {
    use super::*;
    #[differentiate]
    pub fn k_powi_m2(x: f64) -> f64 {
        x.powi(-2)
    }
}
mod o110 {
    use super::*;
    #[differentiate]
    pub fn power(x: f64, p: f64) -> f64 {
        x.powf(p) + x.powi(3)
    }
}
mod o111 {
    use super::*;
    #[differentiate]
    pub fn passes_nan(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        s
    }
}
mod o112 {
    use super::*;
    #[differentiate]
    pub fn rosenbrock64(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() - 1 {
            let a = x[i + 1] - x[i] * x[i];
            let b = 1.0 - x[i];
            s += 100.0 * a * a + b * b;
        }
        s
    }
}
mod o115 {
    use super::*;
    #[differentiate]
    pub fn write_after_return(x: f64) -> f64 {
        if x > 0.0 {
            return 0.5;
        }
        let mut v: Vec<f64> = vec![0.5; 2];
        for i in 0..2 {
            v[i] = 0.25;
        }
        x * v[0]
    }
}
mod o116 {
    use super::*;
    #[differentiate]
    pub fn write_through_local_index(b: f64) -> f64 {
        let mut h: Vec<f64> = vec![1.0; 3];
        for i in 0..3 {
            let j = i;
            h[j] *= 0.5;
        }
        b * h[1]
    }
}
mod o117 {
    use super::*;
    #[differentiate]
    pub fn callee(a: f64) -> f64 {
        a.sin()
    }
}
mod o121 {
    use super::*;
    #[differentiate]
    pub fn rem_by(a: f64, b: f64) -> f64 {
        a % b
    }
}
mod o122 {
    use super::*;
    #[differentiate]
    pub fn overwritten_after_its_let(a: f64) -> f64 {
        let t = a;
        let mut s = f64::tanh(t);
        s += a;
        s.atan()
    }
}
mod o123 {
    use super::*;
    #[differentiate]
    pub fn plain_overwrites(a: f64, x: &[f64]) -> f64 {
        let mut v = x.to_vec();
        let mut acc = a;
        for i in 1..4 {
            acc = (acc * v[i - 1]).sin();
            v[i] += acc * acc;
        }
        acc + v[1] * v[2] * v[3]
    }
}
mod o124 {
    use super::*;
    #[differentiate]
    pub fn operand_then_block(x: f64, y: f64) -> f64 {
        let mut s = x;
        s - {
            s = y;
            s
        }
    }
}
mod o127 {
    use super::*;
    #[differentiate]
    pub fn short_circuit(x: f64, y: f64) -> f64 {
        let mut s = x;
        if y > 0.0 && {
            s *= y;
            s > 1.0
        } {
            s + 1.0
        } else {
            s
        }
    }
}
mod o128 {
    use super::*;
    #[differentiate]
    pub fn hh(hh: f64) -> f64 {
        hh * hh
    }
}
mod o129 {
    use super::*;
    #[differentiate(wrt(kk_grad))]
    pub fn kk(x: f64, kk_grad: f64) -> f64 {
        x * kk_grad.sin()
    }
}
mod o132 {
    use super::*;
    #[differentiate]
    pub fn index_after_value(x: &[f64]) -> f64 {
        let mut v = vec![0.0; x.len()];
        let mut i = 0;
        while i < x.len() - 1 {
            v[{
                i += 1;
                i
            }] = x[i] * x[i];
        }
        v[1] + 2.0 * v[2]
    }
}
mod o134 {
    use super::*;
    #[differentiate]
    pub fn square_by_tuple(x: f64) -> f64 {
        let p = (x, 2.0 * x);
        p.0 * p.1
    }
}
mod o136 {
    use super::*;
    #[differentiate]
    pub fn mix(t: f64, a: f64, b: f64) -> f64 {
        a + (b - a) * t
    }
}
mod o137 {
    use super::*;
    #[differentiate]
    pub fn log_sum_exp(x: &[f64]) -> f64 {
        let mut sum = 0.0;
        for i in 0..x.len() {
            sum += x[i].exp();
        }
        (sum + 2.0).ln() * sum.sqrt()
    }
}
mod o138 {
    use super::*;
    #[differentiate]
    pub fn nested_reset(x: &[f64]) -> f64 {
        let mut total = 0.0;
        let mut s = 0.0;
        for j in 0..3 {
            s = 0.5 * s;
            for i in 0..x.len() {
                s += x[i] * (j as f64 + 1.0);
            }
            total += s * s;
        }
        total
    }
}
mod o140 {
    use super::*;
    #[differentiate]
    pub fn read_then_overwrite(x: &[f64]) -> f64 {
        let mut s = x[0] * x[1];
        let a = s * x[2];
        s = s * 0.5 + x[3];
        a * s
    }
}
mod o141 {
    use super::*;
    #[differentiate]
    pub fn overwritten_by_itself(x: &[f64]) -> f64 {
        let mut s = x[0] + x[1] * x[2];
        s = s * s + x[0];
        s = s.sin() * x[1];
        s
    }
}
mod o142 {
    use super::*;
    #[differentiate]
    pub fn branches_and_elements(x: &[f64]) -> f64 {
        let mut v = x.to_vec();
        let mut acc = 0.0;
        for i in 1..v.len() {
            if v[i - 1] > 0.0 {
                v[i] = v[i] * v[i - 1].tanh();
            } else {
                acc += v[i].exp();
            }
            acc += v[i] * 0.5;
        }
        let n = v.len();
        acc + (v[n - 1] * v[n - 1] + 1.0).sqrt()
    }
}
mod o144 {
    use super::*;
    #[differentiate]
    pub fn logistic_mix(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let p = 1.0 / (1.0 + (-x[i]).exp());
            s += p * (1. / x[i].cosh()) + 1f64 / (2.0 + s * s) - 1.5 / (1.0 + p);
        }
        s
    }
}
mod o145 {
    use super::*;
    #[differentiate]
    pub fn deposit(x: &[f64]) -> f64 {
        let mut grid = vec![1.0; 8];
        let mut pos = 0.5;
        let mut y = 0.0;
        for k in 0..x.len() {
            y += grid[k % 8] * x[k] * x[k];
            grid[pos as usize % 8] += 0.25;
            pos = pos * 1.7 + 0.3;
        }
        y
    }
}
mod o147 {
    use super::*;
    #[differentiate]
    pub fn carried_through_costly(x: &[f64]) -> f64 {
        let mut h = 0.1;
        let mut k = 0;
        while k < x.len() {
            h = (h * x[0] + x[k]).tanh();
            h = 0.3 * (h - 0.5).exp();
            k += 1;
        }
        h
    }
}
mod o150 {
    use super::*;
    #[differentiate(wrt(x, w))]
    pub fn covered_read_then_updated(x: &[f64], w: &[f64]) -> f64 {
        let d = w.len();
        let mut c = vec![0.0; d];
        let mut q = vec![0.0; d];
        let mut total = 0.0;
        for k in 0..x.len() / d {
            for j in 0..d {
                c[j] = x[k * d + j] - w[j];
            }
            for j in 0..d {
                q[j] = c[j] * c[j];
            }
            total += q[d - 1].sin();
            for i in 0..d {
                for j in i + 1..d {
                    q[j] += w[i] * c[i];
                }
            }
            let mut norm = 0.0;
            for j in 0..d {
                norm += q[j] * q[j];
            }
            total += norm.sqrt();
        }
        (1.0 + total).ln()
    }
}
mod o151 {
    use super::*;
    #[differentiate]
    pub fn softplus_sum(m: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..m.len() {
            s += (1.0 + m[i].exp()).ln() * m[i];
        }
        s
    }
}
mod o152 {
    use super::*;
    #[differentiate]
    pub fn poly(x: f64, y: f64) -> f64 {
        let a = x * x * y;
        let b = 3.0 * y - x / y;
        let c = -a + b * 2.;
        c * c + 1e-3 * x
    }
}
mod o153 {
    use super::*;
    #[differentiate(wrt(x, y))]
    pub fn scaled_squares(x: f64, y: f64, k: f64) -> f64 {
        let a = 100.0 * x * x;
        let b = x * (x * 2.5);
        let c = (x * k) * x + x * (k * x);
        let d = (y * x) * x;
        a + b * y + c + d
    }
}
mod o154 {
    use super::*;
    #[differentiate]
    pub fn methods(x: f64, y: f64) -> f64 {
        let a = x.sin() * y.cos() + x.tanh() - (x * y).exp().ln_1p();
        let b = f64::sqrt(x * x + y * y) + x.hypot(y) + x.atan2(y);
        let c = x.powi(3) + y.abs().powf(1.5) + x.max(y) - x.min(y) + (x * 0.3).asin();
        let d = x.mul_add(y, 2.0).cbrt() + (y * y + 1.0).log(3.0) + x.exp2() + y.exp_m1();
        a + b + c + d + x.recip() + x.clamp(-0.5, 0.5) + x.floor() + x.fract()
    }
}
mod o157 {
    use super::*;
    #[differentiate]
    pub fn shadowing(x: f64) -> f64 {
        let y = x * 2.0;
        let y = y.sin() + x;
        let x = y * y;
        {
            let x = x + 1.0;
            x * y
        }
    }
}
mod o158 {
    use super::*;
    #[differentiate]
    pub fn stops(x: f64) -> f64 {
        let c = autodiff::stop_gradient(x * x);
        c * x
    }
}
mod o159 {
    use super::*;
    #[differentiate]
    pub fn conversions(x: f64) -> f64 {
        f64::from(x) * x + f64::from(3u8)
    }
}
mod o160 {
    use super::*;
    #[differentiate]
    pub fn qualified_calls(x: f64, y: f64) -> f64 {
        use autodiff::num_traits::Float;
        <f64>::sin(y) * <f64 as Float>::max(y, 0.5) + <f64>::powi(x, 2)
    }
}
mod o162 {
    use super::*;
    #[differentiate]
    pub fn bearing_degrees(x: f64, y: f64) -> f64 {
        y.atan2(x).to_degrees()
    }
}
mod o165 {
    use super::*;
    #[differentiate]
    pub fn inclusive(x: &[f64]) -> f64 {
        let n = x.len();
        let mut s = 0.0;
        for i in 1..=n - 2 {
            s += (x[i - 1] * x[i + 1]).sin() + x[i];
        }
        for i in (1..=n - 2).rev() {
            s += x[i + 1].exp() * x[i - 1];
        }
        s
    }
}
mod o166 {
    use super::*;
    #[differentiate]
    pub fn gapped(x: &[f64]) -> f64 {
        let n = x.len();
        let mut s = 0.0;
        for i in 2..n - 2 {
            s += x[i - 2] * x[i + 2] * (0.5 + x[i - 2]).cos();
        }
        s
    }
}
mod o167 {
    use super::*;
    #[differentiate]
    pub fn ahead(x: &[f64]) -> f64 {
        let n = x.len();
        let mut s = 0.0;
        for i in 0..n - 2 {
            s += (x[i + 1] * x[i + 2]).tanh() + x[2 + i] * x[2 + i];
        }
        s
    }
}
mod o171 {
    use super::*;
    #[differentiate]
    pub fn sums_from_a_block(xs: &[f64], k: f64) -> f64 {
        let (s, q) = {
            let mut a = 0.0;
            let mut b = 0.0;
            for &x in xs {
                a += x;
                b += x * x;
            }
            (a, b)
        };
        let (lo, hi) = if k > 0.0 { (s, q * k) } else { (q, s) };
        lo * hi
    }
}
mod o172 {
    use super::*;
    #[differentiate]
    pub fn energy(k: f64, x: f64) -> f64 {
        0.5 * k * x * x
    }
}
mod o174 {
    use super::*;
    #[differentiate(wrt(x))]
    pub fn first_big(x: &[f64], limit: f64) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            if x[i] < 0.0 {
                continue;
            }
            s = s * 0.5 + x[i].exp();
            if s > limit {
                break;
            }
        }
        s
    }
}
mod o177 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64, y: f64) -> f64 {
        let a = x * y;
        let b = a.sin() + x / y;
        a * b
    }
}
mod o181 {
    use super::*;
    #[differentiate]
    pub fn f(x: &[f64], w: f64) -> f64 {
        let mut sq = Vec::with_capacity(x.len());
        for i in 0..x.len() {
            sq.push(x[i] * x[i]);
        }
        let mut lin = vec![0.0; x.len()];
        let mut i = 0;
        while i < x.len() {
            lin[i] = w * x[i];
            i += 1;
        }
        let mut acc = [0.0; 2];
        for i in (0..x.len()).rev() {
            acc[0] += sq[i];
            acc[1] += lin[i];
        }
        acc[0] + acc[1]
    }
}
mod o182 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64, y: f64) -> f64 {
        let tape = x * y;
        let dout = tape * x;
        let pullback = dout + 1.0;
        let value = pullback * y;
        let ret_bar = value.sin();
        let ret = ret_bar + x;
        ret * 2.0
    }
}
mod o183 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64) -> f64 {
        let x_bar = x * 2.0;
        x_bar * x
    }
}
// macro_name, raw
mod m0 {
    use super::*;
    #[differentiate]
    pub fn methods(x: f64, y: f64) -> f64 {
        let ct = x.sin() * y.cos() + x.tanh() - (x * y).exp().ln_1p();
        let b = f64::sqrt(x * x + y * y) + x.hypot(y) + x.atan2(y);
        let r#c = x.powi(3) + y.abs().powf(1.5) + x.max(y) - x.min(y) + (x * 0.3).asin();
        let d = x.mul_add(y, 2.0).cbrt() + (y * y + 1.0).log(3.0) + x.exp2() + y.exp_m1();
        ct + b + r#c + d + x.recip() + x.clamp(-0.5, 0.5) + x.floor() + x.fract()
    }
}
// raw, shadow, closure
mod m1 {
    use super::*;
    #[differentiate]
    pub fn k_ln(r#x: f64) -> f64 {
        let x = {
            let wrap0 = || x;
            wrap0()
        };
        r#x.ln()
    }
}
// shadow
mod m2 {
    use super::*;
    #[differentiate]
    pub fn closure_redefined_in_a_branch(x: f64, c: f64) -> f64 {
        let c = c;
        let g = |t: f64| t * t;
        let mut s = g(x);
        if c > 0.0 {
            let g = |t: f64| t.sin();
            s += g(x);
        } else {
            s += g(x);
        }
        s + g(x)
    }
}
// shadow
mod m4 {
    use super::*;
    #[differentiate]
    pub fn sums_from_a_block(xs: &[f64], k: f64) -> f64 {
        let k = k;
        let (s, q) = {
            let mut a = 0.0;
            let mut b = 0.0;
            for &x in xs {
                a += x;
                b += x * x;
            }
            (a, b)
        };
        let (lo, hi) = if k > 0.0 { (s, q * k) } else { (q, s) };
        lo * hi
    }
}
// macro_name
mod m5 {
    use super::*;
    #[differentiate]
    pub fn deposit(x: &[f64]) -> f64 {
        let mut grid = vec![1.0; 8];
        let mut pos = 0.5;
        let mut hi = 0.0;
        for k in 0..x.len() {
            hi += grid[k % 8] * x[k] * x[k];
            grid[pos as usize % 8] += 0.25;
            pos = pos * 1.7 + 0.3;
        }
        hi
    }
}
// raw
mod m6 {
    use super::*;
    #[differentiate]
    pub fn bearing_degrees(r#x: f64, y: f64) -> f64 {
        y.atan2(r#x).to_degrees()
    }
}
// block, closure, shadow
mod m7 {
    use super::*;
    #[differentiate]
    pub fn plain_overwrites(a: f64, x: &[f64]) -> f64 {
        let a = a;
        let mut v = { x.to_vec() };
        let mut acc = {
            let wrap0 = move |t| t;
            wrap0(a)
        };
        for i in 1..4 {
            acc = (acc * v[i - 1]).sin();
            v[i] += acc * acc;
        }
        acc + v[1] * v[2] * v[3]
    }
}
// block, raw
mod m8 {
    use super::*;
    #[differentiate]
    pub fn newton_sqrt(a: f64) -> f64 {
        let mut r#y = { a };
        let mut k = 0;
        while (r#y * r#y - a).abs() > 1e-12 * a && k < 50 {
            r#y = 0.5 * (r#y + a / r#y);
            k += 1;
        }
        r#y
    }
}
// block
mod m9 {
    use super::*;
    #[differentiate]
    pub fn shadowing(x: f64) -> f64 {
        let y = x * 2.0;
        let y = y.sin() + x;
        let x = { y * y };
        {
            let x = x + 1.0;
            x * y
        }
    }
}
// raw, raw
mod m10 {
    use super::*;
    #[differentiate(wrt(a))]
    pub fn scaled(r#a: f64, b: f64) -> f64 {
        r#a * b
    }
}
// closure, macro_name
mod m11 {
    use super::*;
    #[differentiate]
    pub fn squares_from(x: &[f64]) -> f64 {
        let mut value = 0;
        let mut s = (move || 0.0)();
        for v in x[value..3].iter() {
            s += v * v;
            value = 1;
        }
        s + x[1..=2].iter().rev().map(|v| v * 0.5).sum::<f64>() + value as f64
    }
}
// shadow, block
mod m12 {
    use super::*;
    #[differentiate]
    pub fn edges(x: f64) -> f64 {
        let x = { x };
        x.sqrt() + (1.0 + x).ln() + x.abs() + x.max(0.0) + x.min(0.0)
    }
}
// raw
mod m13 {
    use super::*;
    #[differentiate(wrt(x))]
    pub fn first_big(x: &[f64], limit: f64) -> f64 {
        let mut r#s = 0.0;
        for i in 0..x.len() {
            if x[i] < 0.0 {
                continue;
            }
            r#s = r#s * 0.5 + x[i].exp();
            if r#s > limit {
                break;
            }
        }
        r#s
    }
}
// shadow
mod m14 {
    use super::*;
    #[differentiate]
    pub fn power(x: f64, p: f64) -> f64 {
        let p = p;
        x.powf(p) + x.powi(3)
    }
}
// closure
mod m15 {
    use super::*;
    #[differentiate]
    pub fn passes_nan(x: &[f64]) -> f64 {
        let mut s = (|| 0.0)();
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        s
    }
}
// raw
mod m16 {
    use super::*;
    #[differentiate]
    pub fn k_powi_3(r#x: f64) -> f64 {
        r#x.powi(3)
    }
}
// raw, macro_name
mod m17 {
    use super::*;
    #[differentiate(wrt(x, w))]
    pub fn covered_read_then_updated(x: &[f64], w: &[f64]) -> f64 {
        let d = w.len();
        let mut c = vec![0.0; d];
        let mut r#q = vec![0.0; d];
        let mut total = 0.0;
        for k in 0..x.len() / d {
            for j in 0..d {
                c[j] = x[k * d + j] - w[j];
            }
            for j in 0..d {
                r#q[j] = c[j] * c[j];
            }
            total += r#q[d - 1].sin();
            for i in 0..d {
                for j in i + 1..d {
                    r#q[j] += w[i] * c[i];
                }
            }
            let mut tape = 0.0;
            for j in 0..d {
                tape += r#q[j] * r#q[j];
            }
            total += tape.sqrt();
        }
        (1.0 + total).ln()
    }
}
// raw
mod m18 {
    use super::*;
    #[differentiate]
    pub fn row_dot(r#a: &[f64], b: &[f64]) -> f64 {
        r#a.iter().zip(b).map(|(x, y)| x * y).sum()
    }
}
// closure, closure
mod m19 {
    use super::*;
    #[differentiate]
    pub fn pushed_after_fused(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i].sin();
        }
        let mut h = (|| Vec::new())();
        for i in 0..x.len() {
            h.push(x[i] * x[i]);
        }
        let p = {
            let wrap0 = || h[0] * h[x.len() - 1];
            wrap0()
        };
        s + p
    }
}
// macro_name
mod m20 {
    use super::*;
    #[differentiate]
    pub fn norm(v: &[f64]) -> f64 {
        let mut t0 = 0.0;
        for i in 0..v.len() {
            t0 += v[i] * v[i];
        }
        t0.sqrt()
    }
}
// closure
mod m21 {
    use super::*;
    #[differentiate]
    pub fn ahead(x: &[f64]) -> f64 {
        let n = {
            let wrap0 = move |t| t;
            wrap0(x.len())
        };
        let mut s = 0.0;
        for i in 0..n - 2 {
            s += (x[i + 1] * x[i + 2]).tanh() + x[2 + i] * x[2 + i];
        }
        s
    }
}
// raw, closure
mod m22 {
    use super::*;
    #[differentiate]
    pub fn gapped(r#x: &[f64]) -> f64 {
        let n = r#x.len();
        let mut s = (move || 0.0)();
        for i in 2..n - 2 {
            s += r#x[i - 2] * r#x[i + 2] * (0.5 + r#x[i - 2]).cos();
        }
        s
    }
}
// raw
mod m23 {
    use super::*;
    #[differentiate]
    pub fn rosenbrock64(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() - 1 {
            let a = x[i + 1] - x[i] * x[i];
            let r#b = 1.0 - x[i];
            s += 100.0 * a * a + r#b * r#b;
        }
        s
    }
}
// shadow, raw
mod m24 {
    use super::*;
    #[differentiate]
    pub fn write_after_return(r#x: f64) -> f64 {
        let r#x = r#x;
        if r#x > 0.0 {
            return 0.5;
        }
        let mut v: Vec<f64> = vec![0.5; 2];
        for i in 0..2 {
            v[i] = 0.25;
        }
        r#x * v[0]
    }
}
// shadow
mod m25 {
    use super::*;
    #[differentiate]
    pub fn horner_backwards(coeffs: &[f64], x: f64) -> f64 {
        let x = x;
        let mut acc = 0.0;
        for &c in coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }
}
// raw, shadow
mod m26 {
    use super::*;
    #[differentiate]
    pub fn k_hypot(a: f64, r#b: f64) -> f64 {
        let b = b;
        a.hypot(r#b)
    }
}
// closure, macro_name
mod m27 {
    use super::*;
    #[differentiate]
    pub fn horner(x: f64, c: &[f64]) -> f64 {
        let mut acc = {
            let t0 = || 0.0;
            t0()
        };
        for i in (0..c.len()).rev() {
            acc = acc * x + c[i];
        }
        acc
    }
}
// raw
mod m28 {
    use super::*;
    #[differentiate]
    pub fn deposit(x: &[f64]) -> f64 {
        let mut grid = vec![1.0; 8];
        let mut pos = 0.5;
        let mut r#y = 0.0;
        for k in 0..x.len() {
            r#y += grid[k % 8] * x[k] * x[k];
            grid[pos as usize % 8] += 0.25;
            pos = pos * 1.7 + 0.3;
        }
        r#y
    }
}
// macro_name, closure
mod m29 {
    use super::*;
    #[differentiate]
    pub fn write_through_local_index(b: f64) -> f64 {
        let mut h: Vec<f64> = vec![1.0; 3];
        for i in 0..3 {
            let acc = (|| i)();
            h[acc] *= 0.5;
        }
        b * h[1]
    }
}
// macro_name
mod m30 {
    use super::*;
    #[differentiate]
    pub fn root_scaled(x: f64, k: f64) -> f64 {
        let value = x.sqrt(); // line 10: √x has an infinite slope at 0
        let y = value * k;
        y + k
    }
}
// raw
mod m31 {
    use super::*;
    #[differentiate]
    pub fn carried_through_costly(x: &[f64]) -> f64 {
        let mut r#h = 0.1;
        let mut k = 0;
        while k < x.len() {
            r#h = (r#h * x[0] + x[k]).tanh();
            r#h = 0.3 * (r#h - 0.5).exp();
            k += 1;
        }
        r#h
    }
}
// macro_name
mod m32 {
    use super::*;
    #[differentiate(wrt(x))]
    pub fn breaks_and_continues(x: &[f64], limit: f64) -> f64 {
        let mut s = 0.0;
        let mut acc = 0;
        loop {
            if acc >= x.len() {
                break;
            }
            let v = x[acc];
            acc += 1;
            if v < 0.0 {
                continue;
            }
            s += v.sqrt() * s + v;
            if s > limit {
                break;
            }
        }
        s
    }
}
// raw, closure
mod m33 {
    use super::*;
    #[differentiate]
    pub fn log_sum_exp(r#x: &[f64]) -> f64 {
        let mut sum = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for i in 0..x.len() {
            sum += r#x[i].exp();
        }
        (sum + 2.0).ln() * sum.sqrt()
    }
}
// raw
mod m34 {
    use super::*;
    #[differentiate]
    pub fn nested_reset(x: &[f64]) -> f64 {
        let mut total = 0.0;
        let mut r#s = 0.0;
        for j in 0..3 {
            r#s = 0.5 * r#s;
            for i in 0..x.len() {
                r#s += x[i] * (j as f64 + 1.0);
            }
            total += r#s * r#s;
        }
        total
    }
}
// raw
mod m35 {
    use super::*;
    #[differentiate]
    pub fn above_and_first(x: &[f64], threshold: f64) -> f64 {
        let n = x.iter().filter(|v| **v > threshold).count();
        let r#k = x.iter().position(|&v| v > threshold).unwrap_or(0);
        let j = x.iter().position(|v| *v < 0.0).unwrap();
        x[r#k] * n as f64 + x[j] * x[j]
    }
}
// raw, shadow
mod m36 {
    use super::*;
    #[differentiate]
    pub fn qualified_calls(x: f64, r#y: f64) -> f64 {
        let y = y;
        use autodiff::num_traits::Float;
        <f64>::sin(r#y) * <f64 as Float>::max(r#y, 0.5) + <f64>::powi(x, 2)
    }
}
// block
mod m37 {
    use super::*;
    #[differentiate]
    pub fn stops(x: f64) -> f64 {
        let c = { autodiff::stop_gradient(x * x) };
        c * x
    }
}
// raw
mod m38 {
    use super::*;
    #[differentiate]
    pub fn k_max(r#a: f64, b: f64) -> f64 {
        r#a.max(b)
    }
}
// raw
mod m39 {
    use super::*;
    #[differentiate]
    pub fn root_scaled(r#x: f64, k: f64) -> f64 {
        let r = r#x.sqrt(); // line 10: √r#x has an infinite slope at 0
        let y = r * k;
        y + k
    }
}
// macro_name
mod m40 {
    use super::*;
    #[differentiate]
    pub fn plain_overwrites(a: f64, x: &[f64]) -> f64 {
        let mut v = x.to_vec();
        let mut ct = a;
        for i in 1..4 {
            ct = (ct * v[i - 1]).sin();
            v[i] += ct * ct;
        }
        ct + v[1] * v[2] * v[3]
    }
}
// shadow
mod m41 {
    use super::*;
    #[differentiate]
    pub fn hh(hh: f64) -> f64 {
        let hh = hh;
        hh * hh
    }
}
// block
mod m42 {
    use super::*;
    #[differentiate]
    pub fn swapped_argument_names(a: f64, b: f64) -> f64 {
        let g = |a: f64, b: f64| a * b.sin();
        let h = { |b: f64, a: f64| b * a * a };
        g(b, a) + h(a, b)
    }
}
// closure
mod m43 {
    use super::*;
    #[differentiate]
    pub fn step_loops(x: &[f64]) -> f64 {
        let mut s = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for i in (0..x.len()).step_by(2) {
            s += x[i] * x[i];
        }
        for i in (1..=x.len() - 1).rev() {
            s = s * 0.5 + x[i].sin();
        }
        s
    }
}
// macro_name, shadow
mod m44 {
    use super::*;
    #[differentiate]
    pub fn mixed(x: &[f64], w: f64) -> f64 {
        let w = w;
        let mut h = 0.0;
        let mut dout = 0.0;
        for i in 0..x.len() {
            h = (h * w + x[i]).tanh();
            if h > 0.0 {
                dout += h * x[i];
            } else {
                dout -= (h * h + 1.0).ln();
            }
        }
        dout / (x.len() as f64) + w.exp()
    }
}
// macro_name, block
mod m45 {
    use super::*;
    #[differentiate]
    pub fn nested_reset(x: &[f64]) -> f64 {
        let mut total = { 0.0 };
        let mut ct = 0.0;
        for j in 0..3 {
            ct = 0.5 * ct;
            for i in 0..x.len() {
                ct += x[i] * (j as f64 + 1.0);
            }
            total += ct * ct;
        }
        total
    }
}
// raw
mod m46 {
    use super::*;
    #[differentiate]
    pub fn k_powi_m2(r#x: f64) -> f64 {
        r#x.powi(-2)
    }
}
// shadow, shadow
mod m47 {
    use super::*;
    #[differentiate]
    pub fn swapped_argument_names(a: f64, b: f64) -> f64 {
        let a = a;
        let b = b;
        let g = |a: f64, b: f64| a * b.sin();
        let h = |b: f64, a: f64| b * a * a;
        g(b, a) + h(a, b)
    }
}
// macro_name, macro_name
mod m48 {
    use super::*;
    #[differentiate]
    pub fn popped_sum(x: &[f64]) -> f64 {
        let mut stack: Vec<usize> = (0..x.len()).collect();
        let mut tape = 0.0;
        'drain: while let Some(i) = stack.pop() {
            if i == 0 {
                continue 'drain;
            }
            tape += x[i] * x[i - 1];
        }
        let Some(&first) = x.first() else {
            panic!("empty input")
        };
        let (Some(lo), Some(mut hi)) = (Some(1usize), x.len().checked_sub(1)) else {
            return tape;
        };
        hi = hi.min(2);
        tape + first * x[lo] * x[hi]
    }
}
// raw
mod m49 {
    use super::*;
    #[differentiate]
    pub fn k_abs(r#x: f64) -> f64 {
        r#x.abs()
    }
}
// block
mod m50 {
    use super::*;
    #[differentiate]
    pub fn overwrites(x: f64, v: &[f64]) -> f64 {
        let mut w = { v.to_vec() };
        let mut s = x;
        let a = s * s * v[0];
        s = s * 3.0 + a;
        let b = s * x;
        s *= b;
        s /= 1.0 + x * x;
        let c = w[1] * w[1];
        w[1] = w[0] * x;
        w[0] = 3.0 * w[1] + c;
        let mut i = 0;
        let d = w[i] * x;
        i += 1;
        let e = w[i] * d;
        a + b + s + c + d + e + w[0] * w[1]
    }
}
// block, raw, raw
mod m51 {
    use super::*;
    #[differentiate]
    pub fn lower_triangle(r#x: &[f64]) -> f64 {
        let mut r#s = { 0.0 };
        'rows: for i in 0..x.len() {
            for j in 0..x.len() {
                if j > i {
                    continue 'rows;
                }
                if i == 3 {
                    break 'rows;
                }
                r#s += r#x[i] * r#x[j];
            }
            r#s *= 1.5;
        }
        r#s
    }
}
// block, closure
mod m52 {
    use super::*;
    #[differentiate]
    pub fn covariance(a: &[f64], b: &[f64]) -> f64 {
        let n = (|| a.len() as f64)();
        let mean_a: f64 = a.iter().sum::<f64>() / n;
        let mean_b: f64 = { b.iter().sum::<f64>() / n };
        let mut da: f64;
        let mut db: f64;
        let mut total = 0.0;
        for (x, y) in std::iter::zip(a, b) {
            da = x - mean_a;
            db = y - mean_b;
            total += da * db / n;
        }
        total
    }
}
// macro_name
mod m53 {
    use super::*;
    #[differentiate]
    pub fn logistic_mix(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let dout = 1.0 / (1.0 + (-x[i]).exp());
            s += dout * (1. / x[i].cosh()) + 1f64 / (2.0 + s * s) - 1.5 / (1.0 + dout);
        }
        s
    }
}
// raw
mod m54 {
    use super::*;
    #[differentiate]
    pub fn lower_triangle(x: &[f64]) -> f64 {
        let mut r#s = 0.0;
        'rows: for i in 0..x.len() {
            for j in 0..x.len() {
                if j > i {
                    continue 'rows;
                }
                if i == 3 {
                    break 'rows;
                }
                r#s += x[i] * x[j];
            }
            r#s *= 1.5;
        }
        r#s
    }
}
// block
mod m55 {
    use super::*;
    #[differentiate]
    pub fn inclusive(x: &[f64]) -> f64 {
        let n = x.len();
        let mut s = { 0.0 };
        for i in 1..=n - 2 {
            s += (x[i - 1] * x[i + 1]).sin() + x[i];
        }
        for i in (1..=n - 2).rev() {
            s += x[i + 1].exp() * x[i - 1];
        }
        s
    }
}
// block
mod m56 {
    use super::*;
    #[differentiate]
    pub fn variance_in_one_pass(xs: &[f64]) -> f64 {
        let (s, q) = xs.iter().fold((0.0, 0.0), |(s, q), &x| (s + x, q + x * x));
        let n = { xs.len() as f64 };
        q / n - (s / n) * (s / n)
    }
}
// raw
mod m57 {
    use super::*;
    #[differentiate]
    pub fn branches_and_elements(x: &[f64]) -> f64 {
        let mut r#v = x.to_vec();
        let mut acc = 0.0;
        for i in 1..v.len() {
            if r#v[i - 1] > 0.0 {
                r#v[i] = r#v[i] * r#v[i - 1].tanh();
            } else {
                acc += r#v[i].exp();
            }
            acc += r#v[i] * 0.5;
        }
        let n = r#v.len();
        acc + (r#v[n - 1] * r#v[n - 1] + 1.0).sqrt()
    }
}
// block, macro_name
mod m58 {
    use super::*;
    #[differentiate]
    pub fn index_after_value(x: &[f64]) -> f64 {
        let mut lo = vec![0.0; x.len()];
        let mut i = { 0 };
        while i < x.len() - 1 {
            lo[{
                i += 1;
                i
            }] = x[i] * x[i];
        }
        lo[1] + 2.0 * lo[2]
    }
}
// macro_name, block
mod m59 {
    use super::*;
    #[differentiate]
    pub fn closure_redefined_in_a_branch(x: f64, c: f64) -> f64 {
        let g = |t: f64| t * t;
        let mut acc = g(x);
        if c > 0.0 {
            let g = { |t: f64| t.sin() };
            acc += g(x);
        } else {
            acc += g(x);
        }
        acc + g(x)
    }
}
// shadow
mod m60 {
    use super::*;
    #[differentiate]
    pub fn loops_over_elements(x: &[f64], w: f64) -> f64 {
        let w = w;
        let mut s = 0.0;
        for &v in x {
            s += (v * w).sin();
        }
        for (i, v) in x.iter().enumerate() {
            s += *v * (i as f64 + 1.0);
        }
        for (a, b) in x.iter().zip(x.iter()) {
            s += a * b * w;
        }
        let softplus = |t: f64| (1.0 + t.exp()).ln();
        s + softplus(w) + softplus(s * 0.1)
    }
}
// closure, shadow
mod m61 {
    use super::*;
    #[differentiate]
    pub fn filtered(x: &[f64], w: f64) -> f64 {
        let w = w;
        let positive: f64 = x.iter().filter(|v| **v > 0.0).map(|v| v * v).sum();
        let mut s = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for (i, v) in x.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
            s += w * v * i as f64;
        }
        let large = x
            .iter()
            .filter(|&&v| v.abs() > 1.0)
            .fold(0.0, |acc, v| acc + v);
        positive + s + large
    }
}
// block
mod m62 {
    use super::*;
    #[differentiate]
    pub fn plain_overwrites(a: f64, x: &[f64]) -> f64 {
        let mut v = x.to_vec();
        let mut acc = { a };
        for i in 1..4 {
            acc = (acc * v[i - 1]).sin();
            v[i] += acc * acc;
        }
        acc + v[1] * v[2] * v[3]
    }
}
// macro_name
mod m64 {
    use super::*;
    #[differentiate]
    pub fn literal_ranges(x: &[f64]) -> f64 {
        let hi: Vec<f64> = (0..3).map(|i| x[i] * 2.0).collect();
        let signs: f64 = (-2i64..=2).map(|k| k as f64 * x[(k + 2) as usize]).sum();
        hi[0] + hi[2] + signs
    }
}
// raw, shadow
mod m65 {
    use super::*;
    #[differentiate]
    pub fn conversions(r#x: f64) -> f64 {
        let x = x;
        f64::from(r#x) * r#x + f64::from(3u8)
    }
}
// macro_name, raw
mod m67 {
    use super::*;
    #[differentiate]
    pub fn write_after_return(x: f64) -> f64 {
        if x > 0.0 {
            return 0.5;
        }
        let mut r#x_bar: Vec<f64> = vec![0.5; 2];
        for i in 0..2 {
            r#x_bar[i] = 0.25;
        }
        x * r#x_bar[0]
    }
}
// block
mod m68 {
    use super::*;
    #[differentiate]
    pub fn passes_nan(x: &[f64]) -> f64 {
        let mut s = { 0.0 };
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        s
    }
}
// raw
mod m70 {
    use super::*;
    #[differentiate]
    pub fn swapped_zip_names(x: &[f64], r#y: &[f64]) -> f64 {
        x.iter()
            .zip(r#y.iter())
            .map(|(r#y, x)| r#y * x.sin())
            .sum::<f64>()
    }
}
// macro_name
mod m71 {
    use super::*;
    #[differentiate]
    pub fn write_after_return(x: f64) -> f64 {
        if x > 0.0 {
            return 0.5;
        }
        let mut dout: Vec<f64> = vec![0.5; 2];
        for i in 0..2 {
            dout[i] = 0.25;
        }
        x * dout[0]
    }
}
// raw
mod m72 {
    use super::*;
    #[differentiate]
    pub fn energy(k: f64, r#x: f64) -> f64 {
        0.5 * k * r#x * r#x
    }
}
// macro_name, raw
mod m74 {
    use super::*;
    #[differentiate]
    pub fn late_scratch(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        let mut v = vec![0.0; x.len()];
        let mut r#dout = 0.0;
        for r in 0..2 {
            for j in 0..x.len() {
                v[j] = x[j] * (r as f64 + 1.0);
            }
            r#dout += v[0] * v[x.len() - 1];
        }
        s + r#dout
    }
}
// shadow
mod m75 {
    use super::*;
    #[differentiate]
    pub fn k_powi_m2(x: f64) -> f64 {
        let x = x;
        x.powi(-2)
    }
}
// shadow, raw
mod m76 {
    use super::*;
    #[differentiate]
    pub fn plain_overwrites(a: f64, r#x: &[f64]) -> f64 {
        let a = a;
        let mut v = r#x.to_vec();
        let mut acc = a;
        for i in 1..4 {
            acc = (acc * v[i - 1]).sin();
            v[i] += acc * acc;
        }
        acc + v[1] * v[2] * v[3]
    }
}
// macro_name, raw
mod m77 {
    use super::*;
    #[differentiate]
    pub fn overwritten_by_itself(x: &[f64]) -> f64 {
        let mut r#ret = x[0] + x[1] * x[2];
        r#ret = r#ret * r#ret + x[0];
        r#ret = r#ret.sin() * x[1];
        r#ret
    }
}
// raw, raw
mod m78 {
    use super::*;
    #[differentiate]
    pub fn max_and_product(x: &[f64]) -> f64 {
        let r#m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let p = x.iter().map(|v| 1.0 + v * v).product::<f64>();
        let r#squares: Vec<f64> = x.iter().map(|v| v * v).collect();
        r#m * p + r#squares[1]
    }
}
// shadow, closure
mod m79 {
    use super::*;
    #[differentiate(wrt(kk_grad))]
    pub fn kk(x: f64, kk_grad: f64) -> f64 {
        let kk_grad = {
            let wrap0 = move |t| t;
            wrap0(kk_grad)
        };
        x * kk_grad.sin()
    }
}
// closure
mod m80 {
    use super::*;
    #[differentiate]
    pub fn nested_reset(x: &[f64]) -> f64 {
        let mut total = 0.0;
        let mut s = (|| 0.0)();
        for j in 0..3 {
            s = 0.5 * s;
            for i in 0..x.len() {
                s += x[i] * (j as f64 + 1.0);
            }
            total += s * s;
        }
        total
    }
}
// raw
mod m81 {
    use super::*;
    #[differentiate]
    pub fn sum_of_squares(r#x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += r#x[i] * r#x[i];
        }
        s
    }
}
// raw, macro_name, block
mod m82 {
    use super::*;
    #[differentiate]
    pub fn logistic_mix(r#x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let ct = { 1.0 / (1.0 + (-r#x[i]).exp()) };
            s += ct * (1. / r#x[i].cosh()) + 1f64 / (2.0 + s * s) - 1.5 / (1.0 + ct);
        }
        s
    }
}
// closure
mod m83 {
    use super::*;
    #[differentiate]
    pub fn late_scratch(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += x[i] * x[i];
        }
        let mut v = vec![0.0; x.len()];
        let mut t = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for r in 0..2 {
            for j in 0..x.len() {
                v[j] = x[j] * (r as f64 + 1.0);
            }
            t += v[0] * v[x.len() - 1];
        }
        s + t
    }
}
// macro_name, raw, shadow
mod m84 {
    use super::*;
    #[differentiate]
    pub fn short_circuit(x: f64, y: f64) -> f64 {
        let x = x;
        let mut r#tape = x;
        if y > 0.0 && {
            r#tape *= y;
            r#tape > 1.0
        } {
            r#tape + 1.0
        } else {
            r#tape
        }
    }
}
// block
mod m85 {
    use super::*;
    #[differentiate]
    pub fn until_negative_pair(x: &[f64]) -> f64 {
        let mut s = { 0.0 };
        'pairs: for &a in x.iter() {
            for b in x {
                if a * b < 0.0 {
                    break 'pairs;
                }
                s += a * b;
            }
        }
        s
    }
}
// shadow
mod m86 {
    use super::*;
    #[differentiate]
    pub fn qualified_calls(x: f64, y: f64) -> f64 {
        let x = x;
        use autodiff::num_traits::Float;
        <f64>::sin(y) * <f64 as Float>::max(y, 0.5) + <f64>::powi(x, 2)
    }
}
// swap
mod m87 {
    use super::*;
    #[differentiate]
    pub fn ranges(x: &[f64], w: &[f64]) -> f64 {
        let n = x.len();
        let harmonic: f64 = (1..=n).map(|k| x[k - 1] / k as f64).sum();
        let dot = (0..n).map(|i| w[i] * x[i]).sum::<f64>();
        dot + harmonic
    }
}
// closure, block
mod m88 {
    use super::*;
    #[differentiate]
    pub fn damped_cosine(x: f64) -> f64 {
        let mut y = { (move || x)() };
        let mut k = 0;
        let r = loop {
            y = y.cos() + 0.1 * x;
            k += 1;
            if k == 5 {
                break y * y;
            }
        };
        r + 1.0
    }
}
// raw
mod m89 {
    use super::*;
    #[differentiate]
    pub fn swapped_zip_names(x: &[f64], r#y: &[f64]) -> f64 {
        x.iter()
            .zip(r#y.iter())
            .map(|(r#y, x)| r#y * x.sin())
            .sum::<f64>()
    }
}
// raw
mod m90 {
    use super::*;
    #[differentiate]
    pub fn f(r#x: f64, y: f64) -> f64 {
        let a = r#x * y;
        let b = a.sin() + r#x / y;
        a * b
    }
}
// macro_name
mod m91 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64) -> f64 {
        let t0 = x * 2.0;
        t0 * x
    }
}
// block
mod m92 {
    use super::*;
    #[differentiate]
    pub fn move_then_reassign(x: f64, y: f64) -> f64 {
        let mut a = { x };
        let g = move |t: f64| a * t;
        a = y;
        g(y) + a
    }
}
// raw, block
mod m93 {
    use super::*;
    #[differentiate]
    pub fn operand_then_block(r#x: f64, y: f64) -> f64 {
        let mut s = { r#x };
        s - {
            s = y;
            s
        }
    }
}
// raw, shadow, closure
mod m94 {
    use super::*;
    #[differentiate]
    pub fn rem_by(a: f64, r#b: f64) -> f64 {
        let b = {
            let wrap0 = move |t| t;
            wrap0(b)
        };
        a % r#b
    }
}
// shadow
mod m95 {
    use super::*;
    #[differentiate]
    pub fn callee(a: f64) -> f64 {
        let a = a;
        a.sin()
    }
}
// shadow
mod m96 {
    use super::*;
    #[differentiate]
    pub fn fold_and_for_each(x: &[f64], c: f64) -> f64 {
        let c = c;
        let m = x
            .iter()
            .take(3)
            .fold(f64::NEG_INFINITY, |acc, &v| acc.max(v));
        let mut s = 0.0;
        (0..x.len()).rev().for_each(|i| s += c * x[i] * i as f64);
        let n = x.len();
        x.iter()
            .zip(0..n)
            .for_each(|(v, j)| s += v * (n - 1 - j) as f64);
        m + s
    }
}
// shadow
mod m97 {
    use super::*;
    #[differentiate]
    pub fn mix(t: f64, a: f64, b: f64) -> f64 {
        let t = t;
        a + (b - a) * t
    }
}
// shadow, shadow
mod m98 {
    use super::*;
    #[differentiate]
    pub fn k_recip(x: f64) -> f64 {
        let x = x;
        let x = x;
        x.recip()
    }
}
// shadow
mod m99 {
    use super::*;
    #[differentiate]
    pub fn softplus(z: f64) -> f64 {
        let z = z;
        if z > 20.0 {
            z
        } else {
            z.exp().ln_1p()
        }
    }
}
// shadow
mod m100 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64, y: f64) -> f64 {
        let y = y;
        let tape = x * y;
        let dout = tape * x;
        let pullback = dout + 1.0;
        let value = pullback * y;
        let ret_bar = value.sin();
        let ret = ret_bar + x;
        ret * 2.0
    }
}
// block
mod m101 {
    use super::*;
    #[differentiate]
    pub fn dot(a: &[f64], b: &[f64]) -> f64 {
        let mut s = { 0.0 };
        for i in 0..a.len() {
            s += a[i] * b[i];
        }
        s
    }
}
// block
mod m102 {
    use super::*;
    #[differentiate]
    pub fn moving_average(x: &[f64]) -> f64 {
        let mut s = { 0.0 };
        for w in x.windows(3) {
            s += w.iter().sum::<f64>() / w.len() as f64 * w[1];
        }
        for c in x.chunks_exact(2) {
            s += c[0] * c[1];
        }
        s
    }
}
// closure
mod m103 {
    use super::*;
    #[differentiate]
    pub fn horner_backwards(coeffs: &[f64], x: f64) -> f64 {
        let mut acc = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for &c in coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }
}
// raw, closure
mod m104 {
    use super::*;
    #[differentiate]
    pub fn popped_sum(x: &[f64]) -> f64 {
        let mut r#stack: Vec<usize> = (0..x.len()).collect();
        let mut s = {
            let wrap0 = move |t| t;
            wrap0(0.0)
        };
        'drain: while let Some(i) = r#stack.pop() {
            if i == 0 {
                continue 'drain;
            }
            s += x[i] * x[i - 1];
        }
        let Some(&first) = x.first() else {
            panic!("empty input")
        };
        let (Some(lo), Some(mut hi)) = (Some(1usize), x.len().checked_sub(1)) else {
            return s;
        };
        hi = hi.min(2);
        s + first * x[lo] * x[hi]
    }
}
// raw, raw, raw
mod m107 {
    use super::*;
    #[differentiate]
    pub fn softplus_sum(r#m: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..m.len() {
            s += (1.0 + r#m[i].exp()).ln() * r#m[i];
        }
        s
    }
}
// macro_name
mod m108 {
    use super::*;
    #[differentiate]
    #[allow(clippy::let_and_return)]
    pub fn shadowed_after_definition(x: f64, y: f64) -> f64 {
        let a = x;
        let hi = |t: f64| a * t;
        let a = y * y;
        hi(y) + a
    }
}
// block, macro_name
mod m109 {
    use super::*;
    #[differentiate]
    pub fn overwritten_after_its_let(a: f64) -> f64 {
        let t = a;
        let mut value = { f64::tanh(t) };
        value += a;
        value.atan()
    }
}
// macro_name, closure, raw
mod m110 {
    use super::*;
    #[differentiate]
    pub fn restores(x: &[f64]) -> f64 {
        let n = x.len();
        let mut r#v = vec![0.0; n];
        r#v[0] = x[0];
        for i in 1..n {
            r#v[i] = r#v[i - 1] * x[i] + r#v[i - 1].sin();
            r#v[i - 1] *= r#v[i];
        }
        let mut j = {
            let wrap0 = move |t| t;
            wrap0(0)
        };
        let mut s = 0.0;
        for _k in 0..n / 2 {
            s = s * r#v[j] + x[j + 1];
            j += 2;
        }
        let mut tail = Vec::new();
        let mut dout = s;
        while tail.len() < 3 {
            dout = dout * 0.5 + x[tail.len()];
            tail.push(dout * dout);
        }
        tail[0] + tail[1] * tail[2] + s
    }
}
// macro_name
mod m111 {
    use super::*;
    #[differentiate]
    pub fn read_then_overwrite(x: &[f64]) -> f64 {
        let mut lo = x[0] * x[1];
        let a = lo * x[2];
        lo = lo * 0.5 + x[3];
        a * lo
    }
}
// shadow, block
mod m112 {
    use super::*;
    #[differentiate]
    pub fn k_atanh(x: f64) -> f64 {
        let x = { x };
        x.atanh()
    }
}
// macro_name, closure
mod m113 {
    use super::*;
    #[differentiate]
    pub fn literal_ranges(x: &[f64]) -> f64 {
        let first: Vec<f64> = {
            let wrap0 = move |t| t;
            wrap0((0..3).map(|i| x[i] * 2.0).collect())
        };
        let ret: f64 = (-2i64..=2).map(|k| k as f64 * x[(k + 2) as usize]).sum();
        first[0] + first[2] + ret
    }
}
// shadow
mod m114 {
    use super::*;
    #[differentiate]
    pub fn operand_then_block(x: f64, y: f64) -> f64 {
        let x = x;
        let mut s = x;
        s - {
            s = y;
            s
        }
    }
}
// block
mod m115 {
    use super::*;
    #[differentiate]
    pub fn f(x: &[f64], w: f64) -> f64 {
        let mut sq = { Vec::with_capacity(x.len()) };
        for i in 0..x.len() {
            sq.push(x[i] * x[i]);
        }
        let mut lin = vec![0.0; x.len()];
        let mut i = 0;
        while i < x.len() {
            lin[i] = w * x[i];
            i += 1;
        }
        let mut acc = [0.0; 2];
        for i in (0..x.len()).rev() {
            acc[0] += sq[i];
            acc[1] += lin[i];
        }
        acc[0] + acc[1]
    }
}
// macro_name, shadow
mod m116 {
    use super::*;
    #[differentiate]
    pub fn f(x: f64, y: f64) -> f64 {
        let x = x;
        let ret = x * y;
        let b = ret.sin() + x / y;
        ret * b
    }
}
// closure
mod m117 {
    use super::*;
    #[differentiate]
    pub fn inclusive(x: &[f64]) -> f64 {
        let n = (|| x.len())();
        let mut s = 0.0;
        for i in 1..=n - 2 {
            s += (x[i - 1] * x[i + 1]).sin() + x[i];
        }
        for i in (1..=n - 2).rev() {
            s += x[i + 1].exp() * x[i - 1];
        }
        s
    }
}
// raw, raw
mod m118 {
    use super::*;
    #[differentiate]
    pub fn deposit(x: &[f64]) -> f64 {
        let mut r#grid = vec![1.0; 8];
        let mut pos = 0.5;
        let mut r#y = 0.0;
        for k in 0..x.len() {
            r#y += r#grid[k % 8] * x[k] * x[k];
            r#grid[pos as usize % 8] += 0.25;
            pos = pos * 1.7 + 0.3;
        }
        r#y
    }
}
// raw, macro_name, raw
mod m119 {
    use super::*;
    #[differentiate]
    pub fn moving_average(r#x: &[f64]) -> f64 {
        let mut ct = 0.0;
        for w in r#x.windows(3) {
            ct += w.iter().sum::<f64>() / w.len() as f64 * w[1];
        }
        for c in r#x.chunks_exact(2) {
            ct += c[0] * c[1];
        }
        ct
    }
}
// shadow, shadow, raw
mod m120 {
    use super::*;
    #[differentiate]
    pub fn k_abs(r#x: f64) -> f64 {
        let r#x = r#x;
        let r#x = r#x;
        r#x.abs()
    }
}
// raw
mod m121 {
    use super::*;
    #[differentiate(wrt(x, y))]
    pub fn scaled_squares(x: f64, r#y: f64, k: f64) -> f64 {
        let a = 100.0 * x * x;
        let b = x * (x * 2.5);
        let c = (x * k) * x + x * (k * x);
        let d = (r#y * x) * x;
        a + b * r#y + c + d
    }
}
// raw
mod m122 {
    use super::*;
    #[differentiate]
    pub fn squares_but_the_second(r#x: &[f64]) -> f64 {
        r#x.iter()
            .enumerate()
            .filter(|(i, _)| *i != 1)
            .map(|(_, v)| v * v)
            .sum()
    }
}
// macro_name
mod m123 {
    use super::*;
    #[differentiate]
    pub fn shadowing(x: f64) -> f64 {
        let ret = x * 2.0;
        let ret = ret.sin() + x;
        let x = ret * ret;
        {
            let x = x + 1.0;
            x * ret
        }
    }
}
// raw
mod m124 {
    use super::*;
    #[differentiate]
    pub fn k_recip(r#x: f64) -> f64 {
        r#x.recip()
    }
}
// block, raw
mod m125 {
    use super::*;
    #[differentiate]
    pub fn poly(x: f64, y: f64) -> f64 {
        let a = { x * x * y };
        let b = 3.0 * y - x / y;
        let r#c = -a + b * 2.;
        r#c * r#c + 1e-3 * x
    }
}
// closure
mod m126 {
    use super::*;
    #[differentiate]
    pub fn rosenbrock(x: &[f64]) -> f64 {
        let mut s = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for i in 0..x.len() - 1 {
            s += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
        }
        s
    }
}
// raw
mod m127 {
    use super::*;
    #[differentiate]
    pub fn affine(weights: &[f64], r#features: &[f64]) -> f64 {
        weights[0]
            + weights[1..]
                .iter()
                .zip(r#features.iter())
                .map(|(w, x)| w * x)
                .sum::<f64>()
    }
}
// raw
mod m128 {
    use super::*;
    #[differentiate]
    pub fn variation_and_chunks(r#x: &[f64]) -> f64 {
        r#x.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f64>()
            + r#x.chunks(2).map(|c| c[0] * c.len() as f64).sum::<f64>()
    }
}
// macro_name, block
mod m129 {
    use super::*;
    #[differentiate]
    pub fn wrapped_values(x: &[f64]) -> f64 {
        let acc = { &x[1..] };
        let head = { (|| &x[..2])() };
        let k = { 2 };
        let t = { (x[0], x[0] * x[1]) };
        acc[1] * head[0] * k as f64 + t.0 * t.1 + (|a: f64| a * a)(x[2])
    }
}
// block
mod m130 {
    use super::*;
    #[differentiate]
    pub fn horner_backwards(coeffs: &[f64], x: f64) -> f64 {
        let mut acc = { 0.0 };
        for &c in coeffs.iter().rev() {
            acc = acc * x + c;
        }
        acc
    }
}
// closure
mod m131 {
    use super::*;
    #[differentiate(wrt(x, w))]
    pub fn covered_read_then_updated(x: &[f64], w: &[f64]) -> f64 {
        let d = (move || w.len())();
        let mut c = vec![0.0; d];
        let mut q = vec![0.0; d];
        let mut total = 0.0;
        for k in 0..x.len() / d {
            for j in 0..d {
                c[j] = x[k * d + j] - w[j];
            }
            for j in 0..d {
                q[j] = c[j] * c[j];
            }
            total += q[d - 1].sin();
            for i in 0..d {
                for j in i + 1..d {
                    q[j] += w[i] * c[i];
                }
            }
            let mut norm = 0.0;
            for j in 0..d {
                norm += q[j] * q[j];
            }
            total += norm.sqrt();
        }
        (1.0 + total).ln()
    }
}
// macro_name
mod m132 {
    use super::*;
    #[differentiate]
    pub fn closure_redefined_in_a_branch(x: f64, c: f64) -> f64 {
        let t0 = |t: f64| t * t;
        let mut s = t0(x);
        if c > 0.0 {
            let t0 = |t: f64| t.sin();
            s += t0(x);
        } else {
            s += t0(x);
        }
        s + t0(x)
    }
}
// raw, raw
mod m133 {
    use super::*;
    #[differentiate]
    pub fn hh(r#hh: f64) -> f64 {
        r#hh * r#hh
    }
}
// closure, block, block
mod m134 {
    use super::*;
    #[differentiate]
    pub fn squares_from(x: &[f64]) -> f64 {
        let mut lo = { (|| 0)() };
        let mut s = { 0.0 };
        for v in x[lo..3].iter() {
            s += v * v;
            lo = 1;
        }
        s + x[1..=2].iter().rev().map(|v| v * 0.5).sum::<f64>() + lo as f64
    }
}
// closure, shadow, closure
mod m135 {
    use super::*;
    #[differentiate]
    pub fn operand_then_block(x: f64, y: f64) -> f64 {
        let y = {
            let wrap1 = move |t| t;
            wrap1(y)
        };
        let mut s = {
            let wrap0 = || x;
            wrap0()
        };
        s - {
            s = y;
            s
        }
    }
}
// shadow, closure, block
mod m136 {
    use super::*;
    #[differentiate]
    pub fn square_by_tuple(x: f64) -> f64 {
        let x = x;
        let p = { (|| (x, 2.0 * x))() };
        p.0 * p.1
    }
}
// shadow
mod m137 {
    use super::*;
    #[differentiate]
    pub fn k_fract(x: f64) -> f64 {
        let x = x;
        x.fract()
    }
}
// macro_name
mod m138 {
    use super::*;
    #[differentiate]
    pub fn checked_energy(x: &[f64], s: f64) -> f64 {
        assert!(!x.is_empty(), "no points");
        assert!(s.is_finite() && s > 0.0, "scale must be positive, got {s}");
        debug_assert_ne!(s, 0.0);
        let mut acc = 0.0;
        for i in 0..x.len() {
            let x = x[i] * 1.0;
            assert!(x.abs() < 1e3, "point {} is {x:.1}", i);
            acc += x * x;
        }
        if acc < 0.0 {
            unreachable!("a sum of squares is {acc}");
        }
        println!("energy {:.3} at scale {s}", acc);
        acc * s
    }
}
// raw
mod m139 {
    use super::*;
    #[differentiate]
    pub fn inner(r#a: f64, b: f64) -> f64 {
        r#a * b.sin()
    }
}
// closure, block
mod m140 {
    use super::*;
    #[differentiate]
    pub fn wrapped_values(x: &[f64]) -> f64 {
        let tail = { &x[1..] };
        let head = { (|| (|| &x[..2])())() };
        let k = { 2 };
        let t = { (x[0], x[0] * x[1]) };
        tail[1] * head[0] * k as f64 + t.0 * t.1 + (|a: f64| a * a)(x[2])
    }
}
// closure
mod m141 {
    use super::*;
    #[differentiate]
    pub fn moving_average(x: &[f64]) -> f64 {
        let mut s = {
            let wrap0 = || 0.0;
            wrap0()
        };
        for w in x.windows(3) {
            s += w.iter().sum::<f64>() / w.len() as f64 * w[1];
        }
        for c in x.chunks_exact(2) {
            s += c[0] * c[1];
        }
        s
    }
}
// raw, closure
mod m142 {
    use super::*;
    #[differentiate]
    #[allow(clippy::let_and_return)]
    pub fn shadowed_after_definition(x: f64, y: f64) -> f64 {
        let a = x;
        let r#g = |t: f64| a * t;
        let a = (move || y * y)();
        r#g(y) + a
    }
}
// raw
mod m143 {
    use super::*;
    #[differentiate]
    pub fn squared_steps(r#x: &[f64]) -> f64 {
        r#x.windows(2)
            .map(|r#x| r#x[1] - r#x[0])
            .map(|d| d * d)
            .sum()
    }
}
// shadow, shadow
mod m144 {
    use super::*;
    #[differentiate(wrt(a))]
    pub fn scaled(a: f64, b: f64) -> f64 {
        let b = b;
        let a = a;
        a * b
    }
}
// block
mod m145 {
    use super::*;
    #[differentiate]
    pub fn root_scaled(x: f64, k: f64) -> f64 {
        let r = x.sqrt(); // line 10: √x has an infinite slope at 0
        let y = { r * k };
        y + k
    }
}
// block, swap, closure
mod m146 {
    use super::*;
    #[differentiate]
    pub fn methods(x: f64, y: f64) -> f64 {
        let b = (|| f64::sqrt(x * x + y * y) + x.hypot(y) + x.atan2(y))();
        let a = x.sin() * y.cos() + x.tanh() - (x * y).exp().ln_1p();
        let c = { x.powi(3) + y.abs().powf(1.5) + x.max(y) - x.min(y) + (x * 0.3).asin() };
        let d = x.mul_add(y, 2.0).cbrt() + (y * y + 1.0).log(3.0) + x.exp2() + y.exp_m1();
        a + b + c + d + x.recip() + x.clamp(-0.5, 0.5) + x.floor() + x.fract()
    }
}
// closure, closure
mod m147 {
    use super::*;
    #[differentiate]
    pub fn scan_to_large(x: &[f64]) -> f64 {
        let mut i = {
            let wrap1 = move |t| t;
            wrap1(0)
        };
        'scan: while i < x.len() {
            let mut j = {
                let wrap0 = move |t| t;
                wrap0(0)
            };
            loop {
                if j >= 2 {
                    break;
                }
                if x[i] > 2.5 {
                    break 'scan;
                }
                j += 1;
            }
            i += 1;
        }
        x[0] * (i as f64) + x[1].powi(2)
    }
}
// shadow, shadow, block
mod m148 {
    use super::*;
    #[differentiate(wrt(a))]
    pub fn uncounted(a: &[f64], limit: f64) -> f64 {
        let limit = limit;
        let limit = limit;
        let n = a.len();
        let mut x = { a.to_vec() };
        let mut s = 0.0;
        for i in 0..n {
            for j in 0..i {
                s = s * 0.9 + x[i] * x[j];
            }
        }
        let mut m = 1;
        for _ in 0..3 {
            for j in 0..m {
                x[j] = x[j] * 0.8 + 0.1;
            }
            m = (m * 2).min(n);
        }
        for _ in 0..2 {
            let mut k = 0;
            while k < n {
                s = s * 0.5 + x[k];
                k += 1;
            }
            for j in 0..n {
                s = s * 0.5 + x[j] * x[j];
                if s > limit {
                    break;
                }
            }
        }
        s
    }
}
// closure
mod m149 {
    use super::*;
    #[differentiate]
    pub fn max_and_product(x: &[f64]) -> f64 {
        let m = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let p = x.iter().map(|v| 1.0 + v * v).product::<f64>();
        let squares: Vec<f64> = (|| x.iter().map(|v| v * v).collect())();
        m * p + squares[1]
    }
}
// closure
mod m150 {
    use super::*;
    #[differentiate]
    pub fn operand_then_block(x: f64, y: f64) -> f64 {
        let mut s = (|| x)();
        s - {
            s = y;
            s
        }
    }
}
// macro_name
mod m152 {
    use super::*;
    #[differentiate]
    pub fn scratch_in_body(a: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..a.len() {
            let mut value = vec![1.0; a.len()];
            value[i] = a[i] * a[i];
            s += value[i] * a[i];
        }
        s
    }
}
// closure
mod m153 {
    use super::*;
    #[differentiate]
    pub fn ranges(x: &[f64], w: &[f64]) -> f64 {
        let n = x.len();
        let dot = {
            let wrap0 = move |t| t;
            wrap0((0..n).map(|i| w[i] * x[i]).sum::<f64>())
        };
        let harmonic: f64 = (1..=n).map(|k| x[k - 1] / k as f64).sum();
        dot + harmonic
    }
}
// raw, block
mod m154 {
    use super::*;
    #[differentiate]
    pub fn branches_and_elements(x: &[f64]) -> f64 {
        let mut v = x.to_vec();
        let mut r#acc = 0.0;
        for i in 1..v.len() {
            if v[i - 1] > 0.0 {
                v[i] = v[i] * v[i - 1].tanh();
            } else {
                r#acc += v[i].exp();
            }
            r#acc += v[i] * 0.5;
        }
        let n = { v.len() };
        r#acc + (v[n - 1] * v[n - 1] + 1.0).sqrt()
    }
}
// macro_name
mod m155 {
    use super::*;
    #[differentiate]
    pub fn literal_ranges(x: &[f64]) -> f64 {
        let acc: Vec<f64> = (0..3).map(|i| x[i] * 2.0).collect();
        let signs: f64 = (-2i64..=2).map(|k| k as f64 * x[(k + 2) as usize]).sum();
        acc[0] + acc[2] + signs
    }
}
// macro_name, closure, closure
mod m156 {
    use super::*;
    #[differentiate]
    pub fn covariance(a: &[f64], b: &[f64]) -> f64 {
        let n = {
            let wrap0 = move |t| t;
            wrap0(a.len() as f64)
        };
        let mean_a: f64 = a.iter().sum::<f64>() / n;
        let mean_b: f64 = {
            let wrap1 = move |t| t;
            wrap1(b.iter().sum::<f64>() / n)
        };
        let mut x_bar: f64;
        let mut db: f64;
        let mut total = 0.0;
        for (x, y) in std::iter::zip(a, b) {
            x_bar = x - mean_a;
            db = y - mean_b;
            total += x_bar * db / n;
        }
        total
    }
}
// shadow
mod m157 {
    use super::*;
    #[differentiate]
    pub fn inner_step(a: f64, b: f64) -> f64 {
        let b = b;
        (a * b).sin() + a
    }
}

fn close<G: std::fmt::Debug>(a: &G, b: &G) -> bool {
    // The gradients as their debug text: equal, or equal numbers to 1e-10.
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    let nums = |s: &str| -> Vec<f64> {
        s.split(|c: char| !(c.is_ascii_digit() || "-.eE".contains(c)))
            .filter_map(|t| t.parse().ok())
            .collect()
    };
    let (x, y) = (nums(&a), nums(&b));
    a == b
        || (x.len() == y.len()
            && x.iter()
                .zip(&y)
                .all(|(p, q)| (p - q).abs() <= 1e-10 * (1.0 + p.abs())))
}

fn same<G: std::fmt::Debug>(
    which: &str,
    original: impl FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe,
    mutant: impl FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe,
) {
    // A point where the original panics (an `unwrap` of nothing): the mutant must too.
    let quietly = |f: Box<dyn FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe + '_>| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let result = std::panic::catch_unwind(f);
        std::panic::set_hook(hook);
        result
    };
    let Ok((v0, g0, ok0)) = quietly(Box::new(original)) else {
        assert!(
            quietly(Box::new(mutant)).is_err(),
            "{which}: the original panics here, the mutant does not"
        );
        return;
    };
    let (v1, g1, ok1) = mutant();
    assert!(
        v0 == v1 || (v0.is_nan() && v1.is_nan()),
        "{which}: value {v1} against the original's {v0}"
    );
    assert!(
        close(&g0, &g1),
        "{which}: gradient {g1:?} against the original's {g0:?}"
    );
    assert!(
        ok1 || !ok0,
        "{which}: gradcheck fails where the original's passes"
    );
}

#[test]
fn valid_mutants_agree_with_their_originals() {
    same(
        "m0",
        || {
            (
                o154::methods(0.514, 0.79),
                o154::methods_grad(0.514, 0.79),
                o154::methods_gradcheck(0.514, 0.79).is_ok(),
            )
        },
        || {
            (
                m0::methods(0.514, 0.79),
                m0::methods_grad(0.514, 0.79),
                m0::methods_gradcheck(0.514, 0.79).is_ok(),
            )
        },
    );
    same(
        "m0",
        || {
            (
                o154::methods(0.633, 0.844),
                o154::methods_grad(0.633, 0.844),
                o154::methods_gradcheck(0.633, 0.844).is_ok(),
            )
        },
        || {
            (
                m0::methods(0.633, 0.844),
                m0::methods_grad(0.633, 0.844),
                m0::methods_gradcheck(0.633, 0.844).is_ok(),
            )
        },
    );
    same(
        "m1",
        || {
            (
                o99::k_ln(0.863),
                o99::k_ln_grad(0.863),
                o99::k_ln_gradcheck(0.863).is_ok(),
            )
        },
        || {
            (
                m1::k_ln(0.863),
                m1::k_ln_grad(0.863),
                m1::k_ln_gradcheck(0.863).is_ok(),
            )
        },
    );
    same(
        "m1",
        || {
            (
                o99::k_ln(0.359),
                o99::k_ln_grad(0.359),
                o99::k_ln_gradcheck(0.359).is_ok(),
            )
        },
        || {
            (
                m1::k_ln(0.359),
                m1::k_ln_grad(0.359),
                m1::k_ln_gradcheck(0.359).is_ok(),
            )
        },
    );
    same(
        "m2",
        || {
            (
                o24::closure_redefined_in_a_branch(0.312, 1.054),
                o24::closure_redefined_in_a_branch_grad(0.312, 1.054),
                o24::closure_redefined_in_a_branch_gradcheck(0.312, 1.054).is_ok(),
            )
        },
        || {
            (
                m2::closure_redefined_in_a_branch(0.312, 1.054),
                m2::closure_redefined_in_a_branch_grad(0.312, 1.054),
                m2::closure_redefined_in_a_branch_gradcheck(0.312, 1.054).is_ok(),
            )
        },
    );
    same(
        "m2",
        || {
            (
                o24::closure_redefined_in_a_branch(0.533, 0.511),
                o24::closure_redefined_in_a_branch_grad(0.533, 0.511),
                o24::closure_redefined_in_a_branch_gradcheck(0.533, 0.511).is_ok(),
            )
        },
        || {
            (
                m2::closure_redefined_in_a_branch(0.533, 0.511),
                m2::closure_redefined_in_a_branch_grad(0.533, 0.511),
                m2::closure_redefined_in_a_branch_gradcheck(0.533, 0.511).is_ok(),
            )
        },
    );
    same(
        "m4",
        || {
            (
                o171::sums_from_a_block(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436),
                o171::sums_from_a_block_grad(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436),
                o171::sums_from_a_block_gradcheck(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436)
                    .is_ok(),
            )
        },
        || {
            (
                m4::sums_from_a_block(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436),
                m4::sums_from_a_block_grad(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436),
                m4::sums_from_a_block_gradcheck(&[1.196, 0.723, 1.053, 0.729, 0.875], 0.436)
                    .is_ok(),
            )
        },
    );
    same(
        "m4",
        || {
            (
                o171::sums_from_a_block(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358),
                o171::sums_from_a_block_grad(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358),
                o171::sums_from_a_block_gradcheck(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358)
                    .is_ok(),
            )
        },
        || {
            (
                m4::sums_from_a_block(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358),
                m4::sums_from_a_block_grad(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358),
                m4::sums_from_a_block_gradcheck(&[0.871, 1.081, 0.771, 0.967, 0.904], 0.358)
                    .is_ok(),
            )
        },
    );
    same(
        "m5",
        || {
            (
                o145::deposit(&[0.982, 0.832, 0.571, 0.328, 1.079]),
                o145::deposit_grad(&[0.982, 0.832, 0.571, 0.328, 1.079]),
                o145::deposit_gradcheck(&[0.982, 0.832, 0.571, 0.328, 1.079]).is_ok(),
            )
        },
        || {
            (
                m5::deposit(&[0.982, 0.832, 0.571, 0.328, 1.079]),
                m5::deposit_grad(&[0.982, 0.832, 0.571, 0.328, 1.079]),
                m5::deposit_gradcheck(&[0.982, 0.832, 0.571, 0.328, 1.079]).is_ok(),
            )
        },
    );
    same(
        "m5",
        || {
            (
                o145::deposit(&[0.725, 0.947, 1.091, 0.943, 1.129]),
                o145::deposit_grad(&[0.725, 0.947, 1.091, 0.943, 1.129]),
                o145::deposit_gradcheck(&[0.725, 0.947, 1.091, 0.943, 1.129]).is_ok(),
            )
        },
        || {
            (
                m5::deposit(&[0.725, 0.947, 1.091, 0.943, 1.129]),
                m5::deposit_grad(&[0.725, 0.947, 1.091, 0.943, 1.129]),
                m5::deposit_gradcheck(&[0.725, 0.947, 1.091, 0.943, 1.129]).is_ok(),
            )
        },
    );
    same(
        "m6",
        || {
            (
                o162::bearing_degrees(0.655, 1.021),
                o162::bearing_degrees_grad(0.655, 1.021),
                o162::bearing_degrees_gradcheck(0.655, 1.021).is_ok(),
            )
        },
        || {
            (
                m6::bearing_degrees(0.655, 1.021),
                m6::bearing_degrees_grad(0.655, 1.021),
                m6::bearing_degrees_gradcheck(0.655, 1.021).is_ok(),
            )
        },
    );
    same(
        "m6",
        || {
            (
                o162::bearing_degrees(0.7, 1.142),
                o162::bearing_degrees_grad(0.7, 1.142),
                o162::bearing_degrees_gradcheck(0.7, 1.142).is_ok(),
            )
        },
        || {
            (
                m6::bearing_degrees(0.7, 1.142),
                m6::bearing_degrees_grad(0.7, 1.142),
                m6::bearing_degrees_gradcheck(0.7, 1.142).is_ok(),
            )
        },
    );
    same(
        "m7",
        || {
            (
                o123::plain_overwrites(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693]),
                o123::plain_overwrites_grad(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693]),
                o123::plain_overwrites_gradcheck(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693])
                    .is_ok(),
            )
        },
        || {
            (
                m7::plain_overwrites(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693]),
                m7::plain_overwrites_grad(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693]),
                m7::plain_overwrites_gradcheck(1.091, &[0.388, 0.422, 0.495, 1.169, 0.693]).is_ok(),
            )
        },
    );
    same(
        "m7",
        || {
            (
                o123::plain_overwrites(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827]),
                o123::plain_overwrites_grad(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827]),
                o123::plain_overwrites_gradcheck(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827])
                    .is_ok(),
            )
        },
        || {
            (
                m7::plain_overwrites(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827]),
                m7::plain_overwrites_grad(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827]),
                m7::plain_overwrites_gradcheck(0.864, &[0.571, 0.757, 0.647, 0.616, 0.827]).is_ok(),
            )
        },
    );
    same(
        "m8",
        || {
            (
                o75::newton_sqrt(0.826),
                o75::newton_sqrt_grad(0.826),
                o75::newton_sqrt_gradcheck(0.826).is_ok(),
            )
        },
        || {
            (
                m8::newton_sqrt(0.826),
                m8::newton_sqrt_grad(0.826),
                m8::newton_sqrt_gradcheck(0.826).is_ok(),
            )
        },
    );
    same(
        "m8",
        || {
            (
                o75::newton_sqrt(1.114),
                o75::newton_sqrt_grad(1.114),
                o75::newton_sqrt_gradcheck(1.114).is_ok(),
            )
        },
        || {
            (
                m8::newton_sqrt(1.114),
                m8::newton_sqrt_grad(1.114),
                m8::newton_sqrt_gradcheck(1.114).is_ok(),
            )
        },
    );
    same(
        "m9",
        || {
            (
                o157::shadowing(0.914),
                o157::shadowing_grad(0.914),
                o157::shadowing_gradcheck(0.914).is_ok(),
            )
        },
        || {
            (
                m9::shadowing(0.914),
                m9::shadowing_grad(0.914),
                m9::shadowing_gradcheck(0.914).is_ok(),
            )
        },
    );
    same(
        "m9",
        || {
            (
                o157::shadowing(1.136),
                o157::shadowing_grad(1.136),
                o157::shadowing_gradcheck(1.136).is_ok(),
            )
        },
        || {
            (
                m9::shadowing(1.136),
                m9::shadowing_grad(1.136),
                m9::shadowing_gradcheck(1.136).is_ok(),
            )
        },
    );
    same(
        "m10",
        || {
            (
                o9::scaled(1.071, 1.192),
                o9::scaled_grad(1.071, 1.192),
                o9::scaled_gradcheck(1.071, 1.192).is_ok(),
            )
        },
        || {
            (
                m10::scaled(1.071, 1.192),
                m10::scaled_grad(1.071, 1.192),
                m10::scaled_gradcheck(1.071, 1.192).is_ok(),
            )
        },
    );
    same(
        "m10",
        || {
            (
                o9::scaled(0.904, 0.447),
                o9::scaled_grad(0.904, 0.447),
                o9::scaled_gradcheck(0.904, 0.447).is_ok(),
            )
        },
        || {
            (
                m10::scaled(0.904, 0.447),
                m10::scaled_grad(0.904, 0.447),
                m10::scaled_gradcheck(0.904, 0.447).is_ok(),
            )
        },
    );
    same(
        "m11",
        || {
            (
                o50::squares_from(&[1.075, 1.168, 1.114, 0.812, 0.942]),
                o50::squares_from_grad(&[1.075, 1.168, 1.114, 0.812, 0.942]),
                o50::squares_from_gradcheck(&[1.075, 1.168, 1.114, 0.812, 0.942]).is_ok(),
            )
        },
        || {
            (
                m11::squares_from(&[1.075, 1.168, 1.114, 0.812, 0.942]),
                m11::squares_from_grad(&[1.075, 1.168, 1.114, 0.812, 0.942]),
                m11::squares_from_gradcheck(&[1.075, 1.168, 1.114, 0.812, 0.942]).is_ok(),
            )
        },
    );
    same(
        "m11",
        || {
            (
                o50::squares_from(&[0.49, 1.048, 0.816, 0.556, 0.357]),
                o50::squares_from_grad(&[0.49, 1.048, 0.816, 0.556, 0.357]),
                o50::squares_from_gradcheck(&[0.49, 1.048, 0.816, 0.556, 0.357]).is_ok(),
            )
        },
        || {
            (
                m11::squares_from(&[0.49, 1.048, 0.816, 0.556, 0.357]),
                m11::squares_from_grad(&[0.49, 1.048, 0.816, 0.556, 0.357]),
                m11::squares_from_gradcheck(&[0.49, 1.048, 0.816, 0.556, 0.357]).is_ok(),
            )
        },
    );
    same(
        "m12",
        || {
            (
                o80::edges(1.069),
                o80::edges_grad(1.069),
                o80::edges_gradcheck(1.069).is_ok(),
            )
        },
        || {
            (
                m12::edges(1.069),
                m12::edges_grad(1.069),
                m12::edges_gradcheck(1.069).is_ok(),
            )
        },
    );
    same(
        "m12",
        || {
            (
                o80::edges(1.191),
                o80::edges_grad(1.191),
                o80::edges_gradcheck(1.191).is_ok(),
            )
        },
        || {
            (
                m12::edges(1.191),
                m12::edges_grad(1.191),
                m12::edges_gradcheck(1.191).is_ok(),
            )
        },
    );
    same(
        "m13",
        || {
            (
                o174::first_big(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992),
                o174::first_big_grad(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992),
                o174::first_big_gradcheck(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992).is_ok(),
            )
        },
        || {
            (
                m13::first_big(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992),
                m13::first_big_grad(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992),
                m13::first_big_gradcheck(&[0.38, 1.021, 0.669, 0.436, 0.565], 0.992).is_ok(),
            )
        },
    );
    same(
        "m13",
        || {
            (
                o174::first_big(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598),
                o174::first_big_grad(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598),
                o174::first_big_gradcheck(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598).is_ok(),
            )
        },
        || {
            (
                m13::first_big(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598),
                m13::first_big_grad(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598),
                m13::first_big_gradcheck(&[1.085, 0.34, 0.853, 0.34, 0.947], 0.598).is_ok(),
            )
        },
    );
    same(
        "m14",
        || {
            (
                o110::power(1.093, 1.183),
                o110::power_grad(1.093, 1.183),
                o110::power_gradcheck(1.093, 1.183).is_ok(),
            )
        },
        || {
            (
                m14::power(1.093, 1.183),
                m14::power_grad(1.093, 1.183),
                m14::power_gradcheck(1.093, 1.183).is_ok(),
            )
        },
    );
    same(
        "m14",
        || {
            (
                o110::power(0.755, 1.199),
                o110::power_grad(0.755, 1.199),
                o110::power_gradcheck(0.755, 1.199).is_ok(),
            )
        },
        || {
            (
                m14::power(0.755, 1.199),
                m14::power_grad(0.755, 1.199),
                m14::power_gradcheck(0.755, 1.199).is_ok(),
            )
        },
    );
    same(
        "m15",
        || {
            (
                o111::passes_nan(&[0.579, 0.369, 0.84, 0.328, 0.478]),
                o111::passes_nan_grad(&[0.579, 0.369, 0.84, 0.328, 0.478]),
                o111::passes_nan_gradcheck(&[0.579, 0.369, 0.84, 0.328, 0.478]).is_ok(),
            )
        },
        || {
            (
                m15::passes_nan(&[0.579, 0.369, 0.84, 0.328, 0.478]),
                m15::passes_nan_grad(&[0.579, 0.369, 0.84, 0.328, 0.478]),
                m15::passes_nan_gradcheck(&[0.579, 0.369, 0.84, 0.328, 0.478]).is_ok(),
            )
        },
    );
    same(
        "m15",
        || {
            (
                o111::passes_nan(&[0.667, 0.849, 0.441, 0.338, 1.081]),
                o111::passes_nan_grad(&[0.667, 0.849, 0.441, 0.338, 1.081]),
                o111::passes_nan_gradcheck(&[0.667, 0.849, 0.441, 0.338, 1.081]).is_ok(),
            )
        },
        || {
            (
                m15::passes_nan(&[0.667, 0.849, 0.441, 0.338, 1.081]),
                m15::passes_nan_grad(&[0.667, 0.849, 0.441, 0.338, 1.081]),
                m15::passes_nan_gradcheck(&[0.667, 0.849, 0.441, 0.338, 1.081]).is_ok(),
            )
        },
    );
    same(
        "m16",
        || {
            (
                o106::k_powi_3(0.582),
                o106::k_powi_3_grad(0.582),
                o106::k_powi_3_gradcheck(0.582).is_ok(),
            )
        },
        || {
            (
                m16::k_powi_3(0.582),
                m16::k_powi_3_grad(0.582),
                m16::k_powi_3_gradcheck(0.582).is_ok(),
            )
        },
    );
    same(
        "m16",
        || {
            (
                o106::k_powi_3(1.163),
                o106::k_powi_3_grad(1.163),
                o106::k_powi_3_gradcheck(1.163).is_ok(),
            )
        },
        || {
            (
                m16::k_powi_3(1.163),
                m16::k_powi_3_grad(1.163),
                m16::k_powi_3_gradcheck(1.163).is_ok(),
            )
        },
    );
    same(
        "m17",
        || {
            (
                o150::covered_read_then_updated(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                ),
                o150::covered_read_then_updated_grad(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                ),
                o150::covered_read_then_updated_gradcheck(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                )
                .is_ok(),
            )
        },
        || {
            (
                m17::covered_read_then_updated(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                ),
                m17::covered_read_then_updated_grad(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                ),
                m17::covered_read_then_updated_gradcheck(
                    &[1.107, 0.64, 0.714, 0.768, 0.879],
                    &[0.836, 0.803, 0.858, 1.147, 0.756],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m17",
        || {
            (
                o150::covered_read_then_updated(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                ),
                o150::covered_read_then_updated_grad(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                ),
                o150::covered_read_then_updated_gradcheck(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                )
                .is_ok(),
            )
        },
        || {
            (
                m17::covered_read_then_updated(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                ),
                m17::covered_read_then_updated_grad(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                ),
                m17::covered_read_then_updated_gradcheck(
                    &[0.688, 0.948, 0.514, 0.571, 1.18],
                    &[0.769, 0.794, 0.31, 0.674, 0.822],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m18",
        || {
            (
                o71::row_dot(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                ),
                o71::row_dot_grad(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                ),
                o71::row_dot_gradcheck(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                )
                .is_ok(),
            )
        },
        || {
            (
                m18::row_dot(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                ),
                m18::row_dot_grad(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                ),
                m18::row_dot_gradcheck(
                    &[0.318, 0.854, 0.869, 0.354, 0.865],
                    &[0.72, 0.911, 0.617, 0.936, 0.964],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m18",
        || {
            (
                o71::row_dot(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                ),
                o71::row_dot_grad(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                ),
                o71::row_dot_gradcheck(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                )
                .is_ok(),
            )
        },
        || {
            (
                m18::row_dot(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                ),
                m18::row_dot_grad(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                ),
                m18::row_dot_gradcheck(
                    &[0.32, 0.355, 0.908, 1.167, 0.526],
                    &[0.711, 0.833, 0.588, 0.628, 0.581],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m19",
        || {
            (
                o47::pushed_after_fused(&[0.632, 0.836, 0.57, 0.639, 0.995]),
                o47::pushed_after_fused_grad(&[0.632, 0.836, 0.57, 0.639, 0.995]),
                o47::pushed_after_fused_gradcheck(&[0.632, 0.836, 0.57, 0.639, 0.995]).is_ok(),
            )
        },
        || {
            (
                m19::pushed_after_fused(&[0.632, 0.836, 0.57, 0.639, 0.995]),
                m19::pushed_after_fused_grad(&[0.632, 0.836, 0.57, 0.639, 0.995]),
                m19::pushed_after_fused_gradcheck(&[0.632, 0.836, 0.57, 0.639, 0.995]).is_ok(),
            )
        },
    );
    same(
        "m19",
        || {
            (
                o47::pushed_after_fused(&[0.324, 0.812, 0.962, 0.579, 0.5]),
                o47::pushed_after_fused_grad(&[0.324, 0.812, 0.962, 0.579, 0.5]),
                o47::pushed_after_fused_gradcheck(&[0.324, 0.812, 0.962, 0.579, 0.5]).is_ok(),
            )
        },
        || {
            (
                m19::pushed_after_fused(&[0.324, 0.812, 0.962, 0.579, 0.5]),
                m19::pushed_after_fused_grad(&[0.324, 0.812, 0.962, 0.579, 0.5]),
                m19::pushed_after_fused_gradcheck(&[0.324, 0.812, 0.962, 0.579, 0.5]).is_ok(),
            )
        },
    );
    same(
        "m20",
        || {
            (
                o6::norm(&[1.023, 0.515, 0.469, 0.692, 0.928]),
                o6::norm_grad(&[1.023, 0.515, 0.469, 0.692, 0.928]),
                o6::norm_gradcheck(&[1.023, 0.515, 0.469, 0.692, 0.928]).is_ok(),
            )
        },
        || {
            (
                m20::norm(&[1.023, 0.515, 0.469, 0.692, 0.928]),
                m20::norm_grad(&[1.023, 0.515, 0.469, 0.692, 0.928]),
                m20::norm_gradcheck(&[1.023, 0.515, 0.469, 0.692, 0.928]).is_ok(),
            )
        },
    );
    same(
        "m20",
        || {
            (
                o6::norm(&[0.392, 0.59, 0.6, 1.05, 0.695]),
                o6::norm_grad(&[0.392, 0.59, 0.6, 1.05, 0.695]),
                o6::norm_gradcheck(&[0.392, 0.59, 0.6, 1.05, 0.695]).is_ok(),
            )
        },
        || {
            (
                m20::norm(&[0.392, 0.59, 0.6, 1.05, 0.695]),
                m20::norm_grad(&[0.392, 0.59, 0.6, 1.05, 0.695]),
                m20::norm_gradcheck(&[0.392, 0.59, 0.6, 1.05, 0.695]).is_ok(),
            )
        },
    );
    same(
        "m21",
        || {
            (
                o167::ahead(&[1.07, 0.452, 0.603, 0.885, 1.096]),
                o167::ahead_grad(&[1.07, 0.452, 0.603, 0.885, 1.096]),
                o167::ahead_gradcheck(&[1.07, 0.452, 0.603, 0.885, 1.096]).is_ok(),
            )
        },
        || {
            (
                m21::ahead(&[1.07, 0.452, 0.603, 0.885, 1.096]),
                m21::ahead_grad(&[1.07, 0.452, 0.603, 0.885, 1.096]),
                m21::ahead_gradcheck(&[1.07, 0.452, 0.603, 0.885, 1.096]).is_ok(),
            )
        },
    );
    same(
        "m21",
        || {
            (
                o167::ahead(&[0.706, 0.503, 0.409, 0.777, 0.472]),
                o167::ahead_grad(&[0.706, 0.503, 0.409, 0.777, 0.472]),
                o167::ahead_gradcheck(&[0.706, 0.503, 0.409, 0.777, 0.472]).is_ok(),
            )
        },
        || {
            (
                m21::ahead(&[0.706, 0.503, 0.409, 0.777, 0.472]),
                m21::ahead_grad(&[0.706, 0.503, 0.409, 0.777, 0.472]),
                m21::ahead_gradcheck(&[0.706, 0.503, 0.409, 0.777, 0.472]).is_ok(),
            )
        },
    );
    same(
        "m22",
        || {
            (
                o166::gapped(&[1.026, 1.055, 0.465, 0.551, 1.027]),
                o166::gapped_grad(&[1.026, 1.055, 0.465, 0.551, 1.027]),
                o166::gapped_gradcheck(&[1.026, 1.055, 0.465, 0.551, 1.027]).is_ok(),
            )
        },
        || {
            (
                m22::gapped(&[1.026, 1.055, 0.465, 0.551, 1.027]),
                m22::gapped_grad(&[1.026, 1.055, 0.465, 0.551, 1.027]),
                m22::gapped_gradcheck(&[1.026, 1.055, 0.465, 0.551, 1.027]).is_ok(),
            )
        },
    );
    same(
        "m22",
        || {
            (
                o166::gapped(&[0.878, 1.026, 0.611, 0.417, 0.563]),
                o166::gapped_grad(&[0.878, 1.026, 0.611, 0.417, 0.563]),
                o166::gapped_gradcheck(&[0.878, 1.026, 0.611, 0.417, 0.563]).is_ok(),
            )
        },
        || {
            (
                m22::gapped(&[0.878, 1.026, 0.611, 0.417, 0.563]),
                m22::gapped_grad(&[0.878, 1.026, 0.611, 0.417, 0.563]),
                m22::gapped_gradcheck(&[0.878, 1.026, 0.611, 0.417, 0.563]).is_ok(),
            )
        },
    );
    same(
        "m23",
        || {
            (
                o112::rosenbrock64(&[1.014, 0.544, 0.612, 0.675, 0.678]),
                o112::rosenbrock64_grad(&[1.014, 0.544, 0.612, 0.675, 0.678]),
                o112::rosenbrock64_gradcheck(&[1.014, 0.544, 0.612, 0.675, 0.678]).is_ok(),
            )
        },
        || {
            (
                m23::rosenbrock64(&[1.014, 0.544, 0.612, 0.675, 0.678]),
                m23::rosenbrock64_grad(&[1.014, 0.544, 0.612, 0.675, 0.678]),
                m23::rosenbrock64_gradcheck(&[1.014, 0.544, 0.612, 0.675, 0.678]).is_ok(),
            )
        },
    );
    same(
        "m23",
        || {
            (
                o112::rosenbrock64(&[0.669, 1.129, 0.44, 0.304, 1.149]),
                o112::rosenbrock64_grad(&[0.669, 1.129, 0.44, 0.304, 1.149]),
                o112::rosenbrock64_gradcheck(&[0.669, 1.129, 0.44, 0.304, 1.149]).is_ok(),
            )
        },
        || {
            (
                m23::rosenbrock64(&[0.669, 1.129, 0.44, 0.304, 1.149]),
                m23::rosenbrock64_grad(&[0.669, 1.129, 0.44, 0.304, 1.149]),
                m23::rosenbrock64_gradcheck(&[0.669, 1.129, 0.44, 0.304, 1.149]).is_ok(),
            )
        },
    );
    same(
        "m24",
        || {
            (
                o115::write_after_return(1.092),
                o115::write_after_return_grad(1.092),
                o115::write_after_return_gradcheck(1.092).is_ok(),
            )
        },
        || {
            (
                m24::write_after_return(1.092),
                m24::write_after_return_grad(1.092),
                m24::write_after_return_gradcheck(1.092).is_ok(),
            )
        },
    );
    same(
        "m24",
        || {
            (
                o115::write_after_return(1.188),
                o115::write_after_return_grad(1.188),
                o115::write_after_return_gradcheck(1.188).is_ok(),
            )
        },
        || {
            (
                m24::write_after_return(1.188),
                m24::write_after_return_grad(1.188),
                m24::write_after_return_gradcheck(1.188).is_ok(),
            )
        },
    );
    same(
        "m25",
        || {
            (
                o48::horner_backwards(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053),
                o48::horner_backwards_grad(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053),
                o48::horner_backwards_gradcheck(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053).is_ok(),
            )
        },
        || {
            (
                m25::horner_backwards(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053),
                m25::horner_backwards_grad(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053),
                m25::horner_backwards_gradcheck(&[0.691, 1.155, 1.135, 0.5, 0.971], 1.053).is_ok(),
            )
        },
    );
    same(
        "m25",
        || {
            (
                o48::horner_backwards(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361),
                o48::horner_backwards_grad(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361),
                o48::horner_backwards_gradcheck(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361).is_ok(),
            )
        },
        || {
            (
                m25::horner_backwards(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361),
                m25::horner_backwards_grad(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361),
                m25::horner_backwards_gradcheck(&[0.897, 0.767, 0.56, 0.607, 0.505], 0.361).is_ok(),
            )
        },
    );
    same(
        "m26",
        || {
            (
                o87::k_hypot(0.83, 0.558),
                o87::k_hypot_grad(0.83, 0.558),
                o87::k_hypot_gradcheck(0.83, 0.558).is_ok(),
            )
        },
        || {
            (
                m26::k_hypot(0.83, 0.558),
                m26::k_hypot_grad(0.83, 0.558),
                m26::k_hypot_gradcheck(0.83, 0.558).is_ok(),
            )
        },
    );
    same(
        "m26",
        || {
            (
                o87::k_hypot(1.029, 0.341),
                o87::k_hypot_grad(1.029, 0.341),
                o87::k_hypot_gradcheck(1.029, 0.341).is_ok(),
            )
        },
        || {
            (
                m26::k_hypot(1.029, 0.341),
                m26::k_hypot_grad(1.029, 0.341),
                m26::k_hypot_gradcheck(1.029, 0.341).is_ok(),
            )
        },
    );
    same(
        "m27",
        || {
            (
                o74::horner(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]),
                o74::horner_grad(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]),
                o74::horner_gradcheck(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]).is_ok(),
            )
        },
        || {
            (
                m27::horner(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]),
                m27::horner_grad(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]),
                m27::horner_gradcheck(1.113, &[0.924, 1.131, 1.107, 1.11, 0.819]).is_ok(),
            )
        },
    );
    same(
        "m27",
        || {
            (
                o74::horner(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]),
                o74::horner_grad(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]),
                o74::horner_gradcheck(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]).is_ok(),
            )
        },
        || {
            (
                m27::horner(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]),
                m27::horner_grad(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]),
                m27::horner_gradcheck(0.312, &[0.971, 0.455, 0.57, 0.897, 0.772]).is_ok(),
            )
        },
    );
    same(
        "m28",
        || {
            (
                o145::deposit(&[0.672, 1.145, 0.851, 0.607, 0.527]),
                o145::deposit_grad(&[0.672, 1.145, 0.851, 0.607, 0.527]),
                o145::deposit_gradcheck(&[0.672, 1.145, 0.851, 0.607, 0.527]).is_ok(),
            )
        },
        || {
            (
                m28::deposit(&[0.672, 1.145, 0.851, 0.607, 0.527]),
                m28::deposit_grad(&[0.672, 1.145, 0.851, 0.607, 0.527]),
                m28::deposit_gradcheck(&[0.672, 1.145, 0.851, 0.607, 0.527]).is_ok(),
            )
        },
    );
    same(
        "m28",
        || {
            (
                o145::deposit(&[1.075, 0.729, 1.004, 0.617, 0.478]),
                o145::deposit_grad(&[1.075, 0.729, 1.004, 0.617, 0.478]),
                o145::deposit_gradcheck(&[1.075, 0.729, 1.004, 0.617, 0.478]).is_ok(),
            )
        },
        || {
            (
                m28::deposit(&[1.075, 0.729, 1.004, 0.617, 0.478]),
                m28::deposit_grad(&[1.075, 0.729, 1.004, 0.617, 0.478]),
                m28::deposit_gradcheck(&[1.075, 0.729, 1.004, 0.617, 0.478]).is_ok(),
            )
        },
    );
    same(
        "m29",
        || {
            (
                o116::write_through_local_index(0.781),
                o116::write_through_local_index_grad(0.781),
                o116::write_through_local_index_gradcheck(0.781).is_ok(),
            )
        },
        || {
            (
                m29::write_through_local_index(0.781),
                m29::write_through_local_index_grad(0.781),
                m29::write_through_local_index_gradcheck(0.781).is_ok(),
            )
        },
    );
    same(
        "m29",
        || {
            (
                o116::write_through_local_index(1.035),
                o116::write_through_local_index_grad(1.035),
                o116::write_through_local_index_gradcheck(1.035).is_ok(),
            )
        },
        || {
            (
                m29::write_through_local_index(1.035),
                m29::write_through_local_index_grad(1.035),
                m29::write_through_local_index_gradcheck(1.035).is_ok(),
            )
        },
    );
    same(
        "m30",
        || {
            (
                o11::root_scaled(0.454, 1.013),
                o11::root_scaled_grad(0.454, 1.013),
                o11::root_scaled_gradcheck(0.454, 1.013).is_ok(),
            )
        },
        || {
            (
                m30::root_scaled(0.454, 1.013),
                m30::root_scaled_grad(0.454, 1.013),
                m30::root_scaled_gradcheck(0.454, 1.013).is_ok(),
            )
        },
    );
    same(
        "m30",
        || {
            (
                o11::root_scaled(1.13, 1.025),
                o11::root_scaled_grad(1.13, 1.025),
                o11::root_scaled_gradcheck(1.13, 1.025).is_ok(),
            )
        },
        || {
            (
                m30::root_scaled(1.13, 1.025),
                m30::root_scaled_grad(1.13, 1.025),
                m30::root_scaled_gradcheck(1.13, 1.025).is_ok(),
            )
        },
    );
    same(
        "m31",
        || {
            (
                o147::carried_through_costly(&[1.041, 0.307, 0.866, 1.076, 0.345]),
                o147::carried_through_costly_grad(&[1.041, 0.307, 0.866, 1.076, 0.345]),
                o147::carried_through_costly_gradcheck(&[1.041, 0.307, 0.866, 1.076, 0.345])
                    .is_ok(),
            )
        },
        || {
            (
                m31::carried_through_costly(&[1.041, 0.307, 0.866, 1.076, 0.345]),
                m31::carried_through_costly_grad(&[1.041, 0.307, 0.866, 1.076, 0.345]),
                m31::carried_through_costly_gradcheck(&[1.041, 0.307, 0.866, 1.076, 0.345]).is_ok(),
            )
        },
    );
    same(
        "m31",
        || {
            (
                o147::carried_through_costly(&[0.544, 0.542, 0.775, 0.681, 0.726]),
                o147::carried_through_costly_grad(&[0.544, 0.542, 0.775, 0.681, 0.726]),
                o147::carried_through_costly_gradcheck(&[0.544, 0.542, 0.775, 0.681, 0.726])
                    .is_ok(),
            )
        },
        || {
            (
                m31::carried_through_costly(&[0.544, 0.542, 0.775, 0.681, 0.726]),
                m31::carried_through_costly_grad(&[0.544, 0.542, 0.775, 0.681, 0.726]),
                m31::carried_through_costly_gradcheck(&[0.544, 0.542, 0.775, 0.681, 0.726]).is_ok(),
            )
        },
    );
    same(
        "m32",
        || {
            (
                o76::breaks_and_continues(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362),
                o76::breaks_and_continues_grad(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362),
                o76::breaks_and_continues_gradcheck(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362)
                    .is_ok(),
            )
        },
        || {
            (
                m32::breaks_and_continues(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362),
                m32::breaks_and_continues_grad(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362),
                m32::breaks_and_continues_gradcheck(&[0.999, 0.302, 0.349, 0.414, 0.412], 0.362)
                    .is_ok(),
            )
        },
    );
    same(
        "m32",
        || {
            (
                o76::breaks_and_continues(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583),
                o76::breaks_and_continues_grad(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583),
                o76::breaks_and_continues_gradcheck(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583)
                    .is_ok(),
            )
        },
        || {
            (
                m32::breaks_and_continues(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583),
                m32::breaks_and_continues_grad(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583),
                m32::breaks_and_continues_gradcheck(&[1.177, 1.069, 0.378, 0.752, 0.584], 0.583)
                    .is_ok(),
            )
        },
    );
    same(
        "m33",
        || {
            (
                o137::log_sum_exp(&[0.616, 0.882, 0.828, 0.625, 0.472]),
                o137::log_sum_exp_grad(&[0.616, 0.882, 0.828, 0.625, 0.472]),
                o137::log_sum_exp_gradcheck(&[0.616, 0.882, 0.828, 0.625, 0.472]).is_ok(),
            )
        },
        || {
            (
                m33::log_sum_exp(&[0.616, 0.882, 0.828, 0.625, 0.472]),
                m33::log_sum_exp_grad(&[0.616, 0.882, 0.828, 0.625, 0.472]),
                m33::log_sum_exp_gradcheck(&[0.616, 0.882, 0.828, 0.625, 0.472]).is_ok(),
            )
        },
    );
    same(
        "m33",
        || {
            (
                o137::log_sum_exp(&[0.596, 0.411, 0.8, 0.944, 0.642]),
                o137::log_sum_exp_grad(&[0.596, 0.411, 0.8, 0.944, 0.642]),
                o137::log_sum_exp_gradcheck(&[0.596, 0.411, 0.8, 0.944, 0.642]).is_ok(),
            )
        },
        || {
            (
                m33::log_sum_exp(&[0.596, 0.411, 0.8, 0.944, 0.642]),
                m33::log_sum_exp_grad(&[0.596, 0.411, 0.8, 0.944, 0.642]),
                m33::log_sum_exp_gradcheck(&[0.596, 0.411, 0.8, 0.944, 0.642]).is_ok(),
            )
        },
    );
    same(
        "m34",
        || {
            (
                o138::nested_reset(&[0.372, 0.461, 0.636, 0.844, 1.004]),
                o138::nested_reset_grad(&[0.372, 0.461, 0.636, 0.844, 1.004]),
                o138::nested_reset_gradcheck(&[0.372, 0.461, 0.636, 0.844, 1.004]).is_ok(),
            )
        },
        || {
            (
                m34::nested_reset(&[0.372, 0.461, 0.636, 0.844, 1.004]),
                m34::nested_reset_grad(&[0.372, 0.461, 0.636, 0.844, 1.004]),
                m34::nested_reset_gradcheck(&[0.372, 0.461, 0.636, 0.844, 1.004]).is_ok(),
            )
        },
    );
    same(
        "m34",
        || {
            (
                o138::nested_reset(&[0.642, 1.021, 0.861, 0.688, 0.635]),
                o138::nested_reset_grad(&[0.642, 1.021, 0.861, 0.688, 0.635]),
                o138::nested_reset_gradcheck(&[0.642, 1.021, 0.861, 0.688, 0.635]).is_ok(),
            )
        },
        || {
            (
                m34::nested_reset(&[0.642, 1.021, 0.861, 0.688, 0.635]),
                m34::nested_reset_grad(&[0.642, 1.021, 0.861, 0.688, 0.635]),
                m34::nested_reset_gradcheck(&[0.642, 1.021, 0.861, 0.688, 0.635]).is_ok(),
            )
        },
    );
    same(
        "m35",
        || {
            (
                o70::above_and_first(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521),
                o70::above_and_first_grad(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521),
                o70::above_and_first_gradcheck(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521).is_ok(),
            )
        },
        || {
            (
                m35::above_and_first(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521),
                m35::above_and_first_grad(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521),
                m35::above_and_first_gradcheck(&[0.747, 0.933, 0.678, 0.925, 0.715], 0.521).is_ok(),
            )
        },
    );
    same(
        "m35",
        || {
            (
                o70::above_and_first(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092),
                o70::above_and_first_grad(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092),
                o70::above_and_first_gradcheck(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092).is_ok(),
            )
        },
        || {
            (
                m35::above_and_first(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092),
                m35::above_and_first_grad(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092),
                m35::above_and_first_gradcheck(&[0.782, 0.926, 0.364, 0.682, 0.683], 1.092).is_ok(),
            )
        },
    );
    same(
        "m36",
        || {
            (
                o160::qualified_calls(1.143, 0.637),
                o160::qualified_calls_grad(1.143, 0.637),
                o160::qualified_calls_gradcheck(1.143, 0.637).is_ok(),
            )
        },
        || {
            (
                m36::qualified_calls(1.143, 0.637),
                m36::qualified_calls_grad(1.143, 0.637),
                m36::qualified_calls_gradcheck(1.143, 0.637).is_ok(),
            )
        },
    );
    same(
        "m36",
        || {
            (
                o160::qualified_calls(1.108, 1.012),
                o160::qualified_calls_grad(1.108, 1.012),
                o160::qualified_calls_gradcheck(1.108, 1.012).is_ok(),
            )
        },
        || {
            (
                m36::qualified_calls(1.108, 1.012),
                m36::qualified_calls_grad(1.108, 1.012),
                m36::qualified_calls_gradcheck(1.108, 1.012).is_ok(),
            )
        },
    );
    same(
        "m37",
        || {
            (
                o158::stops(0.536),
                o158::stops_grad(0.536),
                o158::stops_gradcheck(0.536).is_ok(),
            )
        },
        || {
            (
                m37::stops(0.536),
                m37::stops_grad(0.536),
                m37::stops_gradcheck(0.536).is_ok(),
            )
        },
    );
    same(
        "m37",
        || {
            (
                o158::stops(0.718),
                o158::stops_grad(0.718),
                o158::stops_gradcheck(0.718).is_ok(),
            )
        },
        || {
            (
                m37::stops(0.718),
                m37::stops_grad(0.718),
                m37::stops_gradcheck(0.718).is_ok(),
            )
        },
    );
    same(
        "m38",
        || {
            (
                o82::k_max(0.411, 1.032),
                o82::k_max_grad(0.411, 1.032),
                o82::k_max_gradcheck(0.411, 1.032).is_ok(),
            )
        },
        || {
            (
                m38::k_max(0.411, 1.032),
                m38::k_max_grad(0.411, 1.032),
                m38::k_max_gradcheck(0.411, 1.032).is_ok(),
            )
        },
    );
    same(
        "m38",
        || {
            (
                o82::k_max(0.896, 1.099),
                o82::k_max_grad(0.896, 1.099),
                o82::k_max_gradcheck(0.896, 1.099).is_ok(),
            )
        },
        || {
            (
                m38::k_max(0.896, 1.099),
                m38::k_max_grad(0.896, 1.099),
                m38::k_max_gradcheck(0.896, 1.099).is_ok(),
            )
        },
    );
    same(
        "m39",
        || {
            (
                o11::root_scaled(1.013, 0.901),
                o11::root_scaled_grad(1.013, 0.901),
                o11::root_scaled_gradcheck(1.013, 0.901).is_ok(),
            )
        },
        || {
            (
                m39::root_scaled(1.013, 0.901),
                m39::root_scaled_grad(1.013, 0.901),
                m39::root_scaled_gradcheck(1.013, 0.901).is_ok(),
            )
        },
    );
    same(
        "m39",
        || {
            (
                o11::root_scaled(0.96, 0.807),
                o11::root_scaled_grad(0.96, 0.807),
                o11::root_scaled_gradcheck(0.96, 0.807).is_ok(),
            )
        },
        || {
            (
                m39::root_scaled(0.96, 0.807),
                m39::root_scaled_grad(0.96, 0.807),
                m39::root_scaled_gradcheck(0.96, 0.807).is_ok(),
            )
        },
    );
    same(
        "m40",
        || {
            (
                o123::plain_overwrites(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34]),
                o123::plain_overwrites_grad(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34]),
                o123::plain_overwrites_gradcheck(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34])
                    .is_ok(),
            )
        },
        || {
            (
                m40::plain_overwrites(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34]),
                m40::plain_overwrites_grad(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34]),
                m40::plain_overwrites_gradcheck(0.393, &[0.829, 0.304, 0.429, 0.997, 0.34]).is_ok(),
            )
        },
    );
    same(
        "m40",
        || {
            (
                o123::plain_overwrites(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057]),
                o123::plain_overwrites_grad(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057]),
                o123::plain_overwrites_gradcheck(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057])
                    .is_ok(),
            )
        },
        || {
            (
                m40::plain_overwrites(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057]),
                m40::plain_overwrites_grad(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057]),
                m40::plain_overwrites_gradcheck(0.383, &[0.389, 1.092, 0.461, 0.321, 1.057])
                    .is_ok(),
            )
        },
    );
    same(
        "m41",
        || {
            (
                o128::hh(0.409),
                o128::hh_grad(0.409),
                o128::hh_gradcheck(0.409).is_ok(),
            )
        },
        || {
            (
                m41::hh(0.409),
                m41::hh_grad(0.409),
                m41::hh_gradcheck(0.409).is_ok(),
            )
        },
    );
    same(
        "m41",
        || {
            (
                o128::hh(1.06),
                o128::hh_grad(1.06),
                o128::hh_gradcheck(1.06).is_ok(),
            )
        },
        || {
            (
                m41::hh(1.06),
                m41::hh_grad(1.06),
                m41::hh_gradcheck(1.06).is_ok(),
            )
        },
    );
    same(
        "m42",
        || {
            (
                o18::swapped_argument_names(0.906, 1.053),
                o18::swapped_argument_names_grad(0.906, 1.053),
                o18::swapped_argument_names_gradcheck(0.906, 1.053).is_ok(),
            )
        },
        || {
            (
                m42::swapped_argument_names(0.906, 1.053),
                m42::swapped_argument_names_grad(0.906, 1.053),
                m42::swapped_argument_names_gradcheck(0.906, 1.053).is_ok(),
            )
        },
    );
    same(
        "m42",
        || {
            (
                o18::swapped_argument_names(1.157, 0.821),
                o18::swapped_argument_names_grad(1.157, 0.821),
                o18::swapped_argument_names_gradcheck(1.157, 0.821).is_ok(),
            )
        },
        || {
            (
                m42::swapped_argument_names(1.157, 0.821),
                m42::swapped_argument_names_grad(1.157, 0.821),
                m42::swapped_argument_names_gradcheck(1.157, 0.821).is_ok(),
            )
        },
    );
    same(
        "m43",
        || {
            (
                o77::step_loops(&[1.019, 0.333, 0.991, 0.76, 0.944]),
                o77::step_loops_grad(&[1.019, 0.333, 0.991, 0.76, 0.944]),
                o77::step_loops_gradcheck(&[1.019, 0.333, 0.991, 0.76, 0.944]).is_ok(),
            )
        },
        || {
            (
                m43::step_loops(&[1.019, 0.333, 0.991, 0.76, 0.944]),
                m43::step_loops_grad(&[1.019, 0.333, 0.991, 0.76, 0.944]),
                m43::step_loops_gradcheck(&[1.019, 0.333, 0.991, 0.76, 0.944]).is_ok(),
            )
        },
    );
    same(
        "m43",
        || {
            (
                o77::step_loops(&[0.396, 0.974, 1.141, 0.355, 0.592]),
                o77::step_loops_grad(&[0.396, 0.974, 1.141, 0.355, 0.592]),
                o77::step_loops_gradcheck(&[0.396, 0.974, 1.141, 0.355, 0.592]).is_ok(),
            )
        },
        || {
            (
                m43::step_loops(&[0.396, 0.974, 1.141, 0.355, 0.592]),
                m43::step_loops_grad(&[0.396, 0.974, 1.141, 0.355, 0.592]),
                m43::step_loops_gradcheck(&[0.396, 0.974, 1.141, 0.355, 0.592]).is_ok(),
            )
        },
    );
    same(
        "m44",
        || {
            (
                o0::mixed(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854),
                o0::mixed_grad(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854),
                o0::mixed_gradcheck(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854).is_ok(),
            )
        },
        || {
            (
                m44::mixed(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854),
                m44::mixed_grad(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854),
                m44::mixed_gradcheck(&[0.808, 1.045, 0.518, 0.462, 0.525], 0.854).is_ok(),
            )
        },
    );
    same(
        "m44",
        || {
            (
                o0::mixed(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676),
                o0::mixed_grad(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676),
                o0::mixed_gradcheck(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676).is_ok(),
            )
        },
        || {
            (
                m44::mixed(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676),
                m44::mixed_grad(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676),
                m44::mixed_gradcheck(&[0.978, 0.654, 0.631, 0.657, 0.615], 0.676).is_ok(),
            )
        },
    );
    same(
        "m45",
        || {
            (
                o138::nested_reset(&[0.375, 0.75, 1.176, 0.672, 0.973]),
                o138::nested_reset_grad(&[0.375, 0.75, 1.176, 0.672, 0.973]),
                o138::nested_reset_gradcheck(&[0.375, 0.75, 1.176, 0.672, 0.973]).is_ok(),
            )
        },
        || {
            (
                m45::nested_reset(&[0.375, 0.75, 1.176, 0.672, 0.973]),
                m45::nested_reset_grad(&[0.375, 0.75, 1.176, 0.672, 0.973]),
                m45::nested_reset_gradcheck(&[0.375, 0.75, 1.176, 0.672, 0.973]).is_ok(),
            )
        },
    );
    same(
        "m45",
        || {
            (
                o138::nested_reset(&[0.445, 0.922, 0.981, 0.906, 0.765]),
                o138::nested_reset_grad(&[0.445, 0.922, 0.981, 0.906, 0.765]),
                o138::nested_reset_gradcheck(&[0.445, 0.922, 0.981, 0.906, 0.765]).is_ok(),
            )
        },
        || {
            (
                m45::nested_reset(&[0.445, 0.922, 0.981, 0.906, 0.765]),
                m45::nested_reset_grad(&[0.445, 0.922, 0.981, 0.906, 0.765]),
                m45::nested_reset_gradcheck(&[0.445, 0.922, 0.981, 0.906, 0.765]).is_ok(),
            )
        },
    );
    same(
        "m46",
        || {
            (
                o107::k_powi_m2(0.735),
                o107::k_powi_m2_grad(0.735),
                o107::k_powi_m2_gradcheck(0.735).is_ok(),
            )
        },
        || {
            (
                m46::k_powi_m2(0.735),
                m46::k_powi_m2_grad(0.735),
                m46::k_powi_m2_gradcheck(0.735).is_ok(),
            )
        },
    );
    same(
        "m46",
        || {
            (
                o107::k_powi_m2(0.879),
                o107::k_powi_m2_grad(0.879),
                o107::k_powi_m2_gradcheck(0.879).is_ok(),
            )
        },
        || {
            (
                m46::k_powi_m2(0.879),
                m46::k_powi_m2_grad(0.879),
                m46::k_powi_m2_gradcheck(0.879).is_ok(),
            )
        },
    );
    same(
        "m47",
        || {
            (
                o18::swapped_argument_names(1.108, 0.434),
                o18::swapped_argument_names_grad(1.108, 0.434),
                o18::swapped_argument_names_gradcheck(1.108, 0.434).is_ok(),
            )
        },
        || {
            (
                m47::swapped_argument_names(1.108, 0.434),
                m47::swapped_argument_names_grad(1.108, 0.434),
                m47::swapped_argument_names_gradcheck(1.108, 0.434).is_ok(),
            )
        },
    );
    same(
        "m47",
        || {
            (
                o18::swapped_argument_names(0.386, 0.973),
                o18::swapped_argument_names_grad(0.386, 0.973),
                o18::swapped_argument_names_gradcheck(0.386, 0.973).is_ok(),
            )
        },
        || {
            (
                m47::swapped_argument_names(0.386, 0.973),
                m47::swapped_argument_names_grad(0.386, 0.973),
                m47::swapped_argument_names_gradcheck(0.386, 0.973).is_ok(),
            )
        },
    );
    same(
        "m48",
        || {
            (
                o31::popped_sum(&[1.125, 0.766, 0.699, 0.947, 0.467]),
                o31::popped_sum_grad(&[1.125, 0.766, 0.699, 0.947, 0.467]),
                o31::popped_sum_gradcheck(&[1.125, 0.766, 0.699, 0.947, 0.467]).is_ok(),
            )
        },
        || {
            (
                m48::popped_sum(&[1.125, 0.766, 0.699, 0.947, 0.467]),
                m48::popped_sum_grad(&[1.125, 0.766, 0.699, 0.947, 0.467]),
                m48::popped_sum_gradcheck(&[1.125, 0.766, 0.699, 0.947, 0.467]).is_ok(),
            )
        },
    );
    same(
        "m48",
        || {
            (
                o31::popped_sum(&[0.541, 0.479, 0.827, 0.583, 0.509]),
                o31::popped_sum_grad(&[0.541, 0.479, 0.827, 0.583, 0.509]),
                o31::popped_sum_gradcheck(&[0.541, 0.479, 0.827, 0.583, 0.509]).is_ok(),
            )
        },
        || {
            (
                m48::popped_sum(&[0.541, 0.479, 0.827, 0.583, 0.509]),
                m48::popped_sum_grad(&[0.541, 0.479, 0.827, 0.583, 0.509]),
                m48::popped_sum_gradcheck(&[0.541, 0.479, 0.827, 0.583, 0.509]).is_ok(),
            )
        },
    );
    same(
        "m49",
        || {
            (
                o81::k_abs(0.922),
                o81::k_abs_grad(0.922),
                o81::k_abs_gradcheck(0.922).is_ok(),
            )
        },
        || {
            (
                m49::k_abs(0.922),
                m49::k_abs_grad(0.922),
                m49::k_abs_gradcheck(0.922).is_ok(),
            )
        },
    );
    same(
        "m49",
        || {
            (
                o81::k_abs(1.158),
                o81::k_abs_grad(1.158),
                o81::k_abs_gradcheck(1.158).is_ok(),
            )
        },
        || {
            (
                m49::k_abs(1.158),
                m49::k_abs_grad(1.158),
                m49::k_abs_gradcheck(1.158).is_ok(),
            )
        },
    );
    same(
        "m50",
        || {
            (
                o36::overwrites(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]),
                o36::overwrites_grad(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]),
                o36::overwrites_gradcheck(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]).is_ok(),
            )
        },
        || {
            (
                m50::overwrites(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]),
                m50::overwrites_grad(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]),
                m50::overwrites_gradcheck(0.566, &[0.935, 0.672, 1.068, 0.826, 0.54]).is_ok(),
            )
        },
    );
    same(
        "m50",
        || {
            (
                o36::overwrites(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]),
                o36::overwrites_grad(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]),
                o36::overwrites_gradcheck(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]).is_ok(),
            )
        },
        || {
            (
                m50::overwrites(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]),
                m50::overwrites_grad(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]),
                m50::overwrites_gradcheck(0.496, &[0.321, 0.732, 0.644, 0.455, 0.624]).is_ok(),
            )
        },
    );
    same(
        "m51",
        || {
            (
                o25::lower_triangle(&[0.59, 0.997, 0.429, 1.192, 0.732]),
                o25::lower_triangle_grad(&[0.59, 0.997, 0.429, 1.192, 0.732]),
                o25::lower_triangle_gradcheck(&[0.59, 0.997, 0.429, 1.192, 0.732]).is_ok(),
            )
        },
        || {
            (
                m51::lower_triangle(&[0.59, 0.997, 0.429, 1.192, 0.732]),
                m51::lower_triangle_grad(&[0.59, 0.997, 0.429, 1.192, 0.732]),
                m51::lower_triangle_gradcheck(&[0.59, 0.997, 0.429, 1.192, 0.732]).is_ok(),
            )
        },
    );
    same(
        "m51",
        || {
            (
                o25::lower_triangle(&[0.839, 0.721, 1.051, 1.039, 0.801]),
                o25::lower_triangle_grad(&[0.839, 0.721, 1.051, 1.039, 0.801]),
                o25::lower_triangle_gradcheck(&[0.839, 0.721, 1.051, 1.039, 0.801]).is_ok(),
            )
        },
        || {
            (
                m51::lower_triangle(&[0.839, 0.721, 1.051, 1.039, 0.801]),
                m51::lower_triangle_grad(&[0.839, 0.721, 1.051, 1.039, 0.801]),
                m51::lower_triangle_gradcheck(&[0.839, 0.721, 1.051, 1.039, 0.801]).is_ok(),
            )
        },
    );
    same(
        "m52",
        || {
            (
                o29::covariance(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                ),
                o29::covariance_grad(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                ),
                o29::covariance_gradcheck(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                )
                .is_ok(),
            )
        },
        || {
            (
                m52::covariance(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                ),
                m52::covariance_grad(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                ),
                m52::covariance_gradcheck(
                    &[0.733, 0.949, 1.071, 0.66, 0.96],
                    &[1.164, 0.721, 0.507, 0.511, 0.946],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m52",
        || {
            (
                o29::covariance(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                ),
                o29::covariance_grad(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                ),
                o29::covariance_gradcheck(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                )
                .is_ok(),
            )
        },
        || {
            (
                m52::covariance(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                ),
                m52::covariance_grad(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                ),
                m52::covariance_gradcheck(
                    &[0.908, 1.163, 1.068, 0.518, 0.471],
                    &[0.533, 0.468, 0.934, 1.073, 1.11],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m53",
        || {
            (
                o144::logistic_mix(&[0.53, 1.079, 0.582, 0.681, 0.956]),
                o144::logistic_mix_grad(&[0.53, 1.079, 0.582, 0.681, 0.956]),
                o144::logistic_mix_gradcheck(&[0.53, 1.079, 0.582, 0.681, 0.956]).is_ok(),
            )
        },
        || {
            (
                m53::logistic_mix(&[0.53, 1.079, 0.582, 0.681, 0.956]),
                m53::logistic_mix_grad(&[0.53, 1.079, 0.582, 0.681, 0.956]),
                m53::logistic_mix_gradcheck(&[0.53, 1.079, 0.582, 0.681, 0.956]).is_ok(),
            )
        },
    );
    same(
        "m53",
        || {
            (
                o144::logistic_mix(&[0.377, 0.383, 1.051, 0.563, 0.621]),
                o144::logistic_mix_grad(&[0.377, 0.383, 1.051, 0.563, 0.621]),
                o144::logistic_mix_gradcheck(&[0.377, 0.383, 1.051, 0.563, 0.621]).is_ok(),
            )
        },
        || {
            (
                m53::logistic_mix(&[0.377, 0.383, 1.051, 0.563, 0.621]),
                m53::logistic_mix_grad(&[0.377, 0.383, 1.051, 0.563, 0.621]),
                m53::logistic_mix_gradcheck(&[0.377, 0.383, 1.051, 0.563, 0.621]).is_ok(),
            )
        },
    );
    same(
        "m54",
        || {
            (
                o25::lower_triangle(&[0.822, 0.908, 0.306, 0.601, 0.693]),
                o25::lower_triangle_grad(&[0.822, 0.908, 0.306, 0.601, 0.693]),
                o25::lower_triangle_gradcheck(&[0.822, 0.908, 0.306, 0.601, 0.693]).is_ok(),
            )
        },
        || {
            (
                m54::lower_triangle(&[0.822, 0.908, 0.306, 0.601, 0.693]),
                m54::lower_triangle_grad(&[0.822, 0.908, 0.306, 0.601, 0.693]),
                m54::lower_triangle_gradcheck(&[0.822, 0.908, 0.306, 0.601, 0.693]).is_ok(),
            )
        },
    );
    same(
        "m54",
        || {
            (
                o25::lower_triangle(&[0.737, 0.489, 0.827, 1.16, 0.652]),
                o25::lower_triangle_grad(&[0.737, 0.489, 0.827, 1.16, 0.652]),
                o25::lower_triangle_gradcheck(&[0.737, 0.489, 0.827, 1.16, 0.652]).is_ok(),
            )
        },
        || {
            (
                m54::lower_triangle(&[0.737, 0.489, 0.827, 1.16, 0.652]),
                m54::lower_triangle_grad(&[0.737, 0.489, 0.827, 1.16, 0.652]),
                m54::lower_triangle_gradcheck(&[0.737, 0.489, 0.827, 1.16, 0.652]).is_ok(),
            )
        },
    );
    same(
        "m55",
        || {
            (
                o165::inclusive(&[0.79, 0.407, 0.547, 0.899, 0.401]),
                o165::inclusive_grad(&[0.79, 0.407, 0.547, 0.899, 0.401]),
                o165::inclusive_gradcheck(&[0.79, 0.407, 0.547, 0.899, 0.401]).is_ok(),
            )
        },
        || {
            (
                m55::inclusive(&[0.79, 0.407, 0.547, 0.899, 0.401]),
                m55::inclusive_grad(&[0.79, 0.407, 0.547, 0.899, 0.401]),
                m55::inclusive_gradcheck(&[0.79, 0.407, 0.547, 0.899, 0.401]).is_ok(),
            )
        },
    );
    same(
        "m55",
        || {
            (
                o165::inclusive(&[1.098, 1.118, 0.387, 1.147, 0.637]),
                o165::inclusive_grad(&[1.098, 1.118, 0.387, 1.147, 0.637]),
                o165::inclusive_gradcheck(&[1.098, 1.118, 0.387, 1.147, 0.637]).is_ok(),
            )
        },
        || {
            (
                m55::inclusive(&[1.098, 1.118, 0.387, 1.147, 0.637]),
                m55::inclusive_grad(&[1.098, 1.118, 0.387, 1.147, 0.637]),
                m55::inclusive_gradcheck(&[1.098, 1.118, 0.387, 1.147, 0.637]).is_ok(),
            )
        },
    );
    same(
        "m56",
        || {
            (
                o64::variance_in_one_pass(&[0.995, 0.982, 0.566, 0.908, 0.889]),
                o64::variance_in_one_pass_grad(&[0.995, 0.982, 0.566, 0.908, 0.889]),
                o64::variance_in_one_pass_gradcheck(&[0.995, 0.982, 0.566, 0.908, 0.889]).is_ok(),
            )
        },
        || {
            (
                m56::variance_in_one_pass(&[0.995, 0.982, 0.566, 0.908, 0.889]),
                m56::variance_in_one_pass_grad(&[0.995, 0.982, 0.566, 0.908, 0.889]),
                m56::variance_in_one_pass_gradcheck(&[0.995, 0.982, 0.566, 0.908, 0.889]).is_ok(),
            )
        },
    );
    same(
        "m56",
        || {
            (
                o64::variance_in_one_pass(&[1.025, 0.539, 0.979, 1.165, 0.906]),
                o64::variance_in_one_pass_grad(&[1.025, 0.539, 0.979, 1.165, 0.906]),
                o64::variance_in_one_pass_gradcheck(&[1.025, 0.539, 0.979, 1.165, 0.906]).is_ok(),
            )
        },
        || {
            (
                m56::variance_in_one_pass(&[1.025, 0.539, 0.979, 1.165, 0.906]),
                m56::variance_in_one_pass_grad(&[1.025, 0.539, 0.979, 1.165, 0.906]),
                m56::variance_in_one_pass_gradcheck(&[1.025, 0.539, 0.979, 1.165, 0.906]).is_ok(),
            )
        },
    );
    same(
        "m57",
        || {
            (
                o142::branches_and_elements(&[0.783, 0.402, 0.744, 0.617, 0.946]),
                o142::branches_and_elements_grad(&[0.783, 0.402, 0.744, 0.617, 0.946]),
                o142::branches_and_elements_gradcheck(&[0.783, 0.402, 0.744, 0.617, 0.946]).is_ok(),
            )
        },
        || {
            (
                m57::branches_and_elements(&[0.783, 0.402, 0.744, 0.617, 0.946]),
                m57::branches_and_elements_grad(&[0.783, 0.402, 0.744, 0.617, 0.946]),
                m57::branches_and_elements_gradcheck(&[0.783, 0.402, 0.744, 0.617, 0.946]).is_ok(),
            )
        },
    );
    same(
        "m57",
        || {
            (
                o142::branches_and_elements(&[0.911, 0.81, 0.464, 0.881, 0.868]),
                o142::branches_and_elements_grad(&[0.911, 0.81, 0.464, 0.881, 0.868]),
                o142::branches_and_elements_gradcheck(&[0.911, 0.81, 0.464, 0.881, 0.868]).is_ok(),
            )
        },
        || {
            (
                m57::branches_and_elements(&[0.911, 0.81, 0.464, 0.881, 0.868]),
                m57::branches_and_elements_grad(&[0.911, 0.81, 0.464, 0.881, 0.868]),
                m57::branches_and_elements_gradcheck(&[0.911, 0.81, 0.464, 0.881, 0.868]).is_ok(),
            )
        },
    );
    same(
        "m58",
        || {
            (
                o132::index_after_value(&[0.461, 1.101, 0.89, 0.411, 1.139]),
                o132::index_after_value_grad(&[0.461, 1.101, 0.89, 0.411, 1.139]),
                o132::index_after_value_gradcheck(&[0.461, 1.101, 0.89, 0.411, 1.139]).is_ok(),
            )
        },
        || {
            (
                m58::index_after_value(&[0.461, 1.101, 0.89, 0.411, 1.139]),
                m58::index_after_value_grad(&[0.461, 1.101, 0.89, 0.411, 1.139]),
                m58::index_after_value_gradcheck(&[0.461, 1.101, 0.89, 0.411, 1.139]).is_ok(),
            )
        },
    );
    same(
        "m58",
        || {
            (
                o132::index_after_value(&[0.427, 0.598, 0.948, 0.838, 0.799]),
                o132::index_after_value_grad(&[0.427, 0.598, 0.948, 0.838, 0.799]),
                o132::index_after_value_gradcheck(&[0.427, 0.598, 0.948, 0.838, 0.799]).is_ok(),
            )
        },
        || {
            (
                m58::index_after_value(&[0.427, 0.598, 0.948, 0.838, 0.799]),
                m58::index_after_value_grad(&[0.427, 0.598, 0.948, 0.838, 0.799]),
                m58::index_after_value_gradcheck(&[0.427, 0.598, 0.948, 0.838, 0.799]).is_ok(),
            )
        },
    );
    same(
        "m59",
        || {
            (
                o24::closure_redefined_in_a_branch(0.883, 0.712),
                o24::closure_redefined_in_a_branch_grad(0.883, 0.712),
                o24::closure_redefined_in_a_branch_gradcheck(0.883, 0.712).is_ok(),
            )
        },
        || {
            (
                m59::closure_redefined_in_a_branch(0.883, 0.712),
                m59::closure_redefined_in_a_branch_grad(0.883, 0.712),
                m59::closure_redefined_in_a_branch_gradcheck(0.883, 0.712).is_ok(),
            )
        },
    );
    same(
        "m59",
        || {
            (
                o24::closure_redefined_in_a_branch(0.581, 0.459),
                o24::closure_redefined_in_a_branch_grad(0.581, 0.459),
                o24::closure_redefined_in_a_branch_gradcheck(0.581, 0.459).is_ok(),
            )
        },
        || {
            (
                m59::closure_redefined_in_a_branch(0.581, 0.459),
                m59::closure_redefined_in_a_branch_grad(0.581, 0.459),
                m59::closure_redefined_in_a_branch_gradcheck(0.581, 0.459).is_ok(),
            )
        },
    );
    same(
        "m60",
        || {
            (
                o68::loops_over_elements(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623),
                o68::loops_over_elements_grad(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623),
                o68::loops_over_elements_gradcheck(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623)
                    .is_ok(),
            )
        },
        || {
            (
                m60::loops_over_elements(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623),
                m60::loops_over_elements_grad(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623),
                m60::loops_over_elements_gradcheck(&[0.362, 0.944, 0.979, 0.789, 0.966], 0.623)
                    .is_ok(),
            )
        },
    );
    same(
        "m60",
        || {
            (
                o68::loops_over_elements(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522),
                o68::loops_over_elements_grad(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522),
                o68::loops_over_elements_gradcheck(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522)
                    .is_ok(),
            )
        },
        || {
            (
                m60::loops_over_elements(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522),
                m60::loops_over_elements_grad(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522),
                m60::loops_over_elements_gradcheck(&[0.539, 0.645, 1.085, 0.338, 0.754], 0.522)
                    .is_ok(),
            )
        },
    );
    same(
        "m61",
        || {
            (
                o59::filtered(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995),
                o59::filtered_grad(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995),
                o59::filtered_gradcheck(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995).is_ok(),
            )
        },
        || {
            (
                m61::filtered(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995),
                m61::filtered_grad(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995),
                m61::filtered_gradcheck(&[0.992, 0.619, 0.6, 0.663, 0.787], 0.995).is_ok(),
            )
        },
    );
    same(
        "m61",
        || {
            (
                o59::filtered(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401),
                o59::filtered_grad(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401),
                o59::filtered_gradcheck(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401).is_ok(),
            )
        },
        || {
            (
                m61::filtered(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401),
                m61::filtered_grad(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401),
                m61::filtered_gradcheck(&[0.618, 1.062, 0.401, 0.543, 0.39], 0.401).is_ok(),
            )
        },
    );
    same(
        "m62",
        || {
            (
                o123::plain_overwrites(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969]),
                o123::plain_overwrites_grad(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969]),
                o123::plain_overwrites_gradcheck(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969])
                    .is_ok(),
            )
        },
        || {
            (
                m62::plain_overwrites(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969]),
                m62::plain_overwrites_grad(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969]),
                m62::plain_overwrites_gradcheck(1.001, &[0.955, 0.466, 0.47, 0.675, 0.969]).is_ok(),
            )
        },
    );
    same(
        "m62",
        || {
            (
                o123::plain_overwrites(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474]),
                o123::plain_overwrites_grad(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474]),
                o123::plain_overwrites_gradcheck(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474])
                    .is_ok(),
            )
        },
        || {
            (
                m62::plain_overwrites(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474]),
                m62::plain_overwrites_grad(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474]),
                m62::plain_overwrites_gradcheck(1.034, &[0.974, 0.833, 0.432, 0.659, 0.474])
                    .is_ok(),
            )
        },
    );
    same(
        "m64",
        || {
            (
                o58::literal_ranges(&[0.775, 0.812, 0.482, 0.525, 1.003]),
                o58::literal_ranges_grad(&[0.775, 0.812, 0.482, 0.525, 1.003]),
                o58::literal_ranges_gradcheck(&[0.775, 0.812, 0.482, 0.525, 1.003]).is_ok(),
            )
        },
        || {
            (
                m64::literal_ranges(&[0.775, 0.812, 0.482, 0.525, 1.003]),
                m64::literal_ranges_grad(&[0.775, 0.812, 0.482, 0.525, 1.003]),
                m64::literal_ranges_gradcheck(&[0.775, 0.812, 0.482, 0.525, 1.003]).is_ok(),
            )
        },
    );
    same(
        "m64",
        || {
            (
                o58::literal_ranges(&[0.327, 1.023, 1.102, 1.154, 0.645]),
                o58::literal_ranges_grad(&[0.327, 1.023, 1.102, 1.154, 0.645]),
                o58::literal_ranges_gradcheck(&[0.327, 1.023, 1.102, 1.154, 0.645]).is_ok(),
            )
        },
        || {
            (
                m64::literal_ranges(&[0.327, 1.023, 1.102, 1.154, 0.645]),
                m64::literal_ranges_grad(&[0.327, 1.023, 1.102, 1.154, 0.645]),
                m64::literal_ranges_gradcheck(&[0.327, 1.023, 1.102, 1.154, 0.645]).is_ok(),
            )
        },
    );
    same(
        "m65",
        || {
            (
                o159::conversions(0.797),
                o159::conversions_grad(0.797),
                o159::conversions_gradcheck(0.797).is_ok(),
            )
        },
        || {
            (
                m65::conversions(0.797),
                m65::conversions_grad(0.797),
                m65::conversions_gradcheck(0.797).is_ok(),
            )
        },
    );
    same(
        "m65",
        || {
            (
                o159::conversions(0.825),
                o159::conversions_grad(0.825),
                o159::conversions_gradcheck(0.825).is_ok(),
            )
        },
        || {
            (
                m65::conversions(0.825),
                m65::conversions_grad(0.825),
                m65::conversions_gradcheck(0.825).is_ok(),
            )
        },
    );
    same(
        "m67",
        || {
            (
                o115::write_after_return(0.87),
                o115::write_after_return_grad(0.87),
                o115::write_after_return_gradcheck(0.87).is_ok(),
            )
        },
        || {
            (
                m67::write_after_return(0.87),
                m67::write_after_return_grad(0.87),
                m67::write_after_return_gradcheck(0.87).is_ok(),
            )
        },
    );
    same(
        "m67",
        || {
            (
                o115::write_after_return(1.179),
                o115::write_after_return_grad(1.179),
                o115::write_after_return_gradcheck(1.179).is_ok(),
            )
        },
        || {
            (
                m67::write_after_return(1.179),
                m67::write_after_return_grad(1.179),
                m67::write_after_return_gradcheck(1.179).is_ok(),
            )
        },
    );
    same(
        "m68",
        || {
            (
                o111::passes_nan(&[0.918, 0.569, 1.074, 0.736, 0.841]),
                o111::passes_nan_grad(&[0.918, 0.569, 1.074, 0.736, 0.841]),
                o111::passes_nan_gradcheck(&[0.918, 0.569, 1.074, 0.736, 0.841]).is_ok(),
            )
        },
        || {
            (
                m68::passes_nan(&[0.918, 0.569, 1.074, 0.736, 0.841]),
                m68::passes_nan_grad(&[0.918, 0.569, 1.074, 0.736, 0.841]),
                m68::passes_nan_gradcheck(&[0.918, 0.569, 1.074, 0.736, 0.841]).is_ok(),
            )
        },
    );
    same(
        "m68",
        || {
            (
                o111::passes_nan(&[0.954, 0.302, 0.993, 0.896, 0.743]),
                o111::passes_nan_grad(&[0.954, 0.302, 0.993, 0.896, 0.743]),
                o111::passes_nan_gradcheck(&[0.954, 0.302, 0.993, 0.896, 0.743]).is_ok(),
            )
        },
        || {
            (
                m68::passes_nan(&[0.954, 0.302, 0.993, 0.896, 0.743]),
                m68::passes_nan_grad(&[0.954, 0.302, 0.993, 0.896, 0.743]),
                m68::passes_nan_gradcheck(&[0.954, 0.302, 0.993, 0.896, 0.743]).is_ok(),
            )
        },
    );
    same(
        "m70",
        || {
            (
                o19::swapped_zip_names(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                ),
                o19::swapped_zip_names_grad(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                ),
                o19::swapped_zip_names_gradcheck(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                )
                .is_ok(),
            )
        },
        || {
            (
                m70::swapped_zip_names(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                ),
                m70::swapped_zip_names_grad(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                ),
                m70::swapped_zip_names_gradcheck(
                    &[0.771, 0.714, 0.474, 0.777, 0.333],
                    &[0.75, 0.881, 0.7, 0.809, 1.163],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m70",
        || {
            (
                o19::swapped_zip_names(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                ),
                o19::swapped_zip_names_grad(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                ),
                o19::swapped_zip_names_gradcheck(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                )
                .is_ok(),
            )
        },
        || {
            (
                m70::swapped_zip_names(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                ),
                m70::swapped_zip_names_grad(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                ),
                m70::swapped_zip_names_gradcheck(
                    &[1.103, 0.422, 1.013, 0.861, 0.346],
                    &[0.624, 0.51, 0.37, 0.785, 1.137],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m71",
        || {
            (
                o115::write_after_return(0.591),
                o115::write_after_return_grad(0.591),
                o115::write_after_return_gradcheck(0.591).is_ok(),
            )
        },
        || {
            (
                m71::write_after_return(0.591),
                m71::write_after_return_grad(0.591),
                m71::write_after_return_gradcheck(0.591).is_ok(),
            )
        },
    );
    same(
        "m71",
        || {
            (
                o115::write_after_return(1.083),
                o115::write_after_return_grad(1.083),
                o115::write_after_return_gradcheck(1.083).is_ok(),
            )
        },
        || {
            (
                m71::write_after_return(1.083),
                m71::write_after_return_grad(1.083),
                m71::write_after_return_gradcheck(1.083).is_ok(),
            )
        },
    );
    same(
        "m72",
        || {
            (
                o172::energy(0.925, 0.421),
                o172::energy_grad(0.925, 0.421),
                o172::energy_gradcheck(0.925, 0.421).is_ok(),
            )
        },
        || {
            (
                m72::energy(0.925, 0.421),
                m72::energy_grad(0.925, 0.421),
                m72::energy_gradcheck(0.925, 0.421).is_ok(),
            )
        },
    );
    same(
        "m72",
        || {
            (
                o172::energy(1.072, 0.841),
                o172::energy_grad(1.072, 0.841),
                o172::energy_gradcheck(1.072, 0.841).is_ok(),
            )
        },
        || {
            (
                m72::energy(1.072, 0.841),
                m72::energy_grad(1.072, 0.841),
                m72::energy_gradcheck(1.072, 0.841).is_ok(),
            )
        },
    );
    same(
        "m74",
        || {
            (
                o45::late_scratch(&[1.134, 0.944, 0.966, 0.609, 1.026]),
                o45::late_scratch_grad(&[1.134, 0.944, 0.966, 0.609, 1.026]),
                o45::late_scratch_gradcheck(&[1.134, 0.944, 0.966, 0.609, 1.026]).is_ok(),
            )
        },
        || {
            (
                m74::late_scratch(&[1.134, 0.944, 0.966, 0.609, 1.026]),
                m74::late_scratch_grad(&[1.134, 0.944, 0.966, 0.609, 1.026]),
                m74::late_scratch_gradcheck(&[1.134, 0.944, 0.966, 0.609, 1.026]).is_ok(),
            )
        },
    );
    same(
        "m74",
        || {
            (
                o45::late_scratch(&[1.139, 1.075, 0.693, 0.981, 0.737]),
                o45::late_scratch_grad(&[1.139, 1.075, 0.693, 0.981, 0.737]),
                o45::late_scratch_gradcheck(&[1.139, 1.075, 0.693, 0.981, 0.737]).is_ok(),
            )
        },
        || {
            (
                m74::late_scratch(&[1.139, 1.075, 0.693, 0.981, 0.737]),
                m74::late_scratch_grad(&[1.139, 1.075, 0.693, 0.981, 0.737]),
                m74::late_scratch_gradcheck(&[1.139, 1.075, 0.693, 0.981, 0.737]).is_ok(),
            )
        },
    );
    same(
        "m75",
        || {
            (
                o107::k_powi_m2(0.398),
                o107::k_powi_m2_grad(0.398),
                o107::k_powi_m2_gradcheck(0.398).is_ok(),
            )
        },
        || {
            (
                m75::k_powi_m2(0.398),
                m75::k_powi_m2_grad(0.398),
                m75::k_powi_m2_gradcheck(0.398).is_ok(),
            )
        },
    );
    same(
        "m75",
        || {
            (
                o107::k_powi_m2(0.338),
                o107::k_powi_m2_grad(0.338),
                o107::k_powi_m2_gradcheck(0.338).is_ok(),
            )
        },
        || {
            (
                m75::k_powi_m2(0.338),
                m75::k_powi_m2_grad(0.338),
                m75::k_powi_m2_gradcheck(0.338).is_ok(),
            )
        },
    );
    same(
        "m76",
        || {
            (
                o123::plain_overwrites(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]),
                o123::plain_overwrites_grad(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]),
                o123::plain_overwrites_gradcheck(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]).is_ok(),
            )
        },
        || {
            (
                m76::plain_overwrites(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]),
                m76::plain_overwrites_grad(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]),
                m76::plain_overwrites_gradcheck(0.37, &[0.48, 0.445, 0.747, 0.929, 0.784]).is_ok(),
            )
        },
    );
    same(
        "m76",
        || {
            (
                o123::plain_overwrites(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661]),
                o123::plain_overwrites_grad(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661]),
                o123::plain_overwrites_gradcheck(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661])
                    .is_ok(),
            )
        },
        || {
            (
                m76::plain_overwrites(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661]),
                m76::plain_overwrites_grad(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661]),
                m76::plain_overwrites_gradcheck(0.68, &[0.884, 0.574, 0.718, 0.981, 0.661]).is_ok(),
            )
        },
    );
    same(
        "m77",
        || {
            (
                o141::overwritten_by_itself(&[0.463, 1.109, 0.948, 0.63, 0.634]),
                o141::overwritten_by_itself_grad(&[0.463, 1.109, 0.948, 0.63, 0.634]),
                o141::overwritten_by_itself_gradcheck(&[0.463, 1.109, 0.948, 0.63, 0.634]).is_ok(),
            )
        },
        || {
            (
                m77::overwritten_by_itself(&[0.463, 1.109, 0.948, 0.63, 0.634]),
                m77::overwritten_by_itself_grad(&[0.463, 1.109, 0.948, 0.63, 0.634]),
                m77::overwritten_by_itself_gradcheck(&[0.463, 1.109, 0.948, 0.63, 0.634]).is_ok(),
            )
        },
    );
    same(
        "m77",
        || {
            (
                o141::overwritten_by_itself(&[0.776, 0.837, 0.501, 0.302, 0.488]),
                o141::overwritten_by_itself_grad(&[0.776, 0.837, 0.501, 0.302, 0.488]),
                o141::overwritten_by_itself_gradcheck(&[0.776, 0.837, 0.501, 0.302, 0.488]).is_ok(),
            )
        },
        || {
            (
                m77::overwritten_by_itself(&[0.776, 0.837, 0.501, 0.302, 0.488]),
                m77::overwritten_by_itself_grad(&[0.776, 0.837, 0.501, 0.302, 0.488]),
                m77::overwritten_by_itself_gradcheck(&[0.776, 0.837, 0.501, 0.302, 0.488]).is_ok(),
            )
        },
    );
    same(
        "m78",
        || {
            (
                o69::max_and_product(&[1.005, 0.429, 0.714, 0.476, 0.488]),
                o69::max_and_product_grad(&[1.005, 0.429, 0.714, 0.476, 0.488]),
                o69::max_and_product_gradcheck(&[1.005, 0.429, 0.714, 0.476, 0.488]).is_ok(),
            )
        },
        || {
            (
                m78::max_and_product(&[1.005, 0.429, 0.714, 0.476, 0.488]),
                m78::max_and_product_grad(&[1.005, 0.429, 0.714, 0.476, 0.488]),
                m78::max_and_product_gradcheck(&[1.005, 0.429, 0.714, 0.476, 0.488]).is_ok(),
            )
        },
    );
    same(
        "m78",
        || {
            (
                o69::max_and_product(&[0.454, 0.663, 0.451, 0.325, 0.399]),
                o69::max_and_product_grad(&[0.454, 0.663, 0.451, 0.325, 0.399]),
                o69::max_and_product_gradcheck(&[0.454, 0.663, 0.451, 0.325, 0.399]).is_ok(),
            )
        },
        || {
            (
                m78::max_and_product(&[0.454, 0.663, 0.451, 0.325, 0.399]),
                m78::max_and_product_grad(&[0.454, 0.663, 0.451, 0.325, 0.399]),
                m78::max_and_product_gradcheck(&[0.454, 0.663, 0.451, 0.325, 0.399]).is_ok(),
            )
        },
    );
    same(
        "m79",
        || {
            (
                o129::kk(0.451, 0.741),
                o129::kk_grad(0.451, 0.741),
                o129::kk_gradcheck(0.451, 0.741).is_ok(),
            )
        },
        || {
            (
                m79::kk(0.451, 0.741),
                m79::kk_grad(0.451, 0.741),
                m79::kk_gradcheck(0.451, 0.741).is_ok(),
            )
        },
    );
    same(
        "m79",
        || {
            (
                o129::kk(0.354, 0.32),
                o129::kk_grad(0.354, 0.32),
                o129::kk_gradcheck(0.354, 0.32).is_ok(),
            )
        },
        || {
            (
                m79::kk(0.354, 0.32),
                m79::kk_grad(0.354, 0.32),
                m79::kk_gradcheck(0.354, 0.32).is_ok(),
            )
        },
    );
    same(
        "m80",
        || {
            (
                o138::nested_reset(&[0.703, 0.667, 0.933, 0.346, 0.663]),
                o138::nested_reset_grad(&[0.703, 0.667, 0.933, 0.346, 0.663]),
                o138::nested_reset_gradcheck(&[0.703, 0.667, 0.933, 0.346, 0.663]).is_ok(),
            )
        },
        || {
            (
                m80::nested_reset(&[0.703, 0.667, 0.933, 0.346, 0.663]),
                m80::nested_reset_grad(&[0.703, 0.667, 0.933, 0.346, 0.663]),
                m80::nested_reset_gradcheck(&[0.703, 0.667, 0.933, 0.346, 0.663]).is_ok(),
            )
        },
    );
    same(
        "m80",
        || {
            (
                o138::nested_reset(&[0.657, 0.324, 1.169, 0.497, 0.385]),
                o138::nested_reset_grad(&[0.657, 0.324, 1.169, 0.497, 0.385]),
                o138::nested_reset_gradcheck(&[0.657, 0.324, 1.169, 0.497, 0.385]).is_ok(),
            )
        },
        || {
            (
                m80::nested_reset(&[0.657, 0.324, 1.169, 0.497, 0.385]),
                m80::nested_reset_grad(&[0.657, 0.324, 1.169, 0.497, 0.385]),
                m80::nested_reset_gradcheck(&[0.657, 0.324, 1.169, 0.497, 0.385]).is_ok(),
            )
        },
    );
    same(
        "m81",
        || {
            (
                o38::sum_of_squares(&[0.727, 0.448, 0.86, 0.612, 0.412]),
                o38::sum_of_squares_grad(&[0.727, 0.448, 0.86, 0.612, 0.412]),
                o38::sum_of_squares_gradcheck(&[0.727, 0.448, 0.86, 0.612, 0.412]).is_ok(),
            )
        },
        || {
            (
                m81::sum_of_squares(&[0.727, 0.448, 0.86, 0.612, 0.412]),
                m81::sum_of_squares_grad(&[0.727, 0.448, 0.86, 0.612, 0.412]),
                m81::sum_of_squares_gradcheck(&[0.727, 0.448, 0.86, 0.612, 0.412]).is_ok(),
            )
        },
    );
    same(
        "m81",
        || {
            (
                o38::sum_of_squares(&[0.347, 0.955, 0.548, 1.009, 0.719]),
                o38::sum_of_squares_grad(&[0.347, 0.955, 0.548, 1.009, 0.719]),
                o38::sum_of_squares_gradcheck(&[0.347, 0.955, 0.548, 1.009, 0.719]).is_ok(),
            )
        },
        || {
            (
                m81::sum_of_squares(&[0.347, 0.955, 0.548, 1.009, 0.719]),
                m81::sum_of_squares_grad(&[0.347, 0.955, 0.548, 1.009, 0.719]),
                m81::sum_of_squares_gradcheck(&[0.347, 0.955, 0.548, 1.009, 0.719]).is_ok(),
            )
        },
    );
    same(
        "m82",
        || {
            (
                o144::logistic_mix(&[1.14, 0.57, 0.525, 0.539, 1.033]),
                o144::logistic_mix_grad(&[1.14, 0.57, 0.525, 0.539, 1.033]),
                o144::logistic_mix_gradcheck(&[1.14, 0.57, 0.525, 0.539, 1.033]).is_ok(),
            )
        },
        || {
            (
                m82::logistic_mix(&[1.14, 0.57, 0.525, 0.539, 1.033]),
                m82::logistic_mix_grad(&[1.14, 0.57, 0.525, 0.539, 1.033]),
                m82::logistic_mix_gradcheck(&[1.14, 0.57, 0.525, 0.539, 1.033]).is_ok(),
            )
        },
    );
    same(
        "m82",
        || {
            (
                o144::logistic_mix(&[0.866, 0.61, 0.384, 0.914, 1.172]),
                o144::logistic_mix_grad(&[0.866, 0.61, 0.384, 0.914, 1.172]),
                o144::logistic_mix_gradcheck(&[0.866, 0.61, 0.384, 0.914, 1.172]).is_ok(),
            )
        },
        || {
            (
                m82::logistic_mix(&[0.866, 0.61, 0.384, 0.914, 1.172]),
                m82::logistic_mix_grad(&[0.866, 0.61, 0.384, 0.914, 1.172]),
                m82::logistic_mix_gradcheck(&[0.866, 0.61, 0.384, 0.914, 1.172]).is_ok(),
            )
        },
    );
    same(
        "m83",
        || {
            (
                o45::late_scratch(&[0.833, 0.303, 0.327, 0.381, 0.453]),
                o45::late_scratch_grad(&[0.833, 0.303, 0.327, 0.381, 0.453]),
                o45::late_scratch_gradcheck(&[0.833, 0.303, 0.327, 0.381, 0.453]).is_ok(),
            )
        },
        || {
            (
                m83::late_scratch(&[0.833, 0.303, 0.327, 0.381, 0.453]),
                m83::late_scratch_grad(&[0.833, 0.303, 0.327, 0.381, 0.453]),
                m83::late_scratch_gradcheck(&[0.833, 0.303, 0.327, 0.381, 0.453]).is_ok(),
            )
        },
    );
    same(
        "m83",
        || {
            (
                o45::late_scratch(&[0.333, 0.349, 0.889, 1.11, 0.481]),
                o45::late_scratch_grad(&[0.333, 0.349, 0.889, 1.11, 0.481]),
                o45::late_scratch_gradcheck(&[0.333, 0.349, 0.889, 1.11, 0.481]).is_ok(),
            )
        },
        || {
            (
                m83::late_scratch(&[0.333, 0.349, 0.889, 1.11, 0.481]),
                m83::late_scratch_grad(&[0.333, 0.349, 0.889, 1.11, 0.481]),
                m83::late_scratch_gradcheck(&[0.333, 0.349, 0.889, 1.11, 0.481]).is_ok(),
            )
        },
    );
    same(
        "m84",
        || {
            (
                o127::short_circuit(1.176, 0.729),
                o127::short_circuit_grad(1.176, 0.729),
                o127::short_circuit_gradcheck(1.176, 0.729).is_ok(),
            )
        },
        || {
            (
                m84::short_circuit(1.176, 0.729),
                m84::short_circuit_grad(1.176, 0.729),
                m84::short_circuit_gradcheck(1.176, 0.729).is_ok(),
            )
        },
    );
    same(
        "m84",
        || {
            (
                o127::short_circuit(1.023, 1.126),
                o127::short_circuit_grad(1.023, 1.126),
                o127::short_circuit_gradcheck(1.023, 1.126).is_ok(),
            )
        },
        || {
            (
                m84::short_circuit(1.023, 1.126),
                m84::short_circuit_grad(1.023, 1.126),
                m84::short_circuit_gradcheck(1.023, 1.126).is_ok(),
            )
        },
    );
    same(
        "m85",
        || {
            (
                o27::until_negative_pair(&[1.146, 0.331, 0.574, 0.846, 1.152]),
                o27::until_negative_pair_grad(&[1.146, 0.331, 0.574, 0.846, 1.152]),
                o27::until_negative_pair_gradcheck(&[1.146, 0.331, 0.574, 0.846, 1.152]).is_ok(),
            )
        },
        || {
            (
                m85::until_negative_pair(&[1.146, 0.331, 0.574, 0.846, 1.152]),
                m85::until_negative_pair_grad(&[1.146, 0.331, 0.574, 0.846, 1.152]),
                m85::until_negative_pair_gradcheck(&[1.146, 0.331, 0.574, 0.846, 1.152]).is_ok(),
            )
        },
    );
    same(
        "m85",
        || {
            (
                o27::until_negative_pair(&[0.379, 0.564, 1.065, 0.403, 0.651]),
                o27::until_negative_pair_grad(&[0.379, 0.564, 1.065, 0.403, 0.651]),
                o27::until_negative_pair_gradcheck(&[0.379, 0.564, 1.065, 0.403, 0.651]).is_ok(),
            )
        },
        || {
            (
                m85::until_negative_pair(&[0.379, 0.564, 1.065, 0.403, 0.651]),
                m85::until_negative_pair_grad(&[0.379, 0.564, 1.065, 0.403, 0.651]),
                m85::until_negative_pair_gradcheck(&[0.379, 0.564, 1.065, 0.403, 0.651]).is_ok(),
            )
        },
    );
    same(
        "m86",
        || {
            (
                o160::qualified_calls(0.601, 0.912),
                o160::qualified_calls_grad(0.601, 0.912),
                o160::qualified_calls_gradcheck(0.601, 0.912).is_ok(),
            )
        },
        || {
            (
                m86::qualified_calls(0.601, 0.912),
                m86::qualified_calls_grad(0.601, 0.912),
                m86::qualified_calls_gradcheck(0.601, 0.912).is_ok(),
            )
        },
    );
    same(
        "m86",
        || {
            (
                o160::qualified_calls(1.136, 0.457),
                o160::qualified_calls_grad(1.136, 0.457),
                o160::qualified_calls_gradcheck(1.136, 0.457).is_ok(),
            )
        },
        || {
            (
                m86::qualified_calls(1.136, 0.457),
                m86::qualified_calls_grad(1.136, 0.457),
                m86::qualified_calls_gradcheck(1.136, 0.457).is_ok(),
            )
        },
    );
    same(
        "m87",
        || {
            (
                o54::ranges(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                ),
                o54::ranges_grad(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                ),
                o54::ranges_gradcheck(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                )
                .is_ok(),
            )
        },
        || {
            (
                m87::ranges(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                ),
                m87::ranges_grad(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                ),
                m87::ranges_gradcheck(
                    &[0.966, 0.961, 1.052, 0.798, 1.131],
                    &[0.627, 0.673, 0.506, 1.002, 0.733],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m87",
        || {
            (
                o54::ranges(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                ),
                o54::ranges_grad(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                ),
                o54::ranges_gradcheck(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                )
                .is_ok(),
            )
        },
        || {
            (
                m87::ranges(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                ),
                m87::ranges_grad(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                ),
                m87::ranges_gradcheck(
                    &[0.543, 0.453, 0.949, 0.845, 0.94],
                    &[0.648, 0.738, 0.439, 0.94, 0.321],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m88",
        || {
            (
                o28::damped_cosine(0.72),
                o28::damped_cosine_grad(0.72),
                o28::damped_cosine_gradcheck(0.72).is_ok(),
            )
        },
        || {
            (
                m88::damped_cosine(0.72),
                m88::damped_cosine_grad(0.72),
                m88::damped_cosine_gradcheck(0.72).is_ok(),
            )
        },
    );
    same(
        "m88",
        || {
            (
                o28::damped_cosine(0.983),
                o28::damped_cosine_grad(0.983),
                o28::damped_cosine_gradcheck(0.983).is_ok(),
            )
        },
        || {
            (
                m88::damped_cosine(0.983),
                m88::damped_cosine_grad(0.983),
                m88::damped_cosine_gradcheck(0.983).is_ok(),
            )
        },
    );
    same(
        "m89",
        || {
            (
                o19::swapped_zip_names(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                ),
                o19::swapped_zip_names_grad(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                ),
                o19::swapped_zip_names_gradcheck(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                )
                .is_ok(),
            )
        },
        || {
            (
                m89::swapped_zip_names(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                ),
                m89::swapped_zip_names_grad(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                ),
                m89::swapped_zip_names_gradcheck(
                    &[0.91, 0.387, 0.513, 1.059, 0.878],
                    &[1.091, 1.085, 0.705, 1.107, 0.96],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m89",
        || {
            (
                o19::swapped_zip_names(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                ),
                o19::swapped_zip_names_grad(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                ),
                o19::swapped_zip_names_gradcheck(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                )
                .is_ok(),
            )
        },
        || {
            (
                m89::swapped_zip_names(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                ),
                m89::swapped_zip_names_grad(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                ),
                m89::swapped_zip_names_gradcheck(
                    &[0.6, 0.633, 0.365, 0.659, 1.16],
                    &[0.394, 0.812, 0.399, 0.373, 0.884],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m90",
        || {
            (
                o177::f(0.517, 0.344),
                o177::f_grad(0.517, 0.344),
                o177::f_gradcheck(0.517, 0.344).is_ok(),
            )
        },
        || {
            (
                m90::f(0.517, 0.344),
                m90::f_grad(0.517, 0.344),
                m90::f_gradcheck(0.517, 0.344).is_ok(),
            )
        },
    );
    same(
        "m90",
        || {
            (
                o177::f(0.437, 0.88),
                o177::f_grad(0.437, 0.88),
                o177::f_gradcheck(0.437, 0.88).is_ok(),
            )
        },
        || {
            (
                m90::f(0.437, 0.88),
                m90::f_grad(0.437, 0.88),
                m90::f_gradcheck(0.437, 0.88).is_ok(),
            )
        },
    );
    same(
        "m91",
        || {
            (
                o183::f(0.827),
                o183::f_grad(0.827),
                o183::f_gradcheck(0.827).is_ok(),
            )
        },
        || {
            (
                m91::f(0.827),
                m91::f_grad(0.827),
                m91::f_gradcheck(0.827).is_ok(),
            )
        },
    );
    same(
        "m91",
        || {
            (
                o183::f(0.31),
                o183::f_grad(0.31),
                o183::f_gradcheck(0.31).is_ok(),
            )
        },
        || {
            (
                m91::f(0.31),
                m91::f_grad(0.31),
                m91::f_gradcheck(0.31).is_ok(),
            )
        },
    );
    same(
        "m92",
        || {
            (
                o16::move_then_reassign(0.507, 1.171),
                o16::move_then_reassign_grad(0.507, 1.171),
                o16::move_then_reassign_gradcheck(0.507, 1.171).is_ok(),
            )
        },
        || {
            (
                m92::move_then_reassign(0.507, 1.171),
                m92::move_then_reassign_grad(0.507, 1.171),
                m92::move_then_reassign_gradcheck(0.507, 1.171).is_ok(),
            )
        },
    );
    same(
        "m92",
        || {
            (
                o16::move_then_reassign(0.498, 0.806),
                o16::move_then_reassign_grad(0.498, 0.806),
                o16::move_then_reassign_gradcheck(0.498, 0.806).is_ok(),
            )
        },
        || {
            (
                m92::move_then_reassign(0.498, 0.806),
                m92::move_then_reassign_grad(0.498, 0.806),
                m92::move_then_reassign_gradcheck(0.498, 0.806).is_ok(),
            )
        },
    );
    same(
        "m93",
        || {
            (
                o124::operand_then_block(0.678, 1.003),
                o124::operand_then_block_grad(0.678, 1.003),
                o124::operand_then_block_gradcheck(0.678, 1.003).is_ok(),
            )
        },
        || {
            (
                m93::operand_then_block(0.678, 1.003),
                m93::operand_then_block_grad(0.678, 1.003),
                m93::operand_then_block_gradcheck(0.678, 1.003).is_ok(),
            )
        },
    );
    same(
        "m93",
        || {
            (
                o124::operand_then_block(0.844, 1.01),
                o124::operand_then_block_grad(0.844, 1.01),
                o124::operand_then_block_gradcheck(0.844, 1.01).is_ok(),
            )
        },
        || {
            (
                m93::operand_then_block(0.844, 1.01),
                m93::operand_then_block_grad(0.844, 1.01),
                m93::operand_then_block_gradcheck(0.844, 1.01).is_ok(),
            )
        },
    );
    same(
        "m94",
        || {
            (
                o121::rem_by(0.782, 0.469),
                o121::rem_by_grad(0.782, 0.469),
                o121::rem_by_gradcheck(0.782, 0.469).is_ok(),
            )
        },
        || {
            (
                m94::rem_by(0.782, 0.469),
                m94::rem_by_grad(0.782, 0.469),
                m94::rem_by_gradcheck(0.782, 0.469).is_ok(),
            )
        },
    );
    same(
        "m94",
        || {
            (
                o121::rem_by(0.46, 0.371),
                o121::rem_by_grad(0.46, 0.371),
                o121::rem_by_gradcheck(0.46, 0.371).is_ok(),
            )
        },
        || {
            (
                m94::rem_by(0.46, 0.371),
                m94::rem_by_grad(0.46, 0.371),
                m94::rem_by_gradcheck(0.46, 0.371).is_ok(),
            )
        },
    );
    same(
        "m95",
        || {
            (
                o117::callee(1.043),
                o117::callee_grad(1.043),
                o117::callee_gradcheck(1.043).is_ok(),
            )
        },
        || {
            (
                m95::callee(1.043),
                m95::callee_grad(1.043),
                m95::callee_gradcheck(1.043).is_ok(),
            )
        },
    );
    same(
        "m95",
        || {
            (
                o117::callee(0.401),
                o117::callee_grad(0.401),
                o117::callee_gradcheck(0.401).is_ok(),
            )
        },
        || {
            (
                m95::callee(0.401),
                m95::callee_grad(0.401),
                m95::callee_gradcheck(0.401).is_ok(),
            )
        },
    );
    same(
        "m96",
        || {
            (
                o57::fold_and_for_each(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719),
                o57::fold_and_for_each_grad(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719),
                o57::fold_and_for_each_gradcheck(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719)
                    .is_ok(),
            )
        },
        || {
            (
                m96::fold_and_for_each(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719),
                m96::fold_and_for_each_grad(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719),
                m96::fold_and_for_each_gradcheck(&[0.322, 1.17, 0.479, 1.104, 0.377], 0.719)
                    .is_ok(),
            )
        },
    );
    same(
        "m96",
        || {
            (
                o57::fold_and_for_each(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085),
                o57::fold_and_for_each_grad(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085),
                o57::fold_and_for_each_gradcheck(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085).is_ok(),
            )
        },
        || {
            (
                m96::fold_and_for_each(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085),
                m96::fold_and_for_each_grad(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085),
                m96::fold_and_for_each_gradcheck(&[0.5, 1.047, 0.854, 0.878, 0.985], 1.085).is_ok(),
            )
        },
    );
    same(
        "m97",
        || {
            (
                o136::mix(0.611, 0.843, 0.701),
                o136::mix_grad(0.611, 0.843, 0.701),
                o136::mix_gradcheck(0.611, 0.843, 0.701).is_ok(),
            )
        },
        || {
            (
                m97::mix(0.611, 0.843, 0.701),
                m97::mix_grad(0.611, 0.843, 0.701),
                m97::mix_gradcheck(0.611, 0.843, 0.701).is_ok(),
            )
        },
    );
    same(
        "m97",
        || {
            (
                o136::mix(0.4, 1.052, 0.835),
                o136::mix_grad(0.4, 1.052, 0.835),
                o136::mix_gradcheck(0.4, 1.052, 0.835).is_ok(),
            )
        },
        || {
            (
                m97::mix(0.4, 1.052, 0.835),
                m97::mix_grad(0.4, 1.052, 0.835),
                m97::mix_gradcheck(0.4, 1.052, 0.835).is_ok(),
            )
        },
    );
    same(
        "m98",
        || {
            (
                o103::k_recip(1.033),
                o103::k_recip_grad(1.033),
                o103::k_recip_gradcheck(1.033).is_ok(),
            )
        },
        || {
            (
                m98::k_recip(1.033),
                m98::k_recip_grad(1.033),
                m98::k_recip_gradcheck(1.033).is_ok(),
            )
        },
    );
    same(
        "m98",
        || {
            (
                o103::k_recip(0.485),
                o103::k_recip_grad(0.485),
                o103::k_recip_gradcheck(0.485).is_ok(),
            )
        },
        || {
            (
                m98::k_recip(0.485),
                m98::k_recip_grad(0.485),
                m98::k_recip_gradcheck(0.485).is_ok(),
            )
        },
    );
    same(
        "m99",
        || {
            (
                o43::softplus(0.785),
                o43::softplus_grad(0.785),
                o43::softplus_gradcheck(0.785).is_ok(),
            )
        },
        || {
            (
                m99::softplus(0.785),
                m99::softplus_grad(0.785),
                m99::softplus_gradcheck(0.785).is_ok(),
            )
        },
    );
    same(
        "m99",
        || {
            (
                o43::softplus(0.718),
                o43::softplus_grad(0.718),
                o43::softplus_gradcheck(0.718).is_ok(),
            )
        },
        || {
            (
                m99::softplus(0.718),
                m99::softplus_grad(0.718),
                m99::softplus_gradcheck(0.718).is_ok(),
            )
        },
    );
    same(
        "m100",
        || {
            (
                o182::f(0.955, 0.37),
                o182::f_grad(0.955, 0.37),
                o182::f_gradcheck(0.955, 0.37).is_ok(),
            )
        },
        || {
            (
                m100::f(0.955, 0.37),
                m100::f_grad(0.955, 0.37),
                m100::f_gradcheck(0.955, 0.37).is_ok(),
            )
        },
    );
    same(
        "m100",
        || {
            (
                o182::f(0.612, 0.736),
                o182::f_grad(0.612, 0.736),
                o182::f_gradcheck(0.612, 0.736).is_ok(),
            )
        },
        || {
            (
                m100::f(0.612, 0.736),
                m100::f_grad(0.612, 0.736),
                m100::f_gradcheck(0.612, 0.736).is_ok(),
            )
        },
    );
    same(
        "m101",
        || {
            (
                o10::dot(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                ),
                o10::dot_grad(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                ),
                o10::dot_gradcheck(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                )
                .is_ok(),
            )
        },
        || {
            (
                m101::dot(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                ),
                m101::dot_grad(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                ),
                m101::dot_gradcheck(
                    &[0.364, 0.797, 0.962, 0.681, 0.884],
                    &[0.845, 0.493, 0.615, 1.196, 0.602],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m101",
        || {
            (
                o10::dot(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                ),
                o10::dot_grad(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                ),
                o10::dot_gradcheck(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                )
                .is_ok(),
            )
        },
        || {
            (
                m101::dot(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                ),
                m101::dot_grad(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                ),
                m101::dot_gradcheck(
                    &[0.688, 0.376, 0.496, 0.449, 1.138],
                    &[0.954, 1.087, 1.188, 0.851, 1.138],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m102",
        || {
            (
                o61::moving_average(&[0.782, 0.677, 1.153, 1.113, 1.155]),
                o61::moving_average_grad(&[0.782, 0.677, 1.153, 1.113, 1.155]),
                o61::moving_average_gradcheck(&[0.782, 0.677, 1.153, 1.113, 1.155]).is_ok(),
            )
        },
        || {
            (
                m102::moving_average(&[0.782, 0.677, 1.153, 1.113, 1.155]),
                m102::moving_average_grad(&[0.782, 0.677, 1.153, 1.113, 1.155]),
                m102::moving_average_gradcheck(&[0.782, 0.677, 1.153, 1.113, 1.155]).is_ok(),
            )
        },
    );
    same(
        "m102",
        || {
            (
                o61::moving_average(&[0.736, 0.996, 0.666, 1.198, 1.128]),
                o61::moving_average_grad(&[0.736, 0.996, 0.666, 1.198, 1.128]),
                o61::moving_average_gradcheck(&[0.736, 0.996, 0.666, 1.198, 1.128]).is_ok(),
            )
        },
        || {
            (
                m102::moving_average(&[0.736, 0.996, 0.666, 1.198, 1.128]),
                m102::moving_average_grad(&[0.736, 0.996, 0.666, 1.198, 1.128]),
                m102::moving_average_gradcheck(&[0.736, 0.996, 0.666, 1.198, 1.128]).is_ok(),
            )
        },
    );
    same(
        "m103",
        || {
            (
                o48::horner_backwards(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565),
                o48::horner_backwards_grad(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565),
                o48::horner_backwards_gradcheck(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565).is_ok(),
            )
        },
        || {
            (
                m103::horner_backwards(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565),
                m103::horner_backwards_grad(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565),
                m103::horner_backwards_gradcheck(&[0.563, 1.141, 0.466, 0.386, 0.95], 0.565)
                    .is_ok(),
            )
        },
    );
    same(
        "m103",
        || {
            (
                o48::horner_backwards(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689),
                o48::horner_backwards_grad(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689),
                o48::horner_backwards_gradcheck(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689)
                    .is_ok(),
            )
        },
        || {
            (
                m103::horner_backwards(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689),
                m103::horner_backwards_grad(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689),
                m103::horner_backwards_gradcheck(&[0.768, 0.875, 0.337, 0.971, 0.548], 0.689)
                    .is_ok(),
            )
        },
    );
    same(
        "m104",
        || {
            (
                o31::popped_sum(&[0.61, 0.968, 0.972, 0.559, 0.393]),
                o31::popped_sum_grad(&[0.61, 0.968, 0.972, 0.559, 0.393]),
                o31::popped_sum_gradcheck(&[0.61, 0.968, 0.972, 0.559, 0.393]).is_ok(),
            )
        },
        || {
            (
                m104::popped_sum(&[0.61, 0.968, 0.972, 0.559, 0.393]),
                m104::popped_sum_grad(&[0.61, 0.968, 0.972, 0.559, 0.393]),
                m104::popped_sum_gradcheck(&[0.61, 0.968, 0.972, 0.559, 0.393]).is_ok(),
            )
        },
    );
    same(
        "m104",
        || {
            (
                o31::popped_sum(&[0.569, 0.67, 0.37, 0.438, 0.986]),
                o31::popped_sum_grad(&[0.569, 0.67, 0.37, 0.438, 0.986]),
                o31::popped_sum_gradcheck(&[0.569, 0.67, 0.37, 0.438, 0.986]).is_ok(),
            )
        },
        || {
            (
                m104::popped_sum(&[0.569, 0.67, 0.37, 0.438, 0.986]),
                m104::popped_sum_grad(&[0.569, 0.67, 0.37, 0.438, 0.986]),
                m104::popped_sum_gradcheck(&[0.569, 0.67, 0.37, 0.438, 0.986]).is_ok(),
            )
        },
    );
    same(
        "m107",
        || {
            (
                o151::softplus_sum(&[0.93, 1.179, 1.182, 1.089, 0.635]),
                o151::softplus_sum_grad(&[0.93, 1.179, 1.182, 1.089, 0.635]),
                o151::softplus_sum_gradcheck(&[0.93, 1.179, 1.182, 1.089, 0.635]).is_ok(),
            )
        },
        || {
            (
                m107::softplus_sum(&[0.93, 1.179, 1.182, 1.089, 0.635]),
                m107::softplus_sum_grad(&[0.93, 1.179, 1.182, 1.089, 0.635]),
                m107::softplus_sum_gradcheck(&[0.93, 1.179, 1.182, 1.089, 0.635]).is_ok(),
            )
        },
    );
    same(
        "m107",
        || {
            (
                o151::softplus_sum(&[0.445, 0.581, 0.717, 0.773, 0.788]),
                o151::softplus_sum_grad(&[0.445, 0.581, 0.717, 0.773, 0.788]),
                o151::softplus_sum_gradcheck(&[0.445, 0.581, 0.717, 0.773, 0.788]).is_ok(),
            )
        },
        || {
            (
                m107::softplus_sum(&[0.445, 0.581, 0.717, 0.773, 0.788]),
                m107::softplus_sum_grad(&[0.445, 0.581, 0.717, 0.773, 0.788]),
                m107::softplus_sum_gradcheck(&[0.445, 0.581, 0.717, 0.773, 0.788]).is_ok(),
            )
        },
    );
    same(
        "m108",
        || {
            (
                o13::shadowed_after_definition(0.624, 1.067),
                o13::shadowed_after_definition_grad(0.624, 1.067),
                o13::shadowed_after_definition_gradcheck(0.624, 1.067).is_ok(),
            )
        },
        || {
            (
                m108::shadowed_after_definition(0.624, 1.067),
                m108::shadowed_after_definition_grad(0.624, 1.067),
                m108::shadowed_after_definition_gradcheck(0.624, 1.067).is_ok(),
            )
        },
    );
    same(
        "m108",
        || {
            (
                o13::shadowed_after_definition(0.557, 0.717),
                o13::shadowed_after_definition_grad(0.557, 0.717),
                o13::shadowed_after_definition_gradcheck(0.557, 0.717).is_ok(),
            )
        },
        || {
            (
                m108::shadowed_after_definition(0.557, 0.717),
                m108::shadowed_after_definition_grad(0.557, 0.717),
                m108::shadowed_after_definition_gradcheck(0.557, 0.717).is_ok(),
            )
        },
    );
    same(
        "m109",
        || {
            (
                o122::overwritten_after_its_let(1.098),
                o122::overwritten_after_its_let_grad(1.098),
                o122::overwritten_after_its_let_gradcheck(1.098).is_ok(),
            )
        },
        || {
            (
                m109::overwritten_after_its_let(1.098),
                m109::overwritten_after_its_let_grad(1.098),
                m109::overwritten_after_its_let_gradcheck(1.098).is_ok(),
            )
        },
    );
    same(
        "m109",
        || {
            (
                o122::overwritten_after_its_let(1.026),
                o122::overwritten_after_its_let_grad(1.026),
                o122::overwritten_after_its_let_gradcheck(1.026).is_ok(),
            )
        },
        || {
            (
                m109::overwritten_after_its_let(1.026),
                m109::overwritten_after_its_let_grad(1.026),
                m109::overwritten_after_its_let_gradcheck(1.026).is_ok(),
            )
        },
    );
    same(
        "m110",
        || {
            (
                o78::restores(&[0.568, 0.518, 1.026, 0.309, 0.418]),
                o78::restores_grad(&[0.568, 0.518, 1.026, 0.309, 0.418]),
                o78::restores_gradcheck(&[0.568, 0.518, 1.026, 0.309, 0.418]).is_ok(),
            )
        },
        || {
            (
                m110::restores(&[0.568, 0.518, 1.026, 0.309, 0.418]),
                m110::restores_grad(&[0.568, 0.518, 1.026, 0.309, 0.418]),
                m110::restores_gradcheck(&[0.568, 0.518, 1.026, 0.309, 0.418]).is_ok(),
            )
        },
    );
    same(
        "m110",
        || {
            (
                o78::restores(&[0.778, 0.782, 0.449, 0.345, 0.484]),
                o78::restores_grad(&[0.778, 0.782, 0.449, 0.345, 0.484]),
                o78::restores_gradcheck(&[0.778, 0.782, 0.449, 0.345, 0.484]).is_ok(),
            )
        },
        || {
            (
                m110::restores(&[0.778, 0.782, 0.449, 0.345, 0.484]),
                m110::restores_grad(&[0.778, 0.782, 0.449, 0.345, 0.484]),
                m110::restores_gradcheck(&[0.778, 0.782, 0.449, 0.345, 0.484]).is_ok(),
            )
        },
    );
    same(
        "m111",
        || {
            (
                o140::read_then_overwrite(&[0.993, 0.719, 1.181, 1.007, 1.181]),
                o140::read_then_overwrite_grad(&[0.993, 0.719, 1.181, 1.007, 1.181]),
                o140::read_then_overwrite_gradcheck(&[0.993, 0.719, 1.181, 1.007, 1.181]).is_ok(),
            )
        },
        || {
            (
                m111::read_then_overwrite(&[0.993, 0.719, 1.181, 1.007, 1.181]),
                m111::read_then_overwrite_grad(&[0.993, 0.719, 1.181, 1.007, 1.181]),
                m111::read_then_overwrite_gradcheck(&[0.993, 0.719, 1.181, 1.007, 1.181]).is_ok(),
            )
        },
    );
    same(
        "m111",
        || {
            (
                o140::read_then_overwrite(&[0.332, 0.467, 0.312, 0.689, 0.604]),
                o140::read_then_overwrite_grad(&[0.332, 0.467, 0.312, 0.689, 0.604]),
                o140::read_then_overwrite_gradcheck(&[0.332, 0.467, 0.312, 0.689, 0.604]).is_ok(),
            )
        },
        || {
            (
                m111::read_then_overwrite(&[0.332, 0.467, 0.312, 0.689, 0.604]),
                m111::read_then_overwrite_grad(&[0.332, 0.467, 0.312, 0.689, 0.604]),
                m111::read_then_overwrite_gradcheck(&[0.332, 0.467, 0.312, 0.689, 0.604]).is_ok(),
            )
        },
    );
    same(
        "m112",
        || {
            (
                o98::k_atanh(0.346),
                o98::k_atanh_grad(0.346),
                o98::k_atanh_gradcheck(0.346).is_ok(),
            )
        },
        || {
            (
                m112::k_atanh(0.346),
                m112::k_atanh_grad(0.346),
                m112::k_atanh_gradcheck(0.346).is_ok(),
            )
        },
    );
    same(
        "m112",
        || {
            (
                o98::k_atanh(0.791),
                o98::k_atanh_grad(0.791),
                o98::k_atanh_gradcheck(0.791).is_ok(),
            )
        },
        || {
            (
                m112::k_atanh(0.791),
                m112::k_atanh_grad(0.791),
                m112::k_atanh_gradcheck(0.791).is_ok(),
            )
        },
    );
    same(
        "m113",
        || {
            (
                o58::literal_ranges(&[0.384, 0.58, 0.523, 1.022, 0.676]),
                o58::literal_ranges_grad(&[0.384, 0.58, 0.523, 1.022, 0.676]),
                o58::literal_ranges_gradcheck(&[0.384, 0.58, 0.523, 1.022, 0.676]).is_ok(),
            )
        },
        || {
            (
                m113::literal_ranges(&[0.384, 0.58, 0.523, 1.022, 0.676]),
                m113::literal_ranges_grad(&[0.384, 0.58, 0.523, 1.022, 0.676]),
                m113::literal_ranges_gradcheck(&[0.384, 0.58, 0.523, 1.022, 0.676]).is_ok(),
            )
        },
    );
    same(
        "m113",
        || {
            (
                o58::literal_ranges(&[0.534, 0.34, 0.687, 0.865, 0.908]),
                o58::literal_ranges_grad(&[0.534, 0.34, 0.687, 0.865, 0.908]),
                o58::literal_ranges_gradcheck(&[0.534, 0.34, 0.687, 0.865, 0.908]).is_ok(),
            )
        },
        || {
            (
                m113::literal_ranges(&[0.534, 0.34, 0.687, 0.865, 0.908]),
                m113::literal_ranges_grad(&[0.534, 0.34, 0.687, 0.865, 0.908]),
                m113::literal_ranges_gradcheck(&[0.534, 0.34, 0.687, 0.865, 0.908]).is_ok(),
            )
        },
    );
    same(
        "m114",
        || {
            (
                o124::operand_then_block(1.121, 1.028),
                o124::operand_then_block_grad(1.121, 1.028),
                o124::operand_then_block_gradcheck(1.121, 1.028).is_ok(),
            )
        },
        || {
            (
                m114::operand_then_block(1.121, 1.028),
                m114::operand_then_block_grad(1.121, 1.028),
                m114::operand_then_block_gradcheck(1.121, 1.028).is_ok(),
            )
        },
    );
    same(
        "m114",
        || {
            (
                o124::operand_then_block(0.523, 0.422),
                o124::operand_then_block_grad(0.523, 0.422),
                o124::operand_then_block_gradcheck(0.523, 0.422).is_ok(),
            )
        },
        || {
            (
                m114::operand_then_block(0.523, 0.422),
                m114::operand_then_block_grad(0.523, 0.422),
                m114::operand_then_block_gradcheck(0.523, 0.422).is_ok(),
            )
        },
    );
    same(
        "m115",
        || {
            (
                o181::f(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552),
                o181::f_grad(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552),
                o181::f_gradcheck(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552).is_ok(),
            )
        },
        || {
            (
                m115::f(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552),
                m115::f_grad(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552),
                m115::f_gradcheck(&[0.982, 1.011, 0.758, 1.048, 0.797], 0.552).is_ok(),
            )
        },
    );
    same(
        "m115",
        || {
            (
                o181::f(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721),
                o181::f_grad(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721),
                o181::f_gradcheck(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721).is_ok(),
            )
        },
        || {
            (
                m115::f(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721),
                m115::f_grad(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721),
                m115::f_gradcheck(&[0.452, 0.315, 0.879, 1.107, 1.116], 0.721).is_ok(),
            )
        },
    );
    same(
        "m116",
        || {
            (
                o177::f(0.899, 1.136),
                o177::f_grad(0.899, 1.136),
                o177::f_gradcheck(0.899, 1.136).is_ok(),
            )
        },
        || {
            (
                m116::f(0.899, 1.136),
                m116::f_grad(0.899, 1.136),
                m116::f_gradcheck(0.899, 1.136).is_ok(),
            )
        },
    );
    same(
        "m116",
        || {
            (
                o177::f(1.033, 0.842),
                o177::f_grad(1.033, 0.842),
                o177::f_gradcheck(1.033, 0.842).is_ok(),
            )
        },
        || {
            (
                m116::f(1.033, 0.842),
                m116::f_grad(1.033, 0.842),
                m116::f_gradcheck(1.033, 0.842).is_ok(),
            )
        },
    );
    same(
        "m117",
        || {
            (
                o165::inclusive(&[0.673, 0.767, 0.454, 0.465, 0.915]),
                o165::inclusive_grad(&[0.673, 0.767, 0.454, 0.465, 0.915]),
                o165::inclusive_gradcheck(&[0.673, 0.767, 0.454, 0.465, 0.915]).is_ok(),
            )
        },
        || {
            (
                m117::inclusive(&[0.673, 0.767, 0.454, 0.465, 0.915]),
                m117::inclusive_grad(&[0.673, 0.767, 0.454, 0.465, 0.915]),
                m117::inclusive_gradcheck(&[0.673, 0.767, 0.454, 0.465, 0.915]).is_ok(),
            )
        },
    );
    same(
        "m117",
        || {
            (
                o165::inclusive(&[1.193, 0.792, 0.667, 0.617, 0.709]),
                o165::inclusive_grad(&[1.193, 0.792, 0.667, 0.617, 0.709]),
                o165::inclusive_gradcheck(&[1.193, 0.792, 0.667, 0.617, 0.709]).is_ok(),
            )
        },
        || {
            (
                m117::inclusive(&[1.193, 0.792, 0.667, 0.617, 0.709]),
                m117::inclusive_grad(&[1.193, 0.792, 0.667, 0.617, 0.709]),
                m117::inclusive_gradcheck(&[1.193, 0.792, 0.667, 0.617, 0.709]).is_ok(),
            )
        },
    );
    same(
        "m118",
        || {
            (
                o145::deposit(&[1.023, 0.707, 1.163, 0.44, 0.583]),
                o145::deposit_grad(&[1.023, 0.707, 1.163, 0.44, 0.583]),
                o145::deposit_gradcheck(&[1.023, 0.707, 1.163, 0.44, 0.583]).is_ok(),
            )
        },
        || {
            (
                m118::deposit(&[1.023, 0.707, 1.163, 0.44, 0.583]),
                m118::deposit_grad(&[1.023, 0.707, 1.163, 0.44, 0.583]),
                m118::deposit_gradcheck(&[1.023, 0.707, 1.163, 0.44, 0.583]).is_ok(),
            )
        },
    );
    same(
        "m118",
        || {
            (
                o145::deposit(&[0.77, 0.671, 1.066, 1.045, 1.138]),
                o145::deposit_grad(&[0.77, 0.671, 1.066, 1.045, 1.138]),
                o145::deposit_gradcheck(&[0.77, 0.671, 1.066, 1.045, 1.138]).is_ok(),
            )
        },
        || {
            (
                m118::deposit(&[0.77, 0.671, 1.066, 1.045, 1.138]),
                m118::deposit_grad(&[0.77, 0.671, 1.066, 1.045, 1.138]),
                m118::deposit_gradcheck(&[0.77, 0.671, 1.066, 1.045, 1.138]).is_ok(),
            )
        },
    );
    same(
        "m119",
        || {
            (
                o61::moving_average(&[0.851, 0.328, 0.817, 0.795, 0.739]),
                o61::moving_average_grad(&[0.851, 0.328, 0.817, 0.795, 0.739]),
                o61::moving_average_gradcheck(&[0.851, 0.328, 0.817, 0.795, 0.739]).is_ok(),
            )
        },
        || {
            (
                m119::moving_average(&[0.851, 0.328, 0.817, 0.795, 0.739]),
                m119::moving_average_grad(&[0.851, 0.328, 0.817, 0.795, 0.739]),
                m119::moving_average_gradcheck(&[0.851, 0.328, 0.817, 0.795, 0.739]).is_ok(),
            )
        },
    );
    same(
        "m119",
        || {
            (
                o61::moving_average(&[0.552, 0.938, 1.12, 0.392, 0.902]),
                o61::moving_average_grad(&[0.552, 0.938, 1.12, 0.392, 0.902]),
                o61::moving_average_gradcheck(&[0.552, 0.938, 1.12, 0.392, 0.902]).is_ok(),
            )
        },
        || {
            (
                m119::moving_average(&[0.552, 0.938, 1.12, 0.392, 0.902]),
                m119::moving_average_grad(&[0.552, 0.938, 1.12, 0.392, 0.902]),
                m119::moving_average_gradcheck(&[0.552, 0.938, 1.12, 0.392, 0.902]).is_ok(),
            )
        },
    );
    same(
        "m120",
        || {
            (
                o81::k_abs(0.634),
                o81::k_abs_grad(0.634),
                o81::k_abs_gradcheck(0.634).is_ok(),
            )
        },
        || {
            (
                m120::k_abs(0.634),
                m120::k_abs_grad(0.634),
                m120::k_abs_gradcheck(0.634).is_ok(),
            )
        },
    );
    same(
        "m120",
        || {
            (
                o81::k_abs(0.763),
                o81::k_abs_grad(0.763),
                o81::k_abs_gradcheck(0.763).is_ok(),
            )
        },
        || {
            (
                m120::k_abs(0.763),
                m120::k_abs_grad(0.763),
                m120::k_abs_gradcheck(0.763).is_ok(),
            )
        },
    );
    same(
        "m121",
        || {
            (
                o153::scaled_squares(1.106, 1.164, 0.879),
                o153::scaled_squares_grad(1.106, 1.164, 0.879),
                o153::scaled_squares_gradcheck(1.106, 1.164, 0.879).is_ok(),
            )
        },
        || {
            (
                m121::scaled_squares(1.106, 1.164, 0.879),
                m121::scaled_squares_grad(1.106, 1.164, 0.879),
                m121::scaled_squares_gradcheck(1.106, 1.164, 0.879).is_ok(),
            )
        },
    );
    same(
        "m121",
        || {
            (
                o153::scaled_squares(0.476, 1.129, 0.463),
                o153::scaled_squares_grad(0.476, 1.129, 0.463),
                o153::scaled_squares_gradcheck(0.476, 1.129, 0.463).is_ok(),
            )
        },
        || {
            (
                m121::scaled_squares(0.476, 1.129, 0.463),
                m121::scaled_squares_grad(0.476, 1.129, 0.463),
                m121::scaled_squares_gradcheck(0.476, 1.129, 0.463).is_ok(),
            )
        },
    );
    same(
        "m122",
        || {
            (
                o65::squares_but_the_second(&[0.645, 1.045, 0.585, 0.544, 1.155]),
                o65::squares_but_the_second_grad(&[0.645, 1.045, 0.585, 0.544, 1.155]),
                o65::squares_but_the_second_gradcheck(&[0.645, 1.045, 0.585, 0.544, 1.155]).is_ok(),
            )
        },
        || {
            (
                m122::squares_but_the_second(&[0.645, 1.045, 0.585, 0.544, 1.155]),
                m122::squares_but_the_second_grad(&[0.645, 1.045, 0.585, 0.544, 1.155]),
                m122::squares_but_the_second_gradcheck(&[0.645, 1.045, 0.585, 0.544, 1.155])
                    .is_ok(),
            )
        },
    );
    same(
        "m122",
        || {
            (
                o65::squares_but_the_second(&[1.149, 0.586, 0.653, 0.554, 0.418]),
                o65::squares_but_the_second_grad(&[1.149, 0.586, 0.653, 0.554, 0.418]),
                o65::squares_but_the_second_gradcheck(&[1.149, 0.586, 0.653, 0.554, 0.418]).is_ok(),
            )
        },
        || {
            (
                m122::squares_but_the_second(&[1.149, 0.586, 0.653, 0.554, 0.418]),
                m122::squares_but_the_second_grad(&[1.149, 0.586, 0.653, 0.554, 0.418]),
                m122::squares_but_the_second_gradcheck(&[1.149, 0.586, 0.653, 0.554, 0.418])
                    .is_ok(),
            )
        },
    );
    same(
        "m123",
        || {
            (
                o157::shadowing(0.525),
                o157::shadowing_grad(0.525),
                o157::shadowing_gradcheck(0.525).is_ok(),
            )
        },
        || {
            (
                m123::shadowing(0.525),
                m123::shadowing_grad(0.525),
                m123::shadowing_gradcheck(0.525).is_ok(),
            )
        },
    );
    same(
        "m123",
        || {
            (
                o157::shadowing(1.182),
                o157::shadowing_grad(1.182),
                o157::shadowing_gradcheck(1.182).is_ok(),
            )
        },
        || {
            (
                m123::shadowing(1.182),
                m123::shadowing_grad(1.182),
                m123::shadowing_gradcheck(1.182).is_ok(),
            )
        },
    );
    same(
        "m124",
        || {
            (
                o103::k_recip(0.371),
                o103::k_recip_grad(0.371),
                o103::k_recip_gradcheck(0.371).is_ok(),
            )
        },
        || {
            (
                m124::k_recip(0.371),
                m124::k_recip_grad(0.371),
                m124::k_recip_gradcheck(0.371).is_ok(),
            )
        },
    );
    same(
        "m124",
        || {
            (
                o103::k_recip(0.507),
                o103::k_recip_grad(0.507),
                o103::k_recip_gradcheck(0.507).is_ok(),
            )
        },
        || {
            (
                m124::k_recip(0.507),
                m124::k_recip_grad(0.507),
                m124::k_recip_gradcheck(0.507).is_ok(),
            )
        },
    );
    same(
        "m125",
        || {
            (
                o152::poly(0.48, 0.372),
                o152::poly_grad(0.48, 0.372),
                o152::poly_gradcheck(0.48, 0.372).is_ok(),
            )
        },
        || {
            (
                m125::poly(0.48, 0.372),
                m125::poly_grad(0.48, 0.372),
                m125::poly_gradcheck(0.48, 0.372).is_ok(),
            )
        },
    );
    same(
        "m125",
        || {
            (
                o152::poly(0.774, 0.969),
                o152::poly_grad(0.774, 0.969),
                o152::poly_gradcheck(0.774, 0.969).is_ok(),
            )
        },
        || {
            (
                m125::poly(0.774, 0.969),
                m125::poly_grad(0.774, 0.969),
                m125::poly_gradcheck(0.774, 0.969).is_ok(),
            )
        },
    );
    same(
        "m126",
        || {
            (
                o1::rosenbrock(&[1.054, 0.868, 1.036, 0.305, 0.554]),
                o1::rosenbrock_grad(&[1.054, 0.868, 1.036, 0.305, 0.554]),
                o1::rosenbrock_gradcheck(&[1.054, 0.868, 1.036, 0.305, 0.554]).is_ok(),
            )
        },
        || {
            (
                m126::rosenbrock(&[1.054, 0.868, 1.036, 0.305, 0.554]),
                m126::rosenbrock_grad(&[1.054, 0.868, 1.036, 0.305, 0.554]),
                m126::rosenbrock_gradcheck(&[1.054, 0.868, 1.036, 0.305, 0.554]).is_ok(),
            )
        },
    );
    same(
        "m126",
        || {
            (
                o1::rosenbrock(&[1.165, 0.362, 0.541, 0.735, 0.541]),
                o1::rosenbrock_grad(&[1.165, 0.362, 0.541, 0.735, 0.541]),
                o1::rosenbrock_gradcheck(&[1.165, 0.362, 0.541, 0.735, 0.541]).is_ok(),
            )
        },
        || {
            (
                m126::rosenbrock(&[1.165, 0.362, 0.541, 0.735, 0.541]),
                m126::rosenbrock_grad(&[1.165, 0.362, 0.541, 0.735, 0.541]),
                m126::rosenbrock_gradcheck(&[1.165, 0.362, 0.541, 0.735, 0.541]).is_ok(),
            )
        },
    );
    same(
        "m127",
        || {
            (
                o49::affine(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                ),
                o49::affine_grad(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                ),
                o49::affine_gradcheck(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                )
                .is_ok(),
            )
        },
        || {
            (
                m127::affine(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                ),
                m127::affine_grad(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                ),
                m127::affine_gradcheck(
                    &[0.792, 0.342, 0.512, 1.162, 0.43],
                    &[1.115, 0.46, 1.194, 0.907, 0.882],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m127",
        || {
            (
                o49::affine(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                ),
                o49::affine_grad(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                ),
                o49::affine_gradcheck(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                )
                .is_ok(),
            )
        },
        || {
            (
                m127::affine(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                ),
                m127::affine_grad(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                ),
                m127::affine_gradcheck(
                    &[0.428, 0.349, 0.984, 0.459, 0.471],
                    &[1.04, 1.087, 0.344, 1.165, 0.781],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m128",
        || {
            (
                o60::variation_and_chunks(&[0.644, 0.396, 0.651, 1.189, 0.553]),
                o60::variation_and_chunks_grad(&[0.644, 0.396, 0.651, 1.189, 0.553]),
                o60::variation_and_chunks_gradcheck(&[0.644, 0.396, 0.651, 1.189, 0.553]).is_ok(),
            )
        },
        || {
            (
                m128::variation_and_chunks(&[0.644, 0.396, 0.651, 1.189, 0.553]),
                m128::variation_and_chunks_grad(&[0.644, 0.396, 0.651, 1.189, 0.553]),
                m128::variation_and_chunks_gradcheck(&[0.644, 0.396, 0.651, 1.189, 0.553]).is_ok(),
            )
        },
    );
    same(
        "m128",
        || {
            (
                o60::variation_and_chunks(&[0.418, 0.431, 0.414, 0.617, 1.123]),
                o60::variation_and_chunks_grad(&[0.418, 0.431, 0.414, 0.617, 1.123]),
                o60::variation_and_chunks_gradcheck(&[0.418, 0.431, 0.414, 0.617, 1.123]).is_ok(),
            )
        },
        || {
            (
                m128::variation_and_chunks(&[0.418, 0.431, 0.414, 0.617, 1.123]),
                m128::variation_and_chunks_grad(&[0.418, 0.431, 0.414, 0.617, 1.123]),
                m128::variation_and_chunks_gradcheck(&[0.418, 0.431, 0.414, 0.617, 1.123]).is_ok(),
            )
        },
    );
    same(
        "m129",
        || {
            (
                o52::wrapped_values(&[0.369, 0.473, 1.145, 1.197, 1.182]),
                o52::wrapped_values_grad(&[0.369, 0.473, 1.145, 1.197, 1.182]),
                o52::wrapped_values_gradcheck(&[0.369, 0.473, 1.145, 1.197, 1.182]).is_ok(),
            )
        },
        || {
            (
                m129::wrapped_values(&[0.369, 0.473, 1.145, 1.197, 1.182]),
                m129::wrapped_values_grad(&[0.369, 0.473, 1.145, 1.197, 1.182]),
                m129::wrapped_values_gradcheck(&[0.369, 0.473, 1.145, 1.197, 1.182]).is_ok(),
            )
        },
    );
    same(
        "m129",
        || {
            (
                o52::wrapped_values(&[0.521, 0.619, 1.156, 0.737, 0.933]),
                o52::wrapped_values_grad(&[0.521, 0.619, 1.156, 0.737, 0.933]),
                o52::wrapped_values_gradcheck(&[0.521, 0.619, 1.156, 0.737, 0.933]).is_ok(),
            )
        },
        || {
            (
                m129::wrapped_values(&[0.521, 0.619, 1.156, 0.737, 0.933]),
                m129::wrapped_values_grad(&[0.521, 0.619, 1.156, 0.737, 0.933]),
                m129::wrapped_values_gradcheck(&[0.521, 0.619, 1.156, 0.737, 0.933]).is_ok(),
            )
        },
    );
    same(
        "m130",
        || {
            (
                o48::horner_backwards(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812),
                o48::horner_backwards_grad(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812),
                o48::horner_backwards_gradcheck(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812)
                    .is_ok(),
            )
        },
        || {
            (
                m130::horner_backwards(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812),
                m130::horner_backwards_grad(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812),
                m130::horner_backwards_gradcheck(&[0.582, 0.319, 0.611, 0.973, 1.004], 0.812)
                    .is_ok(),
            )
        },
    );
    same(
        "m130",
        || {
            (
                o48::horner_backwards(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48),
                o48::horner_backwards_grad(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48),
                o48::horner_backwards_gradcheck(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48).is_ok(),
            )
        },
        || {
            (
                m130::horner_backwards(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48),
                m130::horner_backwards_grad(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48),
                m130::horner_backwards_gradcheck(&[0.718, 0.784, 0.698, 0.781, 1.05], 0.48).is_ok(),
            )
        },
    );
    same(
        "m131",
        || {
            (
                o150::covered_read_then_updated(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                ),
                o150::covered_read_then_updated_grad(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                ),
                o150::covered_read_then_updated_gradcheck(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                )
                .is_ok(),
            )
        },
        || {
            (
                m131::covered_read_then_updated(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                ),
                m131::covered_read_then_updated_grad(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                ),
                m131::covered_read_then_updated_gradcheck(
                    &[0.835, 1.14, 1.064, 0.462, 1.167],
                    &[1.056, 0.451, 0.539, 0.482, 0.348],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m131",
        || {
            (
                o150::covered_read_then_updated(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                ),
                o150::covered_read_then_updated_grad(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                ),
                o150::covered_read_then_updated_gradcheck(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                )
                .is_ok(),
            )
        },
        || {
            (
                m131::covered_read_then_updated(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                ),
                m131::covered_read_then_updated_grad(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                ),
                m131::covered_read_then_updated_gradcheck(
                    &[1.181, 0.668, 1.085, 0.403, 0.313],
                    &[1.083, 1.015, 1.192, 0.917, 0.773],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m132",
        || {
            (
                o24::closure_redefined_in_a_branch(0.989, 0.383),
                o24::closure_redefined_in_a_branch_grad(0.989, 0.383),
                o24::closure_redefined_in_a_branch_gradcheck(0.989, 0.383).is_ok(),
            )
        },
        || {
            (
                m132::closure_redefined_in_a_branch(0.989, 0.383),
                m132::closure_redefined_in_a_branch_grad(0.989, 0.383),
                m132::closure_redefined_in_a_branch_gradcheck(0.989, 0.383).is_ok(),
            )
        },
    );
    same(
        "m132",
        || {
            (
                o24::closure_redefined_in_a_branch(0.786, 0.697),
                o24::closure_redefined_in_a_branch_grad(0.786, 0.697),
                o24::closure_redefined_in_a_branch_gradcheck(0.786, 0.697).is_ok(),
            )
        },
        || {
            (
                m132::closure_redefined_in_a_branch(0.786, 0.697),
                m132::closure_redefined_in_a_branch_grad(0.786, 0.697),
                m132::closure_redefined_in_a_branch_gradcheck(0.786, 0.697).is_ok(),
            )
        },
    );
    same(
        "m133",
        || {
            (
                o128::hh(0.432),
                o128::hh_grad(0.432),
                o128::hh_gradcheck(0.432).is_ok(),
            )
        },
        || {
            (
                m133::hh(0.432),
                m133::hh_grad(0.432),
                m133::hh_gradcheck(0.432).is_ok(),
            )
        },
    );
    same(
        "m133",
        || {
            (
                o128::hh(0.84),
                o128::hh_grad(0.84),
                o128::hh_gradcheck(0.84).is_ok(),
            )
        },
        || {
            (
                m133::hh(0.84),
                m133::hh_grad(0.84),
                m133::hh_gradcheck(0.84).is_ok(),
            )
        },
    );
    same(
        "m134",
        || {
            (
                o50::squares_from(&[0.591, 0.756, 0.636, 0.586, 0.623]),
                o50::squares_from_grad(&[0.591, 0.756, 0.636, 0.586, 0.623]),
                o50::squares_from_gradcheck(&[0.591, 0.756, 0.636, 0.586, 0.623]).is_ok(),
            )
        },
        || {
            (
                m134::squares_from(&[0.591, 0.756, 0.636, 0.586, 0.623]),
                m134::squares_from_grad(&[0.591, 0.756, 0.636, 0.586, 0.623]),
                m134::squares_from_gradcheck(&[0.591, 0.756, 0.636, 0.586, 0.623]).is_ok(),
            )
        },
    );
    same(
        "m134",
        || {
            (
                o50::squares_from(&[0.841, 1.182, 1.143, 1.076, 1.052]),
                o50::squares_from_grad(&[0.841, 1.182, 1.143, 1.076, 1.052]),
                o50::squares_from_gradcheck(&[0.841, 1.182, 1.143, 1.076, 1.052]).is_ok(),
            )
        },
        || {
            (
                m134::squares_from(&[0.841, 1.182, 1.143, 1.076, 1.052]),
                m134::squares_from_grad(&[0.841, 1.182, 1.143, 1.076, 1.052]),
                m134::squares_from_gradcheck(&[0.841, 1.182, 1.143, 1.076, 1.052]).is_ok(),
            )
        },
    );
    same(
        "m135",
        || {
            (
                o124::operand_then_block(0.558, 1.179),
                o124::operand_then_block_grad(0.558, 1.179),
                o124::operand_then_block_gradcheck(0.558, 1.179).is_ok(),
            )
        },
        || {
            (
                m135::operand_then_block(0.558, 1.179),
                m135::operand_then_block_grad(0.558, 1.179),
                m135::operand_then_block_gradcheck(0.558, 1.179).is_ok(),
            )
        },
    );
    same(
        "m135",
        || {
            (
                o124::operand_then_block(0.543, 0.411),
                o124::operand_then_block_grad(0.543, 0.411),
                o124::operand_then_block_gradcheck(0.543, 0.411).is_ok(),
            )
        },
        || {
            (
                m135::operand_then_block(0.543, 0.411),
                m135::operand_then_block_grad(0.543, 0.411),
                m135::operand_then_block_gradcheck(0.543, 0.411).is_ok(),
            )
        },
    );
    same(
        "m136",
        || {
            (
                o134::square_by_tuple(0.751),
                o134::square_by_tuple_grad(0.751),
                o134::square_by_tuple_gradcheck(0.751).is_ok(),
            )
        },
        || {
            (
                m136::square_by_tuple(0.751),
                m136::square_by_tuple_grad(0.751),
                m136::square_by_tuple_gradcheck(0.751).is_ok(),
            )
        },
    );
    same(
        "m136",
        || {
            (
                o134::square_by_tuple(0.959),
                o134::square_by_tuple_grad(0.959),
                o134::square_by_tuple_gradcheck(0.959).is_ok(),
            )
        },
        || {
            (
                m136::square_by_tuple(0.959),
                m136::square_by_tuple_grad(0.959),
                m136::square_by_tuple_gradcheck(0.959).is_ok(),
            )
        },
    );
    same(
        "m137",
        || {
            (
                o91::k_fract(0.607),
                o91::k_fract_grad(0.607),
                o91::k_fract_gradcheck(0.607).is_ok(),
            )
        },
        || {
            (
                m137::k_fract(0.607),
                m137::k_fract_grad(0.607),
                m137::k_fract_gradcheck(0.607).is_ok(),
            )
        },
    );
    same(
        "m137",
        || {
            (
                o91::k_fract(0.881),
                o91::k_fract_grad(0.881),
                o91::k_fract_gradcheck(0.881).is_ok(),
            )
        },
        || {
            (
                m137::k_fract(0.881),
                m137::k_fract_grad(0.881),
                m137::k_fract_gradcheck(0.881).is_ok(),
            )
        },
    );
    same(
        "m138",
        || {
            (
                o3::checked_energy(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087),
                o3::checked_energy_grad(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087),
                o3::checked_energy_gradcheck(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087).is_ok(),
            )
        },
        || {
            (
                m138::checked_energy(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087),
                m138::checked_energy_grad(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087),
                m138::checked_energy_gradcheck(&[0.554, 1.17, 0.708, 0.73, 0.778], 1.087).is_ok(),
            )
        },
    );
    same(
        "m138",
        || {
            (
                o3::checked_energy(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683),
                o3::checked_energy_grad(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683),
                o3::checked_energy_gradcheck(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683).is_ok(),
            )
        },
        || {
            (
                m138::checked_energy(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683),
                m138::checked_energy_grad(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683),
                m138::checked_energy_gradcheck(&[1.188, 0.776, 0.697, 0.856, 0.362], 0.683).is_ok(),
            )
        },
    );
    same(
        "m139",
        || {
            (
                o5::inner(1.063, 1.0),
                o5::inner_grad(1.063, 1.0),
                o5::inner_gradcheck(1.063, 1.0).is_ok(),
            )
        },
        || {
            (
                m139::inner(1.063, 1.0),
                m139::inner_grad(1.063, 1.0),
                m139::inner_gradcheck(1.063, 1.0).is_ok(),
            )
        },
    );
    same(
        "m139",
        || {
            (
                o5::inner(0.353, 1.069),
                o5::inner_grad(0.353, 1.069),
                o5::inner_gradcheck(0.353, 1.069).is_ok(),
            )
        },
        || {
            (
                m139::inner(0.353, 1.069),
                m139::inner_grad(0.353, 1.069),
                m139::inner_gradcheck(0.353, 1.069).is_ok(),
            )
        },
    );
    same(
        "m140",
        || {
            (
                o52::wrapped_values(&[0.646, 1.183, 0.63, 0.493, 0.794]),
                o52::wrapped_values_grad(&[0.646, 1.183, 0.63, 0.493, 0.794]),
                o52::wrapped_values_gradcheck(&[0.646, 1.183, 0.63, 0.493, 0.794]).is_ok(),
            )
        },
        || {
            (
                m140::wrapped_values(&[0.646, 1.183, 0.63, 0.493, 0.794]),
                m140::wrapped_values_grad(&[0.646, 1.183, 0.63, 0.493, 0.794]),
                m140::wrapped_values_gradcheck(&[0.646, 1.183, 0.63, 0.493, 0.794]).is_ok(),
            )
        },
    );
    same(
        "m140",
        || {
            (
                o52::wrapped_values(&[1.095, 0.688, 1.081, 0.94, 0.625]),
                o52::wrapped_values_grad(&[1.095, 0.688, 1.081, 0.94, 0.625]),
                o52::wrapped_values_gradcheck(&[1.095, 0.688, 1.081, 0.94, 0.625]).is_ok(),
            )
        },
        || {
            (
                m140::wrapped_values(&[1.095, 0.688, 1.081, 0.94, 0.625]),
                m140::wrapped_values_grad(&[1.095, 0.688, 1.081, 0.94, 0.625]),
                m140::wrapped_values_gradcheck(&[1.095, 0.688, 1.081, 0.94, 0.625]).is_ok(),
            )
        },
    );
    same(
        "m141",
        || {
            (
                o61::moving_average(&[0.571, 0.755, 0.659, 0.635, 0.887]),
                o61::moving_average_grad(&[0.571, 0.755, 0.659, 0.635, 0.887]),
                o61::moving_average_gradcheck(&[0.571, 0.755, 0.659, 0.635, 0.887]).is_ok(),
            )
        },
        || {
            (
                m141::moving_average(&[0.571, 0.755, 0.659, 0.635, 0.887]),
                m141::moving_average_grad(&[0.571, 0.755, 0.659, 0.635, 0.887]),
                m141::moving_average_gradcheck(&[0.571, 0.755, 0.659, 0.635, 0.887]).is_ok(),
            )
        },
    );
    same(
        "m141",
        || {
            (
                o61::moving_average(&[1.088, 0.826, 0.432, 0.498, 0.634]),
                o61::moving_average_grad(&[1.088, 0.826, 0.432, 0.498, 0.634]),
                o61::moving_average_gradcheck(&[1.088, 0.826, 0.432, 0.498, 0.634]).is_ok(),
            )
        },
        || {
            (
                m141::moving_average(&[1.088, 0.826, 0.432, 0.498, 0.634]),
                m141::moving_average_grad(&[1.088, 0.826, 0.432, 0.498, 0.634]),
                m141::moving_average_gradcheck(&[1.088, 0.826, 0.432, 0.498, 0.634]).is_ok(),
            )
        },
    );
    same(
        "m142",
        || {
            (
                o13::shadowed_after_definition(0.853, 0.426),
                o13::shadowed_after_definition_grad(0.853, 0.426),
                o13::shadowed_after_definition_gradcheck(0.853, 0.426).is_ok(),
            )
        },
        || {
            (
                m142::shadowed_after_definition(0.853, 0.426),
                m142::shadowed_after_definition_grad(0.853, 0.426),
                m142::shadowed_after_definition_gradcheck(0.853, 0.426).is_ok(),
            )
        },
    );
    same(
        "m142",
        || {
            (
                o13::shadowed_after_definition(0.373, 0.589),
                o13::shadowed_after_definition_grad(0.373, 0.589),
                o13::shadowed_after_definition_gradcheck(0.373, 0.589).is_ok(),
            )
        },
        || {
            (
                m142::shadowed_after_definition(0.373, 0.589),
                m142::shadowed_after_definition_grad(0.373, 0.589),
                m142::shadowed_after_definition_gradcheck(0.373, 0.589).is_ok(),
            )
        },
    );
    same(
        "m143",
        || {
            (
                o66::squared_steps(&[0.555, 0.327, 0.785, 1.129, 0.781]),
                o66::squared_steps_grad(&[0.555, 0.327, 0.785, 1.129, 0.781]),
                o66::squared_steps_gradcheck(&[0.555, 0.327, 0.785, 1.129, 0.781]).is_ok(),
            )
        },
        || {
            (
                m143::squared_steps(&[0.555, 0.327, 0.785, 1.129, 0.781]),
                m143::squared_steps_grad(&[0.555, 0.327, 0.785, 1.129, 0.781]),
                m143::squared_steps_gradcheck(&[0.555, 0.327, 0.785, 1.129, 0.781]).is_ok(),
            )
        },
    );
    same(
        "m143",
        || {
            (
                o66::squared_steps(&[0.964, 1.046, 1.054, 1.122, 0.697]),
                o66::squared_steps_grad(&[0.964, 1.046, 1.054, 1.122, 0.697]),
                o66::squared_steps_gradcheck(&[0.964, 1.046, 1.054, 1.122, 0.697]).is_ok(),
            )
        },
        || {
            (
                m143::squared_steps(&[0.964, 1.046, 1.054, 1.122, 0.697]),
                m143::squared_steps_grad(&[0.964, 1.046, 1.054, 1.122, 0.697]),
                m143::squared_steps_gradcheck(&[0.964, 1.046, 1.054, 1.122, 0.697]).is_ok(),
            )
        },
    );
    same(
        "m144",
        || {
            (
                o9::scaled(0.914, 0.409),
                o9::scaled_grad(0.914, 0.409),
                o9::scaled_gradcheck(0.914, 0.409).is_ok(),
            )
        },
        || {
            (
                m144::scaled(0.914, 0.409),
                m144::scaled_grad(0.914, 0.409),
                m144::scaled_gradcheck(0.914, 0.409).is_ok(),
            )
        },
    );
    same(
        "m144",
        || {
            (
                o9::scaled(1.092, 0.64),
                o9::scaled_grad(1.092, 0.64),
                o9::scaled_gradcheck(1.092, 0.64).is_ok(),
            )
        },
        || {
            (
                m144::scaled(1.092, 0.64),
                m144::scaled_grad(1.092, 0.64),
                m144::scaled_gradcheck(1.092, 0.64).is_ok(),
            )
        },
    );
    same(
        "m145",
        || {
            (
                o11::root_scaled(0.728, 1.101),
                o11::root_scaled_grad(0.728, 1.101),
                o11::root_scaled_gradcheck(0.728, 1.101).is_ok(),
            )
        },
        || {
            (
                m145::root_scaled(0.728, 1.101),
                m145::root_scaled_grad(0.728, 1.101),
                m145::root_scaled_gradcheck(0.728, 1.101).is_ok(),
            )
        },
    );
    same(
        "m145",
        || {
            (
                o11::root_scaled(0.558, 0.471),
                o11::root_scaled_grad(0.558, 0.471),
                o11::root_scaled_gradcheck(0.558, 0.471).is_ok(),
            )
        },
        || {
            (
                m145::root_scaled(0.558, 0.471),
                m145::root_scaled_grad(0.558, 0.471),
                m145::root_scaled_gradcheck(0.558, 0.471).is_ok(),
            )
        },
    );
    same(
        "m146",
        || {
            (
                o154::methods(1.041, 0.839),
                o154::methods_grad(1.041, 0.839),
                o154::methods_gradcheck(1.041, 0.839).is_ok(),
            )
        },
        || {
            (
                m146::methods(1.041, 0.839),
                m146::methods_grad(1.041, 0.839),
                m146::methods_gradcheck(1.041, 0.839).is_ok(),
            )
        },
    );
    same(
        "m146",
        || {
            (
                o154::methods(0.376, 0.325),
                o154::methods_grad(0.376, 0.325),
                o154::methods_gradcheck(0.376, 0.325).is_ok(),
            )
        },
        || {
            (
                m146::methods(0.376, 0.325),
                m146::methods_grad(0.376, 0.325),
                m146::methods_gradcheck(0.376, 0.325).is_ok(),
            )
        },
    );
    same(
        "m147",
        || {
            (
                o26::scan_to_large(&[0.616, 0.307, 1.049, 0.465, 0.547]),
                o26::scan_to_large_grad(&[0.616, 0.307, 1.049, 0.465, 0.547]),
                o26::scan_to_large_gradcheck(&[0.616, 0.307, 1.049, 0.465, 0.547]).is_ok(),
            )
        },
        || {
            (
                m147::scan_to_large(&[0.616, 0.307, 1.049, 0.465, 0.547]),
                m147::scan_to_large_grad(&[0.616, 0.307, 1.049, 0.465, 0.547]),
                m147::scan_to_large_gradcheck(&[0.616, 0.307, 1.049, 0.465, 0.547]).is_ok(),
            )
        },
    );
    same(
        "m147",
        || {
            (
                o26::scan_to_large(&[0.65, 0.761, 0.689, 0.866, 0.894]),
                o26::scan_to_large_grad(&[0.65, 0.761, 0.689, 0.866, 0.894]),
                o26::scan_to_large_gradcheck(&[0.65, 0.761, 0.689, 0.866, 0.894]).is_ok(),
            )
        },
        || {
            (
                m147::scan_to_large(&[0.65, 0.761, 0.689, 0.866, 0.894]),
                m147::scan_to_large_grad(&[0.65, 0.761, 0.689, 0.866, 0.894]),
                m147::scan_to_large_gradcheck(&[0.65, 0.761, 0.689, 0.866, 0.894]).is_ok(),
            )
        },
    );
    same(
        "m148",
        || {
            (
                o72::uncounted(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698),
                o72::uncounted_grad(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698),
                o72::uncounted_gradcheck(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698).is_ok(),
            )
        },
        || {
            (
                m148::uncounted(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698),
                m148::uncounted_grad(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698),
                m148::uncounted_gradcheck(&[0.693, 0.387, 1.181, 0.922, 0.375], 0.698).is_ok(),
            )
        },
    );
    same(
        "m148",
        || {
            (
                o72::uncounted(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68),
                o72::uncounted_grad(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68),
                o72::uncounted_gradcheck(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68).is_ok(),
            )
        },
        || {
            (
                m148::uncounted(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68),
                m148::uncounted_grad(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68),
                m148::uncounted_gradcheck(&[0.978, 1.193, 0.359, 0.309, 0.732], 0.68).is_ok(),
            )
        },
    );
    same(
        "m149",
        || {
            (
                o69::max_and_product(&[1.105, 1.044, 0.598, 0.677, 0.825]),
                o69::max_and_product_grad(&[1.105, 1.044, 0.598, 0.677, 0.825]),
                o69::max_and_product_gradcheck(&[1.105, 1.044, 0.598, 0.677, 0.825]).is_ok(),
            )
        },
        || {
            (
                m149::max_and_product(&[1.105, 1.044, 0.598, 0.677, 0.825]),
                m149::max_and_product_grad(&[1.105, 1.044, 0.598, 0.677, 0.825]),
                m149::max_and_product_gradcheck(&[1.105, 1.044, 0.598, 0.677, 0.825]).is_ok(),
            )
        },
    );
    same(
        "m149",
        || {
            (
                o69::max_and_product(&[1.096, 0.482, 0.653, 0.38, 0.877]),
                o69::max_and_product_grad(&[1.096, 0.482, 0.653, 0.38, 0.877]),
                o69::max_and_product_gradcheck(&[1.096, 0.482, 0.653, 0.38, 0.877]).is_ok(),
            )
        },
        || {
            (
                m149::max_and_product(&[1.096, 0.482, 0.653, 0.38, 0.877]),
                m149::max_and_product_grad(&[1.096, 0.482, 0.653, 0.38, 0.877]),
                m149::max_and_product_gradcheck(&[1.096, 0.482, 0.653, 0.38, 0.877]).is_ok(),
            )
        },
    );
    same(
        "m150",
        || {
            (
                o124::operand_then_block(0.324, 1.142),
                o124::operand_then_block_grad(0.324, 1.142),
                o124::operand_then_block_gradcheck(0.324, 1.142).is_ok(),
            )
        },
        || {
            (
                m150::operand_then_block(0.324, 1.142),
                m150::operand_then_block_grad(0.324, 1.142),
                m150::operand_then_block_gradcheck(0.324, 1.142).is_ok(),
            )
        },
    );
    same(
        "m150",
        || {
            (
                o124::operand_then_block(0.771, 0.817),
                o124::operand_then_block_grad(0.771, 0.817),
                o124::operand_then_block_gradcheck(0.771, 0.817).is_ok(),
            )
        },
        || {
            (
                m150::operand_then_block(0.771, 0.817),
                m150::operand_then_block_grad(0.771, 0.817),
                m150::operand_then_block_gradcheck(0.771, 0.817).is_ok(),
            )
        },
    );
    same(
        "m152",
        || {
            (
                o79::scratch_in_body(&[0.377, 0.509, 0.722, 1.072, 0.785]),
                o79::scratch_in_body_grad(&[0.377, 0.509, 0.722, 1.072, 0.785]),
                o79::scratch_in_body_gradcheck(&[0.377, 0.509, 0.722, 1.072, 0.785]).is_ok(),
            )
        },
        || {
            (
                m152::scratch_in_body(&[0.377, 0.509, 0.722, 1.072, 0.785]),
                m152::scratch_in_body_grad(&[0.377, 0.509, 0.722, 1.072, 0.785]),
                m152::scratch_in_body_gradcheck(&[0.377, 0.509, 0.722, 1.072, 0.785]).is_ok(),
            )
        },
    );
    same(
        "m152",
        || {
            (
                o79::scratch_in_body(&[0.556, 1.184, 0.895, 0.776, 0.482]),
                o79::scratch_in_body_grad(&[0.556, 1.184, 0.895, 0.776, 0.482]),
                o79::scratch_in_body_gradcheck(&[0.556, 1.184, 0.895, 0.776, 0.482]).is_ok(),
            )
        },
        || {
            (
                m152::scratch_in_body(&[0.556, 1.184, 0.895, 0.776, 0.482]),
                m152::scratch_in_body_grad(&[0.556, 1.184, 0.895, 0.776, 0.482]),
                m152::scratch_in_body_gradcheck(&[0.556, 1.184, 0.895, 0.776, 0.482]).is_ok(),
            )
        },
    );
    same(
        "m153",
        || {
            (
                o54::ranges(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                ),
                o54::ranges_grad(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                ),
                o54::ranges_gradcheck(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                )
                .is_ok(),
            )
        },
        || {
            (
                m153::ranges(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                ),
                m153::ranges_grad(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                ),
                m153::ranges_gradcheck(
                    &[0.569, 1.11, 0.42, 0.778, 0.858],
                    &[0.619, 0.992, 1.119, 1.072, 0.964],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m153",
        || {
            (
                o54::ranges(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                ),
                o54::ranges_grad(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                ),
                o54::ranges_gradcheck(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                )
                .is_ok(),
            )
        },
        || {
            (
                m153::ranges(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                ),
                m153::ranges_grad(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                ),
                m153::ranges_gradcheck(
                    &[0.483, 0.354, 0.69, 0.581, 0.475],
                    &[1.084, 0.494, 1.04, 1.144, 0.408],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m154",
        || {
            (
                o142::branches_and_elements(&[1.122, 0.657, 0.491, 0.468, 0.334]),
                o142::branches_and_elements_grad(&[1.122, 0.657, 0.491, 0.468, 0.334]),
                o142::branches_and_elements_gradcheck(&[1.122, 0.657, 0.491, 0.468, 0.334]).is_ok(),
            )
        },
        || {
            (
                m154::branches_and_elements(&[1.122, 0.657, 0.491, 0.468, 0.334]),
                m154::branches_and_elements_grad(&[1.122, 0.657, 0.491, 0.468, 0.334]),
                m154::branches_and_elements_gradcheck(&[1.122, 0.657, 0.491, 0.468, 0.334]).is_ok(),
            )
        },
    );
    same(
        "m154",
        || {
            (
                o142::branches_and_elements(&[0.749, 0.646, 1.066, 1.05, 0.351]),
                o142::branches_and_elements_grad(&[0.749, 0.646, 1.066, 1.05, 0.351]),
                o142::branches_and_elements_gradcheck(&[0.749, 0.646, 1.066, 1.05, 0.351]).is_ok(),
            )
        },
        || {
            (
                m154::branches_and_elements(&[0.749, 0.646, 1.066, 1.05, 0.351]),
                m154::branches_and_elements_grad(&[0.749, 0.646, 1.066, 1.05, 0.351]),
                m154::branches_and_elements_gradcheck(&[0.749, 0.646, 1.066, 1.05, 0.351]).is_ok(),
            )
        },
    );
    same(
        "m155",
        || {
            (
                o58::literal_ranges(&[0.661, 0.65, 0.46, 0.526, 0.537]),
                o58::literal_ranges_grad(&[0.661, 0.65, 0.46, 0.526, 0.537]),
                o58::literal_ranges_gradcheck(&[0.661, 0.65, 0.46, 0.526, 0.537]).is_ok(),
            )
        },
        || {
            (
                m155::literal_ranges(&[0.661, 0.65, 0.46, 0.526, 0.537]),
                m155::literal_ranges_grad(&[0.661, 0.65, 0.46, 0.526, 0.537]),
                m155::literal_ranges_gradcheck(&[0.661, 0.65, 0.46, 0.526, 0.537]).is_ok(),
            )
        },
    );
    same(
        "m155",
        || {
            (
                o58::literal_ranges(&[0.925, 0.606, 0.4, 0.498, 0.698]),
                o58::literal_ranges_grad(&[0.925, 0.606, 0.4, 0.498, 0.698]),
                o58::literal_ranges_gradcheck(&[0.925, 0.606, 0.4, 0.498, 0.698]).is_ok(),
            )
        },
        || {
            (
                m155::literal_ranges(&[0.925, 0.606, 0.4, 0.498, 0.698]),
                m155::literal_ranges_grad(&[0.925, 0.606, 0.4, 0.498, 0.698]),
                m155::literal_ranges_gradcheck(&[0.925, 0.606, 0.4, 0.498, 0.698]).is_ok(),
            )
        },
    );
    same(
        "m156",
        || {
            (
                o29::covariance(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                ),
                o29::covariance_grad(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                ),
                o29::covariance_gradcheck(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                )
                .is_ok(),
            )
        },
        || {
            (
                m156::covariance(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                ),
                m156::covariance_grad(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                ),
                m156::covariance_gradcheck(
                    &[0.808, 0.521, 0.93, 0.494, 0.904],
                    &[0.848, 0.458, 0.976, 0.655, 0.786],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m156",
        || {
            (
                o29::covariance(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                ),
                o29::covariance_grad(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                ),
                o29::covariance_gradcheck(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                )
                .is_ok(),
            )
        },
        || {
            (
                m156::covariance(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                ),
                m156::covariance_grad(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                ),
                m156::covariance_gradcheck(
                    &[0.838, 0.865, 0.698, 0.35, 1.008],
                    &[1.074, 0.741, 0.821, 0.542, 1.109],
                )
                .is_ok(),
            )
        },
    );
    same(
        "m157",
        || {
            (
                o12::inner_step(0.917, 0.5),
                o12::inner_step_grad(0.917, 0.5),
                o12::inner_step_gradcheck(0.917, 0.5).is_ok(),
            )
        },
        || {
            (
                m157::inner_step(0.917, 0.5),
                m157::inner_step_grad(0.917, 0.5),
                m157::inner_step_gradcheck(0.917, 0.5).is_ok(),
            )
        },
    );
    same(
        "m157",
        || {
            (
                o12::inner_step(1.036, 1.188),
                o12::inner_step_grad(1.036, 1.188),
                o12::inner_step_gradcheck(1.036, 1.188).is_ok(),
            )
        },
        || {
            (
                m157::inner_step(1.036, 1.188),
                m157::inner_step_grad(1.036, 1.188),
                m157::inner_step_gradcheck(1.036, 1.188).is_ok(),
            )
        },
    );
}
