import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { useSettled } from '@pharmacy/session';
import { accountQueries, useAccountQueries } from '../queries';

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
  useAccountQueries();
  const [known, setKnown] = useState<ReadonlyMap<string, boolean>>(new Map());
  const missing = [...new Set(terms.map(key).filter((t) => t && !known.has(t)))];
  const asked = useSettled(missing, missing.join('\n'), SETTLE_MS);
  const { data: answers } = accountQueries.useTermRecognitionQuery(asked.settled && asked.value.length > 0 ? asked.value : skipToken);

  useEffect(() => {
    if (!answers) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const a of answers) next.set(key(a.term), a.recognised);
      return next;
    });
  }, [answers]);

  return (term) => known.get(key(term)) === false;
}
