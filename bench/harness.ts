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

/**
 * For small differences between two variants that machine noise would swamp in separate
 * medians: each round times `base` and `variant` back to back (order alternating) and records
 * their ratio; returns the median of those per-round ratios and the two medians. Drift between
 * rounds cancels out because both sides of a ratio share it.
 */
export async function measurePairedRatio(
  base: () => Promise<void>,
  variant: () => Promise<void>,
  { warmup = 5, runs = 21 } = {},
): Promise<{ ratio: number; base: number; variant: number }> {
  for (let i = 0; i < warmup; i++) {
    await base();
    await variant();
  }
  const time = async (fn: () => Promise<void>) => {
    const start = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const ratios: number[] = [];
  const baseTimes: number[] = [];
  const variantTimes: number[] = [];
  for (let round = 0; round < runs; round++) {
    let b: number;
    let v: number;
    if (round % 2 === 0) {
      b = await time(base);
      v = await time(variant);
    } else {
      v = await time(variant);
      b = await time(base);
    }
    baseTimes.push(b);
    variantTimes.push(v);
    ratios.push(v / b);
  }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)] as number;
  return { ratio: median(ratios), base: median(baseTimes), variant: median(variantTimes) };
}
