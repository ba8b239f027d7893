/**
 * A calculator of PARTS formulas for the in-memory workbook, standing in for Excel's calculation engine: when a batch
 * asks to calculate a block (range.calculate) or the workbook, each formula `=PARTS.NAME(arg, …)` there whose
 * arguments are text in quotes or numbers is run as Excel runs a custom function (the arguments, then the
 * invocation with the cell's address), and its cell shows the value, or the error's code with its message kept.
 */
import { fullAddress, parseAddress, type CellBlock } from '../../src/excel/address';
import type { MemoryWorkbook } from '../../testing/excel';

type CustomFunction = (...args: unknown[]) => unknown;

export interface FormulaCalculator {
  /** Resolves once every calculation started so far has put its results. */
  settled(): Promise<void>;
  /** The message of the error each calculated cell holds, by `Sheet!A1` address. */
  readonly messages: Map<string, string>;
  /** Calculations run, cell by cell, by address. */
  readonly runs: Map<string, number>;
}

function argumentOf(text: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  if (t.startsWith('"') && t.endsWith('"')) return [[t.slice(1, -1).replace(/""/g, '"')]];
  const n = Number(t);
  if (Number.isFinite(n)) return [[n]];
  throw new Error(`The stand-in calculates only text and number arguments, not ${t}`);
}

/** The function name and arguments of `=PARTS.NAME(…)`, or null for any other formula. */
export function partsCall(formula: string): { name: string; args: unknown[] } | null {
  const m = /^=PARTS\.([A-Z]+)\((.*)\)$/i.exec(formula.trim());
  if (!m) return null;
  const args = m[2].trim() === '' ? [] : (m[2].match(/"(?:[^"]|"")*"|[^,]+|(?<=,)(?=,|$)/g) ?? []).map(argumentOf);
  return { name: m[1].toUpperCase(), args };
}

/** Attaches the calculator to `book`: `functions` are the custom functions by id (PRICE…), with `arity` parameters. */
export function attachCalculator(
  book: MemoryWorkbook,
  functions: Record<string, CustomFunction>,
  arity: (name: string) => number,
): FormulaCalculator {
  const pending = new Set<Promise<void>>();
  const messages = new Map<string, string>();
  const runs = new Map<string, number>();

  const inside = (block: CellBlock | null, sheet: string, row: number, column: number) =>
    block === null ||
    (block.sheet.toLowerCase() === sheet.toLowerCase() &&
      row >= block.row &&
      row < block.row + block.rows &&
      column >= block.column &&
      column < block.column + block.columns);

  const run = async (sheet: string, row: number, column: number, formula: string) => {
    const call = partsCall(formula);
    const fn = call ? functions[call.name] : undefined;
    if (!call || !fn) return;
    const address = fullAddress({ sheet, row, column, rows: 1, columns: 1 });
    runs.set(address, (runs.get(address) ?? 0) + 1);
    const args = [...call.args];
    while (args.length < arity(call.name)) args.push(null);
    try {
      const grid = (await fn(...args, { address, functionName: call.name })) as unknown[][];
      grid.forEach((line, r) =>
        line.forEach((v, c) => {
          const at = fullAddress({ sheet, row: row + r, column: column + c, rows: 1, columns: 1 });
          if (v instanceof Error) {
            book.setResult(sheet, row + r, column + c, (v as Error & { code: string }).code);
            messages.set(at, v.message);
          } else {
            book.setResult(sheet, row + r, column + c, v as string | number | boolean);
            messages.delete(at);
          }
        }),
      );
    } catch (e) {
      const error = e as Error & { code?: string };
      book.setResult(sheet, row, column, error.code ?? '#VALUE!');
      messages.set(address, error.message);
    }
  };

  book.onCalculate((target) => {
    for (const sheet of book.sheetNames()) {
      for (const at of book.formulas(sheet)) {
        const { row, column } = parseAddress(at, sheet);
        const formula = book.cell(sheet, at)?.formula;
        if (formula === undefined || !inside(target, sheet, row, column)) continue;
        const done = run(sheet, row, column, formula).finally(() => pending.delete(done));
        pending.add(done);
      }
    }
  });

  return {
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    messages,
    runs,
  };
}
