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
  TOAST_DRAWN_ATTR,
  TOAST_VIEWPORT_MAX_WIDTH,
  type ToastActionProps,
  type ToastPlacement,
} from './Toaster';
import { TOAST_DEFAULT_DURATION, type ToasterToast, type ToastVariant } from './store';
import { closeButtonBox } from '../components/closeButton';

/**
 * `floating` (a frame without a header bar: the admin): phones get a strip at the top, from md up it stands at the
 * bottom right. The region itself lets every tap through; only the toast takes pointer events.
 */
const floating = css`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  width: 100%;
  max-height: 100vh;
  padding: 0.5rem;
  ${media.md} {
    top: auto;
    bottom: 0;
    left: auto;
    max-width: ${TOAST_VIEWPORT_MAX_WIDTH}px;
    padding: 1rem;
  }
`;

/**
 * `bar`: over the ToastSlot of a header bar (its positioned box), as tall as the bar's row plus most of its padding,
 * from the slot's start and at most TOAST_VIEWPORT_MAX_WIDTH wide from md up. Nothing of the page is ever under it.
 */
const bar = css`
  position: absolute;
  top: -0.375rem;
  bottom: -0.375rem;
  left: 0;
  right: 0;
  padding: 0;
  ${media.md} {
    max-width: ${TOAST_VIEWPORT_MAX_WIDTH}px;
  }
`;

const Viewport = styled(RadixToast.Viewport)<{ $placement: ToastPlacement }>`
  z-index: ${th((t) => t.zIndices.toast)};
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  list-style: none;
  outline: none;
  pointer-events: none;
  & > li {
    pointer-events: auto;
  }
  ${(p) => (p.$placement === 'bar' ? bar : floating)}
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

const Text = styled.div`
  display: grid;
  gap: 0.25rem;
  min-width: 0;
`;

/** In a bar the toast fills the row: a title and a description line, each cut with an ellipsis (read whole by screen readers). */
const inBar = css`
  flex: 1;
  min-height: 0;
  padding: 0.25rem 2.75rem 0.25rem 0.75rem;
  box-shadow: ${th((t) => t.shadows.md)};
  font-size: ${th((t) => t.fontSizes.sm)};
  line-height: 1.3;
  ${Text} {
    gap: 0.125rem;
  }
  ${Text} > * {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const floatingRoot = css`
  min-height: 3rem;
  padding: 0.5rem 2.75rem 0.5rem 0.875rem;
  box-shadow: ${th((t) => t.shadows.lg)};
  ${media.md} {
    gap: 1rem;
    padding: 1rem 2.5rem 1rem 1.25rem;
    &[data-state='open'] { animation: ${slideIn} 200ms ease-out; }
  }
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant; $placement: ToastPlacement }>`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  border: 1px solid;
  border-radius: ${th((t) => t.radii.md)};
  ${(p) => variantCss[p.$variant]}
  /* Radix drives these states: open -> closed (exit animation, presence "unmount suspended") -> unmounted. */
  &[data-state='open'] { animation: ${dropIn} 200ms ease-out; }
  &[data-state='closed'] { animation: ${fadeOut} 150ms ease-in forwards; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe='end'] { animation: ${swipeOut} 150ms ease-out forwards; }
  ${(p) => (p.$placement === 'bar' ? inBar : floatingRoot)}
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

function ToastItems({ toasts, placement }: { toasts: ToasterToast[]; placement: ToastPlacement }) {
  return toasts.map(({ id, title, description, action, variant = 'default', duration, open, onOpenChange }) => (
    <Root
      key={id}
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      $variant={variant}
      $placement={placement}
      data-variant={variant}
      {...{ [TOAST_DRAWN_ATTR]: '' }}
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
export function ToastRegion({ toasts, placement }: { toasts: ToasterToast[]; placement: ToastPlacement }) {
  return (
    <RadixToast.Provider
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      duration={TOAST_DEFAULT_DURATION}
      label={TOAST_REGION_LABEL}
    >
      <ToastItems toasts={toasts} placement={placement} />
      {/* Unnamed: the landmark around it is Toaster's, which exists before this loads; one landmark, not two. */}
      <Viewport hotkey={TOAST_HOTKEY} label="" $placement={placement} />
    </RadixToast.Provider>
  );
}
