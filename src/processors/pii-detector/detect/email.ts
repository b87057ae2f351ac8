import type { Candidate, ScanContext } from './types.js';

const EMAIL =
  /[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;

/** Domains reserved for documentation and tests (RFC 2606): addresses there belong to no one. */
const RESERVED = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$/i;

/**
 * Local parts that are template slots, not a mailbox. `user@` is not one: `user@gmail.com`
 * belongs to someone.
 */
const PLACEHOLDER_LOCAL = /^(?:you|your[._-]?(?:name|email|mail)?|someone|foo|bar|xxx+|x)$/i;

/** What an address at a documentation domain or with a placeholder mailbox scores when ignored. */
const IGNORED_CONFIDENCE = 0.3;

/**
 * E-mail addresses. Addresses at reserved documentation domains and placeholder mailboxes score
 * like any other (a model copies them into output, and users test with them); with
 * `ignoreDocumentationDomains` they score low, below the default threshold.
 */
export function findEmails({ text, ignoreDocumentationDomains }: ScanContext, out: Candidate[]): void {
  EMAIL.lastIndex = 0;
  for (let m = EMAIL.exec(text); m !== null; m = EMAIL.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    // Part of a URL's credentials (`user:pw@host`) or a longer token: the URL detector owns it.
    const before = start > 0 ? text.charAt(start - 1) : '';
    if (before === ':' || before === '/' || before === '@') continue;
    const at = m[0].indexOf('@');
    const local = m[0].slice(0, at);
    const domain = m[0].slice(at + 1);
    if (local.includes('..')) continue;
    const ignored =
      ignoreDocumentationDomains === true && (RESERVED.test(domain) || PLACEHOLDER_LOCAL.test(local));
    out.push({ type: 'email', start, end, confidence: ignored ? IGNORED_CONFIDENCE : 0.97 });
  }
}
