import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
import { th } from '@pharmacy/ui';

const slideIn = keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`;
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${th((t) => t.colors.overlay)};
  z-index: ${th((t) => t.zIndices.overlay)};
  animation: ${fadeIn} 150ms ease-out;
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: min(${th((t) => t.space(64))}, 85vw);
  overflow-y: auto;
  background: ${th((t) => t.colors.surface)};
  box-shadow: ${th((t) => t.shadows.lg)};
  z-index: ${th((t) => t.zIndices.dialog)};
  animation: ${slideIn} 180ms ease-out;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DrawerProps {
  id: string;
  label: string;
  onClose: () => void;
  /** Gets the focus back when the drawer closes (the menu button). */
  returnFocusRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal slide-out panel from the left: focus moves in on open, Tab stays inside, Escape and the overlay
 * close it, and focus returns to the opener (WAI-ARIA dialog pattern).
 */
export function Drawer({ id, label, onClose, returnFocusRef, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const panel = panelRef.current;
    const returnTo = returnFocusRef.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind must not scroll while the drawer covers it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [returnFocusRef]);

  return (
    <>
      <Overlay data-testid="drawer-overlay" aria-hidden="true" onClick={onClose} />
      <Panel ref={panelRef} id={id} role="dialog" aria-modal="true" aria-label={label}>
        {children}
      </Panel>
    </>
  );
}
