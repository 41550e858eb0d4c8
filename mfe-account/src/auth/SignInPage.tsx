import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SIGN_IN_CHALLENGE_CODE, emailProblem, returnToIn, withReturnTo } from '@pharmacy/contracts';
import { selectCurrentUser, selectSession, signInStart, useAppDispatch, useAppSelector, type SessionUser, type SignInCredentials } from '@pharmacy/session';
import { Button, Field, Input } from '@pharmacy/ui';
import { useForm } from '../forms/useForm';
import { useSessionOutcome } from '../forms/useSessionOutcome';
import { FormPage } from '../forms/FormPage';
import { EmailField } from '../forms/fields';
import { Alert } from '../forms/layout';
import { HealthProfileStep } from '../health/HealthProfileStep';
import { SignInCheckStatus } from './SignInCheckStatus';
import { useSignInCheck } from './useSignInCheck';

/** What the page may be sent with (from sign-up): the email to fill in, and the offer of the health step. */
type FromState = { email?: unknown; offerHealthProfile?: unknown } | null;

/** The step after sign-up is for a new, empty profile: it never replaces lists someone already keeps. */
const hasHealthProfile = (user: SessionUser | null) => Boolean(user?.allergies?.length || user?.healthConditions?.length);

const validateSignIn = (v: { email: string; password: string }) => ({
  email: emailProblem(v.email),
  password: v.password ? null : 'Enter your password.',
});

/**
 * /sign-in: the session sign-in flow (docs/product.md#client-state), then back to the page the address names
 * (`?returnTo=`, a path of this shop only: docs/product.md#guards), else home. A shopper who has just signed up is
 * first offered the optional health profile step; "Create an account" keeps the page to return to.
 * While the shop asks new devices for the proof-of-work check (docs/api.md#sign-in-limits), the page solves it by
 * itself and sends it along; a sign-in refused for want of one is sent again, once, as soon as one is solved.
 */
export function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as FromState;
  const form = useForm({ email: typeof state?.email === 'string' ? state.email : '', password: '' }, validateSignIn);
  const [serverError, setServerError] = useState<string | null>(null);
  const [healthStep, setHealthStep] = useState(false);
  const signedIn = useAppSelector(selectCurrentUser);
  const returnTo = returnToIn(location.search);
  const goOn = () => navigate(returnTo ?? '/', { replace: true });
  const { errorCode } = useAppSelector(selectSession);
  const check = useSignInCheck();
  const [awaitingCheck, setAwaitingCheck] = useState(false);
  const attempt = useRef<{ credentials: SignInCredentials; resent: boolean } | null>(null);

  async function send(credentials: SignInCredentials) {
    setAwaitingCheck(true);
    const altcha = await check.take();
    setAwaitingCheck(false);
    outcome.begin();
    dispatch(signInStart(altcha ? { ...credentials, altcha } : credentials));
  }

  const outcome = useSessionOutcome((error) => {
    if (!error) {
      if (state?.offerHealthProfile === true && !hasHealthProfile(signedIn)) setHealthStep(true);
      else goOn();
      return;
    }
    // Any sign-in spends its check: the next one is asked for (and solved) now.
    const next = check.prepare();
    const current = attempt.current;
    if (errorCode === SIGN_IN_CHALLENGE_CODE && current && !current.resent) {
      current.resent = true;
      void next.then(() => send(current.credentials));
      return;
    }
    setServerError(error);
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!form.validateAll()) return;
    attempt.current = { credentials: { email: form.values.email.trim(), password: form.values.password }, resent: false };
    void send(attempt.current.credentials);
  }

  if (healthStep) return <HealthProfileStep onDone={goOn} />;

  return (
    <FormPage
      title="Sign in"
      links={
        <>
          <Link to="/forgot-password">Forgot your password?</Link>
          <span>
            New here? <Link to={withReturnTo('/signup', returnTo)}>Create an account</Link>
          </span>
        </>
      }
    >
      {serverError && <Alert>{serverError}</Alert>}
      <SignInCheckStatus state={check.state} />
      {/* POST: a form submitted before its script runs never puts the password in the URL */}
      <form noValidate method="post" onSubmit={onSubmit} aria-label="Sign in">
        <EmailField form={form} />
        <Field label="Password" required error={form.errorOf('password')}>
          <Input type="password" autoComplete="current-password" {...form.field('password')} />
        </Field>
        <Button
          type="submit"
          fullWidth
          loading={outcome.waiting || awaitingCheck}
          loadingLabel={awaitingCheck ? 'Finishing the security check' : 'Signing in'}
        >
          Sign in
        </Button>
      </form>
    </FormPage>
  );
}
