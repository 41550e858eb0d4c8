import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@pharmacy/contracts';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated state changes. A request carrying cookies must either come from a
 * trusted Origin (the browser sets Origin on every cross-site POST and cannot be made to lie) or carry the
 * custom CSRF header (a cross-site page cannot add it without a CORS preflight, which no service grants).
 * Requests without cookies carry no ambient authority, so there is nothing to forge.
 */
export const csrfPlugin = fp<{ trustedOrigins: string[] }>(
  async (app, opts) => {
    const trusted = new Set(opts.trustedOrigins);
    const isTrusted = (origin: string, request: FastifyRequest) =>
      trusted.has(origin) || origin === `${request.protocol}://${request.host}`;

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const origin = request.headers.origin;
      if (origin) {
        if (!isTrusted(origin, request)) throw forbidden('This request came from another site and was refused.');
        return;
      }
      if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
        throw forbidden('This request is missing its security header. Please reload the page and try again.');
      }
    });
  },
  { name: 'pharmacy-csrf' },
);
