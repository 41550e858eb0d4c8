import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccountPaths, emailProblem } from '@pharmacy/contracts';
import { api, getErrorMessage } from '@pharmacy/session';
import { Button, Field, Input, PageTitle } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { Alert, FormCard, Lead, Links, Narrow } from '../forms/layout';

const validate = (v: { email: string }) => ({ email: emailProblem(v.email) });

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const form = useForm({ email: '' }, validate);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      const res = await api.post(AccountPaths.forgotPassword, { email: form.values.email.trim() });
      setSent(res.message ?? 'If an account exists for that email, we have sent a link to reset the password.');
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Narrow>
      <PageTitle>Forgot your password?</PageTitle>
      <FormCard>
        {sent ? (
          <>
            <Alert tone="success">{sent}</Alert>
            <Lead>Check your inbox and your spam folder. You can ask for another link if this one does not arrive.</Lead>
            <Button variant="secondary" onClick={() => setSent(null)}>
              Send another link
            </Button>
          </>
        ) : (
          <>
            <Lead>Enter the email of your account and we will send you a link to choose a new password.</Lead>
            {serverError && <Alert>{serverError}</Alert>}
            <form noValidate onSubmit={onSubmit} aria-label="Forgot password">
              <Field label="Email" required error={form.errorOf('email')}>
                <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
              </Field>
              <Button type="submit" fullWidth loading={sending} loadingLabel="Sending the link">
                Send reset link
              </Button>
            </form>
          </>
        )}
        <Links>
          <Link to="/sign-in">Back to sign in</Link>
        </Links>
      </FormCard>
    </Narrow>
  );
}
