import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { th } from '../theme';
import { MutedText } from './Text';

interface ControlProps {
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

export interface FieldProps {
  label: ReactNode;
  /** Exactly one control (Input, Textarea, Select or any element taking id/aria props). */
  children: ReactElement<ControlProps>;
  /** Shown under the control and linked with aria-describedby; also sets aria-invalid. */
  error?: string | null;
  /** Helper text, linked with aria-describedby. */
  hint?: ReactNode;
  /** Marks the label and sets `required` on the control. */
  required?: boolean;
  className?: string;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin-bottom: 1rem;
`;

const Label = styled.label`
  font-weight: ${th((t) => t.fontWeights.medium)};
  color: ${th((t) => t.colors.text)};
`;

const Hint = MutedText;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.dangerStrong)};
`;

/** Label + control + hint + error, wired for assistive technology (ids, aria-describedby, aria-invalid). */
export function Field({ label, children, error, hint, required, className }: FieldProps) {
  const generated = useId();
  const control = Children.only(children);
  if (!isValidElement<ControlProps>(control)) throw new Error('Field expects a single control element');
  const id = control.props.id ?? `field-${generated}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [control.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <Wrapper className={className}>
      <Label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Label>
      {cloneElement(control, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : control.props['aria-invalid'],
        required: required ?? control.props.required,
      })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrapper>
  );
}
