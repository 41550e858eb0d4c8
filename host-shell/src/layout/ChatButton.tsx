import styled from 'styled-components';
import { supportChatUrl } from '../config';

const Floating = styled.a`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.brandStrong};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &:hover {
    background: ${({ theme }) => theme.colors.brandStronger};
  }
`;

/** docs/product.md#layout: opens a messaging link to the support number; the number itself is never shown. */
export function ChatButton() {
  return (
    <Floating href={supportChatUrl()} target="_blank" rel="noopener noreferrer" aria-label="Chat with us" title="Chat with us">
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.66 15l-1.3 4.74a.5.5 0 0 0 .62.61l4.8-1.27A10 10 0 1 0 12 2Zm0 18a8 8 0 0 1-4.1-1.13.5.5 0 0 0-.39-.05l-3.07.81.82-3a.5.5 0 0 0-.06-.4A8 8 0 1 1 12 20Zm-3-11.5h6a1 1 0 0 1 0 2H9a1 1 0 0 1 0-2Zm0 4h4a1 1 0 0 1 0 2H9a1 1 0 0 1 0-2Z"
        />
      </svg>
    </Floating>
  );
}
