import { useState, type FormEvent } from 'react';
import type { AddressInput } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Field, Input, Textarea } from '@pharmacy/ui';
import { emptyAddress, trimAddress, validateAddress } from './validate';

const FIELDS: Array<{ name: keyof AddressInput; label: string; autoComplete: string; required: boolean }> = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name', required: true },
  { name: 'addressLine', label: 'Address line', autoComplete: 'street-address', required: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', required: true },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', required: true },
];

/** Add or edit an address; each field is checked as the shopper types (after they first touched it). */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel }: {
  initial?: AddressInput;
  submitLabel: string;
  onSubmit: (address: AddressInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<AddressInput>({ ...emptyAddress, ...initial });
  const [touched, setTouched] = useState<Partial<Record<keyof AddressInput, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = validateAddress(values);
  const set = (name: keyof AddressInput, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ fullName: true, addressLine: true, city: true, postalCode: true, phone: true, notes: true });
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      await onSubmit(trimAddress(values));
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      {FIELDS.map((f) => (
        <Field key={f.name} label={f.label} required={f.required} error={touched[f.name] ? errors[f.name] : undefined}>
          <Input name={f.name} autoComplete={f.autoComplete} value={values[f.name] ?? ''} onChange={(e) => set(f.name, e.target.value)} />
        </Field>
      ))}
      <Field label="Notes for the courier (optional)" error={touched.notes ? errors.notes : undefined}>
        <Textarea name="notes" rows={2} value={values.notes ?? ''} onChange={(e) => set('notes', e.target.value)} />
      </Field>
      {serverError && <p role="alert">{serverError}</p>}
      <Button type="submit" loading={saving}>{submitLabel}</Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </form>
  );
}
