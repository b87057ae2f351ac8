/**
 * The last step of `npm run build`, for what tsc does not do:
 * - copy the non-TypeScript files the library reads at run time next to their compiled modules
 *   (tsc emits only .js/.d.ts): the inspector page's HTML, CSS and script, which `sluice inspect`
 *   inlines into the page it serves or writes;
 * - make the `sluice` bin executable, so `./dist/cli/bin.js` runs from a checkout as it does once
 *   installed (npm sets the mode of `bin` files on install).
 */
import { chmodSync, cpSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folders under src/ copied as they are to the same place under dist/. */
const ASSET_FOLDERS = ['cli/inspect/page'];
/** The package.json `bin` files. */
const BINS = ['cli/bin.js'];

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
for (const folder of ASSET_FOLDERS) {
  if (!existsSync(src + folder))
    throw new Error(`finish-dist: src/${folder} is missing; update ASSET_FOLDERS.`);
  cpSync(src + folder, dist + folder, { recursive: true });
}
for (const bin of BINS) chmodSync(dist + bin, 0o755);
console.log(`dist: copied ${ASSET_FOLDERS.join(', ')}; made ${BINS.join(', ')} executable`);
