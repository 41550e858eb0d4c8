import type { NotifyUserBody } from '@pharmacy/contracts';
import { escapeHtml } from '@pharmacy/service-kit';

/*
 * The one layout of every order mail, written twice from the same parts: plain text (what the dev mailbox shows,
 * and what a mail client without HTML reads) and HTML with inline styles only (mail clients drop style sheets).
 * Every value is escaped in the HTML; nothing a shopper or staff typed is ever markup.
 */

export type MailPart =
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs (totals, the delivery). */
  | { kind: 'facts'; title?: string; rows: Array<[string, string]> }
  /** The order's lines: "2 × Ibuprofen 200mg Tablets" and their total. */
  | { kind: 'lines'; title: string; rows: Array<{ quantity: number; title: string; total: string }> }
  | { kind: 'link'; label: string; url: string };

export interface MailContent {
  subject: string;
  /** The first line of the HTML body, in large type (the subject in a reader's words). */
  heading: string;
  parts: MailPart[];
}

const SIGNATURE = 'Pharmacy & Care';

function textOf(part: MailPart): string {
  switch (part.kind) {
    case 'paragraph':
      return part.text;
    case 'facts':
      return [...(part.title ? [part.title] : []), ...part.rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
    case 'lines':
      return [part.title, ...part.rows.map((r) => `  ${r.quantity} × ${r.title}  ${r.total}`)].join('\n');
    case 'link':
      return `${part.label}: ${part.url}`;
  }
}

const CELL = 'padding:4px 8px 4px 0;vertical-align:top';
const TITLE = 'margin:20px 0 6px;font-size:16px';

function htmlOf(part: MailPart): string {
  switch (part.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 14px">${escapeHtml(part.text)}</p>`;
    case 'facts':
      return (
        (part.title ? `<h2 style="${TITLE}">${escapeHtml(part.title)}</h2>` : '') +
        `<table style="border-collapse:collapse;margin:0 0 14px">${part.rows
          .map(([label, value]) => `<tr><th scope="row" style="${CELL};text-align:left;font-weight:600">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`
      );
    case 'lines':
      return (
        `<h2 style="${TITLE}">${escapeHtml(part.title)}</h2>` +
        `<table style="border-collapse:collapse;width:100%;margin:0 0 8px"><thead><tr>` +
        `<th scope="col" style="${CELL};text-align:left">Item</th><th scope="col" style="${CELL};text-align:right">Qty</th><th scope="col" style="${CELL};text-align:right">Total</th>` +
        `</tr></thead><tbody>${part.rows
          .map((r) => `<tr><td style="${CELL}">${escapeHtml(r.title)}</td><td style="${CELL};text-align:right">${r.quantity}</td><td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(r.total)}</td></tr>`)
          .join('')}</tbody></table>`
      );
    case 'link':
      return `<p style="margin:0 0 14px"><a href="${escapeHtml(part.url)}" style="color:#0f5f58">${escapeHtml(part.label)}</a></p>`;
  }
}

/** A mail to a shopper, as the account service's notify takes it: text, HTML and the key that sends it once. */
export function renderMail(content: MailContent, key: string): NotifyUserBody {
  const text = ['Hello,', ...content.parts.map(textOf), SIGNATURE].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<div style="max-width:600px;margin:0 auto;padding:16px;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#ffffff">
<p style="margin:0 0 16px;font-weight:700;color:#0f766e">${escapeHtml(SIGNATURE)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 14px">Hello,</p>
${content.parts.map(htmlOf).join('\n')}
<p style="margin:24px 0 0;color:#475569">${escapeHtml(SIGNATURE)}</p>
</div>
</body></html>`;
  return { subject: content.subject, text, html, key };
}
