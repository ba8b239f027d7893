/**
 * manifest.xml, checked offline: Office's own validator calls a web service, so these are the rules it would
 * apply that break a sideload most often (ids, resids, URLs, element order, the shared runtime, the namespace).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const root = join(__dirname, '..', '..');
const manifestPath = join(root, 'manifest.xml');
const text = readFileSync(manifestPath, 'utf8');
const DEV = 'https://localhost:3000/';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});
const doc = parser.parse(text);
const app = doc.OfficeApp[0];
const overrides = app.VersionOverrides[0];
const host = overrides.Hosts[0].Host[0];

type Node = Record<string, any>;

/** Every element below `node`, with its tag name. */
function* walk(node: unknown, tag = ''): Generator<{ tag: string; node: Node }> {
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n, tag);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  yield { tag, node: node as Node };
  for (const [key, value] of Object.entries(node)) if (!key.startsWith('@')) yield* walk(value, key);
}

const resources = overrides.Resources[0];
const defined = new Map<string, string>();
for (const [group, item] of [
  ['bt:Images', 'bt:Image'],
  ['bt:Urls', 'bt:Url'],
  ['bt:ShortStrings', 'bt:String'],
  ['bt:LongStrings', 'bt:String'],
] as const) {
  for (const entry of resources[group][0][item]) defined.set(entry['@id'], entry['@DefaultValue']);
}

function resolve(resid: string): string {
  const value = defined.get(resid);
  if (value === undefined) throw new Error(`resid ${resid} is not defined`);
  return value;
}

describe('manifest.xml', () => {
  test('has a GUID id, a four-part version and the Workbook host', () => {
    expect(app.Id[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
    expect(app.Version[0]).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(app['@xsi:type']).toBe('TaskPaneApp');
    expect(app.Hosts[0].Host.map((h: Node) => h['@Name'])).toEqual(['Workbook']);
    expect(host['@xsi:type']).toBe('Workbook');
  });

  test('top-level elements come in the order the schema requires', () => {
    const order = [
      'Id',
      'AlternateId',
      'Version',
      'ProviderName',
      'DefaultLocale',
      'DisplayName',
      'Description',
      'IconUrl',
      'HighResolutionIconUrl',
      'SupportUrl',
      'AppDomains',
      'Hosts',
      'Requirements',
      'DefaultSettings',
      'Permissions',
      'VersionOverrides',
    ];
    const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false }).parse(text) as Array<
      Record<string, any>
    >;
    const officeApp = ordered.find((n) => 'OfficeApp' in n)!.OfficeApp as Array<Record<string, unknown>>;
    const tags = officeApp.map((n) => Object.keys(n).find((k) => k !== ':@')!).filter((t) => t !== '#comment');
    for (const tag of tags) expect(order).toContain(tag);
    expect(tags).toEqual([...tags].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  test('every resid used is defined, once, in at most 32 characters', () => {
    const used = new Set<string>();
    for (const { node } of walk(overrides)) if (typeof node['@resid'] === 'string') used.add(node['@resid']);
    expect(used.size).toBeGreaterThan(10);
    for (const resid of used) {
      expect(resid.length).toBeLessThanOrEqual(32);
      expect(defined.has(resid)).toBe(true);
    }
    const ids = [...text.matchAll(/<bt:(?:Image|Url|String) id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of defined.keys()) expect(used).toContain(id);
  });

  test('every URL the add-in loads is https://localhost:3000/…, and names a file the build produces', async () => {
    const urls = [
      app.IconUrl[0]['@DefaultValue'],
      app.HighResolutionIconUrl[0]['@DefaultValue'],
      app.DefaultSettings[0].SourceLocation[0]['@DefaultValue'],
      ...resources['bt:Images'][0]['bt:Image'].map((i: Node) => i['@DefaultValue']),
      ...resources['bt:Urls'][0]['bt:Url'].map((u: Node) => u['@DefaultValue']),
    ];
    // The webpack configuration says which files the build writes; the assets are copied as they are.
    const makeConfig = createRequire(__filename)(join(root, 'webpack.config.js'));
    const config = await makeConfig({}, { mode: 'production' });
    const built = new Set<string>([...Object.keys(config.entry).map((name) => `${name}.js`), 'functions.json']);
    for (const plugin of config.plugins)
      if (plugin.constructor.name === 'HtmlWebpackPlugin') built.add(plugin.userOptions.filename);
    for (const url of urls) {
      expect(url.startsWith(DEV)).toBe(true);
      const file = url.slice(DEV.length);
      if (file.startsWith('assets/')) expect(existsSync(join(root, file))).toBe(true);
      else expect(built).toContain(file);
    }
    // AppDomains only let the pane navigate; fetch ignores them, and plain-http ones are flagged in store review.
    expect(text).not.toMatch(/<AppDomain>\s*http:/);
    for (const domain of (app.AppDomains?.[0]?.AppDomain ?? []) as string[])
      expect(domain).toMatch(/^https:\/\/[^/]+$/);
  });

  test('icons are PNGs of the sizes they are declared at', () => {
    const images = [...walk(overrides)].filter(({ tag, node }) => tag === 'bt:Image' && node['@size'] !== undefined);
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const { node } of images) {
      const file = join(root, resolve(node['@resid']).slice(DEV.length));
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(Number(node['@size']));
      expect(png.readUInt32BE(20)).toBe(Number(node['@size']));
    }
  });

  test('asks for the shared runtime and runs everything in it, long-lived', () => {
    const sets = app.Requirements[0].Sets[0].Set.map((s: Node) => [s['@Name'], s['@MinVersion']]);
    expect(sets).toContainEqual(['SharedRuntime', '1.1']);
    const runtimes = host.Runtimes[0].Runtime;
    expect(runtimes).toHaveLength(1);
    expect(runtimes[0]['@resid']).toBe('Taskpane.Url');
    expect(runtimes[0]['@lifetime']).toBe('long');
    const page = resolve('Taskpane.Url');
    expect(page).toBe(`${DEV}taskpane.html`);
    expect(app.DefaultSettings[0].SourceLocation[0]['@DefaultValue']).toBe(page);

    const desktop = host.DesktopFormFactor[0];
    expect(desktop.FunctionFile[0]['@resid']).toBe('Taskpane.Url');
    const functions = host.AllFormFactors[0].ExtensionPoint.find((e: Node) => e['@xsi:type'] === 'CustomFunctions');
    expect(functions.Page[0].SourceLocation[0]['@resid']).toBe('Taskpane.Url');
    // A shared runtime supports one task pane, and only a task pane with an id counts as that one.
    const actions = [...walk(desktop)].filter(({ tag }) => tag === 'Action').map(({ node }) => node);
    for (const action of actions.filter((a) => a['@xsi:type'] === 'ShowTaskpane')) {
      expect(action.SourceLocation[0]['@resid']).toBe('Taskpane.Url');
      expect(action.TaskpaneId[0]).toBeTruthy();
    }
  });

  test('the custom functions live in the PARTS namespace, with their script and metadata', () => {
    const functions = host.AllFormFactors[0].ExtensionPoint.find((e: Node) => e['@xsi:type'] === 'CustomFunctions');
    expect(resolve(functions.Namespace[0]['@resid'])).toBe('PARTS');
    expect(resolve(functions.Script[0].SourceLocation[0]['@resid'])).toBe(`${DEV}functions.js`);
    expect(resolve(functions.Metadata[0].SourceLocation[0]['@resid'])).toBe(`${DEV}functions.json`);
  });

  test('Home tab: a task pane button and a "Refresh prices" command that the shared runtime registers', () => {
    const tab = host.DesktopFormFactor[0].ExtensionPoint.find((e: Node) => e['@xsi:type'] === 'PrimaryCommandSurface')
      .OfficeTab[0];
    expect(tab['@id']).toBe('TabHome');
    const controls = tab.Group.flatMap((g: Node) => g.Control);
    const kinds = controls.map((c: Node) => [resolve(c.Label[0]['@resid']), c.Action[0]['@xsi:type']]);
    expect(kinds).toContainEqual(['Refresh prices', 'ExecuteFunction']);
    expect(kinds.some(([, type]: string[]) => type === 'ShowTaskpane')).toBe(true);
    const refresh = controls.find((c: Node) => c.Action[0]['@xsi:type'] === 'ExecuteFunction');
    const name = refresh.Action[0].FunctionName[0];
    const runtimeSource = readFileSync(join(root, 'addin', 'runtime.ts'), 'utf8');
    expect(runtimeSource).toContain(`Office.actions.associate('${name}'`);
    for (const c of controls) expect(c.Supertip[0].Description[0]['@resid']).toBeTruthy();
  });

  test('strings fit their limits', () => {
    for (const s of resources['bt:ShortStrings'][0]['bt:String'])
      expect(s['@DefaultValue'].length).toBeLessThanOrEqual(125);
    for (const s of resources['bt:LongStrings'][0]['bt:String'])
      expect(s['@DefaultValue'].length).toBeLessThanOrEqual(250);
    expect(app.DisplayName[0]['@DefaultValue'].length).toBeLessThanOrEqual(125);
    expect(app.Description[0]['@DefaultValue'].length).toBeLessThanOrEqual(250);
  });

  test("office-addin-manifest reads it as an Excel task pane add-in (its online validation is not run: it calls Microsoft's service)", () => {
    // The package loads ES modules that Jest's CommonJS runtime cannot, so it runs in its own Node process.
    const script = `require('office-addin-manifest').OfficeAddinManifest.readManifestFile(process.argv[1])
      .then((info) => process.stdout.write(JSON.stringify(info)), (e) => { process.stderr.write(String(e)); process.exit(1); })`;
    const run = spawnSync(process.execPath, ['-e', script, manifestPath], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const info = JSON.parse(run.stdout);
    expect(info.id).toBe(app.Id[0]);
    expect(info.officeAppType).toBe('TaskPaneApp');
    expect(info.hosts).toEqual(['Workbook']);
    expect(info.defaultSettings?.sourceLocation).toBe(`${DEV}taskpane.html`);
    expect(info.displayName).toBe('Partsheet');
  });
});
