import { unstorableCharAt } from '../src/browser';

describe('unstorableCharAt: the characters no text field may hold', () => {
  it.each([
    ['NUL', 'Ann\u0000Lee', 3],
    ['a lone high surrogate', 'Ann\ud800Lee', 3],
    ['a lone low surrogate', 'Ann\udc00Lee', 3],
    ['a high surrogate at the very end', 'Ann\ud83d', 3],
    ['a pair in the wrong order', '\ude00\ud83d', 0],
    ['a C0 control (bell)', 'ring\u0007', 4],
    ['a C0 control (escape)', '\u001b[31mred', 0],
    ['vertical tab', 'a\u000bb', 1],
    ['form feed', 'a\u000cb', 1],
    ['DEL', 'a\u007fb', 1],
    ['a lone surrogate after a valid emoji', '😀\ud800', 2],
  ])('refuses %s, at its position', (_name, text, at) => {
    expect(unstorableCharAt(text)).toBe(at);
  });

  it.each([
    ['accented letters', 'Zoë Brontë, Señor Núñez, Łódź'],
    ['an emoji (a surrogate pair)', 'Thanks 😀👍🏽'],
    ['a family emoji (pairs joined by zero-width joiners)', '👨‍👩‍👧'],
    ['tab, line feed and carriage return (multi-line text)', 'Line one\r\nLine two\tindented\n'],
    ['other scripts', 'Пётр 李雷 محمد'],
    ['U+2028 and U+0085 (the store writes them escaped)', 'a\u2028b\u0085c'],
    ['the empty string', ''],
  ])('accepts %s', (_name, text) => {
    expect(unstorableCharAt(text)).toBe(-1);
  });
});
