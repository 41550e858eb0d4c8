import { ACCOUNT_LIMITS, AccountRoutes, pathTo, textProblem } from '@pharmacy/contracts';
import { api } from '@pharmacy/session';
import { Field, Input, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { LongTextField } from '../forms/fields';

const validate = (v: { title: string; description: string }) => ({
  title: textProblem(v.title, 'Title', ACCOUNT_LIMITS.ideaTitleMax, 3),
  description: textProblem(v.description, 'Description', ACCOUNT_LIMITS.ideaDescriptionMax, 10),
});

/** /suggest-idea: ideas for the shop, read by the team. */
export function SuggestIdeaPage() {
  const form = useForm({ title: '', description: '' }, validate);
  const submission = useSubmit(form, async ({ title, description }) => {
    const res = await api.post(pathTo(AccountRoutes.tickets.suggestIdea), { title: title.trim(), description: description.trim() });
    const text = res.message ?? 'Thank you for your idea!';
    toast({ title: 'Idea sent', description: text });
    form.reset();
    return text;
  });

  return (
    <FormPage wide title="Suggest an idea" lead="A product we should stock, a service you miss, something that could work better: tell us.">
      <SubmitForm label="Suggest an idea" submission={submission} submitLabel="Send idea" sendingLabel="Sending your idea">
        <Field label="Title" required error={form.errorOf('title')}>
          <Input maxLength={ACCOUNT_LIMITS.ideaTitleMax} {...form.field('title')} />
        </Field>
        <LongTextField form={form} name="description" label="Your idea" max={ACCOUNT_LIMITS.ideaDescriptionMax} />
      </SubmitForm>
    </FormPage>
  );
}
