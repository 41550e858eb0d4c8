// docs/ states the rules and constants in prose; these tests keep it true to the code: every documented constant
// has the value exported here, every pointer to docs/ (code comments, READMEs, links between pages) lands on an
// existing heading, and no comment sends a reader to the product handbook, which is not in the repository.
import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const DOCS = path.join(ROOT, 'docs');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'data']);
const SOURCE = /\.(ts|tsx|js|mjs|md)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') && e.isDirectory()) return [];
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : files(path.join(dir, e.name));
    return SOURCE.test(e.name) ? [path.join(dir, e.name)] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1].trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const rel = (file: string) => path.relative(ROOT, file);
const domain = fs.readFileSync(path.join(DOCS, 'domain.md'), 'utf8');
const exported = contracts as unknown as Record<string, unknown>;

/** A documented value as the code holds it: "1,000,000", "5 MB", "30 minutes", "400×400", `text` or "text". */
function parseValue(cell: string): unknown {
  const v = cell.trim();
  if (/^\d[\d,]*$/.test(v)) return Number(v.replace(/,/g, ''));
  const mb = /^(\d+) MB$/.exec(v);
  if (mb) return Number(mb[1]) * 1024 * 1024;
  const minutes = /^(\d+) minutes$/.exec(v);
  if (minutes) return Number(minutes[1]) * 60_000;
  const size = /^(\d+)×(\d+)$/.exec(v);
  if (size) return { width: Number(size[1]), height: Number(size[2]) };
  return v.replace(/^[`"]|[`"]$/g, '');
}

describe('docs/domain.md constants', () => {
  const rows = domain
    .slice(domain.indexOf('## Constants'))
    .split('\n')
    .filter((l) => /^\| `[A-Z_]+`/.test(l))
    .map((l) => l.split('|').map((c) => c.trim()));

  it('lists the constants', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it.each(rows.map(([, names, values]) => [names, values]))('%s is documented as %s', (names, values) => {
    const keys = names.split(' / ').map((n) => n.replace(/`/g, ''));
    for (const key of keys) expect(exported).toHaveProperty(key);
    if (values.startsWith('see ')) return;
    const documented = values.split(' / ').map(parseValue);
    expect(documented).toHaveLength(keys.length);
    keys.forEach((key, i) => expect(documented[i]).toEqual(exported[key]));
  });

  it('states the same value wherever the prose names a constant with its value, like `ADDRESS_LIMIT` (5)', () => {
    const mentions = [...domain.matchAll(/`([A-Z][A-Z_]+)` \((\d[\d,]*)\)/g)];
    expect(mentions.length).toBeGreaterThan(5);
    for (const [, key, value] of mentions) expect({ key, value: Number(value.replace(/,/g, '')) }).toEqual({ key, value: exported[key] });
  });
});

describe('pointers into docs/', () => {
  const sources = files(ROOT);

  it('land on an existing page and heading, from code comments and READMEs', () => {
    const broken: string[] = [];
    for (const file of sources) {
      if (file.startsWith(DOCS + path.sep)) continue;
      for (const [, page, anchor] of fs.readFileSync(file, 'utf8').matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        const target = path.join(DOCS, page);
        if (!fs.existsSync(target)) broken.push(`${rel(file)}: docs/${page}`);
        else if (anchor && !anchorsOf(target).has(anchor)) broken.push(`${rel(file)}: docs/${page}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('land on an existing page and heading, between the pages of docs/', () => {
    const broken: string[] = [];
    for (const file of fs.readdirSync(DOCS).map((f) => path.join(DOCS, f))) {
      for (const [, link] of fs.readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link)) continue;
        const [target, anchor] = link.split('#');
        const page = target ? path.resolve(DOCS, target) : file;
        if (!fs.existsSync(page)) broken.push(`${rel(file)}: ${link}`);
        else if (anchor && !anchorsOf(page).has(anchor)) broken.push(`${rel(file)}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('replace every citation of a handbook section', () => {
    // The handbook's names are spelled in pieces so that this file does not count as a citation itself.
    const cited = new RegExp(`\\b(${['SP', 'EC'].join('')}|${['ARCHI', 'TECTURE'].join('')})(\\s§|'s\\b)`);
    const offenders = sources.filter((f) => cited.test(fs.readFileSync(f, 'utf8'))).map(rel);
    expect(offenders).toEqual([]);
  });
});
