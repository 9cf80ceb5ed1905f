// The server's simulation step: perceptions come one cycle apart, and every layer that counts or
// integrates time in cycles (the walk, the world model, the radio's slots, the tools) uses this.

/** One simulation cycle, seconds. */
export const CYCLE_SECONDS = 0.02;
