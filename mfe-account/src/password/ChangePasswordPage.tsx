import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccountPaths, passwordProblem } from '@pharmacy/contracts';
import { api, getErrorMessage } from '@pharmacy/session';
import { Button, Field, Input, PageTitle, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { NEW_PASSWORD_HINT } from '../forms/passwordHint';
import { Alert, FormCard, Lead, Links, Narrow } from '../forms/layout';

const initial = { currentPassword: '', newPassword: '', confirmPassword: '' };
const validate = (v: typeof initial) => ({
  currentPassword: v.currentPassword ? null : 'Enter your current password.',
  newPassword:
    passwordProblem(v.newPassword, 'New password') ??
    (v.currentPassword && v.newPassword === v.currentPassword ? 'The new password must be different from the current one.' : null),
  confirmPassword: !v.confirmPassword ? 'Please repeat the new password.' : v.confirmPassword !== v.newPassword ? 'The passwords do not match.' : null,
});

/** /change-password: this device stays signed in; every other device is signed out by the server. */
export function ChangePasswordPage() {
  const form = useForm(initial, validate);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      const res = await api.post(AccountPaths.changePassword, {
        currentPassword: form.values.currentPassword,
        newPassword: form.values.newPassword,
      });
      toast({ title: 'Password changed', description: res.message ?? 'Other devices have been signed out.' });
      form.reset();
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Narrow>
      <PageTitle>Change password</PageTitle>
      <FormCard>
        <Lead>After the change you stay signed in here; every other device is signed out.</Lead>
        {serverError && <Alert>{serverError}</Alert>}
        <form noValidate onSubmit={onSubmit} aria-label="Change password">
          <Field label="Current password" required error={form.errorOf('currentPassword')}>
            <Input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
          </Field>
          <Field label="New password" required error={form.errorOf('newPassword')} hint={NEW_PASSWORD_HINT}>
            <Input type="password" autoComplete="new-password" {...form.field('newPassword')} />
          </Field>
          <Field label="Confirm new password" required error={form.errorOf('confirmPassword')}>
            <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
          </Field>
          <Button type="submit" fullWidth loading={sending} loadingLabel="Changing your password">
            Change password
          </Button>
        </form>
        <Links>
          <Link to="/profile">Back to my profile</Link>
          <Link to="/forgot-password">Forgot your current password?</Link>
        </Links>
      </FormCard>
    </Narrow>
  );
}
