// Float64 access to the host-assigned region: element i of the slot at byte address p. Tiny
// enough for the optimizer to inline at every use.

export function ld(p: usize, i: i32): f64 {
  return load<f64>(p + (<usize> i << 3));
}

export function st(p: usize, i: i32, v: f64): void {
  store<f64>(p + (<usize> i << 3), v);
}
