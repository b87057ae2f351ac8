import type { JSONSchema7 } from '@ai-sdk/provider';
import { SluiceError } from '../errors/sluice-error.js';
import { toJsonSchema, validateWithSchema } from '../schema/index.js';
import type { StructuredOutputOptions } from './types.js';

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
    schemaCache.set(key, cached);
  }
  return cached;
}

/** What a step sends to ask for structured output: a native JSON format, or an instruction. */
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

/** Parse and validate the final answer against the schema, applying the error strategy. */
export async function parseStructuredOutput<T>(
  text: string,
  options: StructuredOutputOptions<T>,
): Promise<StructuredOutcome<T>> {
  const strategy = options.errorStrategy ?? 'strict';
  const fail = (message: string, issues?: unknown): StructuredOutcome<T> => {
    const error = new SluiceError(
      'STRUCTURED_OUTPUT_INVALID',
      `${message} Tighten the instructions, use a model with native JSON output, or set structuredOutput.errorStrategy to 'warn' or 'fallback'.`,
      { details: { text, issues } },
    );
    if (strategy === 'warn') console.warn(`[sluice] ${error.message}`);
    const usedFallback = strategy === 'fallback';
    return {
      ok: false,
      error,
      strategy,
      usedFallback,
      fallback: usedFallback ? options.fallbackValue : undefined,
    };
  };
  let value: unknown;
  try {
    value = JSON.parse(unfence(text));
  } catch {
    return fail(
      `Structured output: the model's answer is not valid JSON (${JSON.stringify(text.slice(0, 120))}).`,
    );
  }
  const result = await validateWithSchema(options.schema as never, value);
  if (!result.success) {
    const issues = result.issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ');
    return fail(`Structured output: the answer does not match the schema (${issues}).`, result.issues);
  }
  return { ok: true, value: result.value as T };
}
