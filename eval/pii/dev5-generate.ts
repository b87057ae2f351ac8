import type { PIIFixture } from './generate.js';
export function generateDev5PIIFixtures(): PIIFixture[] {
  return [];
}
