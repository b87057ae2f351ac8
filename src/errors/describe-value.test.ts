import { describe, expect, it } from 'vitest';
import { describeJson, describeValue, MAX_SHOWN } from './describe-value.js';

class Widget {}
const long = 'x'.repeat(500);

describe('describeValue shows what was passed, strings quoted', () => {
  it.each<[string, unknown, string]>([
    ['the string "3"', '3', '"3"'],
    ['the number 3', 3, '3'],
    ['an empty string', '', '""'],
    ['a long string', long, `"${'x'.repeat(MAX_SHOWN)}"… (500 characters)`],
    ['a string with a newline and quotes', 'a\n"b"\\c', '"a\\n\\"b\\"\\\\c"'],
    [
      'a string with a tab, NUL, DEL and a C1 control',
      'a\tb\u0000c\u007fd\u0085',
      '"a\\tb\\u0000c\\u007fd\\u0085"',
    ],
    ['bidi and zero-width characters', 'a\u202eb\u200bc\u2028d\ufeff', '"a\\u202eb\\u200bc\\u2028d\\ufeff"'],
    ['a lone surrogate', 'a\ud800b', '"a\\ud800b"'],
    ['an emoji (a surrogate pair)', 'ok 👍', '"ok 👍"'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['true', true, 'true'],
    ['-0', -0, '-0'],
    ['NaN', Number.NaN, 'NaN'],
    ['an object', { a: 1 }, 'an object'],
    ['an object without prototype', Object.create(null), 'an object'],
    ['a class instance', new Widget(), 'an instance of Widget'],
    ['a promise', Promise.resolve(1), 'an instance of Promise'],
    ['an array', [1, 2], 'an array'],
    ['a function', () => 1, 'a function'],
    ['a symbol', Symbol('k\n'), 'Symbol("k\\n")'],
    ['a symbol without description', Symbol(), 'Symbol()'],
    ['a bigint', 10n, '10n'],
    ['a RegExp', /a+b/gi, '/a+b/gi'],
  ])('%s', (_name, value, text) => {
    expect(describeValue(value)).toBe(text);
  });

  it('never cuts a surrogate pair in half', () => {
    const text = `${'a'.repeat(MAX_SHOWN - 1)}👍👍`;
    const shown = describeValue(text);
    expect(shown.startsWith(`"${'a'.repeat(MAX_SHOWN - 1)}👍"…`)).toBe(true);
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('never throws, whatever the value', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('an object');
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    expect(describeValue(hostile)).toBe('an object');
  });

  it('costs the same on a huge string as on a short one (only the shown part is read)', () => {
    const huge = '\n'.repeat(5_000_000);
    const start = performance.now();
    for (let i = 0; i < 1000; i++) describeValue(huge);
    expect(performance.now() - start).toBeLessThan(500);
    expect(describeValue(huge).endsWith('… (5000000 characters)')).toBe(true);
  });
});

describe('describeJson shows a structured answer as JSON, cut and escaped', () => {
  it.each<[string, unknown, string]>([
    ['an object', { a: 'x', b: [1, 2] }, '{"a":"x","b":[1,2]}'],
    ['bidi characters inside', { a: 'x\u202ey' }, '{"a":"x\\u202ey"}'],
    ['a bigint (not JSON)', 5n, '5n'],
    ['undefined', undefined, 'undefined'],
  ])('%s', (_name, value, text) => {
    expect(describeJson(value)).toBe(text);
  });

  it('cuts long answers with their length', () => {
    const shown = describeJson({ text: 'y'.repeat(1000) });
    expect(shown.length).toBeLessThan(200);
    expect(shown).toMatch(/… \(\d+ characters\)$/);
  });

  it('a cycle is described, not thrown', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeJson(cyclic)).toBe('an object');
  });
});
