/**
 * Reading an item-service request's query (one value a parameter, whole numbers, the currency, the output format
 * and JSONP callback) and sending an answer or a failure in the envelope, in the format asked for.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ItemServiceError } from '../../protocol/item-service-errors';
import { jsonText } from '../json';
import { xmlDocument } from '../xml';
import { resolveCurrency } from './currency';
import { envelope, isValidCallback, Timings, type OutputFormat } from './envelope';

export type Query = Record<string, string | string[] | undefined>;

/** One value of a query parameter; a parameter given twice is refused rather than guessed at. */
export function param(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    if (Array.isArray(value))
      throw new ItemServiceError(
        'REPEATED_PARAMETER',
        `Parameter '${name}' was given ${value.length} times; give it once.`,
      );
    if (value !== undefined) return value;
  }
  return undefined;
}

export function wholeNumber(
  value: string | undefined,
  name: string,
  kind: 'INVALID_ROWS' | 'INVALID_START',
): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) {
    throw new ItemServiceError(
      kind,
      `Parameter '${name}' must be a whole number of 0 or more; got '${truncate(value)}'.`,
    );
  }
  return Number(value.trim());
}

export function truncate(text: string, max = 40): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export function currencyParam(query: Query): string | undefined {
  const raw = param(query, 'utm_currency');
  if (raw === undefined || raw === '') return undefined;
  const currency = resolveCurrency(raw);
  if (!currency)
    throw new ItemServiceError(
      'INVALID_CURRENCY',
      `Unknown currency '${truncate(raw)}' in utm_currency; use an ISO code such as USD, EUR or GBP.`,
    );
  return currency;
}

export interface Output {
  fmt: OutputFormat;
  callback?: string;
}

/** Reads fmt and callbackfn without throwing, so that even their own errors are rendered sensibly. */
export function outputOf(query: Query): { output: Output; error?: ItemServiceError } {
  const fmtValue = query.fmt;
  const cbValue = query.callbackfn;
  if (Array.isArray(fmtValue))
    return {
      output: { fmt: 'json' },
      error: new ItemServiceError('REPEATED_PARAMETER', "Parameter 'fmt' was given more than once; give it once."),
    };
  const fmtText = (fmtValue ?? 'json').trim().toLowerCase();
  if (fmtText !== 'json' && fmtText !== 'xml' && fmtText !== '') {
    return {
      output: { fmt: 'json' },
      error: new ItemServiceError('INVALID_FMT', `Unknown fmt '${truncate(fmtValue ?? '')}'; use JSON or XML.`),
    };
  }
  const fmt: OutputFormat = fmtText === 'xml' ? 'xml' : 'json';
  if (cbValue === undefined || cbValue === '') return { output: { fmt } };
  if (Array.isArray(cbValue))
    return {
      output: { fmt },
      error: new ItemServiceError(
        'REPEATED_PARAMETER',
        "Parameter 'callbackfn' was given more than once; give it once.",
      ),
    };
  if (!isValidCallback(cbValue)) {
    return {
      output: { fmt },
      error: new ItemServiceError(
        'INVALID_CALLBACK',
        'Parameter callbackfn must be a JavaScript identifier path such as handleParts or app.onParts.',
      ),
    };
  }
  if (fmt === 'xml')
    return { output: { fmt }, error: new ItemServiceError('INVALID_CALLBACK', 'callbackfn works only with fmt=json.') };
  return { output: { fmt, callback: cbValue } };
}

export function sendBody(
  reply: FastifyReply,
  output: Output,
  body: Record<string, unknown>,
  status = 200,
): FastifyReply {
  reply.code(status);
  if (output.fmt === 'xml') return reply.type('application/xml; charset=utf-8').send(xmlDocument(body));
  const json = jsonText(body);
  if (output.callback)
    return reply.type('application/javascript; charset=utf-8').send(`/**/${output.callback}(${json});`);
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Renders an item-service failure in the envelope, in the format the caller asked for where that is known. */
export function sendItemError(
  reply: FastifyReply,
  query: Query,
  version: string,
  error: ItemServiceError,
  timings = new Timings(),
): FastifyReply {
  const { output, error: outputError } = outputOf(query);
  const safeOutput = outputError ? { fmt: output.fmt } : output;
  return sendBody(reply, safeOutput, envelope(version, timings, 0, [], error), error.status);
}

export function itemBaseOf(request: FastifyRequest, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}
