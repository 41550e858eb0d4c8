import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccountRoutes, pathTo } from '@pharmacy/contracts';
import { api, deleteUserSuccess, getErrorMessage, useAppDispatch } from '@pharmacy/session';
import { Button, Field, Input, toast } from '@pharmacy/ui';
import { Dialog, DialogClose } from '@pharmacy/ui/dialog';
import { Actions, Alert } from '../forms/layout';

/**
 * Deleting the account asks for the password in a dialog; on success the visitor goes home, signed out.
 * The request is sent from here rather than through the session saga so that the page can leave the guarded
 * route first: clearing the user while still on /profile would make the guard send the visitor to /sign-in
 * (router navigations are transitions, a store update is not, so the order must be forced: the user is
 * cleared when this page has been left).
 */
export function DeleteAccountDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const deleted = useRef(false);

  useEffect(
    () => () => {
      if (deleted.current) dispatch(deleteUserSuccess()); // delete success clears the current user (docs/product.md#client-state)
    },
    [dispatch],
  );

  function onOpenChange(next: boolean) {
    if (sending) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(null);
      setServerError(null);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setSending(true);
    try {
      const res = await api.delete(pathTo(AccountRoutes.profile.delete), { body: { password } });
      if (!res.success) throw new Error(res.message || 'We could not delete your account. Please try again.');
    } catch (err) {
      setServerError(getErrorMessage(err));
      setSending(false);
      return;
    }
    deleted.current = true;
    navigate('/', { replace: true });
    toast({ title: 'Account deleted', description: 'Your account and personal details have been removed.' });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="danger">Delete account</Button>}
      title="Delete your account?"
      description="This removes your profile, allergies and health conditions and signs you out everywhere. It cannot be undone."
      size="sm"
    >
      <form noValidate onSubmit={onSubmit} aria-label="Confirm account deletion">
        {serverError && <Alert>{serverError}</Alert>}
        <Field label="Your password" required error={error}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(e.target.value ? null : 'Enter your password to confirm.');
            }}
          />
        </Field>
        <Actions>
          <Button type="submit" variant="danger" loading={sending} loadingLabel="Deleting your account">
            Delete my account
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" disabled={sending}>
              Keep my account
            </Button>
          </DialogClose>
        </Actions>
      </form>
    </Dialog>
  );
}
