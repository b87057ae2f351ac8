/**
 * When a guardrail's helper model answers in the wrong shape, the error quotes the answer cut
 * short and escaped: the model's text can carry bidirectional or invisible characters, and an
 * error message must not reorder or hide what it reports.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { ModerationProcessor } from './moderation/index.js';

const hostile = JSON.stringify({ category_scores: `fine\u202e${'z'.repeat(1000)}`, reason: null });

describe("a helper model's malformed answer is shown cut and escaped", () => {
  it('ModerationProcessor (errorStrategy strict)', async () => {
    const judge = new ScriptedModel({ steps: () => hostile });
    const moderation = new ModerationProcessor({ model: judge, errorStrategy: 'strict' });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [moderation],
    });
    const result = await agent.generate('Could you summarise the report?');
    const reason = result.tripwire?.reason ?? '';
    expect(reason).toContain('\\u202e');
    expect(reason).not.toContain('\u202e');
    expect(reason).not.toContain('z'.repeat(300));
  });
});
