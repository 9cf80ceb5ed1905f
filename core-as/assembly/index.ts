// AssemblyScript numeric core: forward kinematics, centre of mass and the analytic leg IK over
// one Float64 region of linear memory whose slots the host assigns with setLayout (see
// src/core/layout.ts). Same steps as the TypeScript twin in src/core/ts_kernels.ts. No
// allocation: the region is host-managed and the kernels only load and store f64.

import { ld, st } from "./memory";
import {
  B_AXIS,
  B_COM,
  B_MASS,
  B_OFFSET,
  B_PARENT,
  B_STRIDE,
  IK_LIMITED,
  IK_UNREACHABLE,
  L_FIRST_JOINT,
  L_HIP,
  L_ROLL_DROP,
  L_SHANK_X,
  L_SHANK_Z,
  L_SOLE_DROP,
  L_STRIDE,
  L_THIGH_X,
  L_THIGH_Z,
  L_YAW_AXIS,
  NUM_BODIES,
  OFFSET_BATCH_ANGLES,
  OFFSET_BATCH_TARGETS,
  OFFSET_BODIES,
  OFFSET_CAMERA,
  OFFSET_COM,
  OFFSET_FRAMES,
  OFFSET_IK_ANGLES,
  OFFSET_IK_TARGET,
  OFFSET_LEGS,
  OFFSET_MAX,
  OFFSET_MIN,
  OFFSET_Q,
  OFFSET_SOLES,
} from "./layout";
import { setFilterBase } from "./filters";
import { setWalkBase } from "./walk";
import { setRoleBase } from "./roles";

const PI: f64 = Math.PI;
const TWO_PI: f64 = 2 * Math.PI;

// Byte addresses of the slots.
let BODIES: usize = 0;
let LEGS: usize = 0;
let MIN: usize = 0;
let MAX: usize = 0;
let Q: usize = 0;
let FRAMES: usize = 0;
let COM: usize = 0;
let CAMERA: usize = 0;
let SOLES: usize = 0;
let IK_TARGET: usize = 0;
let IK_ANGLES: usize = 0;
let BATCH_TARGETS: usize = 0;
let BATCH_ANGLES: usize = 0;

// Scratch rotation matrix.
let r0: f64 = 0, r1: f64 = 0, r2: f64 = 0, r3: f64 = 0, r4: f64 = 0;
let r5: f64 = 0, r6: f64 = 0, r7: f64 = 0, r8: f64 = 0;

/** First byte the host may use for the region. */
export function heapBase(): usize {
  return __heap_base;
}

/** Places every slot of the layout table (layout.ts) from `base`, a byte address. */
export function setBase(base: usize): void {
  BODIES = base + (<usize> OFFSET_BODIES << 3);
  LEGS = base + (<usize> OFFSET_LEGS << 3);
  MIN = base + (<usize> OFFSET_MIN << 3);
  MAX = base + (<usize> OFFSET_MAX << 3);
  Q = base + (<usize> OFFSET_Q << 3);
  FRAMES = base + (<usize> OFFSET_FRAMES << 3);
  COM = base + (<usize> OFFSET_COM << 3);
  CAMERA = base + (<usize> OFFSET_CAMERA << 3);
  SOLES = base + (<usize> OFFSET_SOLES << 3);
  IK_TARGET = base + (<usize> OFFSET_IK_TARGET << 3);
  IK_ANGLES = base + (<usize> OFFSET_IK_ANGLES << 3);
  BATCH_TARGETS = base + (<usize> OFFSET_BATCH_TARGETS << 3);
  BATCH_ANGLES = base + (<usize> OFFSET_BATCH_ANGLES << 3);
  setFilterBase(base);
  setWalkBase(base);
  setRoleBase(base);
}

function wrap(a: f64): f64 {
  let r = a % TWO_PI;
  if (r > PI) r -= TWO_PI;
  else if (r <= -PI) r += TWO_PI;
  return r;
}

/** Rodrigues rotation about the unit axis (ax, ay, az) by q into the scratch matrix. */
function rotation(ax: f64, ay: f64, az: f64, q: f64): void {
  const c = Math.cos(q), s = Math.sin(q), t = 1 - c;
  r0 = c + t * ax * ax;
  r1 = t * ax * ay - s * az;
  r2 = t * ax * az + s * ay;
  r3 = t * ax * ay + s * az;
  r4 = c + t * ay * ay;
  r5 = t * ay * az - s * ax;
  r6 = t * ax * az - s * ay;
  r7 = t * ay * az + s * ax;
  r8 = c + t * az * az;
}

/** Copies body b's rotation to out and its frame point (x, y, z) to out + 9. */
function framePoint(b: i32, x: f64, y: f64, z: f64, out: usize): void {
  const f = FRAMES + (<usize> (b * 12) << 3);
  for (let k = 0; k < 9; k++) st(out, k, ld(f, k));
  for (let i = 0; i < 3; i++) {
    st(out, 9 + i, ld(f, 9 + i) + ld(f, i * 3) * x + ld(f, i * 3 + 1) * y + ld(f, i * 3 + 2) * z);
  }
}

export function forwardKinematics(): void {
  for (let k = 0; k < 12; k++) st(FRAMES, k, k == 0 || k == 4 || k == 8 ? 1.0 : 0.0);
  for (let b = 1; b < NUM_BODIES; b++) {
    const mo = BODIES + (<usize> (b * B_STRIDE) << 3);
    const po = FRAMES + (<usize> (<i32> ld(mo, B_PARENT) * 12) << 3);
    const fo = FRAMES + (<usize> (b * 12) << 3);
    let q = ld(Q, b - 1);
    if (q != q) q = 0;
    rotation(ld(mo, B_AXIS), ld(mo, B_AXIS + 1), ld(mo, B_AXIS + 2), q);
    const ox = ld(mo, B_OFFSET), oy = ld(mo, B_OFFSET + 1), oz = ld(mo, B_OFFSET + 2);
    for (let i = 0; i < 3; i++) {
      const p0 = ld(po, i * 3), p1 = ld(po, i * 3 + 1), p2 = ld(po, i * 3 + 2);
      st(fo, i * 3, p0 * r0 + p1 * r3 + p2 * r6);
      st(fo, i * 3 + 1, p0 * r1 + p1 * r4 + p2 * r7);
      st(fo, i * 3 + 2, p0 * r2 + p1 * r5 + p2 * r8);
      st(fo, 9 + i, ld(po, 9 + i) + p0 * ox + p1 * oy + p2 * oz);
    }
  }
  framePoint(2, 0, 0, 0.005, CAMERA);
  for (let side = 0; side < 2; side++) {
    const lo = LEGS + (<usize> (side * L_STRIDE) << 3);
    const foot = <i32> ld(lo, L_FIRST_JOINT) + 6;
    framePoint(foot, 0, 0, -ld(lo, L_SOLE_DROP), SOLES + (<usize> (side * 12) << 3));
  }
}

export function centerOfMass(): void {
  let sx: f64 = 0, sy: f64 = 0, sz: f64 = 0, total: f64 = 0;
  for (let b = 0; b < NUM_BODIES; b++) {
    const mo = BODIES + (<usize> (b * B_STRIDE) << 3);
    const fo = FRAMES + (<usize> (b * 12) << 3);
    const mass = ld(mo, B_MASS);
    const cx = ld(mo, B_COM), cy = ld(mo, B_COM + 1), cz = ld(mo, B_COM + 2);
    sx += mass * (ld(fo, 9) + ld(fo, 0) * cx + ld(fo, 1) * cy + ld(fo, 2) * cz);
    sy += mass * (ld(fo, 10) + ld(fo, 3) * cx + ld(fo, 4) * cy + ld(fo, 5) * cz);
    sz += mass * (ld(fo, 11) + ld(fo, 6) * cx + ld(fo, 7) * cy + ld(fo, 8) * cz);
    total += mass;
  }
  st(COM, 0, sx / total);
  st(COM, 1, sy / total);
  st(COM, 2, sz / total);
}

function solveLeg(side: i32, fixedYawPitch: f64, target: usize, out: usize): i32 {
  const lo = LEGS + (<usize> (side * L_STRIDE) << 3);
  const first = <i32> ld(lo, L_FIRST_JOINT);
  const ax = ld(lo, L_YAW_AXIS), ay = ld(lo, L_YAW_AXIS + 1), az = ld(lo, L_YAW_AXIS + 2);
  const drop = ld(lo, L_SOLE_DROP);
  const fyx = ld(target, 1), fzx = ld(target, 2);
  const fyy = ld(target, 4), fzy = ld(target, 5);
  const fyz = ld(target, 7), fzz = ld(target, 8);
  const vx = ld(target, 9) + drop * fzx - ld(lo, L_HIP);
  const vy = ld(target, 10) + drop * fzy - ld(lo, L_HIP + 1);
  const vz = ld(target, 11) + drop * fzz - ld(lo, L_HIP + 2);
  let status: i32 = 0;

  let q1 = fixedYawPitch;
  if (q1 != q1) {
    let rr = Math.atan2(-(vx * fyx + vy * fyy + vz * fyz), -(vx * fzx + vy * fzy + vz * fzz));
    if (rr > PI / 2) rr -= PI;
    else if (rr < -PI / 2) rr += PI;
    const c6 = Math.cos(rr), s6 = Math.sin(rr);
    const ux = c6 * fyx - s6 * fzx, uy = c6 * fyy - s6 * fzy, uz = c6 * fyz - s6 * fzz;
    const kx = ay * uz - az * uy;
    const phi = Math.atan2(-ux, kx);
    const ky = az * ux - ax * uz, au = ax * ux + ay * uy + az * uz;
    const cp = Math.cos(phi), sp = Math.sin(phi);
    const wy = uy * cp + ky * sp + ay * au * (1 - cp);
    const wyFlipped = -uy * cp - ky * sp + ay * au * (1 + cp);
    q1 = wy >= wyFlipped ? -phi : -wrap(phi + PI);
  }
  rotation(ax, ay, az, q1);
  const v1x = r0 * vx + r3 * vy + r6 * vz;
  const v1y = r1 * vx + r4 * vy + r7 * vz;
  const v1z = r2 * vx + r5 * vy + r8 * vz;
  const n1x = r0 * fzx + r3 * fzy + r6 * fzz;
  const n1y = r1 * fzx + r4 * fzy + r7 * fzz;
  const n1z = r2 * fzx + r5 * fzy + r8 * fzz;
  let q2 = Math.atan2(v1y, -v1z);
  if (q2 > PI / 2) q2 -= PI;
  else if (q2 < -PI / 2) q2 += PI;
  const c2 = Math.cos(q2), s2 = Math.sin(q2);
  const v2x = v1x, v2z = -s2 * v1y + c2 * v1z;
  const n2x = n1x, n2y = c2 * n1y + s2 * n1z, n2z = -s2 * n1y + c2 * n1z;
  let sn = -n2y;
  if (sn > 1) sn = 1;
  else if (sn < -1) sn = -1;
  const q6 = Math.asin(sn);
  const theta = Math.atan2(-n2x, n2z);
  const rollDrop = ld(lo, L_ROLL_DROP);
  const ax2 = v2x - rollDrop * Math.sin(theta);
  const az2 = v2z + rollDrop * Math.cos(theta);
  const tx = ld(lo, L_THIGH_X), tz = ld(lo, L_THIGH_Z);
  const sx = ld(lo, L_SHANK_X), sz = ld(lo, L_SHANK_Z);
  const l1 = Math.sqrt(tx * tx + tz * tz), l2 = Math.sqrt(sx * sx + sz * sz);
  let ck = (ax2 * ax2 + az2 * az2 - l1 * l1 - l2 * l2) / (2 * l1 * l2);
  if (ck > 1) {
    ck = 1;
    status |= IK_UNREACHABLE;
  } else if (ck < -1) {
    ck = -1;
    status |= IK_UNREACHABLE;
  }
  const q4 = Math.atan2(tz, tx) - Math.atan2(sz, sx) - Math.acos(ck);
  const c4 = Math.cos(q4), s4 = Math.sin(q4);
  const wx = tx + c4 * sx - s4 * sz, wz = tz + s4 * sx + c4 * sz;
  const q3 = wrap(Math.atan2(az2, ax2) - Math.atan2(wz, wx));
  const q5 = wrap(theta - q3 - q4);

  st(out, 0, q1);
  st(out, 1, q2);
  st(out, 2, q3);
  st(out, 3, q4);
  st(out, 4, q5);
  st(out, 5, q6);
  for (let k = 0; k < 6; k++) {
    const lo2 = ld(MIN, first + k), hi = ld(MAX, first + k);
    const v = ld(out, k);
    if (v < lo2) {
      st(out, k, lo2);
      status |= IK_LIMITED;
    } else if (v > hi) {
      st(out, k, hi);
      status |= IK_LIMITED;
    }
  }
  return status;
}

export function legIK(side: i32, fixedYawPitch: f64): i32 {
  return solveLeg(side, fixedYawPitch, IK_TARGET, IK_ANGLES);
}

export function legIKBatch(side: i32, count: i32): i32 {
  let missed = 0;
  for (let i = 0; i < count; i++) {
    const t = BATCH_TARGETS + (<usize> (i * 12) << 3);
    const o = BATCH_ANGLES + (<usize> (i * 6) << 3);
    if (solveLeg(side, NaN, t, o) != 0) missed++;
  }
  return missed;
}

export {
  gaussian,
  kfPredict,
  kfUpdate,
  pfMean,
  pfPredict,
  pfResample,
  pfWeight,
  seed,
  setGrid,
  uniform,
} from "./filters";

export { walkFeet } from "./walk";

export { assignRoles } from "./roles";
