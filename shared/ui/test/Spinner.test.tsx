import { render, screen } from '@testing-library/react';
import { ThemeProvider, theme } from '../src/theme';
import { PageSpinner, Spinner } from '../src/components/Spinner';

describe('Spinner (size 50, teal)', () => {
  it('is a status region named "Loading" by default, 50 px and teal', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading'); // visually hidden, read from the live region
    const svg = status.querySelector('svg') as SVGSVGElement;
    expect(svg).toHaveAttribute('width', '50');
    expect(svg).toHaveAttribute('height', '50');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const strokes = Array.from(svg.querySelectorAll('circle'), (c) => c.getAttribute('stroke'));
    expect(strokes).toEqual(['#0d9488', '#0d9488']);
    expect(theme.colors.brand).toBe('#0d9488');
  });

  it('takes a size and a label', () => {
    render(<Spinner size={24} label="Checking your session" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Checking your session');
    expect(status.querySelector('svg')).toHaveAttribute('width', '24');
  });

  it('uses the brand colour of the surrounding theme', () => {
    render(
      <ThemeProvider theme={{ colors: { ...theme.colors, brand: '#123456' } }}>
        <Spinner />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status').querySelector('circle')).toHaveAttribute('stroke', '#123456');
  });

  it('PageSpinner centres a default spinner', () => {
    render(<PageSpinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading');
    expect(status.querySelector('svg')).toHaveAttribute('width', '50');
    expect(getComputedStyle(status.parentElement as HTMLElement).justifyContent).toBe('center');
  });
});
