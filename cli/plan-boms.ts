/**
 * How `partsheet plan` reads its BOMs: each file in turn (cli/read-bom.ts), with a running count of lines × scenarios
 * checked after each, so that a list past the cap stops at the BOM that passes it, before the next is read (50 BOMs
 * of up to 64 MiB each would otherwise all be read and parsed only to be refused).
 */
import { basename, extname } from 'node:path';
import type { CatalogJudge } from '../src/bom';
import { type ScenarioBom, checkLineScenarios, scenarioBuilds } from '../src/purchase';
import { readBomForPricing } from './read-bom';
import { readerWarnings } from '../src/workflows/purchase-list';

/** Names for the BOMs: the file's name without its extension, made unique. */
export function bomNames(files: readonly string[]): string[] {
  const names = files.map((f) => basename(f, extname(f)) || f);
  return names.map((n, i) => (names.indexOf(n) === i && names.lastIndexOf(n) === i ? n : `${n} (${i + 1})`));
}

export interface PlanBoms {
  boms: ScenarioBom[];
  /** The files' and the readers' warnings, each reader's with its BOM's name. */
  warnings: string[];
}

/**
 * The BOMs read in order, each named (bomNames) with its build quantities. `reading` is told each file as its
 * reading starts, for the messages of errors it throws. A ScenarioError naming the BOM at which the lines read so
 * far, times the scenarios, pass the cap (checkLineScenarios); the BOMs after it are not read.
 */
export async function readPlanBoms(
  args: ReadonlyArray<{ file: string; builds: readonly number[] }>,
  judge: CatalogJudge,
  reading: (file: string) => void = () => {},
): Promise<PlanBoms> {
  const scenarios = scenarioBuilds(args.map((a) => ({ name: a.file, builds: a.builds }))).length;
  const names = bomNames(args.map((a) => a.file));
  const boms: ScenarioBom[] = [];
  const warnings: string[] = [];
  let lines = 0;
  for (const [i, arg] of args.entries()) {
    reading(arg.file);
    const { file, read } = await readBomForPricing(arg.file, { judge });
    lines += read.lines.length;
    checkLineScenarios(lines, scenarios, { name: arg.file, index: i, of: args.length });
    warnings.push(...file.warnings, ...readerWarnings(names[i], read));
    boms.push({ name: names[i], read, builds: arg.builds });
  }
  return { boms, warnings };
}
