import { useState, type FormEvent } from 'react';
import { dobProblem, type DateOfBirthDialogProps } from '@pharmacy/contracts';
import { updateUserStart, useAppDispatch } from '@pharmacy/session';
import { Button, toast } from '@pharmacy/ui';
import { Dialog, DialogClose } from '@pharmacy/ui/dialog';
import { Actions, Alert } from '../forms/layout';
import { useSessionOutcome } from '../forms/useSessionOutcome';
import { DateOfBirthField } from './DateOfBirthField';

const ENTER_IT = 'Enter your date of birth.';

/**
 * Asks for the date of birth where an age check needs it (docs/product.md#safety-while-shopping) and saves it to the
 * profile through the usual update, then hands it to the caller, who carries on (the add that waited for it goes
 * through, or the server's answer says the shopper is too young). Open while mounted; exposed to the other remotes
 * as account/DateOfBirthDialog, so the profile stays this remote's business.
 */
export function DateOfBirthDialog({ productTitle, onSaved, onCancel }: DateOfBirthDialogProps) {
  const dispatch = useAppDispatch();
  const [dob, setDob] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = touched ? (dob.trim() ? dobProblem(dob) : ENTER_IT) : null;
  const outcome = useSessionOutcome((failed) => {
    if (failed) {
      setServerError(failed);
      return;
    }
    toast({ title: 'Date of birth saved', description: 'You can change it any time in your profile.' });
    onSaved(dob.trim());
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!dob.trim() || dobProblem(dob)) return;
    outcome.begin();
    dispatch(updateUserStart({ DOB: dob.trim() }));
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !outcome.waiting) onCancel();
      }}
      title="Add your date of birth"
      description={`${productTitle ? `${productTitle} has a minimum age. ` : ''}We keep it in your profile, so we ask only once.`}
      size="sm"
    >
      <form noValidate onSubmit={onSubmit} aria-label="Add your date of birth">
        {serverError && <Alert>{serverError}</Alert>}
        <DateOfBirthField
          value={dob}
          onChange={(e) => {
            setDob(e.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={error}
          required
        />
        <Actions>
          <Button type="submit" loading={outcome.waiting} loadingLabel="Saving your date of birth">
            Save and continue
          </Button>
          <DialogClose asChild>
            <Button variant="ghost" disabled={outcome.waiting}>
              Cancel
            </Button>
          </DialogClose>
        </Actions>
      </form>
    </Dialog>
  );
}
