import { PRESCRIPTION_LIMITS, type EPrescriptionContent } from '@pharmacy/contracts';
import { escapeHtml as e, page } from '../../../sandbox/page';
import { PRESCRIBER_LIMITS, PRESCRIBER_ROWS, type PrescriberErrors, type PrescriberValues } from './form';

/** The demo prescriber's pages (docs/api.md#electronic-prescriptions-sandbox): server-written HTML, readable at 375 px. */
export const PRESCRIBER_PATH = '/api/shop/prescriptions/sandbox/prescriber';
/** The copy button's few lines: a file of the shop's own origin, as the CSP allows no inline script. */
export const COPY_SCRIPT_PATH = `${PRESCRIBER_PATH}/copy.js`;

export const SANDBOX_NOTICE = 'SANDBOX — demo prescriber, not a real prescription service';

const STYLE = `
main{max-width:36rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{display:block;font-weight:400;color:#475569;font-size:.875rem}
input,select{box-sizing:border-box;width:100%;min-height:44px;font:inherit;padding:.5rem .75rem;border:1px solid #64748b;border-radius:8px;background:#fff;color:inherit}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
fieldset{border:1px solid #cbd5e1;border-radius:8px;margin:1.25rem 0 0;padding:0 1rem 1rem}
legend{font-weight:700;padding:0 .25rem}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem}
.error{color:#b91c1c;font-weight:600;margin:.25rem 0 0}
[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.summary{border:2px solid #b91c1c;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.summary h2{font-size:1.1rem;margin:0 0 .25rem}
.summary p{margin:0}
button{min-height:44px;font:inherit;font-weight:600;padding:.75rem 1.5rem;border-radius:8px;border:0;background:#0f766e;color:#fff;cursor:pointer}
form>button{margin-top:1.5rem;width:100%}
.token{font:700 clamp(1.1rem,5.6vw,2.25rem)/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.04em;background:#f1f5f9;border-radius:8px;padding:1rem;text-align:center;user-select:all;overflow-wrap:anywhere;margin:.5rem 0}
.copy{width:100%}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
ul.items{padding-left:1.25rem}
a{color:#0f5f58}
`;

const banner = `<div class="banner" role="note">${e(SANDBOX_NOTICE)}</div>`;

/** An input's error, tied to it for screen readers. */
function field(id: string, name: string, label: string, value: string, errors: PrescriberErrors, key: string, attrs: string, hint = '') {
  const error = errors[key];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${e(label)}${hint ? ` <span class="hint">${e(hint)}</span>` : ''}</label>
<input id="${id}" name="${name}" value="${e(value)}" ${attrs}${described}>${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}`;
}

function select(id: string, name: string, label: string, value: string, options: Array<[string, string]>, errors: PrescriberErrors, key: string) {
  const error = errors[key];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const choices = options.map(([v, text]) => `<option value="${e(v)}"${v === value ? ' selected' : ''}>${e(text)}</option>`).join('');
  return `<label for="${id}">${e(label)}</label>
<select id="${id}" name="${name}"${described}>${choices}</select>${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}`;
}

/** The prescription-only medicines of the catalogue, by title. */
export interface Medicine {
  productId: string;
  title: string;
}

export function prescriberPage(opts: { values: PrescriberValues; errors?: PrescriberErrors; medicines: Medicine[] }): string {
  const { values, medicines } = opts;
  const errors = opts.errors ?? {};
  const count = Object.keys(errors).length;
  const summary = count
    ? `<div class="summary" role="alert" tabindex="-1"><h2>The prescription was not issued</h2><p>${count === 1 ? 'One thing needs' : `${count} things need`} changing: see the messages below.</p>${errors.items ? `<p class="error">${e(errors.items)}</p>` : ''}</div>`
    : '';
  const medicineOptions: Array<[string, string]> = [['', 'Choose a medicine…'], ...medicines.map((m): [string, string] => [m.productId, m.title])];
  // A medicine chosen before and gone from the catalogue since stays selected, so its error reads against it.
  const known = new Set(medicines.map((m) => m.productId));
  const repeatOptions = Array.from({ length: PRESCRIPTION_LIMITS.repeats + 1 }, (_, n): [string, string] => [String(n), String(n)]);
  const rows = Array.from({ length: Math.max(PRESCRIBER_ROWS, values.rows.length) }, (_, i) => {
    const row = values.rows[i] ?? { productId: '', quantity: '', directions: '', repeats: '0' };
    const options = row.productId && !known.has(row.productId) ? [...medicineOptions, [row.productId, 'A medicine no longer listed'] as [string, string]] : medicineOptions;
    return `<fieldset><legend>Item ${i + 1}${i === 0 ? '' : ' (optional)'}</legend>
${select(`item${i}-product`, 'productId', 'Medicine', row.productId, options, errors, `rows.${i}.productId`)}
<div class="pair"><div>${field(`item${i}-quantity`, 'quantity', 'Quantity', row.quantity, errors, `rows.${i}.quantity`, `inputmode="numeric" pattern="[0-9]*" maxlength="5" autocomplete="off"`, 'units')}</div>
<div>${select(`item${i}-repeats`, 'repeats', 'Repeats', row.repeats || '0', repeatOptions, errors, `rows.${i}.repeats`)}</div></div>
${field(`item${i}-directions`, 'directions', 'Directions', row.directions, errors, `rows.${i}.directions`, `maxlength="${PRESCRIPTION_LIMITS.directions}" autocomplete="off"`)}
</fieldset>`;
  }).join('\n');
  const empty = medicines.length === 0 ? '<p class="error">The catalogue has no prescription-only medicines, so there is nothing to prescribe.</p>' : '';
  return page(
    'Demo prescriber (sandbox)',
    `${banner}
<h1>Write an electronic prescription</h1>
<p>Issue a demo token for prescription-only medicines from this shop's catalogue, then enter it in <a href="/prescriptions">My prescriptions</a>. Nothing here is a real prescription or reaches a real prescribing service.</p>
${summary}${empty}
<form method="post" action="${PRESCRIBER_PATH}" novalidate>
${field('patientName', 'patientName', "Patient's name", values.patientName, errors, 'patientName', `maxlength="${PRESCRIBER_LIMITS.patient}" autocomplete="off" required`)}
${field('dateOfBirth', 'dateOfBirth', 'Date of birth', values.dateOfBirth, errors, 'dateOfBirth', 'type="date" autocomplete="off"', 'optional')}
${field('prescriberName', 'prescriberName', "Prescriber's name", values.prescriberName, errors, 'prescriberName', `maxlength="${PRESCRIPTION_LIMITS.prescriber}" required`)}
${field('registration', 'registration', 'Registration number', values.registration, errors, 'registration', `maxlength="${PRESCRIBER_LIMITS.registration}" autocomplete="off" required`, 'GMC, NMC or GPhC')}
${field('writtenOn', 'writtenOn', 'Date written', values.writtenOn, errors, 'writtenOn', 'type="date" required', 'a prescription can be dispensed for 6 months from this date')}
${rows}
<button type="submit">Issue prescription token</button>
</form>`,
    STYLE,
  );
}

export function issuedPage(content: EPrescriptionContent): string {
  const items = content.items
    .map((i) => `<li><strong>${e(i.title)}</strong> × ${i.quantity}: ${e(i.directions)}${i.repeatsAllowed ? ` (${i.repeatsAllowed} repeat${i.repeatsAllowed === 1 ? '' : 's'})` : ''}</li>`)
    .join('');
  return page(
    'Prescription token issued (sandbox)',
    `${banner}
<h1>Prescription token issued</h1>
<p>Give the patient this token. In the shop they open <a href="/prescriptions">My prescriptions</a>, choose to add an electronic prescription and enter it; a pharmacist checks it before anything can be ordered.</p>
<p class="token" id="token" data-testid="eprescription-token">${e(content.token)}</p>
<button type="button" class="copy" data-copy="${e(content.token)}" hidden>Copy token</button>
<p role="status" id="copied"></p>
<dl><dt>Patient</dt><dd>${e(content.patient.name)}${content.patient.dateOfBirth ? `, born ${e(content.patient.dateOfBirth)}` : ''}</dd>
<dt>Prescriber</dt><dd>${e(content.prescriber.name)}${content.prescriber.registration ? ` (${e(content.prescriber.registration)})` : ''}</dd>
<dt>Written</dt><dd>${e(content.writtenOn)}</dd></dl>
<ul class="items">${items}</ul>
<p><a href="${PRESCRIBER_PATH}">Write another prescription</a></p>
<script src="${COPY_SCRIPT_PATH}" defer></script>`,
    STYLE,
  );
}

/** The catalogue could not be read: nothing to choose from, and nothing typed is lost by trying again. */
export function unavailablePage(message: string): string {
  return page('Demo prescriber (sandbox)', `${banner}<h1>Try again in a moment</h1><p>${e(message)}</p><p><a href="${PRESCRIBER_PATH}">Reload the prescriber</a></p>`, STYLE);
}

/** A POST the form never sends (a field it has not, a value far too long). */
export function unreadablePage(): string {
  return page('Demo prescriber (sandbox)', `${banner}<h1>This form could not be read</h1><p>Open the prescriber again and fill in its form.</p><p><a href="${PRESCRIBER_PATH}">Open the prescriber</a></p>`, STYLE);
}

/** Shows the copy button (hidden without script, where the token is selected with one tap) and copies on click. */
export const COPY_SCRIPT = `document.querySelectorAll('button[data-copy]').forEach(function (b) {
  if (!navigator.clipboard) return;
  b.hidden = false;
  b.addEventListener('click', function () {
    var say = document.getElementById('copied');
    navigator.clipboard.writeText(b.getAttribute('data-copy')).then(
      function () { if (say) say.textContent = 'Token copied.'; },
      function () { if (say) say.textContent = 'Could not copy: select the token and copy it yourself.'; }
    );
  });
});
`;
