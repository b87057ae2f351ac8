/**
 * E-mail addresses at documentation domains (RFC 2606 / 6761: example.com, *.test, …) and
 * placeholder mailboxes (`someone@`, `your.email@`) are flagged like any other address by default —
 * they are what a user's first test of the detector uses, and what a model copies into output.
 * `ignoreDocumentationDomains: true` lets them through (scored low, below the threshold).
 */
import { ConfigurationError } from 'sluice/errors';
import { detectPII, PIIDetector } from 'sluice/processors';
import { createProcessorHarness, ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const DOCUMENTATION = [
  'someone@example.com',
  'jane.roe@example.org',
  'ops@mail.example.net',
  'qa@shop.test',
  'admin@host.localhost',
  'x@nowhere.invalid',
];
const PLACEHOLDER_MAILBOX = ['you@acme.io', 'your.email@company.de', 'someone@fastmail.fm', 'foo@corp.co.uk'];
const ORDINARY = ['user@gmail.com', 'jane.doe@gmail.com', 'k.tanaka@yahoo.co.jp'];

async function redactedInput(pii: PIIDetector, text: string): Promise<string> {
  const run = await createProcessorHarness(pii, { messages: text }).processInput();
  const user = run.messages.find((m) => m.role === 'user');
  return (user?.content.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
}

describe('documentation-domain and placeholder e-mails', () => {
  it.each([...DOCUMENTATION, ...PLACEHOLDER_MAILBOX, ...ORDINARY])(
    'detectPII scores %s at normal e-mail confidence by default',
    (address) => {
      const [d] = detectPII(`Write to ${address} today.`, { types: ['email'] });
      expect(d?.value).toBe(address);
      expect(d?.confidence).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.each([...DOCUMENTATION, ...PLACEHOLDER_MAILBOX])(
    'PIIDetector redacts %s by default',
    async (address) => {
      const out = await redactedInput(new PIIDetector(), `Write to ${address} today.`);
      expect(out).not.toContain(address);
      expect(out).toMatch(/^Write to \S*\*\S* today\.$/);
    },
  );

  it.each([...DOCUMENTATION, ...PLACEHOLDER_MAILBOX])(
    'ignoreDocumentationDomains: true lets %s through',
    async (address) => {
      const text = `Write to ${address} today.`;
      expect(await redactedInput(new PIIDetector({ ignoreDocumentationDomains: true }), text)).toBe(text);
      const [d] = detectPII(text, { types: ['email'], ignoreDocumentationDomains: true });
      expect(d?.confidence).toBeLessThan(0.6);
    },
  );

  it.each(ORDINARY)('ordinary addresses such as %s are redacted with the option on too', async (address) => {
    const out = await redactedInput(
      new PIIDetector({ ignoreDocumentationDomains: true }),
      `Write to ${address} today.`,
    );
    expect(out).not.toContain(address);
  });

  it.each([['yes'], [1], [null]])('ignoreDocumentationDomains: %j → PROCESSOR_INVALID_OPTIONS', (value) => {
    let error: unknown;
    try {
      new PIIDetector({ ignoreDocumentationDomains: value as never });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
    expect((error as ConfigurationError).message).toContain('ignoreDocumentationDomains');
  });
});

describe('documentation-domain e-mails in llm mode', () => {
  async function systemPrompt(ignoreDocumentationDomains?: boolean): Promise<string> {
    const model = new ScriptedModel({ steps: () => '{"categories":null,"detections":null}' });
    const pii = new PIIDetector({
      model,
      ...(ignoreDocumentationDomains !== undefined ? { ignoreDocumentationDomains } : {}),
    });
    await createProcessorHarness(pii, { messages: 'Write to someone@example.com today.' }).processInput();
    const system = model.calls[0]?.prompt.find((m) => m.role === 'system');
    return typeof system?.content === 'string' ? system.content : '';
  }

  it('the helper model is told they count, unless ignoreDocumentationDomains', async () => {
    expect(await systemPrompt()).toContain('including documentation and test domains (example.com');
    expect(await systemPrompt(true)).not.toContain('example.com');
  });
});
