import type { ChangeEvent } from 'react';
import { ACCOUNT_LIMITS } from '@pharmacy/contracts';
import { Field, Input, Textarea } from '@pharmacy/ui';
import { Row } from './layout';

/** The part of a useForm form these fields use, for the names they edit. */
interface FormWith<Name extends string> {
  field: (name: Name) => { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; onBlur: () => void };
  errorOf: (name: Name) => string | null;
}

/**
 * What a new password needs, shown under the field before anything is refused. The account service checks
 * strength with a password estimator and its common-password list (kept on the server, not shipped to the
 * browser); its refusal says what was wrong and replaces this hint in the form's alert.
 */
export const NEW_PASSWORD_HINT =
  `At least ${ACCOUNT_LIMITS.passwordMin} characters and hard to guess: a few unrelated words work well. Common passwords and your own name or email are refused.`;

/** The repeat field's problem: empty, or not the same as the password it repeats. */
export const repeatProblem = (repeat: string, password: string, what: string) =>
  !repeat ? `Please repeat the ${what}.` : repeat !== password ? 'The passwords do not match.' : null;

export function EmailField({ form }: { form: FormWith<'email'> }) {
  return (
    <Field label="Email" required error={form.errorOf('email')}>
      <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
    </Field>
  );
}

/** First and last name side by side (stacked on phones), then the email. */
export function NameAndEmailFields({ form }: { form: FormWith<'firstName' | 'lastName' | 'email'> }) {
  return (
    <>
      <Row>
        <Field label="First name" required error={form.errorOf('firstName')}>
          <Input autoComplete="given-name" {...form.field('firstName')} />
        </Field>
        <Field label="Last name" required error={form.errorOf('lastName')}>
          <Input autoComplete="family-name" {...form.field('lastName')} />
        </Field>
      </Row>
      <EmailField form={form} />
    </>
  );
}

/** A new password with what it needs, and its repeat ("Password" on sign-up, "New password" when replacing one). */
export function NewPasswordFields<Name extends string>({
  form,
  name,
  label,
}: {
  form: FormWith<Name | 'confirmPassword'>;
  name: Name;
  label: 'Password' | 'New password';
}) {
  return (
    <>
      <Field label={label} required error={form.errorOf(name)} hint={NEW_PASSWORD_HINT}>
        <Input type="password" autoComplete="new-password" {...form.field(name)} />
      </Field>
      <Field label={`Confirm ${label.toLowerCase()}`} required error={form.errorOf('confirmPassword')}>
        <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      </Field>
    </>
  );
}

/** A message with its length against the server's limit, counted as the server counts it (trimmed). */
export function LongTextField<Name extends string>({
  form,
  name,
  label,
  max,
}: {
  form: FormWith<Name> & { values: Record<Name, string> };
  name: Name;
  label: string;
  max: number;
}) {
  return (
    <Field label={label} required error={form.errorOf(name)} hint={`${form.values[name].trim().length}/${max} characters`}>
      <Textarea rows={6} {...form.field(name)} />
    </Field>
  );
}
