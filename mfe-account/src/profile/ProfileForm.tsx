import { useMemo, useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, dobProblem, emailProblem, nameProblem, normalizeEmail, phoneProblem, type PhoneRule } from '@pharmacy/contracts';
import { useMarket, type ProfileUpdate, type SessionUser } from '@pharmacy/session';
import { Button, Field, Input } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { HealthProfileFields, type HealthProfileValues } from '../health/HealthProfileFields';
import { NameAndEmailFields } from '../forms/fields';
import { Actions, Alert, Row } from '../forms/layout';
import { DateOfBirthField } from './DateOfBirthField';
import { useProfileUpdate } from './useProfileUpdate';

type ProfileValues = { firstName: string; lastName: string; email: string; phone: string; DOB: string; currentPassword: string };

/** The account service asks for the current password when the email changes (a case change is not a change). */
const emailChanged = (user: SessionUser, email: string) => normalizeEmail(email) !== normalizeEmail(user.email ?? '');

/** The market's phone rule for a new phone; one saved under an older rule is left as it is, as the service does. */
const validateFor = (user: SessionUser, phoneRule: PhoneRule) => (v: ProfileValues) => ({
  firstName: nameProblem(v.firstName, 'First name'),
  lastName: nameProblem(v.lastName, 'Last name'),
  email: emailProblem(v.email),
  phone: v.phone.trim() === (user.phone ?? '') ? null : phoneProblem(v.phone, phoneRule),
  DOB: dobProblem(v.DOB),
  currentPassword: emailChanged(user, v.email) && !v.currentPassword ? 'Enter your current password to change your email address.' : null,
});

/** Edits every profile field; saving goes through the session's update flow (PUT /api/account/profile). */
export function ProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { phone: phoneRule } = useMarket();
  const validate = useMemo(() => validateFor(user, phoneRule), [user, phoneRule]);
  const form = useForm<ProfileValues>(
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      DOB: user.DOB ?? '',
      currentPassword: '',
    },
    validate,
  );
  const [health, setHealth] = useState<HealthProfileValues>({ allergies: user.allergies ?? [], healthConditions: user.healthConditions ?? [] });
  const { save, saving, serverError, clearServerError } = useProfileUpdate({ title: 'Profile saved', description: 'Your details are up to date.' }, onDone);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    clearServerError();
    if (!form.validateAll()) return;
    const v = form.values;
    const update: ProfileUpdate = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(), // "" clears it
      DOB: v.DOB.trim(),
      allergies: health.allergies,
      healthConditions: health.healthConditions,
      ...(emailChanged(user, v.email) ? { currentPassword: v.currentPassword } : {}),
    };
    save(update);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile">
      {serverError && <Alert>{serverError}</Alert>}
      <NameAndEmailFields form={form} />
      {emailChanged(user, form.values.email) && (
        <Field
          label="Current password"
          required
          error={form.errorOf('currentPassword')}
          hint="Needed to change your email address, because password reset links are sent there."
        >
          <Input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        </Field>
      )}
      <Row>
        <Field label="Phone" error={form.errorOf('phone')} hint={`Optional, e.g. ${phoneRule.example}`}>
          <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={ACCOUNT_LIMITS.phoneMax} {...form.field('phone')} />
        </Field>
        <DateOfBirthField {...form.field('DOB')} error={form.errorOf('DOB')} />
      </Row>
      <HealthProfileFields value={health} onChange={setHealth} />
      <Actions>
        <Button type="submit" loading={saving} loadingLabel="Saving your profile">
          Save changes
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </Actions>
    </form>
  );
}
