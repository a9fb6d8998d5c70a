//! `ht`'s derivatives against central differences, on a made-up model.

use super::*;

fn wave(k: usize, scale: f64, phase: f64) -> Vec<f64> {
    (0..k)
        .map(|i| scale * ((i as f64) * 0.77 + phase).sin())
        .collect()
}

/// A small made-up hand: 22 bones in a tree, 7 vertices each weighted over every bone,
/// 5 triangles; near-identity bone matrices with translations.
fn model(is_mirrored: bool) -> HandModel {
    let n_bones = 22;
    let n_verts = 7;
    let parents = (0..n_bones as i64)
        .map(|b| if b == 0 { -1 } else { (b - 1) / 2 })
        .collect();
    let near_identity = |phase: f64| -> Vec<f64> {
        let mut m = Vec::new();
        for b in 0..n_bones {
            let d = wave(16, 0.2, phase + b as f64);
            for r in 0..4 {
                for c in 0..4 {
                    let id = if r == c { 1.0 } else { 0.0 };
                    m.push(if r == 3 { id } else { id + d[4 * r + c] });
                }
            }
        }
        m
    };
    let mut base_positions = Vec::new();
    for (v, p) in wave(3 * n_verts, 1.0, 0.4).chunks(3).enumerate() {
        base_positions.extend([p[0], p[1], p[2] + 0.1 * v as f64, 1.0]);
    }
    let weights = wave(n_verts * n_bones, 0.5, 1.1)
        .iter()
        .map(|w| 0.5 + w)
        .collect();
    HandModel {
        parents,
        base_relatives: near_identity(0.3),
        inverse_base_absolutes: near_identity(2.1),
        base_positions,
        weights,
        triangles: vec![0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 0, 3, 1, 5, 3],
        is_mirrored,
    }
}

/// ∂f/∂xₖ for k in `which`, by central differences: a column per k.
fn central_columns(f: impl Fn(&[f64]) -> Vec<f64>, x: &[f64], which: &[usize]) -> Vec<Vec<f64>> {
    which
        .iter()
        .map(|&k| {
            let h = 1e-6;
            let (mut up, mut down) = (x.to_vec(), x.to_vec());
            up[k] += h;
            down[k] -= h;
            let (fu, fd) = (f(&up), f(&down));
            fu.iter()
                .zip(&fd)
                .map(|(a, b)| (a - b) / (2.0 * h))
                .collect()
        })
        .collect()
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-6 * want.abs().max(1.0),
        "{what}: {got:e} vs central differences {want:e}"
    );
}

#[test]
fn simple_jacobian_matches_central_differences() {
    for mirrored in [false, true] {
        let model = model(mirrored);
        let theta = wave(26, 0.6, 0.9);
        let correspondences = [3, 0, 6, 2];
        let points = wave(12, 0.8, 0.2);
        let jac = model.jacobian(&theta, &correspondences, &points);
        assert_eq!(jac.len(), 12);
        let cols = central_columns(
            |t| model.objective(t, &correspondences, &points),
            &theta,
            &(0..26).collect::<Vec<_>>(),
        );
        for (r, row) in jac.iter().enumerate() {
            assert_eq!(row.len(), 26);
            for (k, col) in cols.iter().enumerate() {
                assert_close(row[k], col[r], &format!("row {r}, θ{k}"));
            }
        }
    }
}

#[test]
fn complicated_jacobian_matches_central_differences() {
    let model = model(false);
    let theta = wave(26, 0.6, 1.7);
    let correspondences = [4, 1, 0];
    let points = wave(9, 0.8, 0.5);
    let us = wave(6, 0.3, 0.1)
        .iter()
        .map(|u| 0.3 + u)
        .collect::<Vec<_>>();
    let jac = model.jacobian_complicated(&theta, &us, &correspondences, &points);
    assert_eq!(jac.len(), 9);
    let d_theta = central_columns(
        |t| model.objective_complicated(t, &us, &correspondences, &points),
        &theta,
        &(0..26).collect::<Vec<_>>(),
    );
    let d_us = central_columns(
        |u| model.objective_complicated(&theta, u, &correspondences, &points),
        &us,
        &(0..6).collect::<Vec<_>>(),
    );
    for (r, row) in jac.iter().enumerate() {
        assert_eq!(row.len(), 28);
        for (k, col) in d_theta.iter().enumerate() {
            assert_close(row[2 + k], col[r], &format!("row {r}, θ{k}"));
        }
        // Row r = 3i + j: columns 0, 1 are u_i's; every other u leaves it unchanged.
        let i = r / 3;
        for (k, col) in d_us.iter().enumerate() {
            if k / 2 == i {
                assert_close(row[k % 2], col[r], &format!("row {r}, u{k}"));
            } else {
                assert_eq!(col[r], 0.0, "row {r} moves with u{k}");
            }
        }
    }
    // The complicated objective at u = (1, 0) is the simple one at the triangle's first vertex.
    let firsts: Vec<usize> = correspondences
        .iter()
        .map(|&t| model.triangles[3 * t])
        .collect();
    let ones: Vec<f64> = [1.0, 0.0].repeat(3);
    let a = model.objective_complicated(&theta, &ones, &correspondences, &points);
    let b = model.objective(&theta, &firsts, &points);
    for (x, y) in a.iter().zip(&b) {
        assert!((x - y).abs() < 1e-12);
    }
}
