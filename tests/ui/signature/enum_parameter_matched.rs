use autodiff::differentiate;

pub enum Shape {
    Circle(f64),
    Square(f64),
}

#[differentiate]
fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle(r) => 3.14 * r * r,
        Shape::Square(a) => a * a,
    }
}

fn main() {}
