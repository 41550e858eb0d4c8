import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from '../src/theme';
import { Button } from '../src/components/Button';
import { Input } from '../src/components/Input';
import { Textarea } from '../src/components/Textarea';

// hydrateRoot and act are used directly here (no testing-library render): tell React this is a test environment
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form() {
  return (
    <ThemeProvider>
      <form>
        <Button type="submit">Sign in</Button>
        <Button>Show password</Button>
      </form>
    </ThemeProvider>
  );
}

describe('a submit button on a page rendered on the server', () => {
  it('is disabled in the server HTML (the form cannot submit itself as a GET before its script), enabled once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    const submit = () => container.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    // a plain button is not held back
    expect(container.querySelector<HTMLButtonElement>('button[type="button"]')?.disabled).toBe(false);
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Form />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(submit().disabled).toBe(false);
    container.remove();
  });
});

describe('a text field on a page rendered on the server', () => {
  let state: Record<string, string> = {};
  function Fields() {
    const [email, setEmail] = useState('');
    const [note, setNote] = useState('');
    state = { email, note };
    return (
      <ThemeProvider>
        <Input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      </ThemeProvider>
    );
  }

  it('keeps what was typed before the script ran: the form state gets it once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Fields />);
    document.body.appendChild(container);
    // the visitor types while the page's script is still on its way
    (container.querySelector('input') as HTMLInputElement).value = 'ada@example.com';
    (container.querySelector('textarea') as HTMLTextAreaElement).value = 'Leave it by the door';
    await act(async () => {
      hydrateRoot(container, <Fields />);
    });
    expect(state).toEqual({ email: 'ada@example.com', note: 'Leave it by the door' });
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('ada@example.com');
    container.remove();
  });
});
