/** The built add-in's files (static.ts reads them) at every other GET path; `/` is the task pane. */
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayPluginOptions } from '../context';
import { pathOnly } from '../log';
import { answeringErrors } from '../errors';
import { notFound } from '../refusals';

export const addinFiles: FastifyPluginAsync<GatewayPluginOptions> = async (app, { context }) => {
  app.get(
    '/*',
    answeringErrors(context.answerError, async (request, reply) => {
      context.requests.trace(request).source = 'addin';
      const file = context.files.read(pathOnly(request.url));
      if (!file) throw notFound();
      return reply
        .type(file.type)
        .header('cache-control', file.cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    }),
  );
};
