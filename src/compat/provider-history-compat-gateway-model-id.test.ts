import { Agent } from 'sluice/agent';
import { ProviderHistoryCompat } from 'sluice/processors';
import { scriptedModelV2 } from 'sluice/test';
import { describe, expect, it } from 'vitest';

/**
 * api-reference §6.4: `cerebras-strip-reasoning-content` applies when the target model is Cerebras.
 * Behind a gateway the provider string names the gateway and the model id names the provider
 * (`{ provider: 'openai-compatible.chat', modelId: 'cerebras/…' }`): that model is Cerebras too.
 */

const history = [
  { role: 'user' as const, content: 'Hi' },
  {
    role: 'assistant' as const,
    content: [
      { type: 'reasoning' as const, text: 'greet back' },
      { type: 'text' as const, text: 'Hello!' },
    ],
  },
  { role: 'user' as const, content: 'Again?' },
];

async function assistantPartsSent(
  provider: string,
  modelId: string,
  withDefaults: boolean,
): Promise<string[]> {
  const model = scriptedModelV2({ provider, modelId, steps: ['ok'] });
  const agent = new Agent({
    id: 'gateway',
    instructions: 'Be brief.',
    model,
    ...(withDefaults ? {} : { errorProcessors: [new ProviderHistoryCompat()] }),
  });
  await agent.generate(history);
  const assistant = model.calls[0]?.prompt.find((m) => m.role === 'assistant');
  return Array.isArray(assistant?.content) ? assistant.content.map((p) => p.type) : [];
}

describe('ProviderHistoryCompat recognises the provider prefix of a gateway-routed model id', () => {
  for (const withDefaults of [true, false]) {
    const how = withDefaults ? 'default error processors' : 'own instance';
    it(`${how}: openai-compatible.chat + 'cerebras/…' is Cerebras (reasoning left out of the request)`, async () => {
      expect(
        await assistantPartsSent('openai-compatible.chat', 'cerebras/llama-3.3-70b', withDefaults),
      ).toEqual(['text']);
    });

    it(`${how}: the AI Gateway with 'cerebras/…' is Cerebras; a prefix is matched whole, case aside`, async () => {
      expect(await assistantPartsSent('gateway', 'Cerebras/qwen-3-32b', withDefaults)).toEqual(['text']);
      expect(await assistantPartsSent('gateway', 'notcerebras/qwen-3-32b', withDefaults)).toEqual([
        'reasoning',
        'text',
      ]);
    });

    it(`${how}: another provider behind the same gateway keeps its reasoning`, async () => {
      expect(await assistantPartsSent('openai-compatible.chat', 'openai/gpt-oss-120b', withDefaults)).toEqual(
        ['reasoning', 'text'],
      );
    });
  }
});
