import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { UNSTORABLE_TEXT_MESSAGE, unstorableCharAt } from '@pharmacy/contracts';

/**
 * Two validators: query strings and params are coerced from text ("page=2" → 2), JSON bodies are not, so
 * `{"firstName": 123}` or `{"email": {"$gt": ""}}` are rejected with 400 instead of being converted.
 * Unknown fields are rejected (never silently removed: Fastify's default would strip them). Every string of a
 * request part that passes its schema is then checked for characters no text may hold, so no route's schema can
 * forget them (docs/api.md#validation).
 */
export function installValidators(app: FastifyInstance): void {
  const base: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    refusingUnstorableText((httpPart === 'body' ? strict : coercing).compile(schema as FastifySchema & object)),
  );
}

type Validator = ((data: unknown, context?: object) => boolean) & { errors?: ErrorObject[] | null; schemaEnv?: unknown };

function refusingUnstorableText(validate: ValidateFunction): Validator {
  const check: Validator = (data, context) => {
    if (!validate(data, context as Parameters<ValidateFunction>[1])) {
      check.errors = validate.errors;
      return false;
    }
    const instancePath = findUnstorableText(data);
    if (instancePath === null) return true;
    check.errors = [{ keyword: 'storableText', instancePath, schemaPath: '#', params: {}, message: UNSTORABLE_TEXT_MESSAGE }];
    return false;
  };
  // Fastify hands an Ajv validator the request as the part's parent (so a coerced query can be replaced whole).
  check.schemaEnv = validate.schemaEnv;
  return check;
}

/**
 * Where the first text that may not be stored sits, as the JSON pointer Ajv would name it ('' for the part
 * itself): every string value and every field name, at any depth; null when there is none. A bad field name points
 * at the object holding it, so the message never repeats the character.
 */
function findUnstorableText(value: unknown, pointer = ''): string | null {
  if (typeof value === 'string') return unstorableCharAt(value) === -1 ? null : pointer;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${pointer}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (unstorableCharAt(key) !== -1) return pointer;
    const found = findUnstorableText(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}
