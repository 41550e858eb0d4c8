// The toasts themselves: their styles, animations, action and close buttons. Loaded by <Toaster /> (Toaster.tsx)
// when the first toast is raised, so none of it is in the first page load; the region and its hotkey stay there.
import * as RadixToast from '@radix-ui/react-toast';
import { isValidElement } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media, th } from '../theme';
import {
  TOAST_HOTKEY,
  TOAST_REGION_LABEL,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_TOP_OFFSET_VAR,
  TOAST_VIEWPORT_MAX_WIDTH,
  type ToastActionProps,
} from './Toaster';
import { TOAST_DEFAULT_DURATION, type ToasterToast, type ToastVariant } from './store';
import { closeButtonBox } from '../components/closeButton';

/**
 * Phones: a compact strip at the top, under the header, where it does not cover the page's main action (Add to
 * cart, Sign in to check out, Place order: at the thumb, lower down). From md up: bottom right, as wide as
 * TOAST_VIEWPORT_MAX_WIDTH. The region itself lets every tap through; only the toast takes pointer events.
 */
const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  top: var(${TOAST_TOP_OFFSET_VAR}, 0px);
  left: 0;
  right: 0;
  z-index: ${th((t) => t.zIndices.toast)};
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: 100%;
  max-height: 100vh;
  margin: 0;
  padding: 0.5rem;
  list-style: none;
  outline: none;
  pointer-events: none;
  & > li {
    pointer-events: auto;
  }
  ${media.md} {
    top: auto;
    bottom: 0;
    left: auto;
    max-width: ${TOAST_VIEWPORT_MAX_WIDTH}px;
    padding: 1rem;
  }
`;


const slideIn = keyframes`from { transform: translateX(calc(100% + 1rem)); } to { transform: translateX(0); }`;
const dropIn = keyframes`from { transform: translateY(-0.75rem); opacity: 0; } to { transform: translateY(0); opacity: 1; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;
const swipeOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); } to { transform: translateX(calc(100% + 1rem)); }`;

const variantCss: Record<ToastVariant, ReturnType<typeof css>> = {
  default: css`
    background: ${th((t) => t.colors.surface)};
    color: ${th((t) => t.colors.text)};
    border-color: ${th((t) => t.colors.border)};
  `,
  destructive: css`
    background: ${th((t) => t.colors.dangerStrong)};
    color: ${th((t) => t.colors.onDanger)};
    border-color: ${th((t) => t.colors.dangerStrong)};
  `,
};

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.5rem 2.75rem 0.5rem 0.875rem;
  min-height: 3rem;
  border: 1px solid;
  border-radius: ${th((t) => t.radii.md)};
  box-shadow: ${th((t) => t.shadows.lg)};
  ${(p) => variantCss[p.$variant]}
  /* Radix drives these states: open -> closed (exit animation, presence "unmount suspended") -> unmounted. */
  &[data-state='open'] { animation: ${dropIn} 200ms ease-out; }
  &[data-state='closed'] { animation: ${fadeOut} 150ms ease-in forwards; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe='end'] { animation: ${swipeOut} 150ms ease-out forwards; }
  ${media.md} {
    gap: 1rem;
    padding: 1rem 2.5rem 1rem 1.25rem;
    &[data-state='open'] { animation: ${slideIn} 200ms ease-out; }
  }
`;

const Text = styled.div`
  display: grid;
  gap: 0.25rem;
`;

const Title = styled(RadixToast.Title)`
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

const Description = styled(RadixToast.Description)`
  font-size: ${th((t) => t.fontSizes.sm)};
  opacity: 0.9;
`;

const ActionButton = styled(RadixToast.Action)`
  flex: none;
  min-height: 2rem;
  padding: 0 0.75rem;
  border: 1px solid currentColor;
  border-radius: ${th((t) => t.radii.md)};
  background: transparent;
  color: inherit;
  font-weight: ${th((t) => t.fontWeights.medium)};
  cursor: pointer;
  &:hover { background: rgba(127, 127, 127, 0.12); }
`;

const CloseButton = styled(RadixToast.Close)`
  position: absolute;
  top: 50%;
  right: 0.375rem;
  transform: translateY(-50%);
  ${closeButtonBox}
  border-radius: ${th((t) => t.radii.sm)};
  color: inherit;
  font-size: 1.25rem;
  &:hover { background: rgba(127, 127, 127, 0.12); }
`;

/** The optional action button of a toast (exported as `ToastAction` by Toaster.tsx). */
export function ToastActionView(props: ToastActionProps) {
  return <ActionButton {...props} />;
}

function renderAction(action: ToasterToast['action']) {
  if (!action) return null;
  if (isValidElement(action)) return action;
  return (
    <ToastActionView altText={action.altText ?? action.label} onClick={action.onClick}>
      {action.label}
    </ToastActionView>
  );
}

function ToastItems({ toasts }: { toasts: ToasterToast[] }) {
  return toasts.map(({ id, title, description, action, variant = 'default', duration, open, onOpenChange }) => (
    <Root
      key={id}
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      $variant={variant}
      data-variant={variant}
      // A failure is announced at once (assertive); routine feedback waits its turn (polite).
      type={variant === 'destructive' ? 'foreground' : 'background'}
    >
      <Text>
        {title && <Title>{title}</Title>}
        {description && <Description>{description}</Description>}
      </Text>
      {renderAction(action)}
      <CloseButton aria-label="Close">
        <span aria-hidden="true">×</span>
      </CloseButton>
    </Root>
  ));
}

/** The toasts and Radix's viewport, inside the landmark <Toaster /> renders. */
export function ToastRegion({ toasts }: { toasts: ToasterToast[] }) {
  return (
    <RadixToast.Provider
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      duration={TOAST_DEFAULT_DURATION}
      label={TOAST_REGION_LABEL}
    >
      <ToastItems toasts={toasts} />
      {/* Unnamed: the landmark around it is Toaster's, which exists before this loads; one landmark, not two. */}
      <Viewport hotkey={TOAST_HOTKEY} label="" />
    </RadixToast.Provider>
  );
}
