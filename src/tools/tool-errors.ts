import { describeError } from '../errors/error-chain.js';
import type { SchemaIssue } from '../schema/index.js';
import { ToolExecutionError } from './tool-execution-error.js';

/**
 * `TOOL_NOT_FOUND`: the model called a tool that is not available on this step. Lists the
 * available names so the model can pick one.
 */
export function toolNotFoundError(
  name: string,
  available: readonly string[],
  toolCallId?: string,
): ToolExecutionError {
  const list = available.length
    ? `Available tools: ${available.map((n) => `"${n}"`).join(', ')}.`
    : 'No tools are available.';
  return new ToolExecutionError(
    'TOOL_NOT_FOUND',
    `Tool "${name}" does not exist. ${list} Call one of those instead.`,
    {
      toolName: name,
      toolCallId,
      details: { availableTools: [...available] },
    },
  );
}

/** `TOOL_INVALID_ARGS` for arguments that are not JSON. */
export function invalidJsonArgsError(
  name: string,
  raw: string,
  cause: unknown,
  toolCallId?: string,
): ToolExecutionError {
  const reason = describeError(cause);
  return new ToolExecutionError(
    'TOOL_INVALID_ARGS',
    `Invalid arguments for tool "${name}": they are not valid JSON (${reason}). ` +
      `Send the arguments as one JSON object matching the tool's input schema and call "${name}" again.`,
    { toolName: name, toolCallId, cause, details: { rawInput: raw } },
  );
}

/**
 * `TOOL_INVALID_ARGS` for arguments nested deeper than `MAX_DATA_DEPTH` levels: refused before
 * they are parsed, validated, stored or hashed (each of which would overflow the stack).
 */
export function argsTooDeepError(name: string, limit: number, toolCallId?: string): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_INVALID_ARGS',
    `Invalid arguments for tool "${name}": they nest objects or arrays more than ${limit} levels deep (the limit for tool data). Send flatter arguments matching the tool's input schema and call "${name}" again.`,
    { toolName: name, toolCallId, details: { limit: 'maxDepth', maxDepth: limit } },
  );
}

/**
 * `TOOL_OUTPUT_INVALID` for a result nested deeper than `MAX_DATA_DEPTH` levels: it is not sent
 * to the model, stored or cached.
 */
export function outputTooDeepError(name: string, limit: number, toolCallId?: string): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_OUTPUT_INVALID',
    `Tool "${name}" returned a result that nests objects or arrays more than ${limit} levels deep (the limit for tool data); it was not sent to the model. Return flatter data from the tool.`,
    { toolName: name, toolCallId, details: { limit: 'maxDepth', maxDepth: limit } },
  );
}

/** `TOOL_INVALID_ARGS` for arguments that fail the input schema; lists every issue with its path. */
export function invalidArgsError(
  name: string,
  issues: SchemaIssue[],
  toolCallId?: string,
): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_INVALID_ARGS',
    `Invalid arguments for tool "${name}":\n${formatIssues(issues)}\n` +
      `Fix the arguments to match the tool's input schema and call "${name}" again.`,
    { toolName: name, toolCallId, details: { issues } },
  );
}

/** `TOOL_OUTPUT_INVALID`: `execute` returned something its `outputSchema` rejects. */
export function invalidOutputError(
  name: string,
  issues: SchemaIssue[],
  toolCallId?: string,
): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_OUTPUT_INVALID',
    `Tool "${name}" returned output that does not match its outputSchema:\n${formatIssues(issues)}`,
    { toolName: name, toolCallId, details: { issues } },
  );
}

/**
 * `TOOL_OUTPUT_INVALID`: the result (or `toModelOutput`'s value) cannot be serialised to JSON for
 * the model; the serialiser's error is the `cause`.
 */
export function unserializableOutputError(
  name: string,
  cause: unknown,
  toolCallId?: string,
): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_OUTPUT_INVALID',
    `Tool "${name}" returned a result that cannot be sent to the model as JSON (${describeError(cause)}). Return plain JSON data: no BigInt values, cycles, or toJSON methods that throw.`,
    { toolName: name, toolCallId, cause },
  );
}

/** `TOOL_EXECUTION_FAILED`: `execute` (or `toModelOutput`) threw; the thrown value is the `cause`. */
export function executionFailedError(
  name: string,
  cause: unknown,
  toolCallId?: string,
  stage = '',
): ToolExecutionError {
  const message = describeError(cause);
  return new ToolExecutionError('TOOL_EXECUTION_FAILED', `Tool "${name}" failed: ${stage}${message}`, {
    toolName: name,
    toolCallId,
    cause,
  });
}

/** `TOOL_NOT_EXECUTABLE`: the tool has no local `execute` (a client or provider-executed tool). */
export function notExecutableError(name: string, toolCallId?: string): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_NOT_EXECUTABLE',
    `Tool "${name}" cannot be executed here: it has no execute function (client-side or provider-executed tool).`,
    { toolName: name, toolCallId },
  );
}

/** `TOOL_ABORTED`: the run was aborted before or while the tool ran. */
export function abortedError(name: string, reason: unknown, toolCallId?: string): ToolExecutionError {
  const why = reason === undefined ? 'aborted' : describeError(reason);
  return new ToolExecutionError('TOOL_ABORTED', `Tool "${name}" was aborted: ${why}`, {
    toolName: name,
    toolCallId,
    cause: reason,
  });
}

function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((issue) => `- ${issue.path || '(root)'}: ${issue.message}`).join('\n');
}
