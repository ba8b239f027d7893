/**
 * The built add-in's files (dist/addin), served read-only from one folder: nothing outside it can be named, and
 * the folder is checked at start so a missing build is reported before anyone opens the pane.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  /** HTML is revalidated on every load (it names the scripts of the build); scripts are cached briefly. */
  cacheControl: string;
}

export class AddinFiles {
  readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
    if (!existsSync(join(this.root, 'taskpane.html'))) {
      throw new Error(`the built add-in is not in ${this.root} (no taskpane.html); run npm run build:addin, or give its folder with --addin`);
    }
  }

  /** The file a request path names, or undefined when there is none (or the path leaves the folder). */
  read(urlPath: string): StaticFile | undefined {
    let path: string;
    try {
      path = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (path.includes('\0')) return undefined;
    if (path === '/' || path === '') path = '/taskpane.html';
    const file = normalize(join(this.root, path));
    if (!file.startsWith(this.root + sep)) return undefined;
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile()) return undefined;
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return { body: readFileSync(file), type, cacheControl: type.startsWith('text/html') ? 'no-cache' : 'public, max-age=300' };
  }
}
