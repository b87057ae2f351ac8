/**
 * `npm run eval`: scores every offline guardrail detector on the project's own labelled fixtures
 * (generated from templates plus fake values), on the development half and the held-out half.
 * Each suite is a module of this folder exporting `run(): Promise<void>` that prints its figures.
 */
const suites = ['pii', 'injection'] as const;

for (const name of suites) {
  const mod = (await import(`./${name}.ts`)) as { run: () => Promise<void> };
  await mod.run();
}
