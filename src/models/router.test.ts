import { describe, expect, it } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { parseRouterId, ROUTER_PREFIXES } from './router.js';

describe('parseRouterId', () => {
  it('splits at the first slash; model ids may contain slashes', () => {
    expect(parseRouterId('openai/gpt-4o-mini')).toMatchObject({
      modelId: 'gpt-4o-mini',
      provider: { id: 'openai' },
    });
    expect(parseRouterId('openrouter/anthropic/claude-x')).toMatchObject({
      modelId: 'anthropic/claude-x',
      provider: { id: 'openrouter', packageName: '@ai-sdk/openai-compatible' },
    });
    expect(parseRouterId('ollama/llama3.2:1b').modelId).toBe('llama3.2:1b');
    expect(parseRouterId('Anthropic/claude-sonnet-4-5').provider.id).toBe('anthropic');
  });

  it.each([
    ['gpt-4o', 'no "provider/" prefix'],
    ['/gpt-4o', 'no "provider/" prefix'],
    ['openai/', 'model id after the slash is empty'],
    ['mistral/large', '"mistral" is not a supported provider'],
    ['', 'no "provider/" prefix'],
  ])('rejects %j (%s) listing the supported prefixes', (id, problem) => {
    let caught: unknown;
    try {
      parseRouterId(id);
    } catch (error) {
      caught = error;
    }
    expect(SluiceError.hasCode(caught, 'MODEL_ROUTER_INVALID')).toBe(true);
    const message = (caught as Error).message;
    expect(message).toContain(problem);
    for (const prefix of ROUTER_PREFIXES) expect(message).toContain(prefix);
  });

  it('knows the five providers', () => {
    expect(ROUTER_PREFIXES).toEqual(['openai/', 'anthropic/', 'google/', 'openrouter/', 'ollama/']);
  });
});
