/** Tiny benchmark harness: warm up, then take the median of several timed runs. */
export async function measure(fn: () => Promise<void>, { warmup = 5, runs = 21 } = {}): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** Print one result row. */
export function row(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

/**
 * Like {@link measure} for several variants at once: after warming every variant up, each round
 * times every variant once, in an order rotated per round, so JIT tiering, GC pressure and
 * machine noise drift land on all variants alike. Returns the median per variant, in order.
 */
export async function measureInterleaved(
  fns: ReadonlyArray<() => Promise<void>>,
  { warmup = 5, runs = 21 } = {},
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < fns.length; k++) {
      const index = (round + k) % fns.length;
      const start = process.hrtime.bigint();
      await (fns[index] as () => Promise<void>)();
      (times[index] as number[]).push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return list[Math.floor(list.length / 2)] as number;
  });
}
