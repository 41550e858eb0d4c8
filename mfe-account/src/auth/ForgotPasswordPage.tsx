import { Link } from 'react-router-dom';
import { AccountPaths, emailProblem } from '@pharmacy/contracts';
import { api } from '@pharmacy/session';
import { Button } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { EmailField } from '../forms/fields';
import { Alert, Lead } from '../forms/layout';

const validate = (v: { email: string }) => ({ email: emailProblem(v.email) });

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const form = useForm({ email: '' }, validate);
  const submission = useSubmit(form, async ({ email }) => {
    const res = await api.post(AccountPaths.forgotPassword, { email: email.trim() });
    return res.message ?? 'If an account exists for that email, we have sent a link to reset the password.';
  });

  return (
    <FormPage title="Forgot your password?" links={<Link to="/sign-in">Back to sign in</Link>}>
      {submission.sent ? (
        <>
          <Alert tone="success">{submission.sent}</Alert>
          <Lead>Check your inbox and your spam folder. You can ask for another link if this one does not arrive.</Lead>
          <Button variant="secondary" onClick={submission.clearSent}>
            Send another link
          </Button>
        </>
      ) : (
        <>
          <Lead>Enter the email of your account and we will send you a link to choose a new password.</Lead>
          <SubmitForm label="Forgot password" submission={submission} submitLabel="Send reset link" sendingLabel="Sending the link">
            <EmailField form={form} />
          </SubmitForm>
        </>
      )}
    </FormPage>
  );
}
