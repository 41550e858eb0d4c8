import { createGlobalStyle } from 'styled-components';
import { th } from './theme';

/** Base document styles; render once at the root (the host shell does). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${th((t) => t.fonts.body)};
    font-size: 1rem;
    line-height: 1.5;
    color: ${th((t) => t.colors.text)};
    background: ${th((t) => t.colors.background)};
    -webkit-font-smoothing: antialiased;
  }
  img, svg, video { display: block; max-width: 100%; }
  img, video { height: auto; }
  input, button, textarea, select { font: inherit; }
  a { color: ${th((t) => t.colors.brandStrong)}; }
  /* Keyboard users always see where they are; mouse clicks do not leave rings behind. */
  :focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 2px; }
  :focus:not(:focus-visible) { outline: none; }
  /* a page's heading takes the focus when the page opens (to start reading there), not to be pressed: no ring */
  h1[tabindex='-1']:focus { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
