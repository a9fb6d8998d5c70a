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

use super::{floats, timed, unknown, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

/// The hand model: constants of the objective. The differentiated functions take its
/// fields as parameters (see RESULTS.md: with a `&HandModel` parameter, even left out by
/// `wrt`, reading its fields and passing it on to a differentiated callee are refused).
pub struct HandModel {
    /// Each bone's parent, −1 for the root; parents come before their children.
    pub parents: Vec<i64>,
    /// Per bone, a 4 × 4 row-major matrix (16 entries per bone).
    pub base_relatives: Vec<f64>,
    /// Per bone, a 4 × 4 row-major matrix (16 entries per bone).
    pub inverse_base_absolutes: Vec<f64>,
    /// Per vertex, its homogeneous position (x, y, z, 1) (4 entries per vertex).
    pub base_positions: Vec<f64>,
    /// `vertices × bones`, row-major: vertex v's weight for bone β at `v · bones + β`.
    pub weights: Vec<f64>,
    /// Per triangle, its three vertices (3 entries per triangle).
    pub triangles: Vec<usize>,
    pub is_mirrored: bool,
}

/// The product of row-major `a` (n × k) and `b` (k × m).
#[differentiate]
pub fn mat_mul(a: &[f64], b: &[f64], n: usize, k: usize, m: usize) -> Vec<f64> {
    let mut out = vec![0.0; n * m];
    for i in 0..n {
        for j in 0..m {
            let mut s = 0.0;
            for l in 0..k {
                s += a[i * k + l] * b[l * m + j];
            }
            out[i * m + j] = s;
        }
    }
    out
}

/// The rotation of an angle-axis vector, row-major 3 × 3 (the identity below 10⁻⁴).
#[differentiate]
pub fn angle_axis_to_rotation_matrix(angle_axis: [f64; 3]) -> [f64; 9] {
    let norm = (angle_axis[0] * angle_axis[0]
        + angle_axis[1] * angle_axis[1]
        + angle_axis[2] * angle_axis[2])
        .sqrt();
    if norm < 0.0001 {
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    }
    let x = angle_axis[0] / norm;
    let y = angle_axis[1] / norm;
    let z = angle_axis[2] / norm;
    let s = norm.sin();
    let c = norm.cos();
    [
        x * x + (1.0 - x * x) * c,
        x * y * (1.0 - c) - z * s,
        x * z * (1.0 - c) + y * s,
        x * y * (1.0 - c) + z * s,
        y * y + (1.0 - y * y) * c,
        y * z * (1.0 - c) - x * s,
        x * z * (1.0 - c) - y * s,
        z * y * (1.0 - c) + x * s,
        z * z + (1.0 - z * z) * c,
    ]
}

/// Rz·Ry·Rx of the angles (x, z, y), row-major 3 × 3.
#[differentiate]
pub fn euler_angles_to_rotation_matrix(xzy: [f64; 3]) -> [f64; 9] {
    let (tx, ty, tz) = (xzy[0], xzy[2], xzy[1]);
    let rx = [
        1.0,
        0.0,
        0.0,
        0.0,
        tx.cos(),
        -tx.sin(),
        0.0,
        tx.sin(),
        tx.cos(),
    ];
    let ry = [
        ty.cos(),
        0.0,
        ty.sin(),
        0.0,
        1.0,
        0.0,
        -ty.sin(),
        0.0,
        ty.cos(),
    ];
    let rz = [
        tz.cos(),
        -tz.sin(),
        0.0,
        tz.sin(),
        tz.cos(),
        0.0,
        0.0,
        0.0,
        1.0,
    ];
    let tmp: Vec<f64> = mat_mul(&rz, &ry, 3, 3, 3);
    let r: Vec<f64> = mat_mul(&tmp, &rx, 3, 3, 3);
    [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]]
}

/// θ spread over the pose parameters, 3 × (bones + 3) column-major (column i at `3i..3i+3`):
/// global rotation, scale (ones), global translation, then per finger (bones 1–4, 6–9, …)
/// two angles for its base joint and one for each of the next two.
#[differentiate(wrt(theta))]
pub fn to_pose_params(theta: &[f64], n_bones: usize) -> Vec<f64> {
    let mut pose = vec![0.0; 3 * (n_bones + 3)];
    for i in 0..3 {
        pose[i] = theta[i];
        pose[3 + i] = 1.0;
        pose[6 + i] = theta[3 + i];
    }
    let mut i_theta = 6;
    let mut i_pose = 5;
    for _finger in 0..5 {
        for i in 2..=4 {
            pose[3 * i_pose] = theta[i_theta];
            i_theta += 1;
            if i == 2 {
                pose[3 * i_pose + 1] = theta[i_theta];
                i_theta += 1;
            }
            i_pose += 1;
        }
        i_pose += 1;
    }
    pose
}

/// Every bone's transform (row-major 4 × 4 each, bone after bone): the posed relatives
/// chained from the root, times the inverse base absolutes.
#[differentiate(wrt(pose))]
pub fn bone_transforms(
    pose: &[f64],
    parents: &[i64],
    base_relatives: &[f64],
    inverse_base_absolutes: &[f64],
) -> Vec<f64> {
    let n_bones = parents.len();
    let mut absolutes = vec![0.0; 16 * n_bones];
    let mut transforms = vec![0.0; 16 * n_bones];
    for b in 0..n_bones {
        let col = 3 * (b + 3);
        let r = euler_angles_to_rotation_matrix([pose[col], pose[col + 1], pose[col + 2]]);
        let tr = [
            r[0], r[1], r[2], 0.0, r[3], r[4], r[5], 0.0, r[6], r[7], r[8], 0.0, 0.0, 0.0, 0.0, 1.0,
        ];
        let relative: Vec<f64> = mat_mul(&base_relatives[16 * b..16 * b + 16], &tr, 4, 4, 4);
        let parent = parents[b];
        let absolute: Vec<f64> = if parent < 0 {
            relative
        } else {
            let p = parent as usize;
            mat_mul(&absolutes[16 * p..16 * p + 16], &relative, 4, 4, 4)
        };
        let transform: Vec<f64> = mat_mul(
            &absolute,
            &inverse_base_absolutes[16 * b..16 * b + 16],
            4,
            4,
            4,
        );
        for i in 0..16 {
            absolutes[16 * b + i] = absolute[i];
            transforms[16 * b + i] = transform[i];
        }
    }
    transforms
}

/// The posed model's vertices, (x, y, z) per vertex: skinning by the bone transforms,
/// mirroring, then the global rotation, scale and translation.
#[differentiate(wrt(pose))]
pub fn skinned_vertex_positions(
    pose: &[f64],
    parents: &[i64],
    base_relatives: &[f64],
    inverse_base_absolutes: &[f64],
    base_positions: &[f64],
    weights: &[f64],
    is_mirrored: bool,
) -> Vec<f64> {
    let n_bones = parents.len();
    let n_verts = base_positions.len() / 4;
    let transforms: Vec<f64> =
        bone_transforms(pose, parents, base_relatives, inverse_base_absolutes);
    let mut positions = vec![0.0; 3 * n_verts];
    for b in 0..n_bones {
        for v in 0..n_verts {
            let weight = weights[v * n_bones + b];
            for i in 0..3 {
                let mut s = 0.0;
                for j in 0..4 {
                    s += transforms[16 * b + 4 * i + j] * base_positions[4 * v + j];
                }
                positions[3 * v + i] += s * weight;
            }
        }
    }
    if is_mirrored {
        for v in 0..n_verts {
            positions[3 * v] = -positions[3 * v];
        }
    }
    // The global transform: R with its columns scaled by pose column 1, then translation.
    let r = angle_axis_to_rotation_matrix([pose[0], pose[1], pose[2]]);
    let mut posed = vec![0.0; 3 * n_verts];
    for v in 0..n_verts {
        for i in 0..3 {
            let mut s = pose[6 + i];
            for j in 0..3 {
                s += r[3 * i + j] * pose[3 + j] * positions[3 * v + j];
            }
            posed[3 * v + i] = s;
        }
    }
    posed
}

/// The `simple` residuals: each point minus its vertex of the posed model.
#[differentiate(wrt(theta), jacobian)]
#[allow(clippy::too_many_arguments)]
pub fn ht_objective(
    theta: &[f64],
    parents: &[i64],
    base_relatives: &[f64],
    inverse_base_absolutes: &[f64],
    base_positions: &[f64],
    weights: &[f64],
    is_mirrored: bool,
    correspondences: &[usize],
    points: &[f64],
) -> Vec<f64> {
    let pose: Vec<f64> = to_pose_params(theta, parents.len());
    let vertices: Vec<f64> = skinned_vertex_positions(
        &pose,
        parents,
        base_relatives,
        inverse_base_absolutes,
        base_positions,
        weights,
        is_mirrored,
    );
    let mut err = vec![0.0; 3 * correspondences.len()];
    for (i, &v) in correspondences.iter().enumerate() {
        for j in 0..3 {
            err[3 * i + j] = points[3 * i + j] - vertices[3 * v + j];
        }
    }
    err
}

/// One `complicated` residual: the point minus the point `u` of the triangle (a, b, c).
/// Its generated `hand_point_error_jacobian` is 3 rows × 11 columns (u's 2, then the
/// vertices'); the tool keeps the `u` columns.
#[differentiate(wrt(u, a, b, c), jacobian)]
pub fn hand_point_error(
    u: [f64; 2],
    a: [f64; 3],
    b: [f64; 3],
    c: [f64; 3],
    point: [f64; 3],
) -> [f64; 3] {
    let w = 1.0 - u[0] - u[1];
    [
        point[0] - (u[0] * a[0] + u[1] * b[0] + w * c[0]),
        point[1] - (u[0] * a[1] + u[1] * b[1] + w * c[1]),
        point[2] - (u[0] * a[2] + u[1] * b[2] + w * c[2]),
    ]
}

/// The `complicated` residuals: each point minus its point of a triangle of the posed model.
#[differentiate(wrt(theta), jacobian)]
#[allow(clippy::too_many_arguments)]
pub fn ht_objective_complicated(
    theta: &[f64],
    us: &[f64],
    parents: &[i64],
    base_relatives: &[f64],
    inverse_base_absolutes: &[f64],
    base_positions: &[f64],
    weights: &[f64],
    is_mirrored: bool,
    triangles: &[usize],
    correspondences: &[usize],
    points: &[f64],
) -> Vec<f64> {
    let pose: Vec<f64> = to_pose_params(theta, parents.len());
    let vertices: Vec<f64> = skinned_vertex_positions(
        &pose,
        parents,
        base_relatives,
        inverse_base_absolutes,
        base_positions,
        weights,
        is_mirrored,
    );
    let mut err = vec![0.0; 3 * correspondences.len()];
    for i in 0..correspondences.len() {
        let t = 3 * correspondences[i]; // the triangle's vertices are triangles[t..t + 3]
        let e = hand_point_error(
            [us[2 * i], us[2 * i + 1]],
            [
                vertices[3 * triangles[t]],
                vertices[3 * triangles[t] + 1],
                vertices[3 * triangles[t] + 2],
            ],
            [
                vertices[3 * triangles[t + 1]],
                vertices[3 * triangles[t + 1] + 1],
                vertices[3 * triangles[t + 1] + 2],
            ],
            [
                vertices[3 * triangles[t + 2]],
                vertices[3 * triangles[t + 2] + 1],
                vertices[3 * triangles[t + 2] + 2],
            ],
            [points[3 * i], points[3 * i + 1], points[3 * i + 2]],
        );
        for j in 0..3 {
            err[3 * i + j] = e[j];
        }
    }
    err
}

/// The differentiated functions called with the model's fields.
impl HandModel {
    /// The posed model's vertices.
    pub fn vertices(&self, theta: &[f64]) -> Vec<f64> {
        skinned_vertex_positions(
            &to_pose_params(theta, self.parents.len()),
            &self.parents,
            &self.base_relatives,
            &self.inverse_base_absolutes,
            &self.base_positions,
            &self.weights,
            self.is_mirrored,
        )
    }

    /// `ht_objective`.
    pub fn objective(&self, theta: &[f64], correspondences: &[usize], points: &[f64]) -> Vec<f64> {
        ht_objective(
            theta,
            &self.parents,
            &self.base_relatives,
            &self.inverse_base_absolutes,
            &self.base_positions,
            &self.weights,
            self.is_mirrored,
            correspondences,
            points,
        )
    }

    /// The `simple` Jacobian, `[3c][26]`: `ht_objective_jacobian`.
    pub fn jacobian(
        &self,
        theta: &[f64],
        correspondences: &[usize],
        points: &[f64],
    ) -> Vec<Vec<f64>> {
        ht_objective_jacobian(
            theta,
            &self.parents,
            &self.base_relatives,
            &self.inverse_base_absolutes,
            &self.base_positions,
            &self.weights,
            self.is_mirrored,
            correspondences,
            points,
        )
        .1
    }

    /// `ht_objective_complicated`.
    pub fn objective_complicated(
        &self,
        theta: &[f64],
        us: &[f64],
        correspondences: &[usize],
        points: &[f64],
    ) -> Vec<f64> {
        ht_objective_complicated(
            theta,
            us,
            &self.parents,
            &self.base_relatives,
            &self.inverse_base_absolutes,
            &self.base_positions,
            &self.weights,
            self.is_mirrored,
            &self.triangles,
            correspondences,
            points,
        )
    }

    /// The `complicated` Jacobian, `[3c][2 + 26]`: row `3i + j` is ∂errᵢⱼ/∂uᵢ (from
    /// `hand_point_error_jacobian` of correspondence i at the posed model's vertices) then
    /// ∂errᵢⱼ/∂θ (from `ht_objective_complicated_jacobian`).
    pub fn jacobian_complicated(
        &self,
        theta: &[f64],
        us: &[f64],
        correspondences: &[usize],
        points: &[f64],
    ) -> Vec<Vec<f64>> {
        let (_, d_theta) = ht_objective_complicated_jacobian(
            theta,
            us,
            &self.parents,
            &self.base_relatives,
            &self.inverse_base_absolutes,
            &self.base_positions,
            &self.weights,
            self.is_mirrored,
            &self.triangles,
            correspondences,
            points,
        );
        // The vertices the u columns are taken at (the objective's own primal computation).
        let vertices = self.vertices(theta);
        let vertex = |v: usize| [vertices[3 * v], vertices[3 * v + 1], vertices[3 * v + 2]];
        let mut rows = Vec::with_capacity(d_theta.len());
        for (i, &corr) in correspondences.iter().enumerate() {
            let t = &self.triangles[3 * corr..3 * corr + 3];
            let (_, block) = hand_point_error_jacobian(
                [us[2 * i], us[2 * i + 1]],
                vertex(t[0]),
                vertex(t[1]),
                vertex(t[2]),
                [points[3 * i], points[3 * i + 1], points[3 * i + 2]],
            );
            for j in 0..3 {
                let mut row = Vec::with_capacity(2 + theta.len());
                row.extend_from_slice(&block[j][..2]);
                row.extend_from_slice(&d_theta[3 * i + j]);
                rows.push(row);
            }
        }
        rows
    }
}

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

#[cfg(test)]
mod tests {
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
    fn central_columns(
        f: impl Fn(&[f64]) -> Vec<f64>,
        x: &[f64],
        which: &[usize],
    ) -> Vec<Vec<f64>> {
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
}
