// RoboViz drawing over UDP (default port 32769): encoders for the draw protocol — buffer swap,
// circle, line, point, sphere, polygon, annotation, agent annotation — and a per-agent drawer
// that names its sets "<team>.<L|R><unum>.<name>" and mirrors our frame into the field frame
// for the right team. Floats travel as 6-character ASCII, colours as bytes.

import dgram from "node:dgram";

export const ROBOVIZ_PORT = 32769;

/** Red, green, blue (and alpha for polygons), 0 … 1. */
export type Color = readonly [number, number, number] | readonly [number, number, number, number];

export interface P3 {
  x: number;
  y: number;
  z: number;
}

const ascii = new TextEncoder();

/** A float as exactly 6 ASCII characters, as RoboViz reads it (most decimals that fit). */
export function float6(v: number): string {
  const x = Number.isFinite(v) ? Math.max(-99999, Math.min(999999, v)) : 0;
  for (let d = 4; d >= 0; d--) {
    const s = x.toFixed(d);
    if (s.length <= 6) return s.padEnd(6, " ");
  }
  return "0     ";
}

class Bytes {
  private readonly parts: number[] = [];
  u8(...v: number[]): this {
    for (const b of v) this.parts.push(b & 255);
    return this;
  }
  floats(...v: number[]): this {
    for (const f of v) this.str(float6(f), false);
    return this;
  }
  color(c: Color, alpha = false): this {
    this.u8(...c.slice(0, 3).map((k) => Math.round(Math.max(0, Math.min(1, k)) * 255)));
    if (alpha) this.u8(Math.round(Math.max(0, Math.min(1, c[3] ?? 1)) * 255));
    return this;
  }
  str(s: string, terminate = true): this {
    for (const b of ascii.encode(s)) this.parts.push(b);
    if (terminate) this.parts.push(0);
    return this;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

export const draw = {
  swapBuffers: (set: string) => new Bytes().u8(0, 0).str(set).done(),
  circle: (x: number, y: number, r: number, thickness: number, c: Color, set: string) =>
    new Bytes().u8(1, 0).floats(x, y, r, thickness).color(c).str(set).done(),
  line: (a: P3, b: P3, thickness: number, c: Color, set: string) =>
    new Bytes().u8(1, 1).floats(a.x, a.y, a.z, b.x, b.y, b.z, thickness).color(c).str(set).done(),
  point: (p: P3, size: number, c: Color, set: string) =>
    new Bytes().u8(1, 2).floats(p.x, p.y, p.z, size).color(c).str(set).done(),
  sphere: (p: P3, r: number, c: Color, set: string) =>
    new Bytes().u8(1, 3).floats(p.x, p.y, p.z, r).color(c).str(set).done(),
  polygon: (vertices: readonly P3[], c: Color, set: string) => {
    const b = new Bytes().u8(1, 4, vertices.length).color(c, true);
    for (const v of vertices) b.floats(v.x, v.y, v.z);
    return b.str(set).done();
  },
  annotation: (text: string, p: P3, c: Color, set: string) =>
    new Bytes().u8(2, 0).floats(p.x, p.y, p.z).color(c).str(text).str(set).done(),
  /** Text over an agent's head; teamAgent = unum − 1 (left) or unum + 127 (right). */
  agentAnnotation: (text: string, teamAgent: number, c: Color) =>
    new Bytes().u8(2, 1, teamAgent).color(c).str(text).done(),
};

/** One agent's drawings. Coordinates are in our frame; the right team's are mirrored. */
export class RoboVizDrawer {
  private readonly socket = dgram.createSocket("udp4");
  private readonly sets = new Set<string>();

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly team: string,
    private readonly side: "left" | "right",
    private readonly unum: number,
  ) {
    this.socket.unref();
  }

  private set(name: string): string {
    const s = `${this.team}.${this.side === "left" ? "L" : "R"}${this.unum}.${name}`;
    this.sets.add(s);
    return s;
  }

  private m(x: number, y: number, z = 0): P3 {
    return this.side === "left" ? { x, y, z } : { x: -x, y: -y, z };
  }

  private send(b: Uint8Array): void {
    this.socket.send(b, this.port, this.host);
  }

  circle(name: string, x: number, y: number, r: number, c: Color): void {
    const p = this.m(x, y);
    this.send(draw.circle(p.x, p.y, r, 2, c, this.set(name)));
  }

  line(name: string, x1: number, y1: number, x2: number, y2: number, c: Color): void {
    this.send(draw.line(this.m(x1, y1), this.m(x2, y2), 2, c, this.set(name)));
  }

  sphere(name: string, x: number, y: number, z: number, r: number, c: Color): void {
    this.send(draw.sphere(this.m(x, y, z), r, c, this.set(name)));
  }

  text(name: string, text: string, x: number, y: number, z: number, c: Color): void {
    this.send(draw.annotation(text, this.m(x, y, z), c, this.set(name)));
  }

  agentText(text: string, c: Color): void {
    const teamAgent = this.side === "left" ? this.unum - 1 : this.unum + 127;
    this.send(draw.agentAnnotation(text, teamAgent, c));
  }

  /** Shows what was drawn since the last swap, set by set. */
  swap(): void {
    for (const s of this.sets) this.send(draw.swapBuffers(s));
    this.sets.clear();
  }

  close(): void {
    this.socket.close();
  }
}
