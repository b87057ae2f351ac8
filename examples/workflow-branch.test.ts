/**
 * workflow-branch: the `audience-guard` workflow's `.branch()` picks the first treatment whose
 * condition holds (PII redaction for external users, clipping for long messages, else nothing).
 * The agent's router-string model `openai/gpt-5-mini` is served by a stubbed `@ai-sdk/openai`
 * whose model is scripted; what the model receives shows which branch ran.
 */
import { RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_KEY, CLIP_MARKER, MAX_USER_CHARS, supportAgent } from './workflow-branch.js';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => {
    const model = routed.get(modelId);
    if (model === undefined) throw new Error(`no scripted model for openai/${modelId}`);
    return model;
  },
}));

let model: ScriptedModel;
beforeEach(() => {
  model = new ScriptedModel({ steps: () => 'Your parcel ships tomorrow.', modelId: 'gpt-5-mini' });
  routed.set('gpt-5-mini', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});
afterEach(() => vi.unstubAllEnvs());

/** The text of the last (user) message the model was sent. */
function lastUserText(): string {
  const last = model.calls[0]?.prompt.at(-1);
  if (last?.role !== 'user') throw new Error(`the model got no user message last: ${JSON.stringify(last)}`);
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const audience = (value: 'external' | 'internal') => new RequestContext([[AUDIENCE_KEY, value]]);
const CONTACT = 'Where is order 4411? Reach me at jane.doe@acme-corp.io or +1 415 555 0132.';
const LONG = `Order 4411 status please. ${'The parcel was due on Monday and has not arrived. '.repeat(60)}`;

describe('workflow-branch: .branch() runs the step of the first condition that holds', () => {
  it('condition 1 (external user): the PII step redacts the e-mail and phone before the model sees them', async () => {
    const result = await supportAgent.generate(CONTACT, { requestContext: audience('external') });
    expect(result.text).toBe('Your parcel ships tomorrow.');
    expect(lastUserText()).toBe('Where is order 4411? Reach me at j*******@acme-corp.io or +* *** *** 0132.');
  });

  it('no condition holds (internal user, short message): the message passes through unchanged', async () => {
    await supportAgent.generate(CONTACT, { requestContext: audience('internal') });
    expect(lastUserText()).toBe(CONTACT);
  });

  it('no request context at all is the same as internal: nothing is redacted', async () => {
    await supportAgent.generate(CONTACT);
    expect(lastUserText()).toBe(CONTACT);
  });

  it('condition 2 (long message, internal user): the plain step clips the text to the limit', async () => {
    expect(LONG.length).toBeGreaterThan(MAX_USER_CHARS);
    await supportAgent.generate(LONG, { requestContext: audience('internal') });
    expect(lastUserText()).toBe(LONG.slice(0, MAX_USER_CHARS) + CLIP_MARKER);
  });

  it('first match wins: an external user’s long message is redacted, not clipped', async () => {
    const text = `${LONG} Reach me at jane.doe@acme-corp.io.`;
    await supportAgent.generate(text, { requestContext: audience('external') });
    const sent = lastUserText();
    expect(sent).not.toContain('jane.doe@');
    expect(sent).toContain('j*******@acme-corp.io');
    expect(sent).not.toContain(CLIP_MARKER);
    expect(sent.length).toBe(text.length);
  });
});
