/**
 * Support chat (docs/product.md#layout: the number is never shown). Only the chat link's href carries it; change it here.
 * Digits only, international format without "+" (the wa.me link format).
 */
export const SUPPORT_CHAT_NUMBER = '447700900123';
export const SUPPORT_CHAT_MESSAGE = 'Hello Pharmacy & Care, I have a question.';
export const supportChatUrl = () =>
  `https://wa.me/${SUPPORT_CHAT_NUMBER}?text=${encodeURIComponent(SUPPORT_CHAT_MESSAGE)}`;

/** docs/product.md#interface-constants: the scroll-to-top button appears once the page is scrolled past this many pixels. */
export const SCROLL_TOP_THRESHOLD = 500;

export const SITE_TITLE = 'Pharmacy & Care';
export const SUPPORT_EMAIL = 'care@pharmacyandcare.example';
