import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ErrorCodes } from '@pharmacy/contracts';
import { HttpError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors';
import { failure } from '../envelope';
import { failureLogged, requestSummary } from './request-log';

type AnyError = FastifyError & { validation?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }> };

/** Turns Fastify's validation detail into a sentence a person can act on. */
function validationMessage(err: AnyError): string {
  const first = err.validation?.[0];
  if (!first) return 'The request is not valid.';
  const where = err.validationContext ?? 'request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'additionalProperties') return `Unknown field "${String(first.params.additionalProperty)}" in ${where}.`;
  if (first.keyword === 'required') return `Missing field "${String(first.params.missingProperty)}" in ${where}.`;
  return `${field ? `"${field}"` : where} ${first.message ?? 'is not valid'}.`;
}

/** One error handler for every service: envelope always, the right status, never a stack trace. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: AnyError, request, reply) => {
      const send = (status: number, code: string, message: string) => {
        // a service we depend on is down (catalog, account, the payment provider): worth trying again shortly
        if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return reply.status(status).send(failure(code, message));
      };

      if (error instanceof HttpError) return send(error.statusCode, error.code, error.message);
      if (error.validation) return send(400, ErrorCodes.VALIDATION, validationMessage(error));
      if ((error as { code?: unknown }).code === 11000) {
        return send(409, ErrorCodes.CONFLICT, 'That already exists.');
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return send(413, ErrorCodes.TOO_LARGE, 'The request is too large.');
      }
      if (status === 429) {
        return send(429, ErrorCodes.RATE_LIMITED, error.message || 'Too many attempts. Please wait a moment and try again.');
      }
      if (status >= 400 && status < 500) {
        const code = status === 401 ? ErrorCodes.UNAUTHENTICATED : status === 403 ? ErrorCodes.FORBIDDEN : status === 404 ? ErrorCodes.NOT_FOUND : ErrorCodes.VALIDATION;
        const message = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
        return send(status, code, message);
      }
      // The one line of this failure: its cause with the request (the request log then writes none for it).
      request.log.error({ ...requestSummary(request, 500, reply.elapsedTime), err: error }, 'request failed');
      failureLogged(request);
      return send(500, ErrorCodes.INTERNAL, 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'pharmacy-errors' },
);
