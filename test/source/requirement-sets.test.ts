/**
 * The requirement sets manifest.xml declares are the ones the shipped code needs: every Excel, Office,
 * OfficeRuntime and CustomFunctions member the add-in's code touches is listed with the set the @types comments
 * name for it, and the manifest must declare, for each set, exactly the highest version used. Too low and Office
 * loads the add-in where a call then fails; too high and it refuses hosts that would work.
 *
 * The code reaches Excel through the structural types of src/excel/host.ts; their members are looked up on the
 * Excel classes they stand for. What functions.json asks of Excel (allowCustomDataForDataTypeAny) has no type to
 * carry a set, so it is taken from Microsoft's table of Custom Functions requirement sets.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { XMLParser } from 'fast-xml-parser';
import ts from 'typescript';

const root = join(__dirname, '..', '..');
const ENTRIES = ['functions/functions.ts', 'taskpane/index.tsx'].map((f) => join(root, f));
const TYPE_PACKAGES = ['@types/office-js/', '@types/office-runtime/', '@types/custom-functions-runtime/'];
/** The sets an Excel add-in can declare; others named beside them (Mailbox, WordApi…) belong to other hosts. */
const EXCEL_SETS = /^(ExcelApi|SharedRuntime|CustomFunctionsRuntime|DialogApi|RibbonApi|Settings)$/;

/** The Excel class each structural type of src/excel/host.ts stands for. */
const HOST_TYPES: Record<string, string> = {
  ExcelHost: 'Excel',
  HostRunOptions: 'Excel.RunOptions',
  HostContext: 'Excel.RequestContext',
  HostApplication: 'Excel.Application',
  HostWorkbook: 'Excel.Workbook',
  HostWorksheetCollection: 'Excel.WorksheetCollection',
  HostWorksheet: 'Excel.Worksheet',
  HostFill: 'Excel.RangeFill',
  HostFont: 'Excel.RangeFont',
  HostRangeFormat: 'Excel.RangeFormat',
  HostTable: 'Excel.Table',
  HostTableCollection: 'Excel.TableScopedCollection',
  HostRange: 'Excel.Range',
  HostClientResult: 'OfficeExtension.ClientResult',
  HostChartCollection: 'Excel.ChartCollection',
  HostChart: 'Excel.Chart',
  HostChartTitle: 'Excel.ChartTitle',
  HostChartSeriesCollection: 'Excel.ChartSeriesCollection',
  HostChartSeries: 'Excel.ChartSeries',
};

/**
 * functions.json features and the set each needs, from "Custom Functions requirement sets"
 * (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets):
 * "Requirement set 1.4 includes custom functions integration with data types and the allowCustomDataForDataTypeAny
 * JSON manifest property".
 */
const METADATA_FEATURES: Record<string, [string, string]> = {
  allowCustomDataForDataTypeAny: ['CustomFunctionsRuntime', '1.4'],
};

interface Use {
  member: string;
  set: string | null;
  at: string;
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The Excel-host set named in a declaration's doc comment ("[Api set: SharedRuntime 1.1, Mailbox 1.10]"). */
function apiSetOf(node: ts.Node): string | null {
  const text = node.getSourceFile().text;
  const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  for (const range of comments.reverse()) {
    const m = /\[Api set: ([^\]]+)\]/.exec(text.slice(range.pos, range.end));
    if (!m) continue;
    const sets = m[1]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => EXCEL_SETS.test(s.split(' ')[0]));
    return sets[0] ?? null;
  }
  return null;
}

/** "Excel.Range.getTables" for a declaration inside the @types packages. */
function qualifiedName(node: ts.Node): string {
  const parts: string[] = [];
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    const name = (n as { name?: ts.Node }).name;
    if (
      name &&
      (ts.isIdentifier(name) || ts.isStringLiteral(name)) &&
      !ts.isSourceFile(n) &&
      !ts.isVariableDeclarationList(n)
    ) {
      if (!ts.isVariableDeclaration(n) || parts.length === 0) parts.unshift(name.text);
    }
  }
  return parts.join('.');
}

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.addin.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)!;
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const checker = program.getTypeChecker();

/** Every declaration of the @types packages by qualified name, for the members host.ts stands in for. */
const officeDeclarations = new Map<string, ts.Node[]>();
/** Each class's base class ("Excel.RequestContext" -> "OfficeExtension.ClientRequestContext"). */
const baseClasses = new Map<string, string>();
for (const file of program.getSourceFiles()) {
  if (!TYPE_PACKAGES.some((p) => file.fileName.includes(p))) continue;
  const visit = (node: ts.Node) => {
    if (ts.isClassElement(node) || ts.isTypeElement(node) || ts.isEnumMember(node) || ts.isFunctionDeclaration(node)) {
      const key = qualifiedName(node);
      officeDeclarations.set(key, [...(officeDeclarations.get(key) ?? []), node]);
    }
    if (ts.isClassDeclaration(node) && node.name) {
      const base = node.heritageClauses
        ?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
        ?.types[0]?.expression.getText();
      const name = qualifiedName(node);
      if (base) baseClasses.set(name, base.includes('.') ? base : `${name.split('.').slice(0, -1).join('.')}.${base}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** The declarations of `owner.member`, found on the class or the classes it extends. */
function declarationsOf(owner: string, member: string): ts.Node[] | undefined {
  for (let cls: string | undefined = owner; cls; cls = baseClasses.get(cls)) {
    const found = officeDeclarations.get(`${cls}.${member}`);
    if (found) return found;
  }
  return undefined;
}

/** The code that ships: the two entries and every module they import for their values (not `import type`). */
function shippedFiles(): ts.SourceFile[] {
  const seen = new Map<string, ts.SourceFile>();
  const queue = [...ENTRIES];
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const file = program.getSourceFile(path);
    if (!file) throw new Error(`${path} is not in tsconfig.addin.json`);
    seen.set(path, file);
    for (const statement of file.statements) {
      const spec =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
      if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
      const base = resolve(dirname(path), spec.text);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => program.getSourceFile(f));
      if (!found) throw new Error(`${spec.text} from ${path} does not resolve`);
      queue.push(found);
    }
  }
  return [...seen.values()];
}

/** What a used symbol is on the Office side: its qualified name and set, or null when it is not Office's. */
function officeMember(symbol: ts.Symbol | undefined): { member: string; set: string | null } | null {
  if (!symbol) return null;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const decl of symbol.declarations ?? []) {
    const file = decl.getSourceFile().fileName;
    if (TYPE_PACKAGES.some((p) => file.includes(p))) return { member: qualifiedName(decl), set: apiSetOf(decl) };
    if (file.endsWith(join('src', 'excel', 'host.ts'))) {
      const owner =
        decl.parent && (ts.isInterfaceDeclaration(decl.parent) || ts.isTypeLiteralNode(decl.parent))
          ? (decl.parent as ts.InterfaceDeclaration).name?.text
          : undefined;
      const excel = owner && HOST_TYPES[owner];
      if (!excel) continue;
      const member = `${excel}.${symbol.name}`;
      const declarations = declarationsOf(excel, symbol.name);
      if (!declarations)
        throw new Error(`${owner}.${symbol.name} stands for ${member}, which @types/office-js does not declare`);
      const sets = declarations.map(apiSetOf).filter((s): s is string => s !== null);
      return { member, set: sets.sort((a, b) => compareVersions(a.split(' ')[1], b.split(' ')[1]))[0] ?? null };
    }
  }
  return null;
}

function usesIn(files: readonly ts.SourceFile[]): Use[] {
  const uses: Use[] = [];
  for (const file of files) {
    const visit = (node: ts.Node) => {
      let symbol: ts.Symbol | undefined;
      if (ts.isPropertyAccessExpression(node)) symbol = checker.getSymbolAtLocation(node.name);
      else if (
        ts.isPropertyAssignment(node) &&
        ts.isObjectLiteralExpression(node.parent) &&
        ts.isIdentifier(node.name)
      ) {
        // An option passed in an object literal (Excel.run({ delayForCellEdit })) is a member used too.
        symbol = checker.getContextualType(node.parent)?.getProperty(node.name.text);
      }
      const found = officeMember(symbol);
      if (found) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        uses.push({ ...found, at: `${file.fileName.slice(root.length + 1)}:${line + 1}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return uses;
}

const files = shippedFiles();
const uses = usesIn(files);
/** The highest version of each set that the code and the function metadata need. */
function needed(metadata: Record<string, unknown>): Map<string, { version: string; why: string[] }> {
  const sets = new Map<string, { version: string; why: string[] }>();
  const add = (name: string, version: string, why: string) => {
    const entry = sets.get(name);
    if (!entry || compareVersions(version, entry.version) > 0) sets.set(name, { version, why: [why] });
    else if (compareVersions(version, entry.version) === 0) entry.why.push(why);
  };
  for (const use of uses) {
    if (!use.set) continue;
    const [name, version] = use.set.split(' ');
    add(name, version, `${use.member} (${use.at})`);
  }
  for (const [feature, [name, version]] of Object.entries(METADATA_FEATURES))
    if (metadata[feature] === true) add(name, version, `functions.json ${feature}`);
  return sets;
}

function declared(): Map<string, string> {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => name === 'Set',
  });
  const app = parser.parse(readFileSync(join(root, 'manifest.xml'), 'utf8')).OfficeApp;
  const sets = app.Requirements.Sets;
  const fallback: string = sets['@DefaultMinVersion'] ?? '1.1';
  return new Map((sets.Set as Array<Record<string, string>>).map((s) => [s['@Name'], s['@MinVersion'] ?? fallback]));
}

/** functions.json as the build writes it: the metadata generator over functions/functions.ts. */
async function buildMetadata(): Promise<Record<string, unknown>> {
  const result = await generateCustomFunctionsMetadata(join(root, 'functions', 'functions.ts'));
  expect(result.errors).toEqual([]);
  return JSON.parse(result.metadataJson);
}

describe('requirement sets', () => {
  test('the shipped code is what the entries import, host.ts and the Office adapters included', () => {
    const names = files.map((f) => f.fileName.slice(root.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        'addin/runtime.ts',
        'src/excel/workbook-port.ts',
        'src/excel/office.ts',
        'taskpane/adapters/office.ts',
      ]),
    );
    // The in-memory workbook and the other test doubles never ship.
    expect(names.filter((n) => n.startsWith('testing/') || n.startsWith('test/'))).toEqual([]);
  });

  test('each Office member the code uses, with its set as the @types comments name it', () => {
    const byMember = new Map<string, string | null>();
    for (const use of uses) byMember.set(use.member, use.set);
    // The members the issue names, the ones that set the floor, and used ones whose comments name no set.
    const expected: Record<string, string | null> = {
      'Excel.Range.getTables': 'ExcelApi 1.9',
      'Excel.Range.getSurroundingRegion': 'ExcelApi 1.7',
      'Excel.Range.getEntireRow': 'ExcelApi 1.1',
      'Excel.Range.insert': 'ExcelApi 1.1',
      'Excel.Worksheet.getRangeByIndexes': 'ExcelApi 1.7',
      'Excel.Application.suspendApiCalculationUntilNextSync': 'ExcelApi 1.6',
      'CustomFunctions.Error': 'CustomFunctionsRuntime 1.2',
      'CustomFunctions.ErrorCode.invalidValue': 'CustomFunctionsRuntime 1.3',
      'OfficeRuntime.Storage.getItem': 'SharedRuntime 1.1',
      'CustomFunctions.associate': null,
      'Excel.run': null,
      'Excel.RunOptions.delayForCellEdit': null,
      'Office.actions': null,
      'Office.Settings.saveAsync': null,
      'Office.onReady': null,
    };
    expect(
      Object.fromEntries(Object.keys(expected).map((m) => [m, byMember.has(m) ? byMember.get(m) : 'not used'])),
    ).toEqual(expected);
    // Every structural member of host.ts the code touches was matched to an Excel member.
    expect([...byMember.keys()].filter((m) => m.startsWith('Host'))).toEqual([]);
  });

  test('manifest.xml declares exactly the highest version of each set the code and functions.json need', async () => {
    const metadata = await buildMetadata();
    expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
    const need = needed(metadata);
    const have = declared();
    const report = [...need].map(([name, { version, why }]) => `${name} ${version}: ${why.slice(0, 3).join('; ')}`);
    for (const [name, { version }] of need) {
      expect({ set: name, declared: have.get(name) ?? 'missing', report }).toEqual({
        set: name,
        declared: version,
        report,
      });
    }
    // Nothing declared that the code does not need: each declaration shuts out hosts.
    expect([...have.keys()].sort()).toEqual([...need.keys()].sort());
    expect(need.get('ExcelApi')!.version).not.toBe('1.1');
    expect(need.get('CustomFunctionsRuntime')!.version).toBe('1.4');
  });
});
