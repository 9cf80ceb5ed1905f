// The pure-TypeScript twin of the AssemblyScript kernels in core-as/assembly/: forward
// kinematics, centre of mass and the analytic leg IK, over the shared layout (core/layout.ts).
// The two implementations follow the same steps in the same order; tests hold them to 1e-9.

import { B, L, NUM_BODIES } from "../body/body_model.ts";
import { IK_LIMITED, IK_UNREACHABLE, OFFSET } from "./layout.ts";

const TWO_PI = 2 * Math.PI;

function wrap(a: number): number {
  let r = a % TWO_PI;
  if (r > Math.PI) r -= TWO_PI;
  else if (r <= -Math.PI) r += TWO_PI;
  return r;
}

export class TsKernels {
  /** Scratch rotation matrix (row-major). */
  private readonly r = new Float64Array(9);

  constructor(readonly m: Float64Array) {}

  /** Frames of all bodies, the camera and both soles from m[q]. */
  forwardKinematics(): void {
    const m = this.m;
    const F = OFFSET.frames;
    // Torso: identity at the origin.
    for (let k = 0; k < 12; k++) m[F + k] = k === 0 || k === 4 || k === 8 ? 1 : 0;
    for (let b = 1; b < NUM_BODIES; b++) {
      const mo = OFFSET.bodies + b * B.STRIDE;
      const po = F + m[mo + B.PARENT] * 12;
      const fo = F + b * 12;
      let q = m[OFFSET.q + b - 1];
      if (q !== q) q = 0;
      this.rotation(m[mo + B.AXIS], m[mo + B.AXIS + 1], m[mo + B.AXIS + 2], q);
      const r = this.r;
      for (let i = 0; i < 3; i++) {
        const p0 = m[po + i * 3], p1 = m[po + i * 3 + 1], p2 = m[po + i * 3 + 2];
        m[fo + i * 3] = p0 * r[0] + p1 * r[3] + p2 * r[6];
        m[fo + i * 3 + 1] = p0 * r[1] + p1 * r[4] + p2 * r[7];
        m[fo + i * 3 + 2] = p0 * r[2] + p1 * r[5] + p2 * r[8];
        m[fo + 9 + i] = m[po + 9 + i] + p0 * m[mo + B.OFFSET] + p1 * m[mo + B.OFFSET + 1] +
          p2 * m[mo + B.OFFSET + 2];
      }
    }
    // Camera: head frame at the head centre, 5 mm above the head pitch pivot.
    this.framePoint(2, 0, 0, 0.005, OFFSET.camera);
    // Soles: foot frames at the sole, SOLE_DROP below the ankle-roll pivot.
    for (let side = 0; side < 2; side++) {
      const lo = OFFSET.legs + side * L.STRIDE;
      const foot = m[lo + L.FIRST_JOINT] + 6; // body of the ankle-roll joint
      this.framePoint(foot, 0, 0, -m[lo + L.SOLE_DROP], OFFSET.soles + side * 12);
    }
  }

  /** Copies body b's rotation to out and its frame point (x, y, z) to out + 9. */
  private framePoint(b: number, x: number, y: number, z: number, out: number): void {
    const m = this.m;
    const fo = OFFSET.frames + b * 12;
    for (let k = 0; k < 9; k++) m[out + k] = m[fo + k];
    for (let i = 0; i < 3; i++) {
      m[out + 9 + i] = m[fo + 9 + i] + m[fo + i * 3] * x + m[fo + i * 3 + 1] * y +
        m[fo + i * 3 + 2] * z;
    }
  }

  /** Whole-body centre of mass from the frames of the last forwardKinematics(). */
  centerOfMass(): void {
    const m = this.m;
    let sx = 0, sy = 0, sz = 0, total = 0;
    for (let b = 0; b < NUM_BODIES; b++) {
      const mo = OFFSET.bodies + b * B.STRIDE;
      const fo = OFFSET.frames + b * 12;
      const mass = m[mo + B.MASS];
      const cx = m[mo + B.COM], cy = m[mo + B.COM + 1], cz = m[mo + B.COM + 2];
      sx += mass * (m[fo + 9] + m[fo] * cx + m[fo + 1] * cy + m[fo + 2] * cz);
      sy += mass * (m[fo + 10] + m[fo + 3] * cx + m[fo + 4] * cy + m[fo + 5] * cz);
      sz += mass * (m[fo + 11] + m[fo + 6] * cx + m[fo + 7] * cy + m[fo + 8] * cz);
      total += mass;
    }
    m[OFFSET.com] = sx / total;
    m[OFFSET.com + 1] = sy / total;
    m[OFFSET.com + 2] = sz / total;
  }

  /**
   * Analytic 6-DOF leg IK for the sole pose at m[target] (rotation + position, torso frame).
   * With fixedYawPitch NaN all six joints are solved; otherwise the coupled hip yaw-pitch is
   * held at that value and the sole position and sole normal are met (the foot's yaw follows).
   * Writes six angles to m[out]; returns IK status bits (0 = reached within limits).
   */
  solveLeg(side: number, fixedYawPitch: number, target: number, out: number): number {
    const m = this.m;
    const lo = OFFSET.legs + side * L.STRIDE;
    const first = m[lo + L.FIRST_JOINT];
    const ax = m[lo + L.YAW_AXIS], ay = m[lo + L.YAW_AXIS + 1], az = m[lo + L.YAW_AXIS + 2];
    const drop = m[lo + L.SOLE_DROP];
    // The foot's z axis (a column of the target rotation).
    const fzx = m[target + 2], fzy = m[target + 5], fzz = m[target + 8];
    // Ankle-roll pivot relative to the hip pivot.
    const vx = m[target + 9] + drop * fzx - m[lo + L.HIP];
    const vy = m[target + 10] + drop * fzy - m[lo + L.HIP + 1];
    const vz = m[target + 11] + drop * fzz - m[lo + L.HIP + 2];
    let status = 0;

    let q1 = fixedYawPitch;
    if (q1 !== q1) q1 = this.hipYawPitch(ax, ay, az, vx, vy, vz, target);
    // Rotation of the hip1 frame, R1 = Rot(a, q1); bring v and the foot normal into it.
    const r = this.r;
    this.rotation(ax, ay, az, q1);
    const v1x = r[0] * vx + r[3] * vy + r[6] * vz;
    const v1y = r[1] * vx + r[4] * vy + r[7] * vz;
    const v1z = r[2] * vx + r[5] * vy + r[8] * vz;
    const n1x = r[0] * fzx + r[3] * fzy + r[6] * fzz;
    const n1y = r[1] * fzx + r[4] * fzy + r[7] * fzz;
    const n1z = r[2] * fzx + r[5] * fzy + r[8] * fzz;
    // Hip roll puts the roll pivot into the hip2 x-z plane.
    let q2 = Math.atan2(v1y, -v1z);
    if (q2 > Math.PI / 2) q2 -= Math.PI;
    else if (q2 < -Math.PI / 2) q2 += Math.PI;
    const c2 = Math.cos(q2), s2 = Math.sin(q2);
    const v2x = v1x, v2z = -s2 * v1y + c2 * v1z;
    const n2x = n1x, n2y = c2 * n1y + s2 * n1z, n2z = -s2 * n1y + c2 * n1z;
    // Foot normal in the hip2 frame gives ankle roll and the total pitch θ = q3 + q4 + q5.
    let sn = -n2y;
    if (sn > 1) sn = 1;
    else if (sn < -1) sn = -1;
    const q6 = Math.asin(sn);
    const theta = Math.atan2(-n2x, n2z);
    // Ankle-pitch pivot, then the planar hip–knee–ankle triangle.
    const rollDrop = m[lo + L.ROLL_DROP];
    const ax2 = v2x - rollDrop * Math.sin(theta);
    const az2 = v2z + rollDrop * Math.cos(theta);
    const tx = m[lo + L.THIGH_X], tz = m[lo + L.THIGH_Z];
    const sx = m[lo + L.SHANK_X], sz = m[lo + L.SHANK_Z];
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

    m[out] = q1;
    m[out + 1] = q2;
    m[out + 2] = q3;
    m[out + 3] = q4;
    m[out + 4] = q5;
    m[out + 5] = q6;
    return status | this.clampLeg(first, out);
  }

  /**
   * The hip yaw-pitch that solves all six joints: the hip2 pitch axis is normal to the leg
   * plane, which holds the roll pivot → hip vector (vx, vy, vz) and the foot's roll axis; the
   * yaw-pitch turns that axis into the hip1 y-z plane (a: its axis).
   */
  private hipYawPitch(
    ax: number,
    ay: number,
    az: number,
    vx: number,
    vy: number,
    vz: number,
    target: number,
  ): number {
    const m = this.m;
    const fyx = m[target + 1], fzx = m[target + 2];
    const fyy = m[target + 4], fzy = m[target + 5];
    const fyz = m[target + 7], fzz = m[target + 8];
    // The hip2 pitch axis is normal to the leg plane, which holds the roll pivot → hip vector
    // and the foot's roll axis: roll from the hip in the foot frame, then the axis.
    // Of the two roots take the one within ±90° (ankle roll only spans ±45°).
    let r6 = Math.atan2(-(vx * fyx + vy * fyy + vz * fyz), -(vx * fzx + vy * fzy + vz * fzz));
    if (r6 > Math.PI / 2) r6 -= Math.PI;
    else if (r6 < -Math.PI / 2) r6 += Math.PI;
    const c6 = Math.cos(r6), s6 = Math.sin(r6);
    const ux = c6 * fyx - s6 * fzx, uy = c6 * fyy - s6 * fzy, uz = c6 * fyz - s6 * fzz;
    // Yaw-pitch φ = −q1 turns u into the hip1 y-z plane (the axis has no x part).
    const kx = ay * uz - az * uy;
    // Of the two roots φ and φ + π, take the one that turns u closest to the hip1 y axis.
    const phi = Math.atan2(-ux, kx);
    const ky = az * ux - ax * uz, au = ax * ux + ay * uy + az * uz;
    const cp = Math.cos(phi), sp = Math.sin(phi);
    const wy = uy * cp + ky * sp + ay * au * (1 - cp);
    const wyFlipped = -uy * cp - ky * sp + ay * au * (1 + cp);
    return wy >= wyFlipped ? -phi : -wrap(phi + Math.PI);
  }

  /** Clamps the six angles at m[out] to the leg's joint limits; IK_LIMITED if any was clamped. */
  private clampLeg(first: number, out: number): number {
    const m = this.m;
    let status = 0;
    for (let k = 0; k < 6; k++) {
      const lo2 = m[OFFSET.min + first + k], hi = m[OFFSET.max + first + k];
      const v = m[out + k];
      if (v < lo2) {
        m[out + k] = lo2;
        status |= IK_LIMITED;
      } else if (v > hi) {
        m[out + k] = hi;
        status |= IK_LIMITED;
      }
    }
    return status;
  }

  /** Leg IK from the ikTarget slot into the ikAngles slot. */
  legIK(side: number, fixedYawPitch: number): number {
    return this.solveLeg(side, fixedYawPitch, OFFSET.ikTarget, OFFSET.ikAngles);
  }

  /** Solves m[batchTargets] for `count` poses of one leg; returns how many were not exact. */
  legIKBatch(side: number, count: number): number {
    let missed = 0;
    for (let i = 0; i < count; i++) {
      if (
        this.solveLeg(side, NaN, OFFSET.batchTargets + i * 12, OFFSET.batchAngles + i * 6) !== 0
      ) {
        missed++;
      }
    }
    return missed;
  }

  /** Rodrigues rotation about the unit axis (ax, ay, az) by q into the scratch matrix. */
  private rotation(ax: number, ay: number, az: number, q: number): void {
    const r = this.r;
    const c = Math.cos(q), s = Math.sin(q), t = 1 - c;
    r[0] = c + t * ax * ax;
    r[1] = t * ax * ay - s * az;
    r[2] = t * ax * az + s * ay;
    r[3] = t * ax * ay + s * az;
    r[4] = c + t * ay * ay;
    r[5] = t * ay * az - s * ax;
    r[6] = t * ax * az - s * ay;
    r[7] = t * ay * az + s * ax;
    r[8] = c + t * az * az;
  }
}
