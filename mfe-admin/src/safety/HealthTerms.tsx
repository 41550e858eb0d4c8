import styled from 'styled-components';
import { Badge, th } from '@pharmacy/ui';
import { DASH } from '../format';
import type { RecognitionState } from './slice';
import { termKey, termsToCheck } from './terms';

export const NOT_RECOGNISED = 'Not recognised — check with the customer';

const Terms = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: inline-flex; flex-wrap: wrap; align-items: center; gap: ${th((t) => t.space(1))}; }
  /* The term itself is highlighted, not only the badge beside it, so it stands out when the list wraps. */
  mark { background: ${th((t) => t.colors.warningSubtle)}; color: inherit; padding: 0 0.125rem; border-radius: ${th((t) => t.radii.sm)}; }
  /* The marker is long: on a phone it may wrap inside itself rather than push the dialog wider. */
  li > span:last-child { white-space: normal; }
`;

const Note = styled.p`
  margin: ${th((t) => t.space(1))} 0 0;
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export interface HealthTermsProps {
  terms: readonly string[];
  recognition: RecognitionState;
  /** Terms already known to be unrecognised (an order records those of the day it was placed). */
  flagged?: readonly string[];
}

/**
 * A customer's allergies or conditions, each term the medicine knowledge table does not know marked: the shop
 * matched it as text only, so a pharmacist confirms with the customer what they meant.
 */
export function HealthTerms({ terms, recognition, flagged = [] }: HealthTermsProps) {
  const shown = terms.map((t) => t.trim()).filter(Boolean);
  if (shown.length === 0) return <>{DASH}</>;
  const flaggedKeys = new Set(flagged.map(termKey));
  const asked = new Set(termsToCheck(shown).map(termKey));
  const unrecognised = (term: string) => {
    const key = termKey(term);
    if (flaggedKeys.has(key) || !asked.has(key)) return true;
    // A term the answer leaves out counts as unknown: a pharmacist would rather check one term too many.
    return recognition.known !== null && recognition.known[key] !== true;
  };
  return (
    <>
      <Terms>
        {shown.map((term, index) => (
          <li key={`${term}-${index}`}>
            {unrecognised(term) ? (
              <>
                <mark>{term}</mark>
                <Badge variant="warning">{NOT_RECOGNISED}</Badge>
              </>
            ) : (
              term
            )}
          </li>
        ))}
      </Terms>
      {recognition.failed && <Note>These terms could not be checked against the medicine list; check any you do not know with the customer.</Note>}
    </>
  );
}
