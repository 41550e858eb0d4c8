import styled, { keyframes } from 'styled-components';
import { useAppTheme } from '../theme';
import { VisuallyHidden } from './VisuallyHidden';

/** Size 50, teal (docs/product.md#interface-constants). */
export const SPINNER_DEFAULT_SIZE = 50;

export interface SpinnerProps {
  /** Width and height in px. */
  size?: number;
  /** Read by screen readers; the spinner is a live status region. */
  label?: string;
  /** Stroke colour; the brand teal unless overridden (e.g. white on a filled button). */
  color?: string;
  className?: string;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Svg = styled.svg`
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`;

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

export function Spinner({ size = SPINNER_DEFAULT_SIZE, label = 'Loading', color: colorProp, className }: SpinnerProps) {
  const appTheme = useAppTheme();
  const color = colorProp ?? appTheme.colors.brand;
  const stroke = Math.max(2, Math.round(size / 10));
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  return (
    <Wrapper role="status" className={className}>
      <Svg
        data-testid="spinner-svg"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden="true"
        focusable="false"
      >
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke={color} strokeOpacity={0.2} strokeWidth={stroke} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke={color}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${circumference * 0.3} ${circumference}`}
        />
      </Svg>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Wrapper>
  );
}

const Centre = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 50vh;
  width: 100%;
`;

/** The spinner centred in the page area: shown while a remote's chunk loads and while auth is checked. */
export function PageSpinner({ label = 'Loading', size = SPINNER_DEFAULT_SIZE }: Pick<SpinnerProps, 'label' | 'size'>) {
  return (
    <Centre>
      <Spinner size={size} label={label} />
    </Centre>
  );
}
