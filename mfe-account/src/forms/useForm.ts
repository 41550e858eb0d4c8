import { useCallback, useMemo, useState, type ChangeEvent } from 'react';

export type Values = Record<string, string>;
export type Validate<V extends Values> = (values: V) => Partial<Record<keyof V, string | null>>;

/**
 * Form state that validates as the user types: a field's message appears once the field has been typed in
 * or left, and every message appears on submit. Messages come from the same rules the server applies.
 */
export function useForm<V extends Values>(initial: V, validate: Validate<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const allErrors = useMemo(() => validate(values), [validate, values]);
  const errorOf = useCallback(
    (name: keyof V): string | null => (touched[name] || submitted ? allErrors[name] ?? null : null),
    [allErrors, touched, submitted],
  );

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  }, []);

  /** Props for an Input/Textarea: value, onChange, onBlur, name, aria-invalid. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.target.value),
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
  });

  /** Marks the form submitted (every message shows); true when there is nothing to fix. */
  const validateAll = () => {
    setSubmitted(true);
    return Object.values(allErrors).every((e) => !e);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
  };

  return { values, setValue, field, errorOf, validateAll, reset };
}
