import { useEffect, useState } from 'react';
import { recogniseTerms } from './terms';

/** Said under an allergy or condition the catalog's knowledge table does not know. */
export const UNRECOGNISED_NOTE = "We don't recognise this — a pharmacist will check it on your orders";

const key = (term: string) => term.trim().toLowerCase();
/** Chips arrive one at a time while typing: ask about them together once the list settles. */
const SETTLE_MS = 300;

/**
 * Which of these terms the catalog does not recognise. A free-text term is kept and still matched as text, but the
 * shopper should know a pharmacist will look at it. Answers are remembered, so only new terms are asked about; if
 * the catalog cannot be reached nothing is marked (it would be a guess).
 */
export function useUnrecognised(terms: readonly string[]): (term: string) => boolean {
  const [known, setKnown] = useState<ReadonlyMap<string, boolean>>(new Map());
  const missing = [...new Set(terms.map(key).filter((t) => t && !known.has(t)))];
  const missingKey = missing.join('\n');

  useEffect(() => {
    if (!missingKey) return;
    const asked = missingKey.split('\n');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      recogniseTerms(asked, controller.signal)
        .then((answers) => {
          if (controller.signal.aborted) return;
          setKnown((prev) => {
            const next = new Map(prev);
            for (const a of answers) next.set(key(a.term), a.recognised);
            return next;
          });
        })
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [missingKey]);

  return (term) => known.get(key(term)) === false;
}
