/**
 * `npx tsx eval/pii/generators/write-development.ts` rewrites the generated files of the PII
 * eval's development half from their generators (seeded, so the same code writes the same
 * bytes): the template sets, independent set 1 and the generated name/address batches. The
 * eval reads these files, not the generators; `src/processors/pii-detector/eval.test.ts` fails
 * when a file and its generator disagree. Independent sets 2–8 are written by their own
 * generators (`independent-N/generate.ts`).
 */
import { writeFileSync } from 'node:fs';
import { generateIndependent1PIIFixtures } from './independent-1/generate.js';
import { generateRuleCasePIIFixtures } from './templates/rule-cases.js';
import { generateNameAddressCasePIIFixtures } from './templates/name-address-cases.js';
import { generateNamesAddressesPIIFixtures } from './templates/generated-names-addresses.js';
import { generateUnseenPhrasingPIIFixtures, generatePIIFixtures, type PIIFixture } from './templates/generate.js';
import { hardCaseFixtures } from './templates/hard-cases.js';

/** One line per fixture, as every `.jsonl` file of the eval holds them. */
export function toJsonl(fixtures: readonly PIIFixture[]): string {
  return `${fixtures.map((f) => JSON.stringify(f)).join('\n')}\n`;
}

/** Each generated development file (under `eval/pii/development/`) and what writes it. */
export const GENERATED_DEVELOPMENT_FILES: ReadonlyArray<{ file: string; generate: () => PIIFixture[] }> = [
  {
    file: 'templates-and-hard-cases.jsonl',
    generate: () => [
      ...generatePIIFixtures(),
      ...generateUnseenPhrasingPIIFixtures(),
      ...hardCaseFixtures('dev'),
      ...hardCaseFixtures('heldout'),
    ],
  },
  { file: 'independent-1.jsonl', generate: () => generateIndependent1PIIFixtures() },
  { file: 'hand-written-rule-cases.jsonl', generate: () => [...generateRuleCasePIIFixtures(), ...generateNameAddressCasePIIFixtures()] },
  ...([1, 2, 3, 4, 5] as const).map((batch) => ({
    file: `generated-names-addresses-${batch}.jsonl`,
    generate: () => generateNamesAddressesPIIFixtures(batch),
  })),
];

/** Where a development file lives. */
export const developmentFile = (file: string): URL => new URL(`../development/${file}`, import.meta.url);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, generate } of GENERATED_DEVELOPMENT_FILES) {
    const fixtures = generate();
    writeFileSync(developmentFile(file), toJsonl(fixtures));
    console.log(`wrote ${fixtures.length} lines to eval/pii/development/${file}`);
  }
}
