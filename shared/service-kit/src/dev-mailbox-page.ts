import type { KeptMail } from '@pharmacy/contracts';
import { escapeHtml as escape } from './text';

/*
 * The dev mailbox's HTML, written on the server: no script (the shop's CSP allows none inline), one inline style
 * sheet, readable at 375 px and on a desktop. Every value from a mail is escaped; a mail's HTML part is never
 * rendered (it could carry markup), only its text, with its web addresses made into links.
 */

/** "23 Nov 2026, 03:15 UTC": the server has no idea of the reader's zone, so it says which one it used. */
const when = (d: Date): string =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).format(d)} UTC`;

const timeTag = (iso: string) => {
  const d = new Date(iso);
  return `<time datetime="${d.toISOString()}">${escape(when(d))}</time>`;
};

// Trailing punctuation ends a sentence, not the address.
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A mail's text as HTML: escaped, line breaks kept by the style sheet, every http(s) address a link. */
export function textWithLinks(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    out += escape(text.slice(last, match.index));
    out += `<a href="${escape(match[0])}">${escape(match[0])}</a>`;
    last = match.index! + match[0].length;
  }
  return out + escape(text.slice(last));
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#0f766e;color:#fff;padding:12px 16px}
header p{margin:0;font-weight:600}
main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:8px 0 4px}
.note{color:#334155;margin:0 0 16px}
ul{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #cbd5e1;border-radius:8px;margin:0 0 8px}
li a{display:block;padding:12px 16px;min-height:44px;color:inherit;text-decoration:none}
li a:hover .subject,li a:focus-visible .subject{text-decoration:underline}
.subject{display:block;font-weight:600;color:#0f5f58;overflow-wrap:anywhere}
.meta{display:block;color:#475569;font-size:.875rem;overflow-wrap:anywhere}
a{color:#0f5f58}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.body{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:16px;white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.back{display:inline-block;padding:10px 0;min-height:44px}
`;

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} · Pharmacy &amp; Care</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Pharmacy &amp; Care · development</p></header>
<main>
${main}
</main>
</body>
</html>
`;
}

const NOTE =
  '<p class="note">Mail this install has written instead of sending it (no SMTP_URL is set). This page exists only outside production, for the machine the shop runs on.</p>';

/** The list: newest first, each mail's subject as its link, then who it went to and when. */
export function mailboxPage(mails: KeptMail[], basePath: string, shown: number): string {
  const items = mails
    .map(
      (m) =>
        `<li><a href="${basePath}/${encodeURIComponent(m._id)}"><span class="subject">${escape(m.subject)}</span>` +
        `<span class="meta">To ${escape(m.to)} · ${timeTag(m.createdAt)}</span></a></li>`,
    )
    .join('\n');
  const list = mails.length
    ? `<ul aria-label="Mails, newest first">\n${items}\n</ul>` +
      (mails.length === shown ? `<p class="note">Showing the newest ${shown} mails.</p>` : '')
    : '<p>No mail yet. Mail the shop writes (a password reset link, an order update) appears here.</p>';
  return layout('Dev mailbox', `<h1>Dev mailbox</h1>\n${NOTE}\n${list}`);
}

/** One mail: its subject as the heading, who it went to and when, and its text with working links. */
export function mailPage(mail: KeptMail, basePath: string): string {
  return layout(
    mail.subject,
    `<a class="back" href="${basePath}">Back to the mailbox</a>
<h1>${escape(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escape(mail.to)}</dd><dt>Sent</dt><dd>${timeTag(mail.createdAt)}</dd></dl>
<section class="body" aria-label="Message text">${textWithLinks(mail.text)}</section>`,
  );
}

export function missingMailPage(basePath: string): string {
  return layout(
    'Mail not found',
    `<a class="back" href="${basePath}">Back to the mailbox</a>\n<h1>Mail not found</h1>\n<p>That mail is not in the mailbox (it may belong to an account that was deleted).</p>`,
  );
}
