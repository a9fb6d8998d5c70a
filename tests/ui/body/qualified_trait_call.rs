use autodiff::differentiate;

pub trait Blend {
    fn blend(a: f64, b: f64, t: f64) -> f64;
}

pub struct Linear;

#[differentiate]
impl Blend for Linear {
    fn blend(a: f64, b: f64, t: f64) -> f64 {
        a + (b - a) * t
    }
}

#[differentiate]
fn mixed(x: f64, y: f64) -> f64 {
    <Linear as Blend>::blend(x, y, 0.25) * 2.0
}

fn main() {}
