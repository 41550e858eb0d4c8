import type { ButtonHTMLAttributes, Ref } from 'react';
import { useHydrated } from '../hydration';
import styled, { css } from 'styled-components';
import { th } from '../theme';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const sizes = {
  sm: css`min-height: 2rem; padding: 0 0.75rem; font-size: 0.875rem;`,
  md: css`min-height: 2.5rem; padding: 0 1rem; font-size: 1rem;`,
  lg: css`min-height: 3rem; padding: 0 1.5rem; font-size: 1.125rem;`,
};

const variants = {
  primary: css`
    background: ${th((t) => t.colors.brandStrong)};
    color: ${th((t) => t.colors.onBrand)};
    &:hover:not(:disabled) { background: ${th((t) => t.colors.brandStronger)}; }
  `,
  secondary: css`
    background: ${th((t) => t.colors.surface)};
    color: ${th((t) => t.colors.brandStronger)};
    border-color: ${th((t) => t.colors.brandStrong)};
    &:hover:not(:disabled) { background: ${th((t) => t.colors.brandSubtle)}; }
  `,
  ghost: css`
    background: transparent;
    color: ${th((t) => t.colors.text)};
    &:hover:not(:disabled) { background: ${th((t) => t.colors.surfaceMuted)}; }
  `,
  danger: css`
    background: ${th((t) => t.colors.danger)};
    color: ${th((t) => t.colors.onDanger)};
    &:hover:not(:disabled) { background: ${th((t) => t.colors.dangerStrong)}; }
  `,
};

/**
 * Button look as a css fragment, so a router `Link` can look like a button:
 * `styled(Link)\`${buttonStyles({ variant: 'secondary' })}\``.
 */
export const buttonStyles = ({ variant = 'primary', size = 'md', fullWidth = false }: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean }) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  width: ${fullWidth ? '100%' : 'auto'};
  border: 1px solid transparent;
  border-radius: ${th((t) => t.radii.md)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;
  ${sizes[size]}
  ${variants[variant]}
  &:disabled, &[aria-disabled='true'] { opacity: 0.6; cursor: not-allowed; }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  ${(p) => buttonStyles({ variant: p.$variant, size: p.$size, fullWidth: p.$fullWidth })}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Disables the button, marks it aria-busy and shows a small spinner before the label. */
  loading?: boolean;
  /** What a screen reader hears while loading (the visible label stays). */
  loadingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** Defaults to type="button" so a button inside a form never submits by accident; pass type="submit". */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  loadingLabel = 'Please wait',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const onFilled = variant === 'primary' || variant === 'danger';
  // A form the server rendered must not submit itself before its handler is attached: the browser would send it
  // as a GET to the page's own URL (a password in the address bar and the logs). Until hydrated, submit waits.
  const hydrated = useHydrated();
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || loading || (type === 'submit' && !hydrated)}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={16} label={loadingLabel} color={onFilled ? '#ffffff' : undefined} />}
      {children}
    </StyledButton>
  );
}
