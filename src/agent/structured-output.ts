/**
 * Structured output, shared by both ways of producing it: the agent's own model answering in
 * JSON (native), and `StructuredOutputProcessor` having a second model structure the answer.
 * A leaf module (errors, schema, models, messages types only), so the processor can import it.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { SluiceError } from '../errors/sluice-error.js';
import type { MessageList } from '../messages/message-list.js';
import type { StructuredOutputOptions } from '../models/call-settings.js';
import type { LanguageModelUsage } from '../models/types.js';
import { toJsonSchema, validateWithSchema } from '../schema/index.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { addUsage } from './usage.js';

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
  const match = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(trimmed);
  return match ? (match[1] as string) : trimmed;
}

const NOT_FOUND: unique symbol = Symbol('not found');

/**
 * The JSON value inside a reply with prose around it (`Here is the JSON: {…}`, a fenced block
 * after a lead-in), as models asked by instruction rather than JSON mode often answer: the first
 * fenced block, else the balanced object or array starting at the first `{` or `[`. One pass.
 */
function embeddedJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  if (fenced) {
    try {
      return JSON.parse(fenced[1] as string);
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
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) {
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
    value = JSON.parse(unfence(text));
  } catch {
    const embedded = embeddedJson(text);
    if (embedded === NOT_FOUND) {
      return fail(`Structured output: ${subject} is not valid JSON (${JSON.stringify(text.slice(0, 120))}).`);
    }
    value = embedded;
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
