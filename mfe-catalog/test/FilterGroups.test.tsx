import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from '@pharmacy/ui';
import { FilterGroups } from '../src/listing/FilterGroups';
import { toggle } from '../src/listing/params';

// hydrateRoot and act are used directly (no testing-library render): tell React this is a test environment
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FACETS = {
  categories: [
    { id: 'pain-relief', label: 'Pain Relief', count: 9 },
    { id: 'cold-and-flu', label: 'Cold & Flu', count: 8 },
  ],
  brands: [
    { name: 'CareWell', count: 13 },
    { name: 'Solpharm', count: 4 },
  ],
  total: 72,
};

let chosen: { categories: string[]; brands: string[] } = { categories: [], brands: [] };
function Listing({ initial }: { initial: { categories: string[]; brands: string[] } }) {
  const [choice, setChoice] = useState(initial);
  chosen = choice;
  return (
    <ThemeProvider>
      <FilterGroups
        facets={FACETS}
        categories={choice.categories}
        brands={choice.brands}
        onToggleCategory={(id) => setChoice((c) => ({ ...c, categories: toggle(c.categories, id) }))}
        onToggleBrand={(name) => setChoice((c) => ({ ...c, brands: toggle(c.brands, name) }))}
        onTickedBeforeReady={setChoice}
      />
    </ThemeProvider>
  );
}

/** The server's page, then `early` run on it as a shopper would before the script arrives, then hydration. */
async function hydrateAfter(initial: { categories: string[]; brands: string[] }, early: (box: (name: string) => HTMLInputElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Listing initial={initial} />);
  document.body.appendChild(container);
  const box = (name: string) =>
    [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(name))!.querySelector('input') as HTMLInputElement;
  early(box);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Listing initial={initial} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  return { box, done: () => container.remove() };
}

describe('filter boxes ticked on the server’s page before its script ran', () => {
  it('are applied once the page is ready: a category and a brand tapped early both filter', async () => {
    const page = await hydrateAfter({ categories: [], brands: [] }, (box) => {
      box('Pain Relief').click();
      box('Solpharm').click();
    });
    expect(chosen).toEqual({ categories: ['pain-relief'], brands: ['Solpharm'] });
    expect(page.box('Pain Relief').checked).toBe(true);
    page.done();
  });

  it('an early untick of a chosen filter removes it, and the boxes then follow every later tap', async () => {
    const page = await hydrateAfter({ categories: ['cold-and-flu'], brands: [] }, (box) => box('Cold & Flu').click());
    expect(chosen.categories).toEqual([]);
    await act(async () => page.box('Pain Relief').click());
    expect(chosen.categories).toEqual(['pain-relief']);
    page.done();
  });

  it('nothing tapped early: the choices stay as the address gave them', async () => {
    const page = await hydrateAfter({ categories: ['pain-relief'], brands: ['carewell'] }, () => undefined);
    expect(chosen).toEqual({ categories: ['pain-relief'], brands: ['carewell'] });
    page.done();
  });
});
