//! The hand model and the functions of `ht`'s objective under `#[differentiate]`: rotations,
//! pose parameters, bone transforms, skinning, and the two objectives.

use autodiff::differentiate;

/// The hand model: constants of the objective. The differentiated functions take its
/// fields as parameters, so that each of them takes plain floats, slices and integers.
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
