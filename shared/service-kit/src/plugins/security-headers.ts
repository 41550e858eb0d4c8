import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isInProcessServiceCall } from '../internal';

/**
 * helmet's security headers on every answer, its middleware built once. (@fastify/helmet built it again for every
 * request, parsing its options and the Content-Security-Policy each time: about 50 µs of CPU per request, ~5% of a
 * purchase's.) styled-components injects <style> elements; everything else is same-origin. A service's call to
 * another in the same process gets none: no browser reads its answer (seven such calls a purchase).
 */
export const securityHeadersPlugin = fp<{ production?: boolean }>(
  async (app, opts) => {
    const apply = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: opts.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (isInProcessServiceCall(request)) return done();
      apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: 'pharmacy-security-headers' },
);
