import type { ChangeEvent } from 'react';
import { DOB_WHY } from '@pharmacy/contracts';
import { Field, Input } from '@pharmacy/ui';

export interface DateOfBirthFieldProps {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  error: string | null;
  required?: boolean;
}

/** The date of birth as the profile, the step after sign-up and the age dialog ask for it, with why in one line. */
export function DateOfBirthField({ value, onChange, onBlur, error, required }: DateOfBirthFieldProps) {
  return (
    <Field label="Date of birth" error={error} hint={DOB_WHY} required={required}>
      <Input type="date" name="DOB" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} value={value} onChange={onChange} onBlur={onBlur} />
    </Field>
  );
}
