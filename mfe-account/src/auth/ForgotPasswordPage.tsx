import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AccountRoutes, pathTo, emailProblem } from '@pharmacy/contracts';
import { api } from '@pharmacy/session';
import { Button, th } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { EmailField } from '../forms/fields';
import { Alert, Lead } from '../forms/layout';

const validate = (v: { email: string }) => ({ email: emailProblem(v.email) });

const MailboxLink = styled.a`
  color: ${th((t) => t.colors.brandStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  text-decoration: underline;
`;

/**
 * The dev mailbox's path when the server says this install keeps its mail there (no mail server, not production).
 * Only a path on this site is followed: the answer names a page of the shop, never another address.
 */
const mailboxOf = (answer: { readonly [key: string]: unknown }): string | null => {
  const { mailbox } = answer;
  return typeof mailbox === 'string' && mailbox.startsWith('/') && !mailbox.startsWith('//') ? mailbox : null;
};

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const form = useForm({ email: '' }, validate);
  const [mailbox, setMailbox] = useState<string | null>(null);
  const submission = useSubmit(form, async ({ email }) => {
    const res = await api.post(pathTo(AccountRoutes.recovery.forgotPassword), { email: email.trim() });
    setMailbox(mailboxOf(res));
    return res.message ?? 'If an account exists for that email, we have sent a link to reset the password.';
  });

  return (
    <FormPage title="Forgot your password?" links={<Link to="/sign-in">Back to sign in</Link>}>
      {submission.sent ? (
        <>
          <Alert tone="success">{submission.sent}</Alert>
          {mailbox ? (
            // A server page, not a route of the app: a plain link loads it.
            <Lead>
              No mail server is set up here: <MailboxLink href={mailbox}>open the mailbox</MailboxLink> to read the mail
              with your reset link.
            </Lead>
          ) : (
            <Lead>Check your inbox and your spam folder. You can ask for another link if this one does not arrive.</Lead>
          )}
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
