/**
 * The flags the commands share, parsed one way: the connection to the item service (`--url`, `--login`, `--apikey`,
 * `--v3`) and `--help`; the plan's options (`--currency`, `--overage`, `--overage-min`, `--split-min-saving`,
 * `--rate`) for the commands that plan purchases. A flag that cannot be used is a UsageError naming it and its value.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Overage } from '../src/plan';
import { currencyOf } from './connection';
import { UsageError } from './usage';
import { clean } from './terminal';
import { errorLine } from './error-line';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export const CONNECTION_FLAGS = {
  v3: { type: 'boolean' },
  url: { type: 'string' },
  login: { type: 'string' },
  apikey: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

export const PLAN_FLAGS = {
  currency: { type: 'string' },
  overage: { type: 'string' },
  'overage-min': { type: 'string' },
  'split-min-saving': { type: 'string' },
  rate: { type: 'string', multiple: true },
} as const satisfies ParseArgsOptionsConfig;

/** `argv` read against `options` (strict, with positionals); an unknown or malformed flag is a UsageError. */
export function parseCommand<O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true as const, allowPositionals: true as const });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A percentage flag from 0 to 100 ("5" or "5%"). */
export function percentOf(value: string, flag: string): number {
  const text = value.trim().replace(/%$/, '');
  if (!/^\d{1,3}(?:\.\d+)?$/.test(text) || Number(text) > 100)
    throw new UsageError(`${flag} must be a percentage from 0 to 100; got '${value}'`);
  return Number(text);
}

export interface PlanFlags {
  currency: string;
  overage: Overage;
  splitMinSavingPercent: number;
  /** Given rates into `currency`, by currency code. */
  rates: Record<string, number>;
}

/** The plan's options from their flags (USD, no overage, splits whenever they save, no given rates by default). */
export function planFlagsOf(values: {
  currency?: string;
  overage?: string;
  'overage-min'?: string;
  'split-min-saving'?: string;
  rate?: string[];
}): PlanFlags {
  const currency = currencyOf(values.currency) ?? 'USD';
  const overage: Overage = { percent: 0, minExtra: 0 };
  if (values.overage !== undefined) overage.percent = percentOf(values.overage, '--overage');
  const minExtra = values['overage-min'];
  if (minExtra !== undefined) {
    if (!/^\d{1,6}$/.test(minExtra.trim()))
      throw new UsageError(`--overage-min must be a whole number of parts; got '${minExtra}'`);
    overage.minExtra = Number(minExtra.trim());
  }
  const split = values['split-min-saving'];
  const splitMinSavingPercent = split === undefined ? 0 : percentOf(split, '--split-min-saving');
  const rates: Record<string, number> = {};
  for (const given of values.rate ?? []) {
    const m = /^\s*([A-Za-z]{3})\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(given);
    if (!m || !(Number(m[2]) > 0))
      throw new UsageError(
        `--rate must read CUR=RATE, such as EUR=1.08 (units of ${currency} per 1 EUR); got '${given}'`,
      );
    rates[m[1].toUpperCase()] = Number(m[2]);
  }
  return { currency, overage, splitMinSavingPercent, rates };
}

/**
 * A command's arguments read, or the exit code when it is not to run: 2 after a usage error (said on `err` in one line,
 * with where to find help), 0 after printing `usage` for --help.
 */
export function commandArgs<A extends { help?: boolean }>(
  command: string,
  usage: string,
  read: () => A,
  io: { out: (line: string) => void; err: (line: string) => void },
): A | number {
  let args: A;
  try {
    args = read();
  } catch (e) {
    io.err(
      errorLine(
        `partsheet ${command}`,
        `${clean((e as Error).message)} (see partsheet ${command} --help)`,
        e,
        'PS_CLI_USAGE',
      ),
    );
    return 2;
  }
  if (args.help) {
    io.out(usage);
    return 0;
  }
  return args;
}
