/**
 * Every package `npm install` puts in place (package-lock.json) runs on every Node the project says it supports
 * (package.json `engines`): the oldest release of each supported major is accepted by each package's own `engines`,
 * so an install on a supported Node prints no EBADENGINE warning and the gateway does not run on a Node a
 * dependency has dropped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } | string[] }>;
};

/** The first release of each major the range accepts ("^20.19.0 || ^22.13.0 || ^24.0.0" → 20.19.0, 22.13.0, 24.0.0). */
const floors = manifest.engines.node.split('||').map((part) => {
  const floor = semver.minVersion(part.trim());
  if (floor === null) throw new Error(`engines.node part ${part} has no lowest version`);
  return floor.version;
});

describe('the Node versions package.json supports', () => {
  test('are three majors, Node 20, 22 and 24', () => {
    expect(floors.map((v) => semver.major(v))).toEqual([20, 22, 24]);
  });

  test.each(floors)('Node %s is accepted by every installed package', (version) => {
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted !== undefined && !semver.satisfies(version, wanted)
          ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${wanted}`]
          : [];
      });
    expect(refused).toEqual([]);
  });
});
