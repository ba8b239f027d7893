/**
 * List searches as the tests of gateway instances sharing a Redis send them: a series of made-up part numbers, the
 * v4 list search's query for them, and the list searches each instance sent upstream.
 */
import { DEMO_AUTH } from './service';
import type { TestGateway } from './gateway';

export const LIST_V4 = '/itemservice/v4/en/search/list';

export type ListPart = { partNum: string };

/** The query of a v4 list search of `parts`, with the demo login. */
export const listParams = (parts: ListPart[]) => ({
  req: JSON.stringify({
    request: { login: DEMO_AUTH.login, apikey: DEMO_AUTH.apikey, remoteIp: '', useExact: true, parts },
  }),
  login: DEMO_AUTH.login,
  apikey: DEMO_AUTH.apikey,
});

/** `count` part numbers of a series of its own, from `from`: NAME<from>X, NAME<from+1>X, … */
export const series = (name: string, from: number, count: number): ListPart[] =>
  Array.from({ length: count }, (_, i) => ({ partNum: `${name}${from + i}X` }));

/** The list searches the given instances sent upstream. */
export const listCalls = (gws: TestGateway[]) =>
  gws.flatMap((gw) => gw.calls.filter((c) => c.url.pathname.endsWith('/search/list')));
