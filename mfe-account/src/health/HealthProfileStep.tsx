import { useState, type FormEvent } from 'react';
import { dobProblem } from '@pharmacy/contracts';
import type { ProfileUpdate } from '@pharmacy/session';
import { Button } from '@pharmacy/ui';
import { FormPage } from '../forms/FormPage';
import { Actions, Alert } from '../forms/layout';
import { DateOfBirthField } from '../profile/DateOfBirthField';
import { useProfileUpdate } from '../profile/useProfileUpdate';
import { HealthProfileFields, type HealthProfileValues } from './HealthProfileFields';

/** Why the step is worth a minute, said where it is offered. */
export const HEALTH_PROFILE_WHY = 'We check every medicine against your allergies and conditions and warn you before you buy.';

/**
 * The optional step offered right after a new shopper's first sign-in (registration itself never signs in, so the
 * profile can only be saved now): the date of birth the age checks need, allergies and conditions. It saves what
 * was given through the usual profile update; skipping changes nothing, and all of it stays editable on the
 * profile page. `onDone` goes on to where the shopper was going.
 */
export function HealthProfileStep({ onDone }: { onDone: () => void }) {
  const [health, setHealth] = useState<HealthProfileValues>({ allergies: [], healthConditions: [] });
  const [dob, setDob] = useState({ value: '', touched: false });
  const dobError = dob.touched ? dobProblem(dob.value) : null;
  const { save, saving, serverError, clearServerError } = useProfileUpdate(
    { title: 'Health profile saved', description: 'We will warn you about medicines that may not suit you.' },
    onDone,
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    clearServerError();
    setDob((d) => ({ ...d, touched: true }));
    if (dobProblem(dob.value)) return;
    const DOB = dob.value.trim();
    if (health.allergies.length === 0 && health.healthConditions.length === 0 && !DOB) {
      onDone();
      return;
    }
    const update: ProfileUpdate = { allergies: health.allergies, healthConditions: health.healthConditions, ...(DOB ? { DOB } : {}) };
    save(update);
  }

  return (
    <FormPage
      title="Your health profile"
      lead={
        <>
          Optional. {HEALTH_PROFILE_WHY} You can change it any time in your profile.
        </>
      }
    >
      {serverError && <Alert>{serverError}</Alert>}
      <form noValidate onSubmit={onSubmit} aria-label="Health profile">
        <DateOfBirthField
          value={dob.value}
          onChange={(e) => setDob({ value: e.target.value, touched: true })}
          onBlur={() => setDob((d) => ({ ...d, touched: true }))}
          error={dobError}
        />
        <HealthProfileFields value={health} onChange={setHealth} />
        <Actions>
          <Button type="submit" loading={saving} loadingLabel="Saving your health profile">
            Save and continue
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={saving}>
            Skip for now
          </Button>
        </Actions>
      </form>
    </FormPage>
  );
}
