// The scene a monitor sees: the server sends the whole scene graph (RSG) when it changes, then
// every frame only what changed (RDS), node for node in the same order. This keeps the nodes that
// place the ball and each robot's torso, shanks and feet, and gives their world positions. It
// reads only the transforms on those nodes' paths and skips the rest of each message.

export interface ScenePoint {
  x: number;
  y: number;
  z: number;
}

/** A robot's body parts in the scene: torso, shank or foot (type 4's toes count as feet). */
export type ScenePartKind = "torso" | "shank" | "foot";

export interface SceneRobot {
  team: "left" | "right";
  unum: number;
  type: number;
  parts: { kind: ScenePartKind; at: ScenePoint }[];
}

interface SceneNode {
  /** Column-major 4×4 local transform (SLT), or null: identity. */
  slt: Float64Array | null;
  children: SceneNode[];
  /** On the path to a mesh this scene keeps. */
  kept: boolean;
  mesh?: string;
  materials?: string[];
}

/** From the root's child to the node that draws the mesh. */
type NodePath = SceneNode[];

interface RobotPaths {
  team: "left" | "right";
  unum: number;
  type: number;
  parts: { kind: ScenePartKind; path: NodePath }[];
}

const BODY_MESH = /^models\/naobody(\d)\.obj$/;
const PART_MESH: readonly [RegExp, ScenePartKind][] = [
  [/^models\/[lr]shank\d?\.obj$/, "shank"],
  [/^models\/[lr]foot\.obj$/, "foot"],
];
const OPEN = 40, CLOSE = 41;

export class MonitorScene {
  private root: SceneNode[] = [];
  private ballPath: NodePath | null = null;
  private robotPaths: RobotPaths[] = [];
  private s = "";
  private i = 0;

  /** Folds one monitor message in; returns whether it carried a scene (whole or changes). */
  update(message: string): boolean {
    const full = message.indexOf("(RSG ");
    const diff = full < 0 ? message.indexOf("(RDS ") : -1;
    const at = full >= 0 ? full : diff;
    if (at < 0) return false;
    this.s = message;
    this.i = message.indexOf(")", at) + 1;
    if (this.i === 0 || !this.atChar(OPEN)) return false;
    this.i++;
    if (full >= 0) this.readScene();
    else this.readChanges();
    this.s = "";
    return true;
  }

  /** The ball's centre, or null before a scene with a ball. */
  ball(): ScenePoint | null {
    return this.ballPath ? worldPosition(this.ballPath) : null;
  }

  /** Every robot in the scene with its parts' world positions. */
  robots(): SceneRobot[] {
    return this.robotPaths.map((r) => ({
      team: r.team,
      unum: r.unum,
      type: r.type,
      parts: r.parts.map((p) => ({ kind: p.kind, at: worldPosition(p.path) })),
    }));
  }

  private readScene(): void {
    const root: SceneNode[] = [];
    while (this.atChar(OPEN) && this.isWord("nd")) root.push(this.readNode());
    this.root = root;
    this.ballPath = null;
    this.robotPaths = [];
    // A robot is one node under the root: its body mesh, then its other parts.
    for (const top of root) {
      let robot: RobotPaths | null = null;
      const visit = (node: SceneNode, path: NodePath) => {
        if (node.mesh) robot = this.place(node.mesh, node.materials ?? [], path, robot);
        for (const child of node.children) visit(child, [...path, child]);
      };
      visit(top, [top]);
    }
    const keep = (path: NodePath) => path.forEach((n) => n.kept = true);
    if (this.ballPath) keep(this.ballPath);
    for (const r of this.robotPaths) r.parts.forEach((p) => keep(p.path));
  }

  /** `(nd [kind] props… children…)`, the cursor at its "(". */
  private readNode(): SceneNode {
    const node: SceneNode = { slt: null, children: [], kept: false };
    this.i += 3;
    for (;;) {
      if (!this.skipSpace()) return node;
      const c = this.s.charCodeAt(this.i);
      if (c === CLOSE) {
        this.i++;
        return node;
      }
      if (c !== OPEN) {
        this.skipWord();
        continue;
      }
      if (this.isWord("nd")) node.children.push(this.readNode());
      else if (this.isWord("SLT")) node.slt = this.readMatrix();
      else if (this.isWord("load")) node.mesh = this.listWords()[1];
      else if (this.isWord("resetMaterials")) node.materials = this.listWords().slice(1);
      else this.skipList();
    }
  }

  /** Keeps the ball's path, a robot's body (a new robot) or a part of `robot`; returns the robot. */
  private place(
    mesh: string,
    materials: string[],
    path: NodePath,
    robot: RobotPaths | null,
  ): RobotPaths | null {
    if (mesh === "models/soccerball.obj") {
      this.ballPath = path;
      return robot;
    }
    const body = BODY_MESH.exec(mesh);
    if (body) {
      const unum = Number(materials.find((m) => m.startsWith("matNum"))?.slice(6));
      const team = materials.includes("matLeft")
        ? "left"
        : materials.includes("matRight")
        ? "right"
        : null;
      if (!team || !Number.isInteger(unum)) return null;
      const r: RobotPaths = { team, unum, type: Number(body[1]), parts: [{ kind: "torso", path }] };
      this.robotPaths.push(r);
      return r;
    }
    const kind = PART_MESH.find(([re]) => re.test(mesh))?.[1];
    if (robot && kind) robot.parts.push({ kind, path });
    return robot;
  }

  /** The changes: `(nd [props] (nd …)…)` per node in scene order; unkept subtrees are skipped. */
  private readChanges(): void {
    let k = 0;
    while (this.atChar(OPEN) && this.isWord("nd")) this.readNodeChanges(this.root[k++]);
  }

  private readNodeChanges(node: SceneNode | undefined): void {
    if (!node?.kept) {
      this.skipList();
      return;
    }
    this.i += 3;
    let k = 0;
    for (;;) {
      if (!this.skipSpace()) return;
      const c = this.s.charCodeAt(this.i);
      if (c === CLOSE) {
        this.i++;
        return;
      }
      if (c !== OPEN) this.skipWord();
      else if (this.isWord("nd")) this.readNodeChanges(node.children[k++]);
      else if (this.isWord("SLT")) node.slt = this.readMatrix(node.slt);
      else this.skipList();
    }
  }

  /** `(SLT m0 … m15)`; a malformed one leaves the old transform. */
  private readMatrix(into: Float64Array | null = null): Float64Array | null {
    const words = this.listWords();
    if (words.length !== 17) return into;
    const m = into ?? new Float64Array(16);
    for (let k = 0; k < 16; k++) {
      const v = Number(words[k + 1]);
      if (!Number.isFinite(v)) return into;
      m[k] = v;
    }
    return m;
  }

  /** Whether the list at the cursor ("(") starts with this word. */
  private isWord(w: string): boolean {
    const s = this.s, i = this.i + 1;
    if (!s.startsWith(w, i)) return false;
    const c = s.charCodeAt(i + w.length);
    return i + w.length >= s.length || c <= 32 || c === OPEN || c === CLOSE;
  }

  /** The words of a flat list at the cursor, which moves past it. */
  private listWords(): string[] {
    const end = this.s.indexOf(")", this.i);
    const stop = end < 0 ? this.s.length : end;
    const words = this.s.slice(this.i + 1, stop).trim().split(/\s+/);
    this.i = stop + 1;
    return words;
  }

  /** Past the list at the cursor, jumping from bracket to bracket (most of a frame is skipped). */
  private skipList(): void {
    const s = this.s;
    let i = this.i, depth = 0, open = s.indexOf("(", i);
    for (;;) {
      const close = s.indexOf(")", i);
      if (close < 0) {
        this.i = s.length;
        return;
      }
      if (open >= 0 && open < close) {
        depth++;
        i = open + 1;
        open = s.indexOf("(", i);
      } else {
        i = close + 1;
        if (--depth <= 0) {
          this.i = i;
          return;
        }
      }
    }
  }

  private skipWord(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === OPEN || c === CLOSE || c <= 32) return;
      this.i++;
    }
  }

  /** Past white space; false at the end of the message. */
  private skipSpace(): boolean {
    const s = this.s;
    while (this.i < s.length && s.charCodeAt(this.i) <= 32) this.i++;
    return this.i < s.length;
  }

  /** Whether the next character after white space is `c`. */
  private atChar(c: number): boolean {
    if (!this.skipSpace()) return false;
    return this.s.charCodeAt(this.i) === c;
  }
}

/** The mesh node's origin in the world: each transform on the path applied, leaf first. */
function worldPosition(path: NodePath): ScenePoint {
  let x = 0, y = 0, z = 0;
  for (let k = path.length - 1; k >= 0; k--) {
    const m = path[k].slt;
    if (!m) continue;
    const nx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const ny = m[1] * x + m[5] * y + m[9] * z + m[13];
    const nz = m[2] * x + m[6] * y + m[10] * z + m[14];
    x = nx, y = ny, z = nz;
  }
  return { x, y, z };
}
