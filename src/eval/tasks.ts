// The evaluation tasks' runs and results, one file each, measured with the server's ground truth:
// walking forward and to omnidirectional targets, getting up, kicking from a standing start,
// shooting and dribbling as a game plays the ball, a ball one opponent contests, the goalie's
// saves, who falls when two robots meet, and getting up next to a fallen robot; with what they
// measure with (measure.ts).
// registry.ts lists the tasks themselves.

export { type RunStats, stats } from "./measure.ts";
export { walkForward, type WalkForwardResult, walkScore } from "./walk_forward_task.ts";
export { type OmniResult, omniScore, walkOmni } from "./walk_omni_task.ts";
export { getup, type GetupResult, getupScore } from "./getup_task.ts";
export { kick, KICK_FALL_COST, type KickResult, kickScore } from "./kick_task.ts";
export { dribble, type DribbleResult, dribbleScore } from "./dribble_task.ts";
export { shoot, type ShootResult } from "./shoot_task.ts";
export { score, type ScoreResult } from "./score_task.ts";
export { finish, type FinishResult } from "./finish_task.ts";
export { unblock, type UnblockResult } from "./unblock_task.ts";
export { duel, type DuelResult } from "./duel_task.ts";
export { save, type SaveResult } from "./save.ts";
export { contact, type ContactResult } from "./contact_task.ts";
export { pile, type PileResult } from "./pile_task.ts";
export {
  DRIBBLE_STARTS,
  type DribbleStart,
  type FallKind,
  FALLS,
  fallsFlag,
  opponentFlag,
} from "./task.ts";
