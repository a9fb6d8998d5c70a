//! 30 functions in the differentiable subset (straight-line scalar code, float methods,
//! branches, `for`/`while` loops over indices, local `Vec`s, element writes, calls between
//! differentiated functions, `wrt`). Each carries `#[cfg_attr(feature = "ad", differentiate)]`:
//! with `--features ad` the attribute expands to `_jvp`, `_pullback`, `_vjp`, `_grad`,
//! `_hvp` and the hidden entry points of callers beside each function; without it, the same
//! source compiles as plain Rust. `measure.sh` times the two builds.
#![allow(dead_code, clippy::needless_range_loop)]

#[cfg(feature = "ad")]
use autodiff::differentiate;

#[cfg_attr(feature = "ad", differentiate)]
pub fn f01_poly(x: f64, y: f64) -> f64 {
    let a = x * x * y;
    let b = 3.0 * y - x / y;
    let c = -a + b * 2.0;
    c * c + 1e-3 * x
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f02_methods(x: f64, y: f64) -> f64 {
    let a = x.sin() * y.cos() + x.tanh() - (x * y).exp().ln_1p();
    let b = (x * x + y * y).sqrt() + x.hypot(y) + x.atan2(y);
    let c = x.powi(3) + y.abs().powf(1.5) + x.max(y) - x.min(y);
    a + b + c + x.mul_add(y, 2.0).cbrt()
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f03_branches(x: f64, y: f64) -> f64 {
    let s = if x > 0.0 && y > 0.0 {
        x * y
    } else if x > 0.0 {
        x - y * y
    } else {
        x.exp()
    };
    let mut t = s;
    if t > 1.0 {
        t = t.sqrt();
    }
    t + 2.0 * x
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f04_early_return(x: f64, n: usize) -> f64 {
    if x < 0.0 {
        return x * x;
    }
    let mut acc = x;
    for i in 0..n {
        acc = acc * x + (i as f64);
        if acc > 100.0 {
            return acc.ln();
        }
    }
    acc
}

#[cfg_attr(feature = "ad", differentiate(wrt(x)))]
pub fn f05_wrt(x: f64, c: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for k in 1..=n {
        s += (x * c).sin() / (k as f64);
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f06_rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f07_horner(x: f64, c: &[f64]) -> f64 {
    let mut acc = 0.0;
    for i in (0..c.len()).rev() {
        acc = acc * x + c[i];
    }
    acc
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f08_recurrence(x: &[f64]) -> f64 {
    let mut h = 0.0;
    for i in 0..x.len() {
        h = (h * 0.9 + x[i]).tanh() * x[i] + 0.1 * h;
    }
    h
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f09_stencil(x: &[f64], steps: usize) -> f64 {
    let mut h = x.to_vec();
    for _t in 0..steps {
        let mut nh = vec![0.0; h.len()];
        for i in 0..h.len() {
            let left = if i == 0 { h[h.len() - 1] } else { h[i - 1] };
            nh[i] = (0.5 * h[i] + 0.3 * left).tanh() + 0.1 * x[i];
        }
        h = nh;
    }
    let mut s = 0.0;
    for v in 0..h.len() {
        s += h[v] * h[v];
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f10_newton_sqrt(a: f64) -> f64 {
    let mut y = a;
    let mut k = 0;
    while (y * y - a).abs() > 1e-12 * a && k < 50 {
        y = 0.5 * (y + a / y);
        k += 1;
    }
    y
}

#[cfg_attr(feature = "ad", differentiate(wrt(x)))]
pub fn f11_break_continue(x: &[f64], limit: f64) -> f64 {
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

#[cfg_attr(feature = "ad", differentiate)]
pub fn f12_step_loops(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in (0..x.len()).step_by(2) {
        s += x[i] * x[i];
    }
    for i in (1..=x.len() - 1).rev() {
        s = s * 0.5 + x[i].sin();
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f13_build_vec(x: &[f64]) -> Vec<f64> {
    let mut out = Vec::with_capacity(x.len());
    for i in 0..x.len() {
        out.push(x[i] * x[i]);
    }
    let mut w = vec![1.0; 3];
    w[1] = out[0] + out[1];
    w[2] *= out[2];
    w[0] += w[1] * 2.0;
    out.push(w[0] + w[2]);
    out
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f14_arrays(p: [f64; 3], q: &[f64; 3]) -> f64 {
    let mut m = [0.0; 3];
    for i in 0..3 {
        m[i] = p[i] * q[i];
    }
    m[0] * m[1] + m[2]
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f15_log_sum_exp(x: &[f64]) -> f64 {
    let mut mx = x[0];
    for i in 1..x.len() {
        if x[i] > mx {
            mx = x[i];
        }
    }
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] - mx).exp();
    }
    s.ln() + mx
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f16_norm(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s.sqrt()
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f17_normalized_sum(x: &[f64], w: f64) -> f64 {
    let n = f16_norm(x);
    let scaled = vec![w; 2];
    let m = f16_norm(&scaled);
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] / n;
    }
    s * m
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f18_inner(a: f64, b: f64) -> f64 {
    a * b.sin()
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f19_middle(x: f64) -> f64 {
    let t = f18_inner(x, x * 2.0);
    t * t + f18_inner(1.5, x)
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f20_outer(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += f19_middle(x[i]) * (i as f64 + 1.0);
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f21_softmax_xent(z: &[f64], label: usize) -> f64 {
    let lse = f15_log_sum_exp(z);
    lse - z[label]
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f22_dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i] * b[i];
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f23_matvec_norm(m: &[f64], v: &[f64]) -> f64 {
    let n = v.len();
    let mut out = vec![0.0; n];
    for i in 0..n {
        for j in 0..n {
            out[i] += m[i * n + j] * v[j];
        }
    }
    let mut s = 0.0;
    for i in 0..n {
        s += out[i] * out[i];
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f24_logistic_loss(w: &[f64], x: &[f64], y: &[f64]) -> f64 {
    let d = w.len();
    let mut loss = 0.0;
    for i in 0..y.len() {
        let mut z = 0.0;
        for j in 0..d {
            z += w[j] * x[i * d + j];
        }
        loss += (1.0 + (-y[i] * z).exp()).ln();
    }
    loss / (y.len() as f64)
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f25_mlp(w1: &[f64], w2: &[f64], x: &[f64]) -> f64 {
    let h = w2.len();
    let d = x.len();
    let mut hidden = vec![0.0; h];
    for i in 0..h {
        let mut z = 0.0;
        for j in 0..d {
            z += w1[i * d + j] * x[j];
        }
        hidden[i] = z.tanh();
    }
    let mut out = 0.0;
    for i in 0..h {
        out += w2[i] * hidden[i];
    }
    out
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f26_ode_euler(k: f64, y0: f64, steps: usize) -> f64 {
    let dt = 1.0 / (steps as f64);
    let mut y = y0;
    for _step in 0..steps {
        y = y + dt * (-k * y + (y * 3.0).sin());
    }
    y
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f27_rk2(k: f64, y0: f64, steps: usize) -> f64 {
    let dt = 1.0 / (steps as f64);
    let mut y = y0;
    for _step in 0..steps {
        let k1 = -k * y * y;
        let ym = y + 0.5 * dt * k1;
        let k2 = -k * ym * ym;
        y += dt * k2;
    }
    y
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f28_piecewise(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let v = x[i];
        if v > 1.0 {
            s += v.ln();
        } else if v > 0.0 {
            s += v * v - v;
        } else {
            s += v.exp() - 1.0;
        }
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f29_cumsum_tail(x: &[f64]) -> f64 {
    let mut c = vec![0.0; x.len()];
    c[0] = x[0];
    for i in 1..x.len() {
        c[i] = c[i - 1] * 0.5 + x[i].cos();
    }
    let mut s = 0.0;
    for i in 0..c.len() {
        s += c[i] * c[i] * (i as f64 + 1.0);
    }
    s
}

#[cfg_attr(feature = "ad", differentiate)]
pub fn f30_pipeline(x: &[f64], w: f64) -> f64 {
    let a = f06_rosenbrock(x);
    let b = f16_norm(x);
    let c = f08_recurrence(x);
    a * 1e-3 + b * w + c + f01_poly(w, b + 1.0)
}
