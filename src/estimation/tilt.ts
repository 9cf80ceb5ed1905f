// Torso tilt: where "up" is in the torso frame, from the gyro, corrected by the support sole's
// orientation through the body's kinematics (strongly) and by the accelerometer (weakly). From
// it: the rotation into the level frame (yaw-aligned with the torso, z up), the support foot,
// the torso height above the ground, and the yaw rate about the vertical.

import type { FootName, ForceReading, Vec3 } from "../protocol/perception.ts";

/** Without any foot contact for this many cycles the robot is in the air or lying. */
const CONTACT_CYCLES = 3;
/**
 * The support sole corrects the gyro's up weakly: a body that tips over takes its standing foot
 * with it, and a strong pull to the sole kept a falling robot "upright" until it hit the ground.
 */
const KINEMATIC_GAIN = 0.03;
/**
 * The sole is trusted strongly when the accelerometer, reading close to g (within CONFIRM_ACCEL
 * m/s²), points where the sole does (within CONFIRM_COS, 5°): standing, it is flat on the
 * ground; a sole that tips over with the body points elsewhere than gravity.
 */
const CONFIRMED_GAIN = 0.3;
const CONFIRM_ACCEL = 1;
const CONFIRM_COS = Math.cos(5 * Math.PI / 180);
const ACCEL_GAIN = 0.05;
/** cos 45°, and the gain used beyond it. */
const FAR_OFF = 0.7;
const FAST_ACCEL_GAIN = 0.25;
/** Accelerometer readings within this of g (m/s²) measure mostly gravity. */
const ACCEL_TOLERANCE = 3;
/** cos 25°: a sole whose up axis is further than this from the estimate is not flat. */
const SOLE_AGREEMENT = 0.9;
const G = 9.81;

export class TiltFilter {
  /** World up in the torso frame (unit). */
  readonly up = new Float64Array([0, 0, 1]);
  /** Torso → level frame rotation, row-major. */
  readonly level = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  /** Torso centre above the ground, metres (last kinematic measurement). */
  torsoHeight = 0.37;
  /** Rotation rate about the vertical, rad/s. */
  yawRate = 0;
  /** The foot the robot stands on: 0 left, 1 right, −1 none (in the air or fallen). */
  support = -1;
  private readonly sinceContact = [Infinity, Infinity];

  /** Upright again (e.g. after a beam); the support foot is found anew. */
  reset(): void {
    this.up.set([0, 0, 1]);
    this.support = -1;
    this.sinceContact[0] = this.sinceContact[1] = Infinity;
    this.updateLevel();
  }

  /**
   * One cycle: gyro and accelerometer in the torso frame, the sole poses of the body's
   * kinematics (left then right, rotation + position, torso frame) and the foot forces.
   */
  update(
    gyro: Vec3,
    acc: Vec3,
    soles: Float64Array,
    feet: Partial<Record<FootName, ForceReading>>,
    dt: number,
  ): void {
    const u = this.up;
    // Up is fixed in the world, so in the torso frame it turns by −ω.
    const px = u[0] - (gyro.y * u[2] - gyro.z * u[1]) * dt;
    const py = u[1] - (gyro.z * u[0] - gyro.x * u[2]) * dt;
    const pz = u[2] - (gyro.x * u[1] - gyro.y * u[0]) * dt;
    u[0] = px;
    u[1] = py;
    u[2] = pz;
    this.normalize();
    this.trackContacts(feet);
    this.chooseSupport(soles);
    const a = Math.sqrt(acc.x * acc.x + acc.y * acc.y + acc.z * acc.z);
    let s = this.support;
    if (s >= 0) {
      // A sole that touches while the body tips over or lies is not flat on the ground: its up
      // axis then disagrees with the gyro's prediction (and the accelerometer).
      const o = s * 12;
      const kx = soles[o + 2], ky = soles[o + 5], kz = soles[o + 8];
      const gyroAgrees = kx * u[0] + ky * u[1] + kz * u[2] > SOLE_AGREEMENT;
      const accAgrees = Math.abs(a - G) > ACCEL_TOLERANCE ||
        (acc.x * kx + acc.y * ky + acc.z * kz) / a > SOLE_AGREEMENT;
      if (gyroAgrees && accAgrees) {
        const confirmed = Math.abs(a - G) < CONFIRM_ACCEL &&
          (acc.x * kx + acc.y * ky + acc.z * kz) / a > CONFIRM_COS;
        // Nearly at rest (the accelerometer reads g) and the sole not along it: the sole is not
        // flat (a get-up's last phase left the estimate 8° off in roll), so gravity corrects.
        if (!confirmed && Math.abs(a - G) < CONFIRM_ACCEL) {
          this.blend(acc.x / a, acc.y / a, acc.z / a, ACCEL_GAIN);
        } else this.blend(kx, ky, kz, confirmed ? CONFIRMED_GAIN : KINEMATIC_GAIN);
      } else {
        s = -1;
        this.support = -1;
      }
    }
    if (s < 0 && Math.abs(a - G) < ACCEL_TOLERANCE) {
      // Far off (e.g. lying after a fall the gyro missed): converge quickly.
      const off = (acc.x * u[0] + acc.y * u[1] + acc.z * u[2]) / a < FAR_OFF;
      this.blend(acc.x / a, acc.y / a, acc.z / a, off ? FAST_ACCEL_GAIN : ACCEL_GAIN);
    }
    this.normalize();
    if (s >= 0) {
      const o = s * 12;
      this.torsoHeight = -(u[0] * soles[o + 9] + u[1] * soles[o + 10] + u[2] * soles[o + 11]);
    }
    this.yawRate = u[0] * gyro.x + u[1] * gyro.y + u[2] * gyro.z;
    this.updateLevel();
  }

  /** The server sends a foot's force perceptor exactly while the foot (or toe) touches. */
  private trackContacts(feet: Partial<Record<FootName, ForceReading>>): void {
    const l = feet.lf !== undefined || feet.lf1 !== undefined;
    const r = feet.rf !== undefined || feet.rf1 !== undefined;
    this.sinceContact[0] = l ? 0 : this.sinceContact[0] + 1;
    this.sinceContact[1] = r ? 0 : this.sinceContact[1] + 1;
  }

  /**
   * The foot in contact; in double support the previous support foot keeps the role (or the
   * lower sole when there was none); briefly without contact the previous one stays.
   */
  private chooseSupport(soles: Float64Array): void {
    const [l, r] = this.sinceContact;
    if (Math.min(l, r) > CONTACT_CYCLES) this.support = -1;
    else if (l === 0 && r !== 0) this.support = 0;
    else if (r === 0 && l !== 0) this.support = 1;
    else if (l === 0 && r === 0 && this.support < 0) {
      const u = this.up;
      const lz = u[0] * soles[9] + u[1] * soles[10] + u[2] * soles[11];
      const rz = u[0] * soles[21] + u[1] * soles[22] + u[2] * soles[23];
      this.support = lz <= rz ? 0 : 1;
    }
  }

  /** Moves up toward (x, y, z) by gain. */
  private blend(x: number, y: number, z: number, gain: number): void {
    const u = this.up;
    u[0] += gain * (x - u[0]);
    u[1] += gain * (y - u[1]);
    u[2] += gain * (z - u[2]);
  }

  private normalize(): void {
    const u = this.up;
    const n = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) || 1;
    u[0] /= n;
    u[1] /= n;
    u[2] /= n;
  }

  /** Level frame: z = up, x = the torso's x projected onto the horizontal plane. */
  private updateLevel(): void {
    const u = this.up, L = this.level;
    let xx = 1 - u[0] * u[0], xy = -u[0] * u[1], xz = -u[0] * u[2];
    const n = Math.sqrt(xx * xx + xy * xy + xz * xz) || 1;
    xx /= n;
    xy /= n;
    xz /= n;
    L[0] = xx;
    L[1] = xy;
    L[2] = xz;
    L[3] = u[1] * xz - u[2] * xy;
    L[4] = u[2] * xx - u[0] * xz;
    L[5] = u[0] * xy - u[1] * xx;
    L[6] = u[0];
    L[7] = u[1];
    L[8] = u[2];
  }

  /** Level-frame coordinates of a torso-frame point, written to out[at..at+2]. */
  toLevel(x: number, y: number, z: number, out: Float64Array, at = 0): void {
    const L = this.level;
    out[at] = L[0] * x + L[1] * y + L[2] * z;
    out[at + 1] = L[3] * x + L[4] * y + L[5] * z;
    out[at + 2] = L[6] * x + L[7] * y + L[8] * z;
  }
}
