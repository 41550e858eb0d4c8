import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CATEGORIES, formatMoney } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Button, Field, Input, MutedText, Options, Select, Textarea, th } from '@pharmacy/ui';
import { ImageUploader } from '../media/ImageUploader';
import { FormGrid as Grid, FullWidth as Wide } from '../styles';
import {
  DOSAGE_FORMS,
  MAX_PER_ORDER_HINT,
  PRODUCT_LIMITS,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from './productForm';

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${th((t) => t.space(3))};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  font-size: ${th((t) => t.fontSizes.lg)};
`;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0 0 ${th((t) => t.space(2))};
  padding: 0;
  min-width: 0;
`;

const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  margin-bottom: ${th((t) => t.space(4))};
  font-weight: ${th((t) => t.fontWeights.medium)};
  input { width: 1.125rem; height: 1.125rem; accent-color: ${th((t) => t.colors.brandStrong)}; }
`;

/** Under the two flags that keep a medicine off the post. */
const CollectOnly = styled(MutedText)`
  margin: -${th((t) => t.space(2))} 0 ${th((t) => t.space(4))};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(2))};
`;

const Conflict = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin: 0 0 ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.dangerStrong)};
  border-radius: ${th((t) => t.radii.md)};
  p {
    flex: 1 1 16rem;
    margin: 0;
    color: ${th((t) => t.colors.dangerStrong)};
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
`;

const Summary = styled.p`
  margin: 0 0 ${th((t) => t.space(4))};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

export interface ProductFormProps {
  /** `edit` leaves stock out: it changes through adjustments (the stock panel), never through this form. */
  mode: 'add' | 'edit';
  initial: ProductFormValues;
  submitLabel: string;
  saving: boolean;
  /** Called with valid values only. */
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
  /** The save was refused because someone else changed the product: their message and a way to reload. */
  conflict?: { message: string; reloading: boolean; onReload: () => void } | null;
}

type FlagKey = 'requiresPrescription' | 'pharmacyOnly' | 'controlled' | 'refrigerated';
type TextKey = Exclude<keyof ProductFormValues, FlagKey | 'image'>;

/** Every product field, including the pharmacy ones (docs/domain.md#products), checked as the catalog would. */
export function ProductForm({ mode, initial, submitLabel, saving, onSubmit, onCancel, conflict }: ProductFormProps) {
  const { currency } = useMarket();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof ProductFormValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dosageListId = useId();
  const collectOnlyId = useId();
  const errors: ProductFormErrors = useMemo(() => validateProductForm(values, mode === 'add'), [values, mode]);
  const shown = (key: keyof ProductFormValues) => (submitted || touched[key] ? errors[key] : undefined);

  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
  });

  const flag = (key: FlagKey) => ({
    type: 'checkbox',
    name: key,
    checked: values[key],
    onChange: (event: { target: { checked: boolean } }) => setValues((v) => ({ ...v, [key]: event.target.checked })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      // Take the admin to the first problem rather than leaving them to hunt for it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onSubmit(values);
  };

  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
      {conflict && (
        <Conflict role="alert">
          <p>{conflict.message}</p>
          <Button variant="secondary" onClick={conflict.onReload} loading={conflict.reloading} loadingLabel="Reloading">
            Reload
          </Button>
        </Conflict>
      )}
      {submitted && errorCount > 0 && (
        <Summary role="alert">
          {errorCount === 1 ? 'One field needs your attention.' : `${errorCount} fields need your attention.`}
        </Summary>
      )}
      <Fieldset>
        <Legend>Product</Legend>
        <Grid>
          <Wide>
            <Field label="Title" required error={shown('title')}>
              <Input {...text('title')} maxLength={PRODUCT_LIMITS.titleMax + 10} />
            </Field>
          </Wide>
          <Wide>
            <Field label="Description" required error={shown('description')}>
              <Textarea {...text('description')} rows={4} />
            </Field>
          </Wide>
          <Field label="Category" required error={shown('category')}>
            <Select {...text('category')}>
              <option value="">Choose a category</option>
              <Options items={CATEGORIES} />
            </Select>
          </Field>
          <Field label="Brand" required error={shown('brand')}>
            <Input {...text('brand')} />
          </Field>
          <Field label="Price" required error={shown('price')} hint={`In ${currency}: 4.99 is ${formatMoney(4.99, currency)}`}>
            <Input {...text('price')} inputMode="decimal" />
          </Field>
          <Field label="Sale price" error={shown('salePrice')} hint="Leave empty when not on sale">
            <Input {...text('salePrice')} inputMode="decimal" />
          </Field>
          {mode === 'add' && (
            <Field label="Stock" required error={shown('totalStock')} hint="Units on the shelf now; later changes are stock adjustments">
              <Input {...text('totalStock')} inputMode="numeric" />
            </Field>
          )}
          <Wide>
            <ImageUploader
              label="Product image"
              value={values.image}
              error={shown('image')}
              onBusyChange={setUploading}
              onUploaded={(image) => {
                setValues((v) => ({ ...v, image: image.url }));
                setTouched((t) => ({ ...t, image: true }));
              }}
              hint="PNG, JPEG or WebP, at most 5 MB"
            />
          </Wide>
        </Grid>
      </Fieldset>
      <Fieldset>
        <Legend>Pharmacy</Legend>
        <Grid>
          <Wide>
            <Field label="Active ingredients" error={shown('activeIngredients')} hint="Separate with commas, e.g. Ibuprofen 200 mg">
              <Input {...text('activeIngredients')} />
            </Field>
          </Wide>
          <Field label="Allergens" error={shown('allergens')} hint="Separate with commas">
            <Input {...text('allergens')} />
          </Field>
          <Field label="Contraindications" error={shown('contraindications')} hint="Health conditions, separated with commas">
            <Input {...text('contraindications')} />
          </Field>
          <Field label="Dosage form" error={shown('dosageForm')}>
            <Input {...text('dosageForm')} list={dosageListId} />
          </Field>
          <datalist id={dosageListId}>
            {DOSAGE_FORMS.map((form) => (
              <option key={form} value={form} />
            ))}
          </datalist>
          <Field label="Pack size" error={shown('packSize')} hint="e.g. 24 tablets">
            <Input {...text('packSize')} />
          </Field>
          <Field label="Maximum per order" error={shown('maxPerOrder')} hint={MAX_PER_ORDER_HINT}>
            <Input {...text('maxPerOrder')} inputMode="numeric" />
          </Field>
          <Field label="Minimum age" error={shown('minAge')} hint="Years; leave empty for none">
            <Input {...text('minAge')} inputMode="numeric" />
          </Field>
          <Wide>
            <CheckRow>
              <input {...flag('requiresPrescription')} />
              Requires a prescription
            </CheckRow>
            <CheckRow>
              <input {...flag('pharmacyOnly')} />
              Pharmacy medicine (consultation and pharmacist review)
            </CheckRow>
            <CheckRow>
              <input {...flag('controlled')} aria-describedby={collectOnlyId} />
              Controlled drug
            </CheckRow>
            <CheckRow>
              <input {...flag('refrigerated')} aria-describedby={collectOnlyId} />
              Needs refrigeration
            </CheckRow>
            <CollectOnly id={collectOnlyId}>Controlled drugs and medicines that need refrigeration are click and collect only: they are never posted.</CollectOnly>
          </Wide>
        </Grid>
      </Fieldset>
      <Actions>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingLabel="Saving" disabled={uploading}>
          {submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
