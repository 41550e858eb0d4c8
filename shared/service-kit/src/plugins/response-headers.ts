import fp from 'fastify-plugin';
import { isInProcessServiceCall } from '../internal';

/**
 * Browser features the shop never uses, switched off for pages and API answers alike, so an injected script
 * or a framed page cannot ask for them. The PayPal approval is a redirect, not an embedded Payment Request.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the same public data to everyone (catalog reads): it may be cached, so the API's
     * default `Cache-Control: no-store` is replaced by `no-cache` (stored, revalidated before reuse).
     */
    publicData?: boolean;
  }
}

const API_PATH = /^\/(api|internal)\//;

/**
 * Every API answer may carry personal data (profile, addresses, cart, orders, tickets) unless its route says
 * otherwise, so browsers and shared proxies are told not to keep it: a shared computer's back button or a
 * proxy cache must not show one shopper's data to the next. A route that sets its own Cache-Control keeps it.
 */
export const responseHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // A service's call to another in process: no browser or proxy ever sees this answer.
      if (isInProcessServiceCall(request)) return payload;
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', reply.routeOptions.config?.publicData ? 'no-cache' : 'no-store');
      }
      return payload;
    });
  },
  { name: 'pharmacy-response-headers' },
);
