import type { FakeEvent, FakeFinishReason, FakeScriptFields, FakeToolArgs } from './types.js';

/** A script event with every shorthand resolved, ready for a wire renderer. */
export type ScriptPart =
  | { kind: 'text'; deltas: readonly string[]; text: string }
  | { kind: 'reasoning'; deltas: readonly string[]; text: string; signature: string }
  | { kind: 'tool-call'; id: string; name: string; argDeltas: readonly string[]; args: string };

/** The provider-neutral script every endpoint renders. */
export interface NormalizedScript {
  parts: readonly ScriptPart[];
  usage: { inputTokens: number; outputTokens: number; reasoningTokens: number };
  finishReason: FakeFinishReason;
}

/** Output used by fault responses that do not script their own events. */
export const DEFAULT_FAULT_EVENTS: readonly FakeEvent[] = [{ type: 'text', deltas: ['Hello', ', world'] }];

const DEFAULT_USAGE = { inputTokens: 10, outputTokens: 20, reasoningTokens: 0 };
const DEFAULT_SIGNATURE = 'fake-thinking-signature';

/**
 * Resolves shorthands (plain strings, object args, default usage and finish reason).
 * `nextToolCallId` supplies ids for tool calls that do not name one, so ids stay unique across responses.
 */
export function normalizeScript(
  fields: FakeScriptFields,
  defaultEvents: readonly FakeEvent[],
  nextToolCallId: () => string,
): NormalizedScript {
  const parts = (fields.events ?? defaultEvents).map((event) => toPart(event, nextToolCallId));
  const hasToolCall = parts.some((part) => part.kind === 'tool-call');
  return {
    parts,
    usage: { ...DEFAULT_USAGE, ...fields.usage },
    finishReason: fields.finishReason ?? (hasToolCall ? 'tool-calls' : 'stop'),
  };
}

function toPart(event: FakeEvent, nextToolCallId: () => string): ScriptPart {
  if (typeof event === 'string') return { kind: 'text', deltas: [event], text: event };
  switch (event.type) {
    case 'text': {
      const deltas = toDeltas(event.deltas);
      return { kind: 'text', deltas, text: deltas.join('') };
    }
    case 'reasoning': {
      const deltas = toDeltas(event.deltas);
      return {
        kind: 'reasoning',
        deltas,
        text: deltas.join(''),
        signature: event.signature ?? DEFAULT_SIGNATURE,
      };
    }
    case 'tool-call': {
      const argDeltas = toArgDeltas(event.args);
      return {
        kind: 'tool-call',
        id: event.id ?? nextToolCallId(),
        name: event.name,
        argDeltas,
        args: argDeltas.join(''),
      };
    }
  }
}

function toDeltas(deltas: string | readonly string[]): readonly string[] {
  return typeof deltas === 'string' ? [deltas] : deltas;
}

// Objects are serialized once; strings go out verbatim so tests can send invalid JSON on purpose.
function toArgDeltas(args: FakeToolArgs): readonly string[] {
  if (typeof args === 'string') return args === '' ? [] : [args];
  if (isStringArray(args)) return args;
  return [JSON.stringify(args)];
}

function isStringArray(value: FakeToolArgs): value is readonly string[] {
  return Array.isArray(value);
}
