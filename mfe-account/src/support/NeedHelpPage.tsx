import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_LIMITS, AccountRoutes, pathTo, textProblem } from '@pharmacy/contracts';
import { api, useMarket } from '@pharmacy/session';
import { Field, Input, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { LongTextField } from '../forms/fields';

/**
 * The order as the shopper reads it in My orders ("#FC34A420") or pasted bare: the team's search takes the number
 * with or without its '#', and the account service keeps letters, digits, '-' and '_', so the '#' is not sent.
 */
const orderRef = (value: string) => value.trim().replace(/^#/, '');

const validate = (v: { subject: string; message: string; orderId: string }) => ({
  subject: textProblem(v.subject, 'Subject', ACCOUNT_LIMITS.subjectMax, 3),
  message: textProblem(v.message, 'Message', ACCOUNT_LIMITS.messageMax, 10),
  orderId:
    v.orderId.trim() && !/^[A-Za-z0-9_-]{1,64}$/.test(orderRef(v.orderId))
      ? 'The order number is not valid. Copy it from My orders, or leave it empty.'
      : null,
});

/** /need-help: a message to the pharmacy team, optionally about one order (?orderId= from My orders). */
export function NeedHelpPage() {
  const { health } = useMarket();
  const [params] = useSearchParams();
  const form = useForm({ subject: '', message: '', orderId: params.get('orderId') ?? '' }, validate);
  const submission = useSubmit(form, async ({ subject, message, orderId }) => {
    const res = await api.post(pathTo(AccountRoutes.tickets.needHelp), {
      subject: subject.trim(),
      message: message.trim(),
      ...(orderRef(orderId) ? { orderId: orderRef(orderId) } : {}),
    });
    const text = res.message ?? 'Thanks, we have your request.';
    toast({ title: 'Request sent', description: text });
    form.reset({ subject: '', message: '', orderId: '' });
    return text;
  });

  return (
    <FormPage
      wide
      title="Need help?"
      lead={`Questions about an order, a delivery or a medicine? Our pharmacists and support team reply by email. In a medical emergency call ${health.emergencyNumber}.`}
      links={
        <>
          <Link to="/my-orders">My orders</Link>
          <Link to="/suggest-idea">Suggest an idea instead</Link>
        </>
      }
    >
      <SubmitForm label="Need help" submission={submission} submitLabel="Send request" sendingLabel="Sending your request">
        <Field label="Subject" required error={form.errorOf('subject')}>
          <Input maxLength={ACCOUNT_LIMITS.subjectMax} {...form.field('subject')} />
        </Field>
        <Field label="Order number" error={form.errorOf('orderId')} hint="Optional: from My orders, e.g. #FC34A420.">
          <Input {...form.field('orderId')} />
        </Field>
        <LongTextField form={form} name="message" label="How can we help?" max={ACCOUNT_LIMITS.messageMax} />
      </SubmitForm>
    </FormPage>
  );
}
