// One route of a service as both ends know it: its method, its path (Fastify's `:name` pattern) and, as types only,
// what it takes and answers. A service registers `route.path`; a client (another service, or the browser) builds
// its URL with `pathTo`, so the two can never spell a path differently (docs/architecture.md#routes).
// Nothing here runs a schema: the browser bundles this file (browser.ts).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The `:name` segments of a path pattern, as the object of strings that fills them. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * `Reply` is the whole body of a success (the envelope), `Body` the request body and `Query` the query string;
 * `undefined` where the route takes none. The `types` field never exists at run time: it carries them for `tsc`.
 */
export interface Route<M extends Method = Method, P extends string = string, Reply = unknown, Body = undefined, Query = undefined> {
  readonly method: M;
  readonly path: P;
  readonly types?: { reply: Reply; body: Body; query: Query };
}

/** `route<Reply, Body, Query>()('POST', '/api/…/:id')`: the types are named, the method and path inferred. */
export const route =
  <Reply, Body = undefined, Query = undefined>() =>
  <M extends Method, P extends string>(method: M, path: P): Route<M, P, Reply, Body, Query> => ({ method, path });

/** Any route, whatever it takes and answers (for functions that accept every route). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type parameters are read back by the helpers below
export type AnyRoute = Route<Method, string, any, any, any>;

export type ReplyOf<R extends AnyRoute> = NonNullable<R['types']>['reply'];
/** The `data` of a route's success envelope. */
export type DataOf<R extends AnyRoute> = ReplyOf<R> extends { data: infer D } ? D : never;
export type BodyOf<R extends AnyRoute> = NonNullable<R['types']>['body'];
export type QueryOf<R extends AnyRoute> = NonNullable<R['types']>['query'];
export type ParamsOf<R extends AnyRoute> = PathParams<R['path']>;

/** What a call names besides the route: its path's params (when it has any), its body and its query. */
export type CallInput<R extends AnyRoute> = (keyof ParamsOf<R> extends never ? { params?: undefined } : { params: ParamsOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query: QueryOf<R> });

/** The URL of a route: each `:name` filled (encoded) from `params`, then the query's defined values. */
export function pathTo<R extends AnyRoute>(
  r: R,
  ...[params, query]: keyof ParamsOf<R> extends never ? [params?: undefined, query?: QueryOf<R>] : [params: ParamsOf<R>, query?: QueryOf<R>]
): string {
  const filled = r.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`${r.method} ${r.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}
