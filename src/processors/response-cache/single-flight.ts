import type { MastraServerCache } from '../../cache/server-cache.js';
import type { CachedLLMStepResponse } from '../../pipeline/types.js';

/** The one call in flight for a key: followers wait for what it settles with. */
export interface Flight {
  /** The leader's entry once its run succeeded, or `undefined` (failed, blocked, not cacheable). */
  readonly done: Promise<CachedLLMStepResponse | undefined>;
  /** Settle the flight (first call wins) and let the next request for the key lead again. */
  settle(entry: CachedLLMStepResponse | undefined): void;
}

/**
 * In-process single-flight, per cache backend: every `ResponseCache` sharing one backend object
 * (several agents of one server) shares its flights too. Weakly held, so a dropped backend
 * takes its map with it.
 */
const flightsByCache = new WeakMap<MastraServerCache, Map<string, Flight>>();

/**
 * Join the flight for `key`: `{ follow }` when a call for it is already in flight (wait for
 * `follow.done`), else `{ lead }` — this caller is now the flight and must settle it.
 */
export function joinFlight(cache: MastraServerCache, key: string): { lead: Flight } | { follow: Flight } {
  let flights = flightsByCache.get(cache);
  if (flights === undefined) {
    flights = new Map();
    flightsByCache.set(cache, flights);
  }
  const current = flights.get(key);
  if (current !== undefined) return { follow: current };
  const map = flights;
  let resolve!: (entry: CachedLLMStepResponse | undefined) => void;
  const done = new Promise<CachedLLMStepResponse | undefined>((r) => {
    resolve = r;
  });
  let settled = false;
  const flight: Flight = {
    done,
    settle(entry) {
      if (settled) return;
      settled = true;
      if (map.get(key) === flight) map.delete(key);
      resolve(entry);
    },
  };
  map.set(key, flight);
  return { lead: flight };
}
