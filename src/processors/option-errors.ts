import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue } from '../errors/describe-value.js';
import { nearestNames } from '../util/nearest-names.js';

/**
 * The error a built-in processor's constructor throws for a bad option: code
 * `PROCESSOR_INVALID_OPTIONS`, message `<processor>: <message>`, details `{ processor, option }`
 * so callers can tell which processor and option to fix without parsing the text.
 */
export function invalidProcessorOption(
  processor: string,
  option: string,
  message: string,
): ConfigurationError {
  return new ConfigurationError('PROCESSOR_INVALID_OPTIONS', `${processor}: ${message}`, {
    details: { processor, option },
  });
}

/**
 * {@link invalidProcessorOption} bound to one processor. With `quote`, the message is prefixed
 * with the quoted option name (`option "x" ` or ``option `x` ``), for processors whose messages
 * start that way.
 */
export function invalidOptionFor(
  processor: string,
  quote?: '"' | '`',
): (option: string, message: string) => ConfigurationError {
  return quote === undefined
    ? (option, message) => invalidProcessorOption(processor, option, message)
    : (option, message) =>
        invalidProcessorOption(processor, option, `option ${quote}${option}${quote} ${message}`);
}

/**
 * A short description of a bad option value for error messages, never the whole value: strings
 * quoted and escaped, other primitives as written, `a function`, `an array`, `an object`. The
 * one description every "got …" in Sluice uses; see {@link describeValue}.
 */
export const describeOptionValue: (value: unknown) => string = describeValue;

/**
 * Checks a string option against its allowed values: `undefined` when it is not set (the caller
 * applies the default), the value when allowed. Otherwise throws {@link invalidProcessorOption}
 * with `<subject> must be one of "a", "b" (got <value>).`; `subject` defaults to the option name.
 */
export function oneOf<T extends string>(
  processor: string,
  option: string,
  value: unknown,
  allowed: readonly T[],
  subject: string = option,
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && allowed.includes(value as T)) return value as T;
  throw invalidProcessorOption(
    processor,
    option,
    `${subject} must be one of ${allowed.map(describeOptionValue).join(', ')} (got ${describeOptionValue(value)}).`,
  );
}

/**
 * Refuses an option name `known` does not list (unless its value is `undefined`): a misspelt
 * guardrail option (`stratgy`, `treshold`) would otherwise leave the guardrail on its default
 * without a word. Non-objects are left to the constructor's own shape check.
 *
 * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the key and the closest valid names.
 */
export function checkOptionNames(
  processor: string,
  options: unknown,
  known: Readonly<Record<string, true>>,
): void {
  if (typeof options !== 'object' || options === null) return;
  const record = options as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(known, key) || record[key] === undefined) continue;
    const valid = Object.keys(known);
    const nearest = nearestNames(key, valid);
    const hint =
      nearest.length > 0
        ? `did you mean ${nearest.map((name) => `"${name}"`).join(' or ')}?`
        : `valid options: ${valid.join(', ')}.`;
    throw invalidProcessorOption(
      processor,
      key,
      `${describeValue(key)} is not an option of ${processor}; ${hint} Unknown options are refused, not ignored: a misspelt one would leave the guardrail on its default.`,
    );
  }
}
