// Head control: look at the ball while it is known (pitched down for a near ball), otherwise
// sweep left and right at the horizon, where the flags and goal posts are, to find it and to
// relocalize; a ball tracked for long gets a glance around now and then so that landmarks stay
// in view, but not while it rolls at us, and a glance ends when the ball is seen coming fast.
// Radians; positive head pitch looks up.

import type { WorldView } from "../world/world_view.ts";
import { clamp, DEG, wrapAngle } from "../util/angles.ts";

/** Beyond ±119° of yaw the neck is at its limit. */
const MAX_YAW = 110 * DEG;
const SCAN_YAW = 100 * DEG;
const SCAN_PERIOD = 4;
/** A ball unseen for longer than this is searched for. */
const BALL_FRESH = 1.5;
/** While tracking the ball, a scan of SCAN_PERIOD this often when localization is poor. */
const GLANCE_EVERY = 6;
/** The camera's height above the ground while standing, metres. */
const EYE_HEIGHT = 0.5;
const MIN_PITCH = -40 * DEG;
/**
 * A ball rolling at us faster than this (m/s) is watched, not glanced away from: the goalie's
 * glances lost a third of the shots in `eval save` until the ball was 1-2 m away.
 */
const GLANCE_MAX_BALL_SPEED = 1;

export interface HeadAngles {
  yaw: number;
  pitch: number;
}

export class HeadControl {
  readonly angles: HeadAngles = { yaw: 0, pitch: 0 };
  private glanceStart = -Infinity;
  private trackStart = -Infinity;

  /** Where the head should point this cycle. */
  update(view: WorldView): HeadAngles {
    const now = view.time;
    const { self, ball } = view;
    if (ball !== null && self !== null && view.ballAge < BALL_FRESH) {
      // The ball's speed toward us: a dribbled ball rolls ahead of us, a shot comes at us.
      const d = Math.hypot(ball.x - self.x, ball.y - self.y);
      const closing = d > 0 ? -(ball.vx * (ball.x - self.x) + ball.vy * (ball.y - self.y)) / d : 0;
      const rolling = closing > GLANCE_MAX_BALL_SPEED;
      if (rolling) this.glanceStart = -Infinity;
      if (
        now - this.glanceStart >= SCAN_PERIOD && !view.localized && !rolling &&
        now - this.trackStart > GLANCE_EVERY
      ) {
        this.glanceStart = now;
        this.trackStart = now;
      }
      if (now - this.glanceStart >= SCAN_PERIOD) {
        const dx = ball.x - self.x;
        const dy = ball.y - self.y;
        this.angles.yaw = clamp(wrapAngle(Math.atan2(dy, dx) - self.theta), -MAX_YAW, MAX_YAW);
        this.angles.pitch = clamp(-Math.atan2(EYE_HEIGHT, Math.hypot(dx, dy)), MIN_PITCH, 0);
        return this.angles;
      }
    } else {
      this.trackStart = now;
    }
    this.angles.yaw = SCAN_YAW * Math.sin((2 * Math.PI * now) / SCAN_PERIOD);
    this.angles.pitch = 0;
    return this.angles;
  }
}
