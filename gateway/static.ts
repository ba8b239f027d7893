/**
 * The built add-in's files (dist/addin), served read-only from one folder: nothing outside it can be named, a
 * symbolic link is followed only when it stays inside, and the folder is checked at start so a missing build is
 * reported before anyone opens the pane. Source maps hold the whole source: they are served only when asked for.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
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

export interface AddinFilesOptions {
  /** Serve `.map` files (for debugging a deployed add-in); off by default. */
  serveSourceMaps?: boolean;
}

const isSourceMap = (path: string) => extname(path).toLowerCase() === '.map';

export class AddinFiles {
  /** The folder as the file system names it (links resolved), so a file's own resolved path can be compared with it. */
  readonly root: string;
  private readonly serveSourceMaps: boolean;

  constructor(dir: string, options: AddinFilesOptions = {}) {
    const root = resolve(dir);
    if (!existsSync(join(root, 'taskpane.html'))) {
      throw new Error(
        `the built add-in is not in ${root} (no taskpane.html); run npm run build:addin, or give its folder with --addin`,
      );
    }
    this.root = realpathSync(root);
    this.serveSourceMaps = options.serveSourceMaps ?? false;
  }

  /** The file a request path names, or undefined when there is none (or the path, or a link on it, leaves the folder). */
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
    // A missing file, a path through a file (ENOTDIR), a link loop or an unreadable file are all "not here":
    // the error itself would name the install path.
    let real: string;
    let body: Buffer;
    try {
      real = realpathSync(file);
      if (!real.startsWith(this.root + sep)) return undefined;
      if (!this.serveSourceMaps && (isSourceMap(file) || isSourceMap(real))) return undefined;
      if (!statSync(real).isFile()) return undefined;
      body = readFileSync(real);
    } catch {
      return undefined;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return { body, type, cacheControl: type.startsWith('text/html') ? 'no-cache' : 'public, max-age=300' };
  }
}
