// The dialog itself (Radix: focus trap, Escape, scroll lock, aria-labelledby/-describedby, portal, styles), loaded
// by Dialog.tsx the first time a dialog opens, so a page whose dialogs stay closed does not carry it.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media, th } from '../theme';
import type { DialogProps } from './Dialog';
import { closeButtonBox } from './closeButton';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${th((t) => t.colors.overlay)};
  z-index: ${th((t) => t.zIndices.overlay)};
  animation: ${fadeIn} 150ms ease-out;
`;

const slideUp = keyframes`from { transform: translateY(2rem); opacity: 0; } to { transform: none; opacity: 1; }`;

/** A sheet rises from the bottom of a phone (within reach of the thumb) and stands at the right edge from md up. */
const sheet = css`
  top: auto;
  bottom: 0;
  left: 0;
  transform: none;
  width: 100%;
  max-height: 85vh;
  max-height: 85dvh;
  padding-bottom: max(${th((t) => t.space(6))}, env(safe-area-inset-bottom));
  border-radius: ${th((t) => t.radii.lg)} ${th((t) => t.radii.lg)} 0 0;
  animation: ${slideUp} 150ms ease-out;
  ${media.md} {
    top: 0;
    left: auto;
    right: 0;
    max-height: none;
    height: 100%;
    border-radius: 0;
  }
`;

const Content = styled(RadixDialog.Content)<{ $width: string; $sheet: boolean }>`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: calc(100vw - 2rem);
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${th((t) => t.space(6))};
  background: ${th((t) => t.colors.surface)};
  border-radius: ${th((t) => t.radii.lg)};
  box-shadow: ${th((t) => t.shadows.lg)};
  z-index: ${th((t) => t.zIndices.dialog)};
  animation: ${rise} 150ms ease-out;
  ${media.md} {
    max-width: ${(p) => p.$width};
  }
  ${(p) => p.$sheet && sheet}
`;

/**
 * Stays at the top while the content scrolls inside the dialog, so the title and the close button remain in reach
 * on a phone whatever the length of the form (no Escape key on a touch screen). It runs to the dialog's edges over
 * the padding, on the surface colour, so the scrolled content passes under it.
 */
const Header = styled.div`
  position: sticky;
  top: calc(-1 * ${th((t) => t.space(6))});
  z-index: 1;
  margin: calc(-1 * ${th((t) => t.space(6))}) calc(-1 * ${th((t) => t.space(6))}) ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(6))} calc(${th((t) => t.space(6))} + 2.5rem) ${th((t) => t.space(3))} ${th((t) => t.space(6))};
  background: ${th((t) => t.colors.surface)};
`;

const Title = styled(RadixDialog.Title)`
  margin: 0;
  &:focus:not(:focus-visible) { outline: none; }
  font-size: ${th((t) => t.fontSizes.xl)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

const Description = styled(RadixDialog.Description)`
  margin: ${th((t) => t.space(1))} 0 0;
  color: ${th((t) => t.colors.textMuted)};
`;

const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: ${th((t) => t.space(4))};
  right: ${th((t) => t.space(4))};
  ${closeButtonBox}
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.textMuted)};
  font-size: 1.5rem;
  &:hover { background: ${th((t) => t.colors.surfaceMuted)}; color: ${th((t) => t.colors.text)}; }
`;

export const widths = { sm: '24rem', md: '32rem', lg: '48rem' } as const;

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogViewProps extends Omit<DialogProps, 'open' | 'defaultOpen' | 'trigger' | 'onOpenChange'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the trigger's aria-controls names. */
  contentId: string;
  /** Where focus goes back on close: the trigger Dialog.tsx renders (Radix would use its own Trigger's). */
  triggerRef: RefObject<HTMLElement | null>;
}

/** A modal dialog, controlled by Dialog.tsx, whose trigger it renders itself (kept in place while this loads). */
export function DialogView({
  open,
  onOpenChange,
  contentId,
  triggerRef,
  title,
  description,
  children,
  size = 'md',
  closeLabel = 'Close',
  placement = 'centre',
  initialFocus = 'field',
}: DialogViewProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          ref={contentRef}
          id={contentId}
          $width={widths[size]}
          $sheet={placement === 'sheet'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (initialFocus === 'title' && titleRef.current) {
              // Read from the top: the title is where a screen reader starts, and nothing below pulls the view down.
              event.preventDefault();
              titleRef.current.focus({ preventScroll: true });
              if (contentRef.current) contentRef.current.scrollTop = 0;
              return;
            }
            // The close button comes first in the header now; opening still focuses what the dialog is for (its
            // first field or button), and only a dialog with none focuses the close button.
            const first = bodyRef.current?.querySelector<HTMLElement>(TABBABLE);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it; a dialog opened by other means (no trigger) keeps Radix's default.
            if (!triggerRef.current) return;
            event.preventDefault();
            triggerRef.current.focus();
          }}
        >
          <Header>
            <Title ref={titleRef} tabIndex={initialFocus === 'title' ? -1 : undefined}>
              {title}
            </Title>
            {description && <Description>{description}</Description>}
            <CloseButton aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </CloseButton>
          </Header>
          <div ref={bodyRef}>{children}</div>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Radix's close, exported as `DialogClose` by Dialog.tsx. */
export const DialogCloseView = RadixDialog.Close;
