/**
 * The demo stores a test service starts on, built once per catalog size and per version of the service's code, then
 * copied into each test's fresh data folder: a catalog of 100,000 parts takes seconds to build, a copy a fraction of
 * one. The demo catalog is the same for the same size (service/demo/generate.ts), so a copy is what a build would
 * give; each test still gets stores of its own to change.
 */
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureStores, storeFiles } from '../../service/server';

const ROOT = resolve(__dirname, '..', '..');
/** The tree hash the add-in's build is keyed by (scripts/addin-sources.js), here over the service's inputs. */
const sourceTree = createRequire(__filename)(join(ROOT, 'scripts', 'addin-sources.js')) as {
  treeKey: (root: string, inputs: string[]) => string;
};
const PREFIX = 'partsheet-demo-stores-';
/** Everything the stores' content comes from. */
const INPUTS = ['service', 'protocol', 'package-lock.json'];

let codeKey: string | undefined;

/** A hash of the service's code, read once per test file. */
function serviceCodeKey(): string {
  if (codeKey) return codeKey;
  codeKey = sourceTree.treeKey(ROOT, INPUTS);
  return codeKey;
}

/** The folder holding the built demo stores of `parts` parts for the present code, built when absent. */
function templateFor(parts: number): string {
  const dir = join(tmpdir(), `${PREFIX}${serviceCodeKey()}-${parts}`);
  if (existsSync(join(dir, 'complete'))) return dir;
  // Built aside and renamed into place, so that a test file running beside this one never sees half a build.
  const building = mkdtempSync(`${dir}.building-`);
  try {
    ensureStores(building, parts);
    writeFileSync(join(building, 'complete'), '');
    try {
      renameSync(building, dir);
    } catch {
      // Another test file built the same stores first: its copy serves.
      if (!existsSync(join(dir, 'complete'))) throw new Error(`the demo stores in ${dir} are incomplete`);
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  removeStale();
  return dir;
}

/** Stores of other code, once an hour old (another checkout on this machine may be using them). */
function removeStale(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.startsWith(`${PREFIX}${serviceCodeKey()}-`)) continue;
    const made = statSync(join(tmpdir(), name), { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > 3_600_000) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** Puts the demo stores of `parts` parts into the empty data folder `dataDir`, as the service would build them. */
export function seedDemoStores(dataDir: string, parts: number): void {
  const template = storeFiles(templateFor(parts));
  const target = storeFiles(dataDir);
  copyFileSync(template.production, target.production);
  copyFileSync(template.test, target.test);
}
