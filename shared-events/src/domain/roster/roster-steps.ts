/** Rows gone through between two of planning's steps (see planRosterInSteps): each id a hash the first time (≈ 10 µs), so
 * a step is ≈ 20 ms at most. */
export const ROWS_PER_STEP = 2_000;

/** `each` over `rows`, yielding after every `perStep` of them: a loop of planning that lets its caller take turns. */
export function* inSteps<T, R>(rows: readonly T[], each: (row: T) => R, perStep = ROWS_PER_STEP): Generator<void, R[]> {
  const out: R[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % perStep === 0) yield;
    out.push(each(row));
  }
  return out;
}
