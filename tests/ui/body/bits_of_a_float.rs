use autodiff::differentiate;

// A fast square root seeded by the bits of its argument (as chobitlibs writes it): the
// guess is a step function of `x`, so the macro asks which derivative is meant.
#[differentiate]
fn sqrt(x: f32) -> f32 {
    const MAGIC_1: u32 = 0x5f1ffff9;
    const MAGIC_2: f32 = 0.703952253;
    const MAGIC_3: f32 = 2.38924456;

    let y = f32::from_bits(MAGIC_1 - (x.to_bits() >> 1));

    y * (MAGIC_2 * (MAGIC_3 - (x * y * y))) * x
}

fn main() {}
