//! `ht`: ADBench's hand tracking as GradBench specifies it (`cpp/gradbench/evals/ht.hpp`).
//! A skinned hand model (22 bones, each vertex a weighted sum of its bones' transforms) is
//! posed by 26 parameters θ: global rotation (angle-axis), global translation, then per
//! finger a two-angle base joint and two one-angle joints. The residuals are 3 per
//! correspondence: a measured point minus its vertex of the posed model (`simple`), or minus
//! a point of a triangle of the model given by barycentric coordinates `uᵢ` (`complicated`).
//!
//! ```text
//! pose   = 3 × (22 + 3), column-major: rotation, scale (ones), translation, one column per bone
//! Rᵦ     = Rz·Ry·Rx of bone β's column;  relativeᵦ = base_relativeᵦ · [Rᵦ 0; 0 1]
//! absᵦ   = abs_parent(β) · relativeᵦ;    transformᵦ = absᵦ · inverse_base_absoluteᵦ
//! vertex = Σᵦ weight(v, β) · (transformᵦ · base_position_v)[0..3]   (x negated if mirrored)
//! posed  = R(rotation) · diag(scale) · vertex + translation
//! simple:       errᵢ = pointᵢ − posed[corrᵢ]
//! complicated:  errᵢ = pointᵢ − (u₀ posed[t₀] + u₁ posed[t₁] + (1 − u₀ − u₁) posed[t₂]),  t = triangle[corrᵢ]
//! ```
//!
//! `jacobian` is dense, `[3c][26]` (simple) from `ht_objective_jacobian` (θ's 26 columns:
//! `ht_objective_jvp` once per column, as there are fewer columns than rows), or `[3c][28]`
//! (complicated): columns 2..28 from `ht_objective_complicated_jacobian` (θ only: `us` is
//! left out by `wrt`), columns 0..2 of row `3i + j` from `hand_point_error_jacobian` of
//! correspondence `i` alone (the residual of one correspondence as a function of its own
//! `uᵢ` and its triangle's vertices; only its `u` columns are kept). Row `3i + j` depends on
//! `uᵢ` alone among the `us`, so those two columns are the whole of ∂err/∂us, and each comes
//! from a 3-row Jacobian of a small function instead of 2c columns of the whole objective.
//!
//! `model.rs` holds the model and the differentiated functions, this module the eval's
//! input and answers, `tests.rs` the checks against central differences.

mod model;
#[cfg(test)]
mod tests;

pub use model::*;

use super::{floats, timed, unknown, Evaluated, Runs};
use serde_json::{json, Value};

struct Input {
    theta: Vec<f64>,
    us: Vec<f64>,
    model: HandModel,
    correspondences: Vec<usize>,
    points: Vec<f64>,
}

/// A JSON list of lists of numbers, each of `cols` entries.
fn rows_of<const N: usize>(v: &Value, what: &str) -> Result<Vec<[f64; N]>, String> {
    v.as_array()
        .ok_or_else(|| format!("`{what}` is not a list"))?
        .iter()
        .map(|row| {
            floats(row)
                .map_err(|e| format!("`{what}`: {e}"))?
                .try_into()
                .map_err(|r: Vec<f64>| format!("`{what}`: a row of {} entries, not {N}", r.len()))
        })
        .collect()
}

/// A JSON list of 4 × 4 matrices, each row-major, one after the other.
fn matrices(v: &Value, what: &str) -> Result<Vec<f64>, String> {
    let mut flat = Vec::new();
    for m in v
        .as_array()
        .ok_or_else(|| format!("`{what}` is not a list"))?
    {
        let rows = rows_of::<4>(m, what)?;
        if rows.len() != 4 {
            return Err(format!("`{what}`: not a 4 × 4 matrix"));
        }
        flat.extend(rows.concat());
    }
    Ok(flat)
}

fn ints(v: &Value, what: &str) -> Result<Vec<i64>, String> {
    v.as_array()
        .ok_or_else(|| format!("`{what}` is not a list"))?
        .iter()
        .map(|x| {
            x.as_i64()
                .ok_or_else(|| format!("`{what}`: not an integer: {x}"))
        })
        .collect()
}

fn indices(v: &Value, what: &str) -> Result<Vec<usize>, String> {
    ints(v, what)?
        .into_iter()
        .map(|i| usize::try_from(i).map_err(|_| format!("`{what}`: negative index {i}")))
        .collect()
}

fn decode(input: &Value) -> Result<Input, String> {
    let data = &input["data"];
    let m = &data["model"];
    let parents = ints(&m["parents"], "parents")?;
    let n_bones = parents.len();
    let base_positions = rows_of::<4>(&m["base_positions"], "base_positions")?.concat();
    let weight_rows = m["weights"].as_array().ok_or("`weights` is not a list")?;
    let mut weights = Vec::with_capacity(base_positions.len() / 4 * n_bones);
    for row in weight_rows {
        let row = floats(row).map_err(|e| format!("`weights`: {e}"))?;
        if row.len() != n_bones {
            return Err(format!("`weights`: a row of {}, not {n_bones}", row.len()));
        }
        weights.extend(row);
    }
    let triangles = m["triangles"]
        .as_array()
        .ok_or("`triangles` is not a list")?
        .iter()
        .map(|t| {
            indices(t, "triangles")?
                .try_into()
                .map_err(|_| "`triangles`: not 3 vertices".to_string())
        })
        .collect::<Result<Vec<[usize; 3]>, String>>()?
        .concat();
    let model = HandModel {
        base_relatives: matrices(&m["base_relatives"], "base_relatives")?,
        inverse_base_absolutes: matrices(&m["inverse_base_absolutes"], "inverse_base_absolutes")?,
        base_positions,
        weights,
        triangles,
        is_mirrored: m["is_mirrored"].as_bool().unwrap_or(false),
        parents,
    };
    let correspondences = indices(&data["correspondences"], "correspondences")?;
    let points: Vec<f64> = rows_of::<3>(&data["points"], "points")?.concat();
    let us: Vec<f64> = rows_of::<2>(&input["us"], "us")?.concat();
    let theta = floats(&input["theta"]).map_err(|e| format!("`theta`: {e}"))?;
    let n_verts = model.base_positions.len() / 4;
    let bad_vertex = correspondences.iter().any(|&v| {
        if us.is_empty() {
            v >= n_verts
        } else {
            v >= model.triangles.len() / 3
        }
    }) || model.triangles.iter().any(|&v| v >= n_verts);
    if theta.len() != 26
        || model.base_relatives.len() != 16 * n_bones
        || model.inverse_base_absolutes.len() != 16 * n_bones
        || model.weights.len() != n_verts * n_bones
        || points.len() != 3 * correspondences.len()
        || !(us.is_empty() || us.len() == 2 * correspondences.len())
        || bad_vertex
        || n_bones != 22
        || model
            .parents
            .iter()
            .enumerate()
            .any(|(b, &p)| p >= b as i64)
    {
        return Err("shapes: theta, model, correspondences, points and us disagree".into());
    }
    Ok(Input {
        theta,
        us,
        model,
        correspondences,
        points,
    })
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let p = decode(input)?;
    let runs = Runs::of(input);
    let simple = p.us.is_empty();
    match function {
        "objective" => {
            let (err, nanos) = timed(runs, || {
                if simple {
                    p.model.objective(&p.theta, &p.correspondences, &p.points)
                } else {
                    p.model
                        .objective_complicated(&p.theta, &p.us, &p.correspondences, &p.points)
                }
            });
            Ok((json!(err), nanos))
        }
        "jacobian" => {
            let (jac, nanos) = timed(runs, || {
                if simple {
                    p.model.jacobian(&p.theta, &p.correspondences, &p.points)
                } else {
                    p.model
                        .jacobian_complicated(&p.theta, &p.us, &p.correspondences, &p.points)
                }
            });
            Ok((json!(jac), nanos))
        }
        _ => Err(unknown("ht", function)),
    }
}
