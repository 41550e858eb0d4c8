import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountRoutes, pathTo, passwordProblem } from '@pharmacy/contracts';
import { api, checkAuth, useAppDispatch } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { NewPasswordFields, repeatProblem } from '../forms/fields';
import { Alert, Lead } from '../forms/layout';

const validate = (v: { password: string; confirmPassword: string }) => ({
  password: passwordProblem(v.password, 'New password'),
  confirmPassword: repeatProblem(v.confirmPassword, v.password, 'new password'),
});

/** /reset-password?token=...: the link from the reset mail. Success signs out everywhere, then /sign-in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm({ password: '', confirmPassword: '' }, validate);
  const submission = useSubmit(form, async ({ password }) => {
    await api.post(pathTo(AccountRoutes.recovery.resetPassword), { token, password });
    toast({ title: 'Password reset', description: 'Please sign in with your new password.' });
    void dispatch(checkAuth()); // every session was just ended, this browser's included
    navigate('/sign-in', { replace: true });
  });

  if (!token) {
    return (
      <FormPage title="Choose a new password" links={<Link to="/forgot-password">Ask for a new reset link</Link>}>
        <Alert>This reset link is incomplete: it has no token. Open the link from the email again, or ask for a new one.</Alert>
      </FormPage>
    );
  }
  return (
    <FormPage title="Choose a new password">
      <Lead>Choose a password you do not use anywhere else. You will be signed out on every device.</Lead>
      <SubmitForm
        label="Reset password"
        submission={submission}
        submitLabel="Reset password"
        sendingLabel="Saving your new password"
        // A refused password (too weak) leaves the link usable; only a bad link needs a new one.
        errorAction={(error) => error.code === 'RESET_TOKEN' && <Link to="/forgot-password">Ask for a new link</Link>}
      >
        <NewPasswordFields form={form} name="password" label="New password" />
      </SubmitForm>
    </FormPage>
  );
}
