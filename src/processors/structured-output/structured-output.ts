/**
 * Structured output, shared by both ways of producing it: the agent's own model answering in
 * JSON (native), and `StructuredOutputProcessor` having a second model structure the answer.
 * A leaf module (errors, schema, models, messages types only), so the processor can import it.
 */

import type { JSONSchema7 } from '@ai-sdk/provider';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue as describeOptionValue } from '../../errors/describe-value.js';
import { SluiceError } from '../../errors/sluice-error.js';
import type { MessageList } from '../../messages/message-list.js';
import { addUsage } from '../../models/add-usage.js';
import type { StructuredOutputOptions } from '../../models/call-settings.js';
import type { LanguageModelUsage } from '../../models/types.js';
import { isSchemaInput, toJsonSchema, validateWithSchema } from '../../schema/index.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { firstFencedBlock, wholeFencedBlock } from '../../util/code-fence.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../util/partial-json.js';

/** How a structured-output run ended. */
export type StructuredOutcome<T> =
  | { ok: true; value: T; usedFallback?: false; fallback?: undefined }
  | {
      ok: false;
      error: SluiceError;
      strategy: 'strict' | 'warn' | 'fallback';
      usedFallback: boolean;
      fallback: T | undefined;
    };

const schemaCache = new WeakMap<object, Promise<JSONSchema7>>();

function jsonSchemaOf(options: StructuredOutputOptions): Promise<JSONSchema7> {
  const key = options.schema as object;
  // Not an object (a per-step override the call-time check did not see): toJsonSchema rejects
  // with a ConfigurationError naming the option; a WeakMap would throw a bare TypeError.
  if ((typeof key !== 'object' && typeof key !== 'function') || key === null) {
    return toJsonSchema(key as never, { name: 'structuredOutput.schema' }) as Promise<JSONSchema7>;
  }
  let cached = schemaCache.get(key);
  if (!cached) {
    cached = Promise.resolve(
      toJsonSchema(options.schema as never, { name: 'structuredOutput' }),
    ) as Promise<JSONSchema7>;
    // A schema that cannot be converted must not stay cached as a rejection for later calls.
    cached.catch(() => schemaCache.delete(key));
    schemaCache.set(key, cached);
  }
  return cached;
}

const STRATEGIES = new Set(['strict', 'warn', 'fallback']);

/**
 * What is wrong with structured-output options, or `undefined`: the option (`schema`,
 * `errorStrategy`, `fallbackValue`, `logger`) and a sentence starting with its quoted name.
 * Shared by the agent's call-time check and `StructuredOutputProcessor`'s constructor.
 */
export function structuredOutputOptionsProblem(
  options: StructuredOutputOptions,
): { option: string; problem: string } | undefined {
  const schema: unknown = options.schema;
  if (schema === undefined || schema === null) {
    return {
      option: 'schema',
      problem:
        '"schema" is required: a Standard Schema (zod, valibot, arktype) or a JSON Schema object describing the object to produce.',
    };
  }
  if (!isSchemaInput(schema)) {
    const jsonText = typeof schema === 'string' && /^\s*[{[]/.test(schema);
    return {
      option: 'schema',
      problem: `"schema" must be a Standard Schema (zod, valibot, arktype) or a JSON Schema object (got ${describeOptionValue(schema)}).${jsonText ? ' That is JSON text: pass the parsed object (JSON.parse(text)).' : ''}`,
    };
  }
  const strategy: unknown = options.errorStrategy;
  if (strategy !== undefined && !STRATEGIES.has(strategy as string)) {
    return {
      option: 'errorStrategy',
      problem: `"errorStrategy" must be 'strict', 'warn' or 'fallback' (got ${describeOptionValue(strategy)}). Leave it out for 'strict'.`,
    };
  }
  if (strategy === 'fallback' && options.fallbackValue === undefined) {
    return {
      option: 'fallbackValue',
      problem: `"fallbackValue" is missing: errorStrategy 'fallback' needs a "fallbackValue" (the object to use when the answer does not fit).`,
    };
  }
  const logger: unknown = options.logger;
  if (logger !== undefined && typeof (logger as { warn?: unknown } | null)?.warn !== 'function') {
    return {
      option: 'logger',
      problem: `"logger" must have a warn(message) method (got ${describeOptionValue(logger)}).`,
    };
  }
  return undefined;
}

/**
 * Check a call's `structuredOutput` (the agent's `defaultOptions` merged with the call's own)
 * before the run starts, and convert its schema, so a bad one rejects `generate()`/`stream()`
 * with a `ConfigurationError` naming the option instead of failing inside the run (a bare
 * `TypeError` from a string schema used as a cache key, before).
 *
 * @throws ConfigurationError `AGENT_INVALID_OPTIONS` naming the agent, `structuredOutput.<option>`
 *   and where it came from; `SCHEMA_NOT_CONVERTIBLE` / `SCHEMA_CONVERTER_MISSING` when the
 *   schema is a schema but cannot be described as JSON Schema.
 */
export async function checkStructuredOutputOption(
  agentId: string,
  options: unknown,
  fromCall: boolean,
): Promise<void> {
  if (options === undefined) return;
  const from = fromCall ? "the call's" : "defaultOptions'";
  const fail = (option: string, problem: string): never => {
    throw new ConfigurationError('AGENT_INVALID_OPTIONS', `Agent "${agentId}": ${from} ${problem}`, {
      details: { option },
    });
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    fail(
      'structuredOutput',
      `"structuredOutput" must be an object such as { schema } (got ${describeOptionValue(options)}). Leave it out (undefined) for a plain-text answer.`,
    );
  }
  const found = structuredOutputOptionsProblem(options as StructuredOutputOptions);
  if (found) {
    const option = `structuredOutput.${found.option}`;
    fail(option, found.problem.replace(`"${found.option}"`, `"${option}"`));
  }
  await jsonSchemaOf(options as StructuredOutputOptions);
}

/** What a call sends to ask for structured output: a native JSON format, or an instruction. */
export async function structuredOutputFormat(
  options: StructuredOutputOptions,
): Promise<{ responseFormat?: { type: 'json'; schema: JSONSchema7 }; instruction?: string }> {
  const schema = await jsonSchemaOf(options);
  const extra = options.instructions ? `\n${options.instructions}` : '';
  if (options.jsonPromptInjection) {
    return {
      instruction: `Answer only with a JSON value matching this JSON Schema, with no prose and no code fences:\n${JSON.stringify(schema)}${extra}`,
    };
  }
  return { responseFormat: { type: 'json', schema }, instruction: options.instructions };
}

/** Strip a Markdown code fence some models wrap JSON in. */
function unfence(text: string): string {
  const trimmed = text.trim();
  return wholeFencedBlock(trimmed) ?? trimmed;
}

const NOT_FOUND: unique symbol = Symbol('not found');
const TOO_DEEP: unique symbol = Symbol('too deep');

/**
 * `JSON.parse`, refusing values nested deeper than {@link MAX_JSON_DEPTH} before building them:
 * `JSON.parse` itself copes, but the recursive code that handles the value next (validators,
 * `JSON.stringify`, message cloning) overflows the stack with a raw `RangeError`.
 */
function parseBounded(text: string): unknown {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return TOO_DEEP;
  return JSON.parse(text);
}

/**
 * The JSON value inside a reply with prose around it (`Here is the JSON: {…}`, a fenced block
 * after a lead-in), as models asked by instruction rather than JSON mode often answer: the first
 * fenced block, else the balanced object or array starting at the first `{` or `[`. One pass.
 */
function embeddedJson(text: string): unknown {
  const fenced = firstFencedBlock(text);
  if (fenced !== undefined) {
    try {
      return parseBounded(fenced);
    } catch {
      // Not JSON inside the fence either; try the braces.
    }
  }
  const start = text.search(/[{[]/);
  if (start < 0) return NOT_FOUND;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP;
    } else if ((c === '}' || c === ']') && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return NOT_FOUND;
      }
    }
  }
  return NOT_FOUND;
}

/**
 * Apply the error strategy to a structured-output failure: `warn` logs (the options' `logger`,
 * else `console.warn`), `fallback` supplies `fallbackValue`, `strict` leaves the error to be
 * raised when the result is read.
 */
export function structuredFailure<T>(
  error: SluiceError,
  options: StructuredOutputOptions<T>,
): StructuredOutcome<T> {
  const strategy = options.errorStrategy ?? 'strict';
  if (strategy === 'warn') {
    if (options.logger) options.logger.warn(`[sluice] ${error.message}`);
    else console.warn(`[sluice] ${error.message}`);
  }
  const usedFallback = strategy === 'fallback';
  return {
    ok: false,
    error,
    strategy,
    usedFallback,
    fallback: usedFallback ? options.fallbackValue : undefined,
  };
}

/**
 * Parse and validate an answer against the schema, applying the error strategy. `subject`
 * names whose answer it is, for the error message.
 */
export async function parseStructuredOutput<T>(
  text: string,
  options: StructuredOutputOptions<T>,
  subject = "the model's answer",
): Promise<StructuredOutcome<T>> {
  const fail = (message: string, issues?: unknown): StructuredOutcome<T> =>
    structuredFailure(
      new SluiceError(
        'STRUCTURED_OUTPUT_INVALID',
        `${message} Tighten the instructions, use a model with native JSON output, or set structuredOutput.errorStrategy to 'warn' or 'fallback'.`,
        { details: { text, issues } },
      ),
      options,
    );
  let value: unknown;
  try {
    value = parseBounded(unfence(text));
  } catch {
    value = embeddedJson(text);
    if (value === NOT_FOUND) {
      return fail(`Structured output: ${subject} is not valid JSON (${JSON.stringify(text.slice(0, 120))}).`);
    }
  }
  if (value === TOO_DEEP) {
    return fail(
      `Structured output: ${subject} nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels, the most Sluice accepts.`,
    );
  }
  const result = await validateWithSchema(options.schema as never, value);
  if (!result.success) {
    const issues = result.issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ');
    return fail(`Structured output: ${subject} does not match the schema (${issues}).`, result.issues);
  }
  return { ok: true, value: result.value as T };
}

// ---- A processor's structured output, handed to the run's result ------------------------------

/** What a structuring processor reports to the run it belongs to. */
export interface StructuringReport {
  outcome: StructuredOutcome<unknown>;
  /** Tokens the structuring model spent. */
  usage: LanguageModelUsage | undefined;
}

// Keyed by the run's MessageList: one per run, reachable from every hook, gone with the run.
const reports = new WeakMap<MessageList, StructuringReport>();

/** Called by `StructuredOutputProcessor` when it has structured (or failed to structure) a run. */
export function reportStructuring(list: MessageList, report: StructuringReport): void {
  reports.set(list, report);
}

/** The run totals `settleStructuredOutput` updates. */
interface StructuredTotals {
  structured: StructuredOutcome<unknown> | undefined;
  /** Tokens that count in `totalUsage` but not in `usage`. */
  rejectedUsage: LanguageModelUsage;
}

/**
 * At the end of a successful run, before the result is built: the `object-result` chunk that
 * reached the client (as the output processors left it) is the run's object; a structuring
 * processor's failure or fallback, and its tokens (counted in `totalUsage`, not in `usage`, like
 * rejected attempts), come from its report. The object is also stored as the assistant
 * message's `metadata.structuredOutput`, so the UI message carries it.
 *
 * Scans the chunks back to the final step's `step-start` only: linear in one step, once a run.
 */
export function settleStructuredOutput(
  list: MessageList,
  totals: StructuredTotals,
  chunks: readonly ChunkType[],
): void {
  const report = reports.get(list);
  if (report) {
    reports.delete(list);
    if (report.usage) totals.rejectedUsage = addUsage(totals.rejectedUsage, report.usage);
    // A success was sent as an object-result chunk: the run keeps it only if that chunk got
    // past the later output processors (found below); one that dropped it leaves no object.
    totals.structured = report.outcome.ok ? undefined : report.outcome;
  }
  for (let i = chunks.length - 1; i >= 0; i--) {
    const chunk = chunks[i] as ChunkType;
    if (chunk.type === 'step-start') break;
    if (chunk.type === 'object-result') {
      totals.structured = { ok: true, value: chunk.object };
      break;
    }
  }
  const structured = totals.structured;
  const value = structured?.ok ? structured.value : structured?.fallback;
  if (value !== undefined) storeOnResponse(list, value);
}

/** Set `metadata.structuredOutput` on the run's last assistant message (replaced by id). */
function storeOnResponse(list: MessageList, value: unknown): void {
  const response = list.get.response.db();
  for (let i = response.length - 1; i >= 0; i--) {
    const message = response[i];
    if (message?.role !== 'assistant') continue;
    list.add(
      {
        ...message,
        content: { ...message.content, metadata: { ...message.content.metadata, structuredOutput: value } },
      },
      'response',
    );
    return;
  }
}
