import { Type, type TSchema, type Static } from '@sinclair/typebox';

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

/** A page of a list with the total, for every paginated list. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }, { additionalProperties: false });
export type PageOf<T> = { items: T[]; total: number; page: number; limit: number };

/** Ids are service-generated UUID strings; path params are checked against this. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** An object schema that rejects unknown fields (every request and response schema uses this). */
export const StrictObject: typeof Type.Object = ((props: Parameters<typeof Type.Object>[0], options?: object) =>
  Type.Object(props, { additionalProperties: false, ...options })) as typeof Type.Object;
