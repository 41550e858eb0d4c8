import { Type, type Static, type TLiteral, type TProperties, type TSchema } from '@sinclair/typebox';

/** Every response is one of these two shapes (docs/api.md#envelope). */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data, message: Type.Optional(Type.String()) }, { additionalProperties: false });

export const ErrorEnvelope = Type.Object(
  { success: Type.Literal(false), message: Type.String(), code: Type.String() },
  { additionalProperties: false },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export type OkEnvelope<T> = { success: true; data: T; message?: string };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/**
 * A list call's answer: `data` is always the array (a client can empty its list on failure and map it as is);
 * paging and summary figures sit beside it, at the top level of the envelope.
 */
export const OkList = <T extends TSchema, F extends TProperties = Record<never, never>>(item: T, figures: F = {} as F) =>
  Type.Object(
    { success: Type.Literal(true), data: Type.Array(item), message: Type.Optional(Type.String()), ...figures },
    { additionalProperties: false },
  );
export type OkListEnvelope<T, F = object> = OkEnvelope<T[]> & F;

/** The figures beside every paginated list: how many match in all, which page this is and its size. */
export const PageFigures = {
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
};
export type PageFigures = { total: number; page: number; limit: number };

/** One of these strings: the schema of a closed list of names (statuses, kinds, codes). */
export const OneOf = <const T extends readonly string[]>(values: T) => Type.Union(values.map((value) => Type.Literal(value)) as TLiteral<T[number]>[]);

/** Ids are service-generated UUID strings; path params are checked against this. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** An object schema that rejects unknown fields (every request and response schema uses this). */
export const StrictObject: typeof Type.Object = ((props: Parameters<typeof Type.Object>[0], options?: object) =>
  Type.Object(props, { additionalProperties: false, ...options })) as typeof Type.Object;

/**
 * `userId` in a body that acts for the signed-in user: optional (the session says who it is), and when present it
 * must be that user (403 otherwise). Existing clients send it on cart, address, review and order bodies (docs/api.md#who-may-call).
 */
export const BodyUserId = Type.Optional(Id);
