// `deno task ball-audit FILE.jsonl[.gz]…`: the ball tracker against ground truth in recordings
// (ground truth on): each recording is replayed through the agent's perception (replay.ts), and
// the estimated ball is compared with the true one on every message that carries ground truth.
// It prints one JSON object: the velocity error while the ball rolls, and the error of the
// predicted crossing of a line τ seconds before the ball crosses it, for several τ. The line is
// the one across the field (x = const) through where the true ball is at that moment, so every
// rolling stretch counts, not only shots at a goal; the prediction is lineCrossing's, from the
// estimate τ earlier with the fitted friction (ball.decay).

import { parseFlags } from "../config/flags.ts";
import { loadParams } from "../agent/params.ts";
import { lineCrossing } from "../estimation/ball_motion.ts";
import { readRecording, type RecordLine } from "./recording.ts";
import { wrapAngle } from "../util/angles.ts";
import { quantile } from "../util/quantile.ts";
import { recordedRobotType, replay } from "./replay.ts";

type Estimate = { x: number; y: number; vx: number; vy: number };

/** One message with ground truth: time, the true ball, the estimate, the observer's distance. */
export interface BallSample {
  t: number;
  truth: { x: number; y: number };
  est: Estimate | null;
  /** How far the recorded robot was from the ball (m). */
  distance: number;
  /** Seconds since the robot last saw the ball itself. */
  seenAgo: number;
}

/** The ball rolls when its true speed is at least this (m/s). */
const ROLLING = 0.5;
/** True velocity: central difference over neighbours at most this far apart in time (s). */
const DIFF_SPAN = 0.1;
/** A stretch is untouched when the true heading turns less than this (rad) and it slows. */
const MAX_TURN = 15 * Math.PI / 180;
const MAX_SPEED_UP = 1.1;
/** The leads (s) the crossing is predicted at; a sample within this of the lead counts (s). */
export const LEADS = [0.25, 0.5, 0.75, 1.0] as const;
const LEAD_SLACK = 0.04;
/** Crossings are also reported for a ball at most this far from the observer (m). */
const NEAR = 5;
/** An estimate counts when the robot saw the ball this recently (s): vision every 0.06 s. */
const SEEN_AGE = 0.2;

export interface Spread {
  n: number;
  p50: number | null;
  p90: number | null;
}

export interface BallAuditResult {
  samples: number;
  /** |v estimated − v true| while the ball rolls (m/s). */
  velocityError: Spread;
  /** Per lead (s): |y predicted − y true| of the crossing (m), all and with the ball near. */
  crossing: Record<string, { all: Spread; near: Spread; unpredicted: number }>;
}

/** The errors themselves, so that several recordings can be pooled before the spreads. */
export interface BallErrors {
  samples: number;
  velocity: number[];
  crossing: Map<number, { all: number[]; near: number[]; unpredicted: number }>;
}

function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s.length ? Math.round(quantile(s, q) * 1000) / 1000 : null;
  return { n: s.length, p50: at(0.5), p90: at(0.9) };
}

type Velocity = { vx: number; vy: number } | null;

/** The true velocity at sample i, or null when its neighbours are too far apart in time. */
function trueVelocity(s: readonly BallSample[], i: number): Velocity {
  let a = i, b = i;
  while (a > 0 && s[i].t - s[a - 1].t <= DIFF_SPAN) a--;
  while (b < s.length - 1 && s[b + 1].t - s[i].t <= DIFF_SPAN) b++;
  const dt = s[b].t - s[a].t;
  if (a === i || b === i || dt <= 0) return null;
  return { vx: (s[b].truth.x - s[a].truth.x) / dt, vy: (s[b].truth.y - s[a].truth.y) / dt };
}

function speedOf(v: Velocity): number {
  return v ? Math.hypot(v.vx, v.vy) : 0;
}

/** Whether the true ball rolled from i to j untouched: no gap, a steady heading, never faster. */
function untouched(
  s: readonly BallSample[],
  v: readonly Velocity[],
  i: number,
  j: number,
): boolean {
  const h0 = Math.atan2(v[i]!.vy, v[i]!.vx), s0 = speedOf(v[i]);
  for (let k = i + 1; k <= j; k++) {
    if (s[k].t - s[k - 1].t > 2 * DIFF_SPAN) return false;
    const w = v[k];
    if (!w) continue;
    if (Math.abs(wrapAngle(Math.atan2(w.vy, w.vx) - h0)) > MAX_TURN) return false;
    if (speedOf(w) > MAX_SPEED_UP * s0) return false;
  }
  return true;
}

/** The errors of one recording's samples (in time order), with the friction's `decay`. */
export function ballErrors(samples: readonly BallSample[], decay: number): BallErrors {
  const v = samples.map((_, i) => trueVelocity(samples, i));
  const rolling = (i: number) => speedOf(v[i]) >= ROLLING;
  const fresh = (s: BallSample): s is BallSample & { est: Estimate } =>
    s.est !== null && s.seenAgo <= SEEN_AGE;
  const velocity: number[] = [];
  samples.forEach((s, i) => {
    if (fresh(s) && rolling(i)) {
      velocity.push(Math.hypot(s.est.vx - v[i]!.vx, s.est.vy - v[i]!.vy));
    }
  });
  const crossing: BallErrors["crossing"] = new Map();
  for (const lead of LEADS) {
    const c = { all: [] as number[], near: [] as number[], unpredicted: 0 };
    let i = 0;
    for (let j = 0; j < samples.length; j++) {
      // The line across the field through the true ball at j, for a ball rolling across it.
      if (!rolling(j) || Math.abs(v[j]!.vx) < ROLLING / 2) continue;
      const want = samples[j].t - lead;
      while (i < j && samples[i].t < want - LEAD_SLACK) i++;
      const si = samples[i];
      if (i >= j || Math.abs(si.t - want) > LEAD_SLACK || !fresh(si) || !rolling(i)) continue;
      if (!untouched(samples, v, i, j)) continue;
      const p = lineCrossing({ ...si.est, cov: null }, samples[j].truth.x, decay);
      if (!p) {
        c.unpredicted++;
        continue;
      }
      const e = Math.abs(p.y - samples[j].truth.y);
      c.all.push(e);
      if (si.distance <= NEAR) c.near.push(e);
    }
    crossing.set(lead, c);
  }
  return { samples: samples.length, velocity, crossing };
}

/** The spreads of pooled errors. */
export function summarize(errors: readonly BallErrors[]): BallAuditResult {
  const crossing: BallAuditResult["crossing"] = {};
  for (const lead of LEADS) {
    const parts = errors.map((e) => e.crossing.get(lead)!);
    crossing[`${lead}s`] = {
      all: spread(parts.flatMap((p) => p.all)),
      near: spread(parts.flatMap((p) => p.near)),
      unpredicted: parts.reduce((n, p) => n + p.unpredicted, 0),
    };
  }
  return {
    samples: errors.reduce((n, e) => n + e.samples, 0),
    velocityError: spread(errors.flatMap((e) => e.velocity)),
    crossing,
  };
}

/** Replays a recording and collects its PlayOn samples. */
export async function ballSamples(lines: readonly RecordLine[]): Promise<BallSample[]> {
  const out: BallSample[] = [];
  let seen = -Infinity;
  await replay(lines, (f) => {
    if (f.now !== null && f.seen.ball) seen = f.now;
    const gt = f.groundTruth;
    if (f.now === null || f.playMode !== "PlayOn" || !gt?.ballPos || !gt.myPos) return;
    const b = gt.ballPos;
    out.push({
      t: f.now,
      truth: { x: b.x, y: b.y },
      est: f.ball ? { ...f.ball } : null,
      distance: Math.hypot(b.x - gt.myPos.x, b.y - gt.myPos.y),
      seenAgo: f.now - seen,
    });
  });
  return out;
}

const USAGE = `Usage: deno task ball-audit FILE.jsonl[.gz]…

Replays recordings (ground truth on) and prints one JSON line: the ball tracker's velocity error
while the ball rolls, and the error of its predicted crossing of a line ${LEADS.join(", ")} s
before the ball crosses it (p50, p90; "near": the ball within ${NEAR} m of the robot).`;

async function main(args: string[]): Promise<number> {
  let files: string[];
  try {
    const parsed = parseFlags({
      args,
      allowPositionals: true,
      options: { help: { type: "boolean", default: false } },
    });
    if (parsed.values.help) {
      console.log(USAGE);
      return 0;
    }
    files = parsed.positionals;
    if (files.length === 0) throw new Error("a recording is required");
  } catch (e) {
    console.error(`error: ${(e as Error).message} (see --help)`);
    return 2;
  }
  const errors: BallErrors[] = [];
  for (const file of files) {
    try {
      const lines = await readRecording(file);
      const decay = (await loadParams(recordedRobotType(lines), [])).get("ball.decay");
      errors.push(ballErrors(await ballSamples(lines), decay));
    } catch (e) {
      console.error(`error: ${file}: ${(e as Error).message.split("\n")[0]}`);
      return 1;
    }
  }
  console.log(JSON.stringify({ files: files.length, ...summarize(errors) }));
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
