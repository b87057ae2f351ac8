/**
 * The feature patterns run on folded text (`normalize.ts`), where whitespace never repeats: every
 * run of spaces, tabs or line breaks is one character. On such text `\s+` matches exactly what
 * `\s` matches and `\s*` what `\s?` matches (likewise `[^\S\n]`), and `\s{2,}` never matches;
 * written that way a pattern cannot scan a run of
 * whitespace from each of its characters, so it stays linear even on text that was not folded.
 */
export function singleSpaced(source: string): string {
  return source
    .replace(/\\s\+/g, '\\s')
    .replace(/\\s\*/g, '\\s?')
    .replace(/\\s\{2,\}/g, '\\s{2}')
    .replace(/\[\^\\S\\n\]\+/g, '[^\\S\\n]')
    .replace(/\[\^\\S\\n\]\*/g, '[^\\S\\n]?');
}
