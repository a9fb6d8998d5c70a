use autodiff::{differentiate, Differentiable};
use std::ops::Mul;

#[derive(Clone, Copy, Differentiable)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

#[differentiate]
impl Mul<Vec2> for f64 {
    type Output = Vec2;
    fn mul(self, v: Vec2) -> Vec2 {
        Vec2 { x: self * v.x, y: self * v.y }
    }
}

#[differentiate]
fn scaled(v: &Vec2, k: f64) -> f64 {
    let w = k * *v;
    w.x + w.y
}

fn main() {}
