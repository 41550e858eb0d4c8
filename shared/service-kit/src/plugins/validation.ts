import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Two validators: query strings and params are coerced from text ("page=2" → 2), JSON bodies are not, so
 * `{"firstName": 123}` or `{"email": {"$gt": ""}}` are rejected with 400 instead of being converted.
 * Unknown fields are rejected (never silently removed: Fastify's default would strip them).
 */
export function installValidators(app: FastifyInstance): void {
  const base: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema as FastifySchema & object),
  );
}
