// The content pages' hero pictures: small inline SVGs in the brand's colours (no request, no layout shift: each
// has its width and height). Decorative: the heading beside them says what the page is about.
import type { ReactNode } from 'react';

const TEAL = '#0d9488';
const TEAL_DARK = '#115e59';
const MINT = '#ccfbf1';
const SKY = '#e0f2fe';
const SUN = '#fde68a';
const INK = '#0f172a';
const WHITE = '#ffffff';

function Art({ children }: { children: ReactNode }) {
  return (
    <svg width="280" height="200" viewBox="0 0 280 200" aria-hidden="true" focusable="false">
      <ellipse cx="140" cy="184" rx="118" ry="10" fill={MINT} />
      {children}
    </svg>
  );
}

/** A pharmacy counter: a medicine bottle, a blister pack and the green cross. */
export function PharmacyArt() {
  return (
    <Art>
      <rect x="24" y="26" width="64" height="64" rx="14" fill={TEAL} />
      <path d="M48 34h16v16h16v16H64v16H48V66H32V50h16z" fill={WHITE} />
      <rect x="118" y="58" width="62" height="118" rx="12" fill={WHITE} stroke={TEAL_DARK} strokeWidth="4" />
      <rect x="112" y="40" width="74" height="24" rx="6" fill={TEAL_DARK} />
      <rect x="128" y="96" width="42" height="44" rx="4" fill={MINT} />
      <path d="M138 118h22M149 107v22" stroke={TEAL} strokeWidth="5" strokeLinecap="round" />
      <rect x="196" y="112" width="70" height="64" rx="8" fill={SKY} stroke="#7dd3fc" strokeWidth="3" />
      {[0, 1].map((row) =>
        [0, 1, 2].map((col) => <circle key={`${row}${col}`} cx={213 + col * 18} cy={132 + row * 24} r="7" fill={WHITE} stroke="#38bdf8" strokeWidth="3" />),
      )}
    </Art>
  );
}

/** A parcel on its way: a van, a box and a route to a map pin. */
export function DeliveryArt() {
  return (
    <Art>
      <path d="M30 60c40-40 90 30 130-10s70-20 84 6" fill="none" stroke={TEAL} strokeWidth="3" strokeDasharray="6 8" strokeLinecap="round" />
      <path d="M236 22a18 18 0 0 1 18 18c0 14-18 32-18 32s-18-18-18-32a18 18 0 0 1 18-18z" fill={TEAL_DARK} />
      <circle cx="236" cy="40" r="7" fill={WHITE} />
      <rect x="28" y="100" width="132" height="70" rx="10" fill={TEAL} />
      <path d="M160 116h42l26 28v26h-68z" fill={TEAL_DARK} />
      <path d="M170 124h28l16 18h-44z" fill={SKY} />
      <circle cx="66" cy="172" r="14" fill={INK} />
      <circle cx="66" cy="172" r="6" fill={WHITE} />
      <circle cx="196" cy="172" r="14" fill={INK} />
      <circle cx="196" cy="172" r="6" fill={WHITE} />
      <rect x="58" y="116" width="48" height="36" rx="4" fill={SUN} />
      <path d="M58 130h48M82 116v36" stroke="#d97706" strokeWidth="3" />
    </Art>
  );
}

/** Everyday care: a heart with a leaf and a thermometer. */
export function CareArt() {
  return (
    <Art>
      <path d="M140 172s-76-42-76-94a40 40 0 0 1 76-18 40 40 0 0 1 76 18c0 52-76 94-76 94z" fill={TEAL} />
      <path d="M104 96h22l10-20 14 40 10-20h26" fill="none" stroke={WHITE} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M30 150c0-40 30-64 62-64-2 36-26 64-62 64z" fill="#86efac" />
      <path d="M34 146c16-18 30-30 52-52" stroke="#15803d" strokeWidth="3" strokeLinecap="round" />
      <rect x="226" y="60" width="16" height="92" rx="8" fill={WHITE} stroke={TEAL_DARK} strokeWidth="4" />
      <circle cx="234" cy="160" r="14" fill="#f87171" stroke={TEAL_DARK} strokeWidth="4" />
      <rect x="230" y="100" width="8" height="50" rx="4" fill="#f87171" />
    </Art>
  );
}

/** The shop on the high street where it began. */
export function StoryArt() {
  return (
    <Art>
      <rect x="50" y="60" width="180" height="116" rx="6" fill={WHITE} stroke={TEAL_DARK} strokeWidth="4" />
      <path d="M40 62l16-36h168l16 36z" fill={TEAL} />
      <path d="M56 62v-4M96 62l6-36M140 62V26M184 62l-6-36" stroke={WHITE} strokeWidth="4" />
      <rect x="66" y="88" width="62" height="52" rx="4" fill={SKY} />
      <rect x="146" y="96" width="56" height="80" rx="4" fill={MINT} stroke={TEAL_DARK} strokeWidth="3" />
      <circle cx="190" cy="138" r="4" fill={TEAL_DARK} />
      <rect x="84" y="100" width="26" height="26" rx="5" fill={TEAL} />
      <path d="M97 106v14M90 113h14" stroke={WHITE} strokeWidth="4" strokeLinecap="round" />
      <circle cx="246" cy="40" r="16" fill={SUN} />
    </Art>
  );
}

/** Working with others: linked boxes of a supply chain. */
export function PartnersArt() {
  return (
    <Art>
      <rect x="24" y="74" width="64" height="64" rx="12" fill={TEAL} />
      <rect x="108" y="34" width="64" height="64" rx="12" fill={SKY} stroke="#38bdf8" strokeWidth="3" />
      <rect x="192" y="74" width="64" height="64" rx="12" fill={TEAL_DARK} />
      <rect x="108" y="116" width="64" height="56" rx="12" fill={SUN} />
      <path d="M88 100l20-20M172 80l20 20M88 116l20 20M172 136l20-20" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <path d="M44 106h24M56 94v24" stroke={WHITE} strokeWidth="5" strokeLinecap="round" />
      <path d="M124 66h32M124 54h20" stroke="#0369a1" strokeWidth="4" strokeLinecap="round" />
      <path d="M212 106l10 10 18-20" fill="none" stroke={WHITE} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </Art>
  );
}
