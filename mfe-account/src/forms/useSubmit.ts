import { useState, type FormEvent } from 'react';
import { getErrorMessage, isApiError } from '@pharmacy/session';
import type { Values } from './useForm';

/** The form's state as useSubmit needs it (what useForm returns). */
interface SubmittableForm<V extends Values> {
  values: V;
  validateAll: () => boolean;
}

/** Why a submit failed: the server's message as sent, and its code when it gave one. */
export interface SubmitError {
  message: string;
  code?: string;
}

/**
 * Submitting a form to the server: nothing is sent while a field has a problem (every message shows), the
 * button shows its pending label until the answer, the server's refusal is kept to show above the form, and
 * what `send` resolves to is kept as the confirmation (null when the page says nothing, e.g. it navigates away).
 */
export function useSubmit<V extends Values>(
  form: SubmittableForm<V>,
  send: (values: V) => Promise<string | null | void>,
  failure = 'Something went wrong. Please try again.',
) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<SubmitError | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!form.validateAll()) return;
    setSending(true);
    try {
      setSent((await send(form.values)) ?? null);
    } catch (err) {
      setError({ message: getErrorMessage(err, failure), code: isApiError(err) ? err.code : undefined });
    } finally {
      setSending(false);
    }
  }

  return { onSubmit, sending, error, sent, clearSent: () => setSent(null) };
}

export type Submission = ReturnType<typeof useSubmit>;
