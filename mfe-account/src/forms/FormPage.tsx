import type { ReactNode } from 'react';
import { Button, PageTitle } from '@pharmacy/ui';
import { Alert, FormCard, Lead, Links, Narrow } from './layout';
import type { SubmitError, Submission } from './useSubmit';

/** An account page around one form: its title, a card with the lead text, the form, and links onward. */
export function FormPage({ title, lead, wide, links, children }: { title: string; lead?: ReactNode; wide?: boolean; links?: ReactNode; children: ReactNode }) {
  return (
    <Narrow $wide={wide}>
      <PageTitle>{title}</PageTitle>
      <FormCard>
        {lead && <Lead>{lead}</Lead>}
        {children}
        {links && <Links>{links}</Links>}
      </FormCard>
    </Narrow>
  );
}

interface SubmitFormProps {
  /** The form's accessible name. */
  label: string;
  submission: Submission;
  submitLabel: string;
  /** What the button says while the request is pending (announced). */
  sendingLabel: string;
  /** More to say after the server's refusal, e.g. a link to a fresh start. */
  errorAction?: (error: SubmitError) => ReactNode;
  children: ReactNode;
}

/** The confirmation or the server's refusal above the fields, and the submit button that shows the pending state. */
export function SubmitForm({ label, submission, submitLabel, sendingLabel, errorAction, children }: SubmitFormProps) {
  const { sent, error, sending, onSubmit } = submission;
  return (
    <>
      {sent && <Alert tone="success">{sent}</Alert>}
      {error && (
        <Alert>
          {error.message}
          {errorAction && <> {errorAction(error)}</>}
        </Alert>
      )}
      {/* POST: a form submitted before its script runs never puts what was typed in the URL */}
      <form noValidate method="post" onSubmit={onSubmit} aria-label={label}>
        {children}
        <Button type="submit" fullWidth loading={sending} loadingLabel={sendingLabel}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
