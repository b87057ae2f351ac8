/** The rules a `RegexFilterProcessor` scans with: custom rules checked and compiled, presets cloned. */
import { ConfigurationError } from '../../errors/configuration-error.js';
import { checkPatternLinear } from '../../util/regex-safety/pattern-checker.js';
import { invalidOptionFor, describeOptionValue as show } from '../option-errors.js';
import { type CompiledRule, globalClone } from './matcher.js';
import { PRESET_RULES, type RegexFilterPreset } from './presets.js';
import type { RegexFilterRule } from './types.js';

const NAME = 'RegexFilterProcessor';
const DEFAULT_REPLACEMENT = '[REDACTED]';
/** An option error of the processor, naming the option. */
export const invalid = invalidOptionFor(NAME, '"');

function isRegExp(value: unknown): value is RegExp {
  return Object.prototype.toString.call(value) === '[object RegExp]';
}

/** Custom rules as given, checked one by one and cloned global; throws naming the first bad one. */
export function compileRules(rules: unknown): CompiledRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules))
    throw invalid('rules', `must be an array of { name, pattern, replacement? } (got ${show(rules)}).`);
  return rules.map((rule: unknown, i): CompiledRule => {
    const at = `rules[${i}]`;
    if (typeof rule !== 'object' || rule === null) {
      throw invalid(at, `must be an object { name, pattern, replacement? } (got ${show(rule)}).`);
    }
    const { name, pattern, replacement } = rule as Partial<RegexFilterRule>;
    if (typeof name !== 'string' || name === '') {
      throw invalid(`${at}.name`, `must be a non-empty string naming the rule (got ${show(name)}).`);
    }
    if (!isRegExp(pattern)) {
      throw invalid(
        `${at}.pattern`,
        `of rule "${name}" must be a RegExp (got ${show(pattern)}). Write it as a literal, e.g. /\\bACME-\\d{6}\\b/, or new RegExp(text).`,
      );
    }
    const clone = globalClone(pattern);
    if (clone.test('')) {
      throw invalid(
        `${at}.pattern`,
        `of rule "${name}" matches the empty string (${String(pattern)}), so it would match everywhere. Require at least one character, e.g. + instead of *.`,
      );
    }
    clone.lastIndex = 0;
    if (replacement !== undefined && typeof replacement !== 'string') {
      throw invalid(`${at}.replacement`, `of rule "${name}" must be a string (got ${show(replacement)}).`);
    }
    return { name, pattern: clone, replacement: replacement ?? DEFAULT_REPLACEMENT };
  });
}

/**
 * Checks each custom rule for super-linear backtracking when `recheck` is installed: a warning
 * by default, a `ConfigurationError` under `strictPatterns`. Runs once per rule, at construction.
 */
export function checkRulesLinear(rules: readonly CompiledRule[], strict: boolean): void {
  if (rules.length === 0) return;
  const fix =
    'Rewrite it so no two quantifiers can match the same characters one after the other (e.g. add a lookbehind so a run is entered only at its start: (?<![ \\t])[ \\t]+), or bound the input it sees.';
  for (const rule of rules) {
    const verdict = checkPatternLinear(rule.pattern);
    if (verdict === undefined) {
      if (!strict) return;
      throw new ConfigurationError(
        'PROCESSOR_PATTERN_CHECKER_MISSING',
        `${NAME}: option "strictPatterns" checks every rule with the "recheck" package, which is not installed. Install it (npm install recheck) or drop strictPatterns.`,
      );
    }
    if (verdict.linear) continue;
    const attack = verdict.attack === undefined ? '' : `; a slow input: ${verdict.attack.slice(0, 120)}`;
    const message = `${NAME}: rule "${rule.name}" (${String(rule.pattern)}) can backtrack super-linearly (${verdict.summary}${attack}), so a hostile message could stall the server. ${fix}`;
    if (strict) throw new ConfigurationError('PROCESSOR_PATTERN_NOT_LINEAR', message);
    console.warn(`[sluice] ${message} Pass strictPatterns: true to refuse such rules.`);
  }
}

/** The rules of the named presets (each once), cloned for this processor; throws on an unknown name. */
export function compilePresets(presets: unknown): CompiledRule[] {
  if (presets === undefined) return [];
  const known = Object.keys(PRESET_RULES);
  if (!Array.isArray(presets))
    throw invalid('presets', `must be an array of ${known.map(show).join(', ')} (got ${show(presets)}).`);
  const out: CompiledRule[] = [];
  for (const preset of new Set<unknown>(presets)) {
    if (typeof preset !== 'string' || !Object.hasOwn(PRESET_RULES, preset)) {
      throw invalid(
        'presets',
        `has an unknown preset ${show(preset)}. Known presets: ${known.map(show).join(', ')}.`,
      );
    }
    // Each processor scans with its own clones: no lastIndex is shared between instances.
    for (const rule of PRESET_RULES[preset as RegexFilterPreset])
      out.push({ ...rule, pattern: globalClone(rule.pattern) });
  }
  return out;
}
