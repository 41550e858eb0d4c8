import { useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, AccountPaths, textProblem } from '@pharmacy/contracts';
import { api, getErrorMessage } from '@pharmacy/session';
import { Button, Field, Input, PageTitle, Textarea, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { Alert, FormCard, Lead, Narrow } from '../forms/layout';

const validate = (v: { title: string; description: string }) => ({
  title: textProblem(v.title, 'Title', ACCOUNT_LIMITS.ideaTitleMax, 3),
  description: textProblem(v.description, 'Description', ACCOUNT_LIMITS.ideaDescriptionMax, 10),
});

/** /suggest-idea: ideas for the shop, read by the team. */
export function SuggestIdeaPage() {
  const form = useForm({ title: '', description: '' }, validate);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      const res = await api.post(AccountPaths.suggestIdea, { title: form.values.title.trim(), description: form.values.description.trim() });
      const text = res.message ?? 'Thank you for your idea!';
      toast({ title: 'Idea sent', description: text });
      setSent(text);
      form.reset();
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Narrow $wide>
      <PageTitle>Suggest an idea</PageTitle>
      <FormCard>
        <Lead>A product we should stock, a service you miss, something that could work better: tell us.</Lead>
        {sent && <Alert tone="success">{sent}</Alert>}
        {serverError && <Alert>{serverError}</Alert>}
        <form noValidate onSubmit={onSubmit} aria-label="Suggest an idea">
          <Field label="Title" required error={form.errorOf('title')}>
            <Input maxLength={ACCOUNT_LIMITS.ideaTitleMax} {...form.field('title')} />
          </Field>
          <Field label="Your idea" required error={form.errorOf('description')} hint={`${form.values.description.trim().length}/${ACCOUNT_LIMITS.ideaDescriptionMax} characters`}>
            <Textarea rows={6} {...form.field('description')} />
          </Field>
          <Button type="submit" fullWidth loading={sending} loadingLabel="Sending your idea">
            Send idea
          </Button>
        </form>
      </FormCard>
    </Narrow>
  );
}
