import { useState, type FormEvent } from 'react';
import { ADDRESS_PARTS, ADDRESS_RULES, ACCOUNT_LIMITS, addressProblems, cleanAddress, type AddressInput, type AddressPart, type AddressProblems } from '@pharmacy/contracts';
import { getErrorMessage, useMarket } from '@pharmacy/session';
import { Button, Field, Input, Select, Textarea, th } from '@pharmacy/ui';
import styled from 'styled-components';

/** The country is the market's, shown but not asked: it reads as fixed, not as a box to type in. */
const Fixed = styled(Input)`
  background: ${th((t) => t.colors.surfaceMuted)};
  cursor: default;
`;

type Values = Required<Omit<AddressInput, 'country'>>;
type Name = keyof Values;

const EMPTY: Values = { fullName: '', line1: '', line2: '', city: '', region: '', postalCode: '', phone: '', notes: '' };
const MAX: Record<AddressPart, number> = {
  line1: ADDRESS_RULES.line.max,
  line2: ADDRESS_RULES.line.max,
  city: ADDRESS_RULES.city.max,
  region: ADDRESS_RULES.region.max,
  postalCode: ADDRESS_RULES.postalCode.max,
};

/** The form's values from an address being edited (any older one's empty parts as empty fields). */
const valuesOf = (initial: Partial<AddressInput> | undefined): Values => {
  const values = { ...EMPTY };
  for (const name of Object.keys(EMPTY) as Name[]) values[name] = initial?.[name] ?? '';
  return values;
};

/**
 * Add or edit an address in the market's shape (docs/domain.md#addresses): its labels, which parts it requires, a
 * county chosen from its list where it has one, its postcode and phone rules. Each field is checked as the shopper
 * types (after they first touched it) with the function the checkout service checks it with.
 */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel }: {
  initial?: Partial<AddressInput>;
  submitLabel: string;
  onSubmit: (address: AddressInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const market = useMarket();
  const format = market.address;
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors: AddressProblems = addressProblems(values, market);
  const errorOf = (name: Name) => (touched[name] ? errors[name] : undefined);
  const set = (name: Name, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
  };
  const control = (name: Name) => ({ name, value: values[name], onChange: (e: { target: { value: string } }) => set(name, e.target.value) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(Object.keys(EMPTY).map((name) => [name, true])));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      await onSubmit(cleanAddress(values, market));
    } catch (err) {
      setServerError(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Field label="Full name" required error={errorOf('fullName')}>
        <Input autoComplete="name" maxLength={ADDRESS_RULES.fullName.max} {...control('fullName')} />
      </Field>
      {ADDRESS_PARTS.map((part) => {
        const spec = format[part];
        const label = spec.required ? spec.label : `${spec.label} (optional)`;
        const hint = part === 'postalCode' ? `For example ${format.postalCodeRule.example}` : undefined;
        return (
          <Field key={part} label={label} required={spec.required} hint={hint} error={errorOf(part)}>
            {spec.options ? (
              <Select autoComplete={spec.autoComplete} {...control(part)}>
                <option value="">Choose…</option>
                {spec.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            ) : (
              <Input autoComplete={spec.autoComplete} maxLength={MAX[part]} autoCapitalize={part === 'postalCode' ? 'characters' : undefined} {...control(part)} />
            )}
          </Field>
        );
      })}
      <Field label="Country" hint={`We deliver to ${market.delivery.area.description}.`}>
        <Fixed readOnly autoComplete="country-name" value={market.country.name} />
      </Field>
      <Field label="Phone" required hint={`For the courier, e.g. ${market.phone.example}`} error={errorOf('phone')}>
        <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={ACCOUNT_LIMITS.phoneMax} {...control('phone')} />
      </Field>
      <Field label="Notes for the courier (optional)" error={errorOf('notes')}>
        <Textarea rows={2} maxLength={ADDRESS_RULES.notes.max} {...control('notes')} />
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
