import { Link, useLocation, useNavigate } from 'react-router-dom';
import { emailProblem, nameProblem, passwordProblem, returnToIn, withReturnTo } from '@pharmacy/contracts';
import { register, useAppDispatch } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSubmit } from '../forms/useSubmit';
import { FormPage, SubmitForm } from '../forms/FormPage';
import { NameAndEmailFields, NewPasswordFields, repeatProblem } from '../forms/fields';

const initial = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
type SignUpValues = typeof initial;
const COULD_NOT_CREATE = 'We could not create your account. Please try again.';

export const validateSignUp = (v: SignUpValues) => ({
  firstName: nameProblem(v.firstName, 'First name'),
  lastName: nameProblem(v.lastName, 'Last name'),
  email: emailProblem(v.email),
  password: passwordProblem(v.password),
  confirmPassword: repeatProblem(v.confirmPassword, v.password, 'password'),
});

/**
 * /signup. Registration never signs in (docs/product.md#client-state): on success the shopper goes on to /sign-in,
 * which then offers the optional health profile step (it can only be saved once signed in), and then returns to the
 * page this form was opened for (`?returnTo=`, carried along).
 */
export function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signIn = withReturnTo('/sign-in', returnToIn(useLocation().search));
  const form = useForm(initial, validateSignUp);
  const submission = useSubmit(
    form,
    async ({ firstName, lastName, email, password }) => {
      const result = await dispatch(register({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), password })).unwrap();
      if (!result.success) throw result.message ?? COULD_NOT_CREATE;
      const address = email.trim().toLowerCase();
      toast({ title: 'Account created — please sign in', description: `Sign in with ${address} to continue, then add your health profile if you like.` });
      navigate(signIn, { state: { email: address, offerHealthProfile: true } });
    },
    COULD_NOT_CREATE,
  );

  return (
    <FormPage
      title="Create your account"
      lead="Order medicines and health products, follow your orders, and get safety warnings for your allergies and health conditions."
      links={
        <>
          Already have an account? <Link to={signIn}>Sign in</Link>
        </>
      }
    >
      <SubmitForm label="Sign up" submission={submission} submitLabel="Create account" sendingLabel="Creating your account">
        <NameAndEmailFields form={form} />
        <NewPasswordFields form={form} name="password" label="Password" />
      </SubmitForm>
    </FormPage>
  );
}
