import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_LIMITS, AccountPaths, textProblem } from '@pharmacy/contracts';
import { api, getErrorMessage } from '@pharmacy/session';
import { Button, Field, Input, PageTitle, Textarea, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { Alert, FormCard, Lead, Links, Narrow } from '../forms/layout';

const validate = (v: { subject: string; message: string; orderId: string }) => ({
  subject: textProblem(v.subject, 'Subject', ACCOUNT_LIMITS.subjectMax, 3),
  message: textProblem(v.message, 'Message', ACCOUNT_LIMITS.messageMax, 10),
  orderId:
    v.orderId.trim() && !/^[A-Za-z0-9_-]{1,64}$/.test(v.orderId.trim())
      ? 'The order number is not valid. Copy it from My orders, or leave it empty.'
      : null,
});

/** /need-help: a message to the pharmacy team, optionally about one order (?orderId= from My orders). */
export function NeedHelpPage() {
  const [params] = useSearchParams();
  const form = useForm({ subject: '', message: '', orderId: params.get('orderId') ?? '' }, validate);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    const { subject, message, orderId } = form.values;
    try {
      const res = await api.post(AccountPaths.needHelp, {
        subject: subject.trim(),
        message: message.trim(),
        ...(orderId.trim() ? { orderId: orderId.trim() } : {}),
      });
      const text = res.message ?? 'Thanks, we have your request.';
      toast({ title: 'Request sent', description: text });
      setSent(text);
      form.reset({ subject: '', message: '', orderId: '' });
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Narrow $wide>
      <PageTitle>Need help?</PageTitle>
      <FormCard>
        <Lead>
          Questions about an order, a delivery or a medicine? Our pharmacists and support team reply by email. In a medical
          emergency call your local emergency number.
        </Lead>
        {sent && <Alert tone="success">{sent}</Alert>}
        {serverError && <Alert>{serverError}</Alert>}
        <form noValidate onSubmit={onSubmit} aria-label="Need help">
          <Field label="Subject" required error={form.errorOf('subject')}>
            <Input maxLength={ACCOUNT_LIMITS.subjectMax} {...form.field('subject')} />
          </Field>
          <Field label="Order number" error={form.errorOf('orderId')} hint="Optional: from My orders.">
            <Input {...form.field('orderId')} />
          </Field>
          <Field label="How can we help?" required error={form.errorOf('message')} hint={`${form.values.message.trim().length}/${ACCOUNT_LIMITS.messageMax} characters`}>
            <Textarea rows={6} {...form.field('message')} />
          </Field>
          <Button type="submit" fullWidth loading={sending} loadingLabel="Sending your request">
            Send request
          </Button>
        </form>
        <Links>
          <Link to="/my-orders">My orders</Link>
          <Link to="/suggest-idea">Suggest an idea instead</Link>
        </Links>
      </FormCard>
    </Narrow>
  );
}
