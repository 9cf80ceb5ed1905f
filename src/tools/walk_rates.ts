// `deno task walk-rates [--type T] [--speeds LIST] [--paramsfile F]…`: how fast the walk's plan
// asks the left leg's joints to turn at each forward speed (motion/walk_rates.ts), against the
// server's joint speed caps. Prints one JSON line per speed: each joint's peak target rate (rad/s)
// and the share of cycles above its cap.

import { parseFlags } from "../config/flags.ts";
import { CliError, numberFlag } from "../config/cli.ts";
import { isRobotType } from "../body/joints.ts";
import { bodyModel } from "../body/body_model.ts";
import { loadParams } from "../agent/params.ts";
import { createCore } from "../core/create_core.ts";
import { walkParams } from "../motion/walk_engine.ts";
import { walkRates } from "../motion/walk_rates.ts";

const USAGE = `Usage: deno task walk-rates [--type T] [--speeds LIST] [--paramsfile F]…

  --type T          robot type 0-4 (default 0)
  --speeds LIST     forward speeds, m/s, comma-separated (default 0.4,0.6,0.8,1.0,1.2); the
                    walk's own limit (walk.max_forward) caps each
  --paramsfile F    extra param file; repeatable`;

export async function main(args: string[]): Promise<number> {
  let type: number, speeds: number[], files: string[];
  try {
    const { values } = parseFlags({
      args,
      options: {
        type: { type: "string", default: "0" },
        speeds: { type: "string", default: "0.4,0.6,0.8,1.0,1.2" },
        paramsfile: { type: "string", multiple: true, default: [] },
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
      const rates = walkRates(core, walk, caps, vx);
      const joints = Object.fromEntries(
        rates.joints.map((r) => [
          r.joint,
          { peak: Math.round(r.peak * 100) / 100, over: Math.round(r.over * 100) / 100 },
        ]),
      );
      console.log(JSON.stringify({ type, vx: rates.speed, joints }));
    }
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
