import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import { focusHeadingWhenShown } from '../src/layout/headingFocus';
import { fakeRemoteModule, renderApp } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

beforeEach(() => {
  (loadRemote as jest.Mock).mockImplementation(async (id: string) => fakeRemoteModule(id));
});

describe('focus on the main heading after a change of page', () => {
  it('lands on the h1 on the first load and after a link', async () => {
    const { router } = renderApp('/our-story');
    const first = await screen.findByRole('heading', { level: 1, name: 'Our story' }, { timeout: 10_000 });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('tabindex', '-1');
    await act(() => router.navigate('/care'));
    const next = await screen.findByRole('heading', { level: 1, name: /care/i }, { timeout: 10_000 });
    expect(next).toHaveFocus();
  });

  it('keeps the focus where it is when only the query changes (a filter, a sort)', async () => {
    const { router } = renderApp('/our-story');
    await screen.findByRole('heading', { level: 1, name: 'Our story' }, { timeout: 10_000 });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    act(() => skip.focus());
    await act(() => router.navigate('/our-story?from=footer'));
    expect(skip).toHaveFocus();
  });
});

describe('focusHeadingWhenShown', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const page = () => {
    const main = document.createElement('main');
    document.body.append(main);
    const heading = () => {
      const h1 = document.createElement('h1');
      h1.textContent = 'Thank you for your order';
      main.append(h1);
      return h1;
    };
    return { main, heading };
  };
  const mutations = () => act(() => new Promise((r) => setTimeout(r, 0)));

  it('waits for a heading that comes later (the page’s code and data), then focuses it', async () => {
    const { main, heading } = page();
    focusHeadingWhenShown(main, document.body);
    const h1 = heading();
    await mutations();
    expect(h1).toHaveFocus();
    expect(h1).toHaveAttribute('tabindex', '-1');
  });

  it('takes the focus from the element pressed to change page, but not from one the visitor moved to meanwhile', async () => {
    const { main, heading } = page();
    const link = document.createElement('a');
    link.href = '/cart';
    const field = document.createElement('input');
    document.body.append(link, field);
    link.focus();
    focusHeadingWhenShown(main, link);
    field.focus();
    heading();
    await mutations();
    expect(field).toHaveFocus();

    field.blur();
    link.focus();
    const { main: second, heading: secondHeading } = page();
    focusHeadingWhenShown(second, link);
    const h1 = secondHeading();
    await mutations();
    expect(h1).toHaveFocus();
  });

  it('gives up after the wait, leaving the focus alone', async () => {
    jest.useFakeTimers();
    try {
      const { main, heading } = page();
      focusHeadingWhenShown(main, document.body, 1000);
      jest.advanceTimersByTime(1000);
      heading();
      await Promise.resolve();
      expect(document.body).toHaveFocus();
    } finally {
      jest.useRealTimers();
    }
  });
});
