import { useCallback } from 'react';
import { ACCOUNT_LIMITS } from '@pharmacy/contracts';
import { ChipCombobox } from '@pharmacy/ui';
import { suggestTerms, type TermsFor } from './terms';
import { UNRECOGNISED_NOTE, useUnrecognised } from './useUnrecognised';

interface TermsInputProps {
  kind: TermsFor;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder: string;
  hint: string;
}

/** One list of the health profile: suggestions from the catalog's knowledge table, free text allowed and flagged. */
function HealthTermsInput({ kind, label, values, onChange, placeholder, hint }: TermsInputProps) {
  const suggest = useCallback((query: string, signal: AbortSignal) => suggestTerms(kind, query, signal), [kind]);
  const unrecognised = useUnrecognised(values);
  return (
    <ChipCombobox
      label={label}
      values={values}
      onChange={onChange}
      suggest={suggest}
      placeholder={placeholder}
      hint={hint}
      noteFor={(term) => (unrecognised(term) ? UNRECOGNISED_NOTE : null)}
      maxItems={ACCOUNT_LIMITS.listMax}
      maxLength={ACCOUNT_LIMITS.listItemMax}
    />
  );
}

export interface HealthProfileValues {
  allergies: string[];
  healthConditions: string[];
}

/** Allergies and health conditions, as the profile form and the step after sign-up both ask for them. */
export function HealthProfileFields({ value, onChange }: { value: HealthProfileValues; onChange: (next: HealthProfileValues) => void }) {
  return (
    <>
      <HealthTermsInput
        kind="allergy"
        label="Allergies"
        values={value.allergies}
        onChange={(allergies) => onChange({ ...value, allergies })}
        placeholder="e.g. penicillin, Nurofen, lactose"
        hint="Start typing to see suggestions, or press Enter to add your own words. Medicines, brands, drug groups and ingredients all work."
      />
      <HealthTermsInput
        kind="condition"
        label="Health conditions"
        values={value.healthConditions}
        onChange={(healthConditions) => onChange({ ...value, healthConditions })}
        placeholder="e.g. asthma, high blood pressure"
        hint="Include pregnancy or breastfeeding. We warn you about products that are not advised with them."
      />
    </>
  );
}
