import type { UsageScope, UsageScopeKeys, UsageWindow } from './types.js';
import { USAGE_WINDOW_MS } from './types.js';

/** Every scope a budget can be counted against, in documentation order. */
export const USAGE_SCOPES: readonly UsageScope[] = [
  'run',
  'resource',
  'thread',
  'user',
  'organization',
  'session',
];

/** Every sliding window, shortest first. */
export const USAGE_WINDOWS: readonly UsageWindow[] = Object.keys(USAGE_WINDOW_MS) as UsageWindow[];

/** Which member of {@link UsageScopeKeys} holds each scope's key. */
export const SCOPE_KEY_FIELD: Readonly<Record<UsageScope, keyof UsageScopeKeys>> = {
  run: 'runId',
  resource: 'resourceId',
  thread: 'threadId',
  user: 'userId',
  organization: 'organizationId',
  session: 'sessionId',
};

/** The key a call's scope keys hold for `scope`, or `undefined` when the call had none. */
export function scopeKeyOf(scope: UsageScope, keys: UsageScopeKeys): string | undefined {
  const value = keys[SCOPE_KEY_FIELD[scope]];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Nano-dollars per dollar: ledgers sum integer nano-dollars so many small costs add up exactly. */
const NANO_PER_USD = 1_000_000_000;

/** A cost in whole nano-dollars (the unit the built-in ledgers sum in). */
export function toNanoUsd(cost: number): number {
  return Math.round(cost * NANO_PER_USD);
}

/** Nano-dollars back to dollars. */
export function fromNanoUsd(nano: number): number {
  return nano / NANO_PER_USD;
}
