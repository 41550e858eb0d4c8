import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@pharmacy/contracts';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin is the request's own or one of the shop's trusted origins (TRUSTED_ORIGINS, PUBLIC_ORIGIN). */
    isTrustedOrigin(origin: string, request: FastifyRequest): boolean;
  }
}

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export const CROSS_SITE_REFUSED = 'This link came from another site, so nothing was done. Please use the shop’s own menu.';

/**
 * onRequest of a GET that changes something (GET /api/auth/signout, docs/api.md#authentication): only the shop's own
 * pages may send it, not a link or an image on another site. Browsers say where a request came from in Sec-Fetch-Site
 * (`none` is the address bar or a bookmark); where they do not, Origin or Referer must be a trusted origin. A request
 * saying none of these carries no sign of a cross-site page (a script or a very old browser) and is let through.
 */
export async function sameSiteOnly(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return;
  if (site === 'cross-site') throw forbidden(CROSS_SITE_REFUSED);
  const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  // `same-site` is a sibling site: only a trusted origin among them (www. of the shop) is the shop.
  if (from ? !request.server.isTrustedOrigin(from, request) : site !== undefined) throw forbidden(CROSS_SITE_REFUSED);
}

/**
 * CSRF defence for cookie-authenticated state changes. A request carrying cookies must either come from a
 * trusted Origin (the browser sets Origin on every cross-site POST and cannot be made to lie) or carry the
 * custom CSRF header (a cross-site page cannot add it without a CORS preflight, which no service grants).
 * Requests without cookies carry no ambient authority, so there is nothing to forge.
 */
export const csrfPlugin = fp<{ trustedOrigins: string[] }>(
  async (app, opts) => {
    const trusted = new Set(opts.trustedOrigins);
    // Compared as URLs read them (no default port): `http://localhost:80` is `http://localhost`.
    const isTrusted = (origin: string, request: FastifyRequest) => {
      const given = originOf(origin) ?? origin;
      return trusted.has(origin) || trusted.has(given) || given === originOf(`${request.protocol}://${request.host}`);
    };
    app.decorate('isTrustedOrigin', isTrusted);

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
