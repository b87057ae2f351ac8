import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, renderSignalMessage, renderSignalText } from './signal-text.js';
import type { MastraDBMessage } from './types.js';

describe('renderSignalText', () => {
  it('renders attributes in insertion order with numbers and booleans stringified', () => {
    expect(
      renderSignalText('system-reminder', { reason: 'max-steps-reached', step: 5, final: true }, 'wrap up'),
    ).toBe('<system-reminder reason="max-steps-reached" step="5" final="true">wrap up</system-reminder>');
  });

  it('omits null and undefined attributes', () => {
    expect(renderSignalText('note', { a: null, b: 'x', c: undefined }, 'c')).toBe('<note b="x">c</note>');
  });

  it('renders a bare tag without attributes', () => {
    expect(renderSignalText('system-reminder', undefined, 'hi')).toBe(
      '<system-reminder>hi</system-reminder>',
    );
    expect(renderSignalText('system-reminder', {}, 'hi')).toBe('<system-reminder>hi</system-reminder>');
  });

  it('XML-escapes attribute values (& < > ") and leaves contents verbatim', () => {
    expect(escapeXmlAttribute('a & "b" <c>')).toBe('a &amp; &quot;b&quot; &lt;c&gt;');
    expect(renderSignalText('t', { q: 'say "hi" & <go>' }, '<b>as is</b>')).toBe(
      '<t q="say &quot;hi&quot; &amp; &lt;go&gt;"><b>as is</b></t>',
    );
  });

  it('reads tag and attributes of a stored signal row, defaulting the tag to system-reminder', () => {
    const row = (signal?: Record<string, unknown>): MastraDBMessage => ({
      id: 's',
      role: 'signal',
      createdAt: new Date(0),
      content: {
        format: 2,
        parts: [{ type: 'text', text: 'body' }],
        ...(signal ? { metadata: { signal } } : {}),
      },
    });
    expect(renderSignalMessage(row())).toBe('<system-reminder>body</system-reminder>');
    expect(renderSignalMessage(row({ tagName: 'notice', attributes: { level: 2 } }))).toBe(
      '<notice level="2">body</notice>',
    );
  });
});
