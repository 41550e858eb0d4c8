import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountPaths, passwordProblem } from '@pharmacy/contracts';
import { api, checkAuth, getErrorMessage, isApiError, useAppDispatch } from '@pharmacy/session';
import { Button, Field, Input, PageTitle, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { NEW_PASSWORD_HINT } from '../forms/passwordHint';
import { Alert, FormCard, Lead, Links, Narrow } from '../forms/layout';

const validate = (v: { password: string; confirmPassword: string }) => ({
  password: passwordProblem(v.password, 'New password'),
  confirmPassword: !v.confirmPassword ? 'Please repeat the new password.' : v.confirmPassword !== v.password ? 'The passwords do not match.' : null,
});

/** /reset-password?token=...: the link from the reset mail. Success signs out everywhere, then /sign-in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm({ password: '', confirmPassword: '' }, validate);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; linkUnusable: boolean } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      await api.post(AccountPaths.resetPassword, { token, password: form.values.password });
      toast({ title: 'Password reset', description: 'Please sign in with your new password.' });
      void dispatch(checkAuth()); // every session was just ended, this browser's included
      navigate('/sign-in', { replace: true });
    } catch (err) {
      // A refused password (too weak) leaves the link usable; only a bad link needs a new one.
      setServerError({ message: getErrorMessage(err), linkUnusable: isApiError(err) && err.code === 'RESET_TOKEN' });
      setSending(false);
    }
  }

  return (
    <Narrow>
      <PageTitle>Choose a new password</PageTitle>
      <FormCard>
        {!token ? (
          <>
            <Alert>This reset link is incomplete: it has no token. Open the link from the email again, or ask for a new one.</Alert>
            <Links>
              <Link to="/forgot-password">Ask for a new reset link</Link>
            </Links>
          </>
        ) : (
          <>
            <Lead>Choose a password you do not use anywhere else. You will be signed out on every device.</Lead>
            {serverError && (
              <Alert>
                {serverError.message} {serverError.linkUnusable && <Link to="/forgot-password">Ask for a new link</Link>}
              </Alert>
            )}
            <form noValidate onSubmit={onSubmit} aria-label="Reset password">
              <Field label="New password" required error={form.errorOf('password')} hint={NEW_PASSWORD_HINT}>
                <Input type="password" autoComplete="new-password" {...form.field('password')} />
              </Field>
              <Field label="Confirm new password" required error={form.errorOf('confirmPassword')}>
                <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
              </Field>
              <Button type="submit" fullWidth loading={sending} loadingLabel="Saving your new password">
                Reset password
              </Button>
            </form>
          </>
        )}
      </FormCard>
    </Narrow>
  );
}
