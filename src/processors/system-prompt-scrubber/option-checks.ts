/** Checks of the scrubber's options that build something: custom patterns, flags. */
import { describeOptionValue, invalidOptionFor } from '../option-errors.js';

const invalid = invalidOptionFor('system-prompt-scrubber', '"');

/** `customPatterns` as global RegExps (strings compiled with `gi`); throws naming a bad entry. */
export function compilePatterns(value: unknown): RegExp[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw invalid(
      'customPatterns',
      `must be an array of regex strings or RegExps (got ${describeOptionValue(value)}).`,
    );
  }
  return value.map((pattern) => {
    if (pattern instanceof RegExp)
      return new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    if (typeof pattern !== 'string' || pattern === '') {
      throw invalid(
        'customPatterns',
        `entries must be non-empty regex strings or RegExps (got ${describeOptionValue(pattern)}).`,
      );
    }
    try {
      return new RegExp(pattern, 'gi');
    } catch (error) {
      throw invalid(
        'customPatterns',
        `has ${describeOptionValue(pattern)}, which is not a valid regular expression: ${(error as Error).message}.`,
      );
    }
  });
}

/** A boolean option, `false` when absent. */
export function checkBoolean(option: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  throw invalid(option, `must be true or false (got ${describeOptionValue(value)}).`);
}
