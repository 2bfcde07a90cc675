/**
 * The origin a request reached this server at (`http://host:port`), as the browser sees it
 * (behind a proxy with TRUST_PROXY, the proxy's): what links back to this site are built on.
 */
import type { FastifyRequest } from 'fastify';

export const requestOrigin = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`;
