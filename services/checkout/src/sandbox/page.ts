import { escapeHtml } from '@pharmacy/service-kit';

export { escapeHtml };

/**
 * The one look of the sandbox providers' pages (the payment approval page, the demo prescriber): a card on a grey
 * page behind a yellow banner that says it is a sandbox. No script inline (the service's CSP allows none); a page
 * adds its own rules in `style`.
 */
export function page(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 4px 16px rgba(15,23,42,.08)}
.banner{background:#fef3c7;border:1px solid #f59e0b;color:#78350f;border-radius:8px;padding:.75rem 1rem;font-weight:600;margin-bottom:1.5rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
.actions{display:flex;gap:1rem;flex-wrap:wrap}
a.btn{display:inline-block;padding:.75rem 1.5rem;border-radius:8px;text-decoration:none;font-weight:600}
a.approve{background:#0f766e;color:#fff}a.cancel{background:#e2e8f0;color:#0f172a}
@media (max-width:30rem){body{padding:1rem .5rem}main{padding:1.25rem 1rem}}
${style}</style></head><body><main>${body}</main></body></html>`;
}
