// The syntax tree of a .skl file as the parser produces it: skills of states of commands, with
// values still as expressions ($params unresolved, numbers as written: degrees, metres,
// seconds) and every node's source position for error messages.

import type { SourcePos } from "./skill_error.ts";
import type { Side } from "./skill_names.ts";

export type BinaryOp = "+" | "-" | "*" | "/";

export type Expr =
  | { readonly kind: "number"; readonly value: number; readonly pos: SourcePos }
  | { readonly kind: "param"; readonly name: string; readonly pos: SourcePos }
  | { readonly kind: "negate"; readonly operand: Expr; readonly pos: SourcePos }
  | {
    readonly kind: "binary";
    readonly op: BinaryOp;
    readonly left: Expr;
    readonly right: Expr;
    /** Position of the operator. */
    readonly pos: SourcePos;
  };

export interface JointRef {
  readonly name: string;
  /** Joint index of body/joints.ts. */
  readonly index: number;
  readonly pos: SourcePos;
}

export interface JointValue {
  readonly joint: JointRef;
  readonly value: Expr;
}

/** Six values: x y z (metres) then roll pitch yaw (degrees). */
export type PoseExprs = readonly [Expr, Expr, Expr, Expr, Expr, Expr];

export interface ControlPoint {
  readonly pose: PoseExprs;
  readonly pos: SourcePos;
}

export type Command =
  | {
    readonly kind: "settar" | "inctar" | "setscale" | "movetar";
    readonly pairs: readonly JointValue[];
    readonly pos: SourcePos;
  }
  | {
    readonly kind: "reset";
    /** The names as written (body parts or joints) and the joints they stand for. */
    readonly parts: readonly { readonly name: string; readonly joints: readonly number[] }[];
    readonly pos: SourcePos;
  }
  | { readonly kind: "wait"; readonly seconds: Expr; readonly pos: SourcePos }
  | {
    readonly kind: "setfoot";
    readonly side: Side;
    readonly pose: PoseExprs;
    readonly pos: SourcePos;
  }
  | {
    readonly kind: "stabilize";
    readonly side: Side;
    /** Target of the centre of mass relative to the support sole, metres. */
    readonly x: Expr;
    readonly y: Expr;
    readonly pos: SourcePos;
  }
  | {
    readonly kind: "curve";
    readonly side: Side;
    readonly points: readonly ControlPoint[];
    readonly pos: SourcePos;
  };

export interface StateNode {
  readonly commands: readonly Command[];
  readonly pos: SourcePos;
}

export interface SkillNode {
  readonly kind: "skill";
  readonly name: string;
  readonly states: readonly StateNode[];
  /** Position of the name. */
  readonly pos: SourcePos;
}

/** `REFLECTSKILL a b`: a and b mirror each other; exactly one must be defined before. */
export interface ReflectNode {
  readonly kind: "reflect";
  readonly first: { readonly name: string; readonly pos: SourcePos };
  readonly second: { readonly name: string; readonly pos: SourcePos };
  readonly pos: SourcePos;
}

export interface SklFile {
  readonly file: string;
  readonly items: readonly (SkillNode | ReflectNode)[];
}
