import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PRESCRIPTION_LIMITS, type VerifyPrescriptionBody } from '@pharmacy/contracts';
import { Button, Field, Input, MutedText, Select, Textarea, th } from '@pharmacy/ui';
import { DecisionForm, H4 } from '../orders/parts';
import { FormGrid, FullWidth } from '../styles';
import type { PrescriptionProduct } from './queries';
import { QUANTITY_MAX, emptyItem, errorCount, expiryLine, localToday, toVerifyBody, validateVerify, type ItemValues, type VerifyErrors, type VerifyValues } from './verifyForm';

/** Who wrote it and when, below the items. */
const Prescribed = styled(FormGrid)`
  margin-top: ${th((t) => t.space(4))};
`;

const Item = styled.fieldset`
  min-width: 0;
  margin: 0 0 ${th((t) => t.space(3))};
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  legend { padding: 0 ${th((t) => t.space(1))}; font-weight: ${th((t) => t.fontWeights.semibold)}; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
`;

const Expiry = styled.p`
  margin: -${th((t) => t.space(2))} 0 ${th((t) => t.space(4))};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const Missing = styled.ul`
  margin: ${th((t) => t.space(2))} 0 0;
  padding-left: ${th((t) => t.space(5))};
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export interface VerifyFormProps {
  values: VerifyValues;
  onChange: (next: VerifyValues) => void;
  products: { list: PrescriptionProduct[]; loading: boolean; error: string | null; reload: () => void };
  /** Whether the warnings are acknowledged (or there are none). */
  warningsReady: boolean;
  warningsAcknowledged: boolean;
  busy: boolean;
  approving: boolean;
  onApprove: (body: VerifyPrescriptionBody) => void;
}

/** One line per problem, for the list under the disabled Approve button: what is still needed, item by item. */
function problems(errors: VerifyErrors, warningsReady: boolean): string[] {
  const lines = errors.items.flatMap((item, i) => Object.values(item).map((m) => `Item ${i + 1}: ${m}`));
  for (const key of ['prescriberName', 'registration', 'writtenOn', 'note'] as const) if (errors[key]) lines.push(errors[key] as string);
  if (!warningsReady) lines.push('Read the safety warnings and tick "I have read these warnings".');
  return lines;
}

/**
 * What the pharmacist records to approve: each item (a prescription-only medicine, quantity, directions, repeats),
 * the prescriber and the date written, with its expiry shown as it is typed. Approve stays disabled, with what is
 * missing listed under it, until every field is valid and the warnings are acknowledged.
 */
export function VerifyForm({ values, onChange, products, warningsReady, warningsAcknowledged, busy, approving, onApprove }: VerifyFormProps) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const today = localToday();
  const errors = useMemo(() => validateVerify(values, today), [values, today]);
  const ready = errorCount(errors) === 0 && warningsReady;
  const touch = (name: string) => () => setTouched((t) => ({ ...t, [name]: true }));
  const shown = (name: string, error: string | undefined) => (touched[name] ? error : undefined);

  const setItem = (index: number, patch: Partial<ItemValues>) => onChange({ ...values, items: values.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  const set = (patch: Partial<VerifyValues>) => onChange({ ...values, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onApprove(toVerifyBody(values, warningsAcknowledged));
  };

  const expiry = expiryLine(values.writtenOn);
  // The date's error shows as soon as a whole date is there: an expired prescription is said at once.
  const writtenOnError = values.writtenOn || touched.writtenOn ? errors.writtenOn : undefined;
  const missing = ready ? [] : problems(errors, warningsReady);

  return (
    <DecisionForm aria-labelledby="rx-approve-heading" onSubmit={submit} noValidate>
      <H4 id="rx-approve-heading">Approve</H4>
      {values.items.map((item, index) => {
        const e = errors.items[index] ?? {};
        const name = (field: string) => `${item.key}.${field}`;
        const known = products.list.some((p) => p._id === item.productId);
        return (
          <Item key={item.key}>
            <legend>Item {index + 1}</legend>
            <FormGrid>
              <FullWidth>
                <Field
                  label="Medicine"
                  required
                  error={shown(name('productId'), e.productId)}
                  hint={products.error ? `The prescription-only medicines could not be loaded: ${products.error}` : 'Prescription-only medicines in the catalogue'}
                >
                  <Select value={item.productId} onChange={(ev) => setItem(index, { productId: ev.target.value, title: products.list.find((p) => p._id === ev.target.value)?.title ?? '' })} onBlur={touch(name('productId'))} disabled={busy}>
                    <option value="">{products.loading ? 'Loading the medicines…' : 'Choose the medicine'}</option>
                    {item.productId && !known && <option value={item.productId}>{item.title || item.productId}</option>}
                    {products.list.map((p) => (
                      <option key={p._id} value={p._id}>
                        {p.packSize ? `${p.title} (${p.packSize})` : p.title}
                      </option>
                    ))}
                  </Select>
                </Field>
                {products.error && (
                  <Button size="sm" variant="secondary" onClick={products.reload}>
                    Load the medicines again
                  </Button>
                )}
              </FullWidth>
              <Field label="Quantity" required error={shown(name('quantity'), e.quantity)} hint="Units per issue, as the product is sold">
                <Input value={item.quantity} inputMode="numeric" maxLength={String(QUANTITY_MAX).length} onChange={(ev) => setItem(index, { quantity: ev.target.value })} onBlur={touch(name('quantity'))} disabled={busy} />
              </Field>
              <Field label="Repeats allowed" required error={shown(name('repeatsAllowed'), e.repeatsAllowed)} hint={`0 to ${PRESCRIPTION_LIMITS.repeats}`}>
                <Input value={item.repeatsAllowed} inputMode="numeric" maxLength={2} onChange={(ev) => setItem(index, { repeatsAllowed: ev.target.value })} onBlur={touch(name('repeatsAllowed'))} disabled={busy} />
              </Field>
              <FullWidth>
                <Field label="Directions" required error={shown(name('directions'), e.directions)} hint="As the label will read, e.g. Take one tablet twice a day">
                  <Textarea value={item.directions} maxLength={PRESCRIPTION_LIMITS.directions} onChange={(ev) => setItem(index, { directions: ev.target.value })} onBlur={touch(name('directions'))} disabled={busy} />
                </Field>
              </FullWidth>
            </FormGrid>
            {values.items.length > 1 && (
              <Button size="sm" variant="ghost" onClick={() => set({ items: values.items.filter((_, i) => i !== index) })} disabled={busy}>
                Remove item {index + 1}
              </Button>
            )}
          </Item>
        );
      })}
      {values.items.length < PRESCRIPTION_LIMITS.items && (
        <Row>
          <Button size="sm" variant="secondary" onClick={() => set({ items: [...values.items, emptyItem()] })} disabled={busy}>
            Add another item
          </Button>
        </Row>
      )}
      <Prescribed>
        <Field label="Prescriber's name" required error={shown('prescriberName', errors.prescriberName)}>
          <Input value={values.prescriberName} maxLength={PRESCRIPTION_LIMITS.prescriber} autoComplete="off" onChange={(ev) => set({ prescriberName: ev.target.value })} onBlur={touch('prescriberName')} disabled={busy} />
        </Field>
        <Field label="Prescriber's registration" error={shown('registration', errors.registration)} hint="GMC, NMC or GPhC number, if written">
          <Input value={values.registration} maxLength={40} autoComplete="off" onChange={(ev) => set({ registration: ev.target.value })} onBlur={touch('registration')} disabled={busy} />
        </Field>
        <FullWidth>
          <Field label="Date written" required error={writtenOnError} hint="It can be dispensed for 6 months from this date">
            <Input type="date" value={values.writtenOn} max={today} onChange={(ev) => set({ writtenOn: ev.target.value })} onBlur={touch('writtenOn')} disabled={busy} />
          </Field>
          {expiry && !writtenOnError && <Expiry aria-live="polite">{expiry}</Expiry>}
        </FullWidth>
        <FullWidth>
          <Field label="Note (optional)" error={shown('note', errors.note)} hint="The shopper reads it in My prescriptions.">
            <Textarea value={values.note} maxLength={PRESCRIPTION_LIMITS.note} onChange={(ev) => set({ note: ev.target.value })} onBlur={touch('note')} disabled={busy} />
          </Field>
        </FullWidth>
      </Prescribed>
      <div>
        <Button type="submit" disabled={!ready || busy} loading={approving} loadingLabel="Approving" aria-describedby={missing.length ? 'rx-approve-missing' : undefined}>
          Approve prescription
        </Button>
        {missing.length > 0 && (
          <div id="rx-approve-missing">
            <MutedText>Before you can approve:</MutedText>
            <Missing>
              {missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Missing>
          </div>
        )}
      </div>
    </DecisionForm>
  );
}
