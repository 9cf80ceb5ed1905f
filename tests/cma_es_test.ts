// CMA-ES: the eigendecomposition against a reconstruction, convergence on standard test
// functions (sphere, rotated ellipsoid, Rosenbrock), and determinism for a seed.

import assert from "assert";
import { CmaEs, symmetricEigen } from "../src/optimize/cma_es.ts";
import { SeededRandom } from "../src/util/random.ts";

function minimize(
  f: (x: Float64Array) => number,
  x0: number[],
  sigma: number,
  gens: number,
  seed = 7,
) {
  const es = new CmaEs({ mean: x0, sigma, seed });
  for (let g = 0; g < gens; g++) es.tell(es.ask().map(f));
  return es;
}

Deno.test("cma-es: Jacobi eigendecomposition reconstructs a random symmetric matrix", () => {
  const rng = new SeededRandom(3);
  for (const n of [1, 2, 5, 12]) {
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = rng.uniform() * 2 - 1;
    }
    const copy = Float64Array.from(a);
    const values = new Float64Array(n);
    const vectors = new Float64Array(n * n);
    symmetricEigen(copy, n, values, vectors);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += vectors[i * n + k] * values[k] * vectors[j * n + k];
        assert.ok(Math.abs(s - a[i * n + j]) < 1e-9, `n=${n} (${i},${j}): ${s} vs ${a[i * n + j]}`);
      }
    }
  }
});

Deno.test("cma-es: finds the minimum of a shifted sphere", () => {
  const target = [1, -2, 3, 0.5, -1];
  const f = (x: Float64Array) => x.reduce((s, v, i) => s + (v - target[i]) ** 2, 0);
  const es = minimize(f, [0, 0, 0, 0, 0], 1, 120);
  assert.ok(es.bestValue < 1e-8, `best ${es.bestValue}`);
  for (let i = 0; i < 5; i++) assert.ok(Math.abs(es.mean[i] - target[i]) < 1e-3);
});

Deno.test("cma-es: adapts to a rotated, ill-conditioned ellipsoid and to Rosenbrock", () => {
  const ellipsoid = (x: Float64Array) => {
    let s = 0;
    for (let i = 0; i < x.length; i++) {
      let y = 0;
      for (let j = 0; j <= i; j++) y += x[j];
      s += 1000 ** (i / (x.length - 1)) * y * y;
    }
    return s;
  };
  const e = minimize(ellipsoid, [1, 1, 1, 1, 1, 1], 0.5, 400);
  assert.ok(e.bestValue < 1e-6, `ellipsoid best ${e.bestValue}`);
  const rosen = (x: Float64Array) => {
    let s = 0;
    for (let i = 0; i + 1 < x.length; i++) s += 100 * (x[i + 1] - x[i] ** 2) ** 2 + (1 - x[i]) ** 2;
    return s;
  };
  const r = minimize(rosen, [0, 0, 0, 0], 0.3, 600);
  assert.ok(r.bestValue < 1e-6, `rosenbrock best ${r.bestValue}`);
});

Deno.test("cma-es: the same seed gives the same run; a different one does not", () => {
  const f = (x: Float64Array) => Math.abs(x[0]) + x[1] ** 2;
  const a = minimize(f, [3, 3], 1, 10, 5);
  const b = minimize(f, [3, 3], 1, 10, 5);
  const c = minimize(f, [3, 3], 1, 10, 6);
  assert.deepEqual([...a.mean], [...b.mean]);
  assert.notDeepEqual([...a.mean], [...c.mean]);
});

Deno.test("cma-es: a NaN value ranks last; a wrong number of values is refused", () => {
  const es = new CmaEs({ mean: [0, 0], sigma: 1, lambda: 4, seed: 1 });
  const pop = es.ask();
  es.tell(pop.map((x, i) => (i === 0 ? NaN : x[0] ** 2 + x[1] ** 2)));
  assert.ok(Number.isFinite(es.bestValue));
  es.ask();
  assert.throws(() => es.tell([1, 2]), /2 values for 4 candidates/);
});
