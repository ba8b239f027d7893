/**
 * The PARTS functions' metadata, generated from functions/functions.ts as the build does. Ids, names and
 * parameters are public API: saved workbooks call them, so any change must be a deliberate edit of
 * test/fixtures/functions-expected.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import { ASSOCIATIONS } from '../../functions/functions';
import expected from '../fixtures/functions-expected.json';

const root = join(__dirname, '..', '..');
const source = join(root, 'functions', 'functions.ts');

interface Parameter {
  name: string;
  description?: string;
  type?: string;
  dimensionality?: string;
  optional?: boolean;
  repeating?: boolean;
}

interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters: Parameter[];
  result: { type?: string; dimensionality?: string };
  options?: Record<string, unknown>;
}

let generated: Awaited<ReturnType<typeof generateCustomFunctionsMetadata>>;
let functions: FunctionMetadata[];

beforeAll(async () => {
  generated = await generateCustomFunctionsMetadata(source);
  functions = generated.metadataJson ? JSON.parse(generated.metadataJson).functions : [];
});

describe('functions.json generated from functions/functions.ts', () => {
  test('has no metadata errors (one bad JSDoc tag drops every function of the file)', () => {
    expect(generated.errors).toEqual([]);
    expect(functions.length).toBe(expected.functions.length);
  });

  test('ids, names, parameters and results are exactly the committed ones', () => {
    const actual = functions.map((f) => ({
      id: f.id,
      name: f.name,
      parameters: f.parameters.map((p) => ({
        name: p.name,
        type: p.type ?? 'any',
        dimensionality: p.dimensionality ?? 'scalar',
        optional: p.optional === true,
      })),
      result: { type: f.result.type ?? 'any', dimensionality: f.result.dimensionality ?? 'scalar' },
    }));
    expect(actual).toEqual(expected.functions);
  });

  test('ids are upper case and unique, and the namespace is PARTS', () => {
    const ids = functions.map((f) => f.id);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(expected.namespace).toBe('PARTS');
    expect(readFileSync(join(root, 'manifest.xml'), 'utf8')).toContain(
      '<bt:String id="Functions.Namespace" DefaultValue="PARTS"/>',
    );
  });

  test('every function and every parameter has help text for formula autocomplete', () => {
    for (const f of functions) {
      expect(f.description?.length ?? 0).toBeGreaterThan(10);
      for (const p of f.parameters)
        expect([f.id, p.name, (p.description ?? '').length > 5]).toEqual([f.id, p.name, true]);
    }
  });

  test('optional parameters come after the required ones; nothing repeats or streams', () => {
    for (const f of functions) {
      const firstOptional = f.parameters.findIndex((p) => p.optional);
      if (firstOptional >= 0) expect(f.parameters.slice(firstOptional).every((p) => p.optional)).toBe(true);
      for (const p of f.parameters) expect(p.repeating).toBeUndefined();
      expect(f.options?.stream).toBeUndefined();
    }
  });

  test('functions.ts associates each id with the function the metadata names', () => {
    const fromMetadata = generated.associate.map((a) => [a.id, a.functionName]).sort();
    const fromSource = Object.entries(ASSOCIATIONS)
      .map(([id, fn]) => [id, fn.name])
      .sort();
    expect(fromSource).toEqual(fromMetadata);
  });
});
