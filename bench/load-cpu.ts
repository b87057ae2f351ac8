/**
 * Where the load bench's CPU goes, read off Linux's `/proc`: the whole machine (`/proc/stat`) and
 * the local PostgreSQL and Redis servers (every process named `postgres` / `redis-server`, with the
 * time of their exited children, so PostgreSQL backends that closed still count). On a box where
 * everything shares the cores, req/s follows the machine's CPU per turn, not the workers' alone.
 * Elsewhere (no `/proc`, or the servers on another host) the figures are absent, never guessed.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used so far, in ms. */
export interface CpuSample {
  /** Every CPU's non-idle time. */
  machine: number;
  postgres: number;
  redis: number;
}

const TICK_MS = 10; // USER_HZ is 100 on every Linux build Node supports.

function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = (f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0);
  return busy * TICK_MS;
}

function serverMs(): { postgres: number; redis: number } {
  const out = { postgres: 0, redis: 0 };
  for (const pid of readdirSync('/proc')) {
    if (pid.charCodeAt(0) < 48 || pid.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const name = stat.slice(open + 1, close);
    const kind = name === 'postgres' ? 'postgres' : name === 'redis-server' ? 'redis' : undefined;
    if (!kind) continue;
    // Fields after the name: state(3) … utime(14) stime(15) cutime(16) cstime(17).
    const f = stat.slice(close + 2).split(' ');
    out[kind] += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
  }
  return out;
}

/** A sample now, or `undefined` where `/proc` is not there. */
export function sampleCpu(): CpuSample | undefined {
  try {
    return { machine: machineBusyMs(), ...serverMs() };
  } catch {
    return undefined;
  }
}

/** `later - earlier`, field by field. */
export function cpuBetween(
  earlier: CpuSample | undefined,
  later: CpuSample | undefined,
): CpuSample | undefined {
  if (!earlier || !later) return undefined;
  return {
    machine: later.machine - earlier.machine,
    postgres: later.postgres - earlier.postgres,
    redis: later.redis - earlier.redis,
  };
}
