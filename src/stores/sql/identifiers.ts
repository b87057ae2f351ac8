import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue } from '../../errors/describe-value.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;

/**
 * Check a user-supplied schema name or table prefix. Only plain identifiers are accepted, so
 * they can be spliced into SQL without quoting surprises (and never carry an injection).
 */
export function checkIdentifier(store: string, option: string, value: string, allowEmpty = false): string {
  if ((allowEmpty && value === '') || IDENTIFIER.test(value)) return value;
  throw new ConfigurationError(
    'STORE_INVALID_CONFIG',
    `${store}: option \`${option}\` must be a plain SQL identifier (letters, digits, _; not starting with a digit; ` +
      `at most 48 characters), got ${describeValue(value)}.`,
    { details: { store, option } },
  );
}
