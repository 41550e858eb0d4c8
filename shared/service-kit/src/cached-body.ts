import type { FastifyReply } from 'fastify';

const bodies = new WeakMap<object, string>();

/**
 * Sends `body` written by the route's own response serializer (fast-json-stringify from its response schema), once
 * per `key`: an object the caller keeps for exactly as long as this body stays true, such as a page the catalog's
 * read model caches until the next write. The schema still decides every byte (a field it does not name never
 * leaves), and a hot read pays for serialising only when its data changed.
 */
export function sendCached(reply: FastifyReply, key: object, body: Record<string, unknown>): FastifyReply {
  let json = bodies.get(key);
  if (json === undefined) {
    const serialize = reply.getSerializationFunction(String(reply.statusCode));
    if (!serialize) throw new Error(`sendCached needs a response schema for status ${reply.statusCode} on ${reply.request.routeOptions.url}.`);
    json = serialize(body);
    bodies.set(key, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
