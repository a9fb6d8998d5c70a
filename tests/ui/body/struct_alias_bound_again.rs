use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Copy)]
pub struct P {
    pub a: f64,
    pub b: f64,
}

// The root is bound again after the alias: `q.a` and `p.a` name different structs.
#[differentiate]
pub fn root_bound_again(p: &P, r: &P) -> f64 {
    let q = p;
    let p = r;
    q.a * p.a + q.b * p.b * p.b
}

// The alias is named in a macro, whose tokens the attribute cannot rewrite.
#[differentiate]
pub fn named_in_a_macro(p: &P) -> f64 {
    let q = p;
    println!("{} {}", q.a, q.b);
    q.a * q.b
}

fn main() {}
