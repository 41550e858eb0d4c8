import type { Doc, Update } from './port';
import { translateUpdate } from './query';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const model = require('@seald-io/nedb/lib/model') as { modify<D>(doc: D, update: Update): D };

/**
 * A MongoDB update applied in memory to a copy of a document, as the store applies it: what a write made of the
 * document it replaced (the one findOneAndUpdate returns with `returnDocument: 'before'`). For a service that keeps
 * figures derived from the writes it makes, on either adapter.
 */
export function applyUpdate<T extends Doc>(doc: T, update: Update): T {
  return model.modify(doc, translateUpdate(update));
}
