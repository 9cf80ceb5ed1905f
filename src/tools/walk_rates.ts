// `deno task walk-rates [--type T] [--speeds LIST] [--least] [--paramsfile F]…`: how fast the
// walk's plan asks the left leg's joints to turn at each forward speed (motion/walk_rates.ts),
// against the server's joint speed caps. Prints one JSON line per speed: each joint's peak target
// rate (rad/s) and the share of cycles above its cap; with --least, those of the gait shape that
// asks least (leastRates) and its values.

import { parseFlags } from "../config/flags.ts";
import { DEG } from "../util/angles.ts";
import { CliError, numberFlag } from "../config/cli.ts";
import { isRobotType } from "../body/joints.ts";
import { bodyModel } from "../body/body_model.ts";
import { loadParams } from "../agent/params.ts";
import { createCore } from "../core/create_core.ts";
import { walkParams } from "../motion/walk_engine.ts";
import { type LeastRates, leastRates, type WalkRates, walkRates } from "../motion/walk_rates.ts";

const USAGE = `Usage: deno task walk-rates [--type T] [--speeds LIST] [--least] [--paramsfile F]…

  --type T          robot type 0-4 (default 0)
  --speeds LIST     forward speeds, m/s, comma-separated (default 0.4,0.6,0.8,1.0,1.2); the
                    walk's own limit (walk.max_forward) caps each
  --least           the gait shape (step time and height, torso height, lean, swing blend, bob)
                    that asks least of the joints at each speed, over a grid of about 2600
  --paramsfile F    extra param file; repeatable`;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** One output line's joints: peak rate (rad/s) and share of cycles over the cap, rounded. */
function jointsOf(rates: WalkRates) {
  return Object.fromEntries(
    rates.joints.map((r) => [r.joint, { peak: round2(r.peak), over: round2(r.over) }]),
  );
}

/** A plan's shape for output: its lean in degrees. */
function planOf({ lean, ...shape }: LeastRates["plan"]) {
  return { ...shape, leanDeg: round2(lean / DEG) };
}

export async function main(args: string[]): Promise<number> {
  let type: number, speeds: number[], files: string[], least: boolean;
  try {
    const { values } = parseFlags({
      args,
      options: {
        type: { type: "string", default: "0" },
        speeds: { type: "string", default: "0.4,0.6,0.8,1.0,1.2" },
        paramsfile: { type: "string", multiple: true, default: [] },
        least: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    type = Number(values.type);
    if (!isRobotType(type)) throw new CliError(`--type: '${values.type}' is not a robot type 0-4`);
    speeds = (values.speeds as string).split(",").map((s) => numberFlag("speeds", s, 0, 10));
    files = values.paramsfile as string[];
    least = values.least as boolean;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  try {
    const params = await loadParams(type, files);
    const core = await createCore("ts", type);
    const walk = walkParams(params);
    const caps = bodyModel(type).maxSpeed;
    for (const vx of speeds) {
      const found = least ? leastRates(core, walk, caps, vx) : null;
      if (least && found === null) {
        console.log(JSON.stringify({ type, vx, plan: null }));
        continue;
      }
      const rates = found ? found.rates : walkRates(core, walk, caps, vx);
      console.log(JSON.stringify({
        type,
        vx: rates.speed,
        worst: round2(rates.worst),
        ...(found && { plan: planOf(found.plan) }),
        joints: jointsOf(rates),
      }));
    }
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
