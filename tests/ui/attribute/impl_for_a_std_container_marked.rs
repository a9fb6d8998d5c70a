use autodiff::differentiate;

trait Total {
    fn total(&self) -> f64;
}

// The block's message only: the method's own mark does not expand on its own beside it.
#[differentiate]
impl Total for Vec<[f64; 2]> {
    #[differentiate]
    fn total(&self) -> f64 {
        self.iter().map(|p| p[0]).sum()
    }
}

fn main() {}
