import { ErrorEnvelope, type OkEnvelope } from '@pharmacy/contracts';
import type { TSchema } from '@sinclair/typebox';

/*
 * The envelope every answer travels in (docs/api.md#envelope), built here and nowhere else: a route returns
 * `ok(data)` or `okList(items, figures)` and throws an HttpError for a refusal, which the error handler turns
 * into `failure(code, message)`. Its schemas are declared with `responses(...)`, so fast-json-stringify writes
 * every body and nothing the schema does not name can leak.
 */

/** A success: the data, and a sentence for the person when there is one to say. */
export function ok<T>(data: T): OkEnvelope<T>;
export function ok<T>(data: T, message: string): OkEnvelope<T> & { message: string };
export function ok<T>(data: T, message?: string): OkEnvelope<T>;
export function ok<T>(data: T, message?: string): OkEnvelope<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

/** A list call's success: `data` is the array, its paging and summary figures sit beside it. */
export function okList<T, F extends object>(items: T[], figures: F, message?: string): OkEnvelope<T[]> & F {
  return { ...figures, ...ok(items, message) };
}

/** A refusal: what went wrong in words the person can act on, and a stable code for programs. */
export function failure(code: string, message: string): ErrorEnvelope {
  return { success: false, message, code };
}

type Responses<S extends TSchema, C extends number> = { [K in C]: S } & { '4xx': typeof ErrorEnvelope; '5xx': typeof ErrorEnvelope };

/**
 * A route's response schemas: its success body (200 unless another status is named) and the error envelope for
 * every 4xx and 5xx, the one way errors are declared in every service (and documented in /api/docs).
 */
export function responses<S extends TSchema, C extends number = 200>(success: S, status: C = 200 as C): Responses<S, C> {
  return { [status]: success, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as Responses<S, C>;
}
