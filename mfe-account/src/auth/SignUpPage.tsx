import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { emailProblem, nameProblem, passwordProblem } from '@pharmacy/contracts';
import { register, useAppDispatch } from '@pharmacy/session';
import { Button, Field, Input, PageTitle, toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { NEW_PASSWORD_HINT } from '../forms/passwordHint';
import { Alert, FormCard, Lead, Links, Narrow, Row } from '../forms/layout';

const initial = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
type SignUpValues = typeof initial;

export const validateSignUp = (v: SignUpValues) => ({
  firstName: nameProblem(v.firstName, 'First name'),
  lastName: nameProblem(v.lastName, 'Last name'),
  email: emailProblem(v.email),
  password: passwordProblem(v.password),
  confirmPassword: !v.confirmPassword ? 'Please repeat the password.' : v.confirmPassword !== v.password ? 'The passwords do not match.' : null,
});

/** /signup. Registration never signs in (docs/product.md#client-state): on success the shopper goes on to /sign-in. */
export function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm(initial, validateSignUp);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    setSending(true);
    const { firstName, lastName, email, password } = form.values;
    try {
      const result = await dispatch(register({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), password })).unwrap();
      if (!result.success) throw result.message ?? 'We could not create your account. Please try again.';
      toast({ title: 'Account created — please sign in', description: `Sign in with ${email.trim().toLowerCase()} to continue.` });
      navigate('/sign-in', { state: { email: email.trim().toLowerCase() } });
    } catch (err) {
      setServerError(typeof err === 'string' ? err : 'We could not create your account. Please try again.');
      setSending(false);
    }
  }

  return (
    <Narrow>
      <PageTitle>Create your account</PageTitle>
      <FormCard>
        <Lead>Order medicines, keep track of your prescriptions and get safety checks for your allergies.</Lead>
        {serverError && <Alert>{serverError}</Alert>}
        <form noValidate onSubmit={onSubmit} aria-label="Sign up">
          <Row>
            <Field label="First name" required error={form.errorOf('firstName')}>
              <Input autoComplete="given-name" {...form.field('firstName')} />
            </Field>
            <Field label="Last name" required error={form.errorOf('lastName')}>
              <Input autoComplete="family-name" {...form.field('lastName')} />
            </Field>
          </Row>
          <Field label="Email" required error={form.errorOf('email')}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          </Field>
          <Field label="Password" required error={form.errorOf('password')} hint={NEW_PASSWORD_HINT}>
            <Input type="password" autoComplete="new-password" {...form.field('password')} />
          </Field>
          <Field label="Confirm password" required error={form.errorOf('confirmPassword')}>
            <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
          </Field>
          <Button type="submit" fullWidth loading={sending} loadingLabel="Creating your account">
            Create account
          </Button>
        </form>
        <Links>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </Links>
      </FormCard>
    </Narrow>
  );
}
