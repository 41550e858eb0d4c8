import { useState } from 'react';
import { updateUserStart, useAppDispatch, type ProfileUpdate } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { useSessionOutcome } from '../forms/useSessionOutcome';

/**
 * Saves a profile update through the session's update saga: the server's refusal stays on the form (nothing typed is
 * lost), a saved update says so in a toast and moves on.
 */
export function useProfileUpdate(saved: { title: string; description: string }, onSaved: () => void) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const outcome = useSessionOutcome((error) => {
    if (error) {
      setServerError(error);
      return;
    }
    toast(saved);
    onSaved();
  });
  return {
    save(update: ProfileUpdate) {
      outcome.begin();
      dispatch(updateUserStart(update));
    },
    saving: outcome.waiting,
    serverError,
    clearServerError: () => setServerError(null),
  };
}
