import { media } from '@pharmacy/ui';
import styled from 'styled-components';
import { supportChatUrl } from '../config';

const CHAT_NAME = 'Chat with us';

/**
 * Wider screens only: on a phone a floating bubble sits on top of card titles and buttons, so there the chat link
 * is in the menu instead (ChatLink). 48 px, clear of the content's edge.
 */
const Floating = styled.a`
  display: none;
  ${media.md} {
    position: fixed;
    right: 1rem;
    bottom: 1rem;
    z-index: ${({ theme }) => theme.zIndices.overlay};
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 3rem;
    height: 3rem;
    border-radius: ${({ theme }) => theme.radii.full};
    background: ${({ theme }) => theme.colors.brandStrong};
    color: ${({ theme }) => theme.colors.onBrand};
    box-shadow: ${({ theme }) => theme.shadows.lg};
    &:hover {
      background: ${({ theme }) => theme.colors.brandStronger};
    }
  }
`;

const InMenu = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  color: ${({ theme }) => theme.colors.brandStronger};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

function ChatIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.66 15l-1.3 4.74a.5.5 0 0 0 .62.61l4.8-1.27A10 10 0 1 0 12 2Zm0 18a8 8 0 0 1-4.1-1.13.5.5 0 0 0-.39-.05l-3.07.81.82-3a.5.5 0 0 0-.06-.4A8 8 0 1 1 12 20Zm-3-11.5h6a1 1 0 0 1 0 2H9a1 1 0 0 1 0-2Zm0 4h4a1 1 0 0 1 0 2H9a1 1 0 0 1 0-2Z"
      />
    </svg>
  );
}

/** docs/product.md#layout: opens a messaging link to the support number; the number itself is never shown. */
export function ChatButton() {
  return (
    <Floating href={supportChatUrl()} target="_blank" rel="noopener noreferrer" aria-label={CHAT_NAME} title={CHAT_NAME}>
      <ChatIcon size={24} />
    </Floating>
  );
}

/** The same link as words in the phone menu. */
export function ChatLink() {
  return (
    <InMenu href={supportChatUrl()} target="_blank" rel="noopener noreferrer">
      <ChatIcon size={20} />
      {CHAT_NAME}
    </InMenu>
  );
}
