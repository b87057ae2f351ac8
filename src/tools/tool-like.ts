import { isTool, type Tool } from './tool.js';

/**
 * The structural shape of an AI SDK tool (`tool()` from `ai`, `dynamicTool()`, provider tools
 * such as `openai.tools.webSearch()`). Typed loosely on purpose: users' `ai` versions bring their
 * own copies of the schema types, which would not be assignable to ours.
 */
export interface AiSdkToolLike {
  type?: 'function' | 'dynamic' | 'provider' | 'provider-defined';
  description?: string | ((...args: never[]) => unknown);
  /** A Standard Schema, an AI SDK `Schema`/`lazySchema`, or JSON Schema. */
  inputSchema?: unknown;
  /** AI SDK 4 name of `inputSchema`. */
  parameters?: unknown;
  outputSchema?: unknown;
  execute?: (...args: never[]) => unknown;
  toModelOutput?: (...args: never[]) => unknown;
  needsApproval?: boolean | ((...args: never[]) => unknown);
  /** Provider tools: `<provider>.<tool>`. */
  id?: string;
  /** Provider tools: configuration for the provider. */
  args?: Record<string, unknown>;
  isProviderExecuted?: boolean;
  providerOptions?: unknown;
  strict?: boolean;
  title?: string;
  /** Sluice extension: one call's longest run in milliseconds (as `createTool`'s `timeoutMs`). */
  timeoutMs?: number;
  /** Sluice extension: background settings (as `createTool`'s `background`, `sluice/background`). */
  background?: unknown;
}

/** Anything that can go in a tools record: a {@link Tool} or an AI SDK tool object. */
export type ToolLike = Tool | AiSdkToolLike;

/** How a tools-record entry is handled. */
export type ToolLikeKind = 'sluice' | 'mastra-shaped' | 'ai-sdk' | 'provider';

/**
 * Classify a tools-record entry structurally (never `instanceof`). `mastra-shaped` is a plain
 * object with a string `id` (the `createTool` options shape, or a tool from another Mastra-like
 * library); AI SDK function tools never have an `id`. Returns `undefined` for non-tools.
 */
export function classifyToolLike(value: unknown): ToolLikeKind | undefined {
  if (isTool(value)) return 'sluice';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const tool = value as Record<string, unknown>;
  if (tool.type === 'provider' || tool.type === 'provider-defined') {
    return typeof tool.id === 'string' && tool.id.includes('.') ? 'provider' : undefined;
  }
  if (tool.type !== undefined && tool.type !== 'function' && tool.type !== 'dynamic') return undefined;
  const hasBody = 'inputSchema' in tool || 'parameters' in tool || typeof tool.execute === 'function';
  if (!hasBody) return undefined;
  if (typeof tool.id === 'string' && tool.type === undefined) return 'mastra-shaped';
  return 'ai-sdk';
}
