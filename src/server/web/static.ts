import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_BASE } from '../../contract/envelope.ts';

/** Where `vite build` puts the web app (vite.config.ts). */
export const DEFAULT_WEB_ROOT = path.resolve('dist/web');

/** A path whose last segment has an extension asks for a file, not for a client route. */
const looksLikeFile = (url: string) => /\.[A-Za-z0-9]+$/.test(url.split('?')[0]!);

/**
 * Serves the built web app under /web/ (docs/product-rules.md#screens-and-routes). Client routes
 * that are not files get index.html so the browser router can take over; a missing asset stays a
 * 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  app.get('/', (_request, reply) => reply.redirect(WEB_BASE));
  // '/web' and '/web/' are one route to the router (ignoreTrailingSlash), so the redirect of
  // the bare form happens before routing.
  const bare = WEB_BASE.slice(0, -1);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === bare) return reply.redirect(WEB_BASE);
  });

  if (!existsSync(path.join(webRoot, 'index.html'))) {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build` (npm start does)');
    app.get(`${WEB_BASE}*`, (_request, reply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('前端尚未构建，请先运行 npm run build'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: WEB_BASE,
    index: ['index.html'],
    // Hashed build assets never change; everything else must be revalidated.
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** The not-found answer for /web/*: index.html for client routes, 404 for missing files. */
export function webFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  if (!request.url.startsWith(WEB_BASE)) return null;
  // HEAD as well: monitors probe with it, and it must answer as GET would (without the body).
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (looksLikeFile(request.url)) {
    return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
