// The monitor's game state from literal server messages: the first message's play-mode table,
// then deltas of time, half, scores, team names, play mode and fouls; scene parts are ignored.

import assert from "assert";
import { newMonitorGameState, updateMonitorGameState } from "../src/net/monitor_state.ts";

const FIRST = "((FieldLength 30)(FieldWidth 20)(GoalWidth 2.1)(RuleHalfTime 300)" +
  "(play_modes BeforeKickOff KickOff_Left KickOff_Right PlayOn KickIn_Left KickIn_Right " +
  "corner_kick_left corner_kick_right goal_kick_left goal_kick_right offside_left offside_right " +
  "GameOver Goal_Left Goal_Right free_kick_left free_kick_right direct_free_kick_left " +
  "direct_free_kick_right pass_left pass_right)(time 0)(half 1)(play_mode 0))(RSG 0 1)((nd))";

Deno.test("monitor state: play-mode table, then deltas", () => {
  const g = newMonitorGameState();
  assert.equal(updateMonitorGameState(g, FIRST), true);
  assert.equal(g.playMode, "BeforeKickOff");
  assert.equal(g.playModes.length, 21);
  updateMonitorGameState(g, "((time 0)(team_left DenoNao))(RDS 0 1)((nd(nd)))");
  updateMonitorGameState(g, "((time 0.02)(team_right Stand)(play_mode 1))(RDS 0 1)((nd))");
  assert.equal(g.teamLeft, "DenoNao");
  assert.equal(g.teamRight, "Stand");
  assert.equal(g.playMode, "KickOff_Left");
  updateMonitorGameState(g, "((time 61.5)(score_left 2)(play_mode 13))(RDS 0 1)");
  assert.deepEqual([g.time, g.scoreLeft, g.scoreRight, g.playMode], [61.5, 2, 0, "Goal_Left"]);
  updateMonitorGameState(g, "((time 120)(half 2)(play_mode 12))");
  assert.deepEqual([g.half, g.playMode], [2, "GameOver"]);
  updateMonitorGameState(g, "((time 120.02)(play_mode 12))");
  assert.deepEqual(g.modes, [
    { mode: "BeforeKickOff", time: 0 },
    { mode: "KickOff_Left", time: 0.02 },
    { mode: "Goal_Left", time: 61.5 },
    { mode: "GameOver", time: 120 },
  ], "every change once, in order");
});

Deno.test("monitor state: messages without a game-state header change nothing", () => {
  const g = newMonitorGameState();
  assert.equal(updateMonitorGameState(g, "(RDS 0 1)((nd))"), false);
  assert.equal(updateMonitorGameState(g, "((time 3"), false, "unterminated");
  assert.equal(g.time, 0);
  updateMonitorGameState(g, "((time x)(play_mode 3))");
  assert.equal(g.time, 0, "a bad number is skipped");
  assert.equal(g.playMode, "3", "a mode before the table is kept as its number");
});

Deno.test("monitor state: fouls are kept once each, with the half and time they were called", () => {
  const g = newMonitorGameState();
  updateMonitorGameState(g, FIRST);
  updateMonitorGameState(g, "((time 12.5)(foul 1 1 1 4))(RDS 0 1)");
  updateMonitorGameState(g, "((time 40)(half 2)(foul 2 6 2 9)(foul 3 42 1 3))");
  updateMonitorGameState(g, "((time 41)(foul 2 6 2 9)(foul 4 0 0 5)(foul 5 x))");
  assert.deepEqual(g.fouls, [
    { index: 1, type: "touching", team: "left", unum: 4, half: 1, time: 12.5 },
    { index: 2, type: "charging", team: "right", unum: 9, half: 2, time: 40 },
    { index: 3, type: "42", team: "left", unum: 3, half: 2, time: 40 },
  ]);
});
