import { Link } from 'react-router-dom';
import { AccountRoutes, pathTo, passwordProblem } from '@pharmacy/contracts';
import { api } from '@pharmacy/session';
import { Field, Input, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { NewPasswordFields, repeatProblem } from '../forms/fields';

const initial = { currentPassword: '', newPassword: '', confirmPassword: '' };
const validate = (v: typeof initial) => ({
  currentPassword: v.currentPassword ? null : 'Enter your current password.',
  newPassword:
    passwordProblem(v.newPassword, 'New password') ??
    (v.currentPassword && v.newPassword === v.currentPassword ? 'The new password must be different from the current one.' : null),
  confirmPassword: repeatProblem(v.confirmPassword, v.newPassword, 'new password'),
});

/** /change-password: this device stays signed in; every other device is signed out by the server. */
export function ChangePasswordPage() {
  const form = useForm(initial, validate);
  const submission = useSubmit(form, async ({ currentPassword, newPassword }) => {
    const res = await api.post(pathTo(AccountRoutes.recovery.changePassword), { currentPassword, newPassword });
    toast({ title: 'Password changed', description: res.message ?? 'Other devices have been signed out.' });
    form.reset();
  });

  return (
    <FormPage
      title="Change password"
      lead="After the change you stay signed in here; every other device is signed out."
      links={
        <>
          <Link to="/profile">Back to my profile</Link>
          <Link to="/forgot-password">Forgot your current password?</Link>
        </>
      }
    >
      <SubmitForm label="Change password" submission={submission} submitLabel="Change password" sendingLabel="Changing your password">
        <Field label="Current password" required error={form.errorOf('currentPassword')}>
          <Input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        </Field>
        <NewPasswordFields form={form} name="newPassword" label="New password" />
      </SubmitForm>
    </FormPage>
  );
}
