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
