import { useCallback } from 'react';
import { ACCOUNT_LIMITS } from '@pharmacy/contracts';
import { useAppDispatch } from '@pharmacy/session';
import { ChipCombobox } from '@pharmacy/ui';
import { accountQueries, useAccountQueries } from '../queries';
import type { TermsFor } from './api';
import { UNRECOGNISED_NOTE, useUnrecognised } from './useUnrecognised';

export interface HealthProfileValues {
  allergies: string[];
  healthConditions: string[];
}

interface HealthProfileFieldsProps {
  value: HealthProfileValues;
  onChange: (next: HealthProfileValues) => void;
}

/** Each list's kind of term (which part of the knowledge table suggests it) and its words. */
const LISTS: Record<keyof HealthProfileValues, { kind: TermsFor; label: string; placeholder: string; hint: string }> = {
  allergies: {
    kind: 'allergy',
    label: 'Allergies',
    placeholder: 'e.g. penicillin, Nurofen, lactose',
    hint: 'Start typing to see suggestions, or press Enter to add your own words. Medicines, brands, drug groups and ingredients all work.',
  },
  healthConditions: {
    kind: 'condition',
    label: 'Health conditions',
    placeholder: 'e.g. asthma, high blood pressure',
    hint: 'Include pregnancy or breastfeeding. We warn you about products that are not advised with them.',
  },
};

/** One list of the health profile: suggestions from the catalog's knowledge table, free text allowed and flagged. */
function HealthTermsInput({ list, value, onChange }: HealthProfileFieldsProps & { list: keyof HealthProfileValues }) {
  const { kind, label, placeholder, hint } = LISTS[list];
  useAccountQueries();
  const dispatch = useAppDispatch();
  // The combobox waits for a pause in typing and aborts a lookup its text has left; the cache answers a query typed again.
  const suggest = useCallback(
    (query: string, signal: AbortSignal) => {
      const lookup = dispatch(accountQueries.endpoints.termSuggestions.initiate({ kind, query }, { subscribe: false }));
      signal.addEventListener('abort', () => lookup.abort(), { once: true });
      return lookup.unwrap();
    },
    [dispatch, kind],
  );
  const values = value[list];
  const unrecognised = useUnrecognised(values);
  return (
    <ChipCombobox
      label={label}
      values={values}
      onChange={(terms) => onChange({ ...value, [list]: terms })}
      suggest={suggest}
      placeholder={placeholder}
      hint={hint}
      noteFor={(term) => (unrecognised(term) ? UNRECOGNISED_NOTE : null)}
      maxItems={ACCOUNT_LIMITS.listMax}
      maxLength={ACCOUNT_LIMITS.listItemMax}
    />
  );
}

/** Allergies and health conditions, as the profile form and the step after sign-up both ask for them. */
export function HealthProfileFields(props: HealthProfileFieldsProps) {
  return (
    <>
      <HealthTermsInput list="allergies" {...props} />
      <HealthTermsInput list="healthConditions" {...props} />
    </>
  );
}
