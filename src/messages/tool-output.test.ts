import { describe, expect, it } from 'vitest';
import { toToolResultOutput } from './tool-output.js';
import type { ToolInvocationUIPart } from './types.js';

const part = (result: unknown, modelOutput?: unknown, isError = false): ToolInvocationUIPart => ({
  type: 'tool-invocation',
  toolInvocation: { state: 'result', toolCallId: 'c', toolName: 't', args: {}, result, isError },
  ...(modelOutput === undefined
    ? {}
    : { providerMetadata: { mastra: { modelOutput: modelOutput as never } } }),
});

describe('toToolResultOutput', () => {
  it('sends strings as text and other values as json', () => {
    expect(toToolResultOutput(part('hi'))).toEqual({ type: 'text', value: 'hi' });
    expect(toToolResultOutput(part({ a: 1 }))).toEqual({ type: 'json', value: { a: 1 } });
  });

  it('marks failed calls as error outputs', () => {
    expect(toToolResultOutput(part('boom', undefined, true))).toEqual({ type: 'error-text', value: 'boom' });
  });

  it('prefers the model output over the raw result', () => {
    expect(toToolResultOutput(part({ big: true }, 'small'))).toEqual({ type: 'text', value: 'small' });
  });

  it('passes an AI SDK tool output ({ type, value }) through unchanged', () => {
    const output = { type: 'content', value: [{ type: 'text', text: 'x' }] };
    expect(toToolResultOutput(part({ raw: 1 }, output))).toEqual(output);
  });
});
