import { useState } from 'react';
import { Button } from '@pharmacy/ui';
import { DateOfBirthDialog } from './DateOfBirthDialog';

/** "Add your date of birth" beside what waits for it (a cart line): the dialog, then `onSaved` carries on. */
export function AddDateOfBirth({ productTitle, onSaved }: { productTitle?: string; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Add your date of birth
      </Button>
      {open && (
        <DateOfBirthDialog
          productTitle={productTitle}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
