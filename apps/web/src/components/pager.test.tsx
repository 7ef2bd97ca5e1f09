// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager', () => {
  it('shows at most 10 page buttons centred on the current page and marks the current one', () => {
    render(<Pager page={12} totalPages={30} onPageChange={() => {}} />);
    const pages = screen.getAllByRole('button', { name: /^Página \d+$/ }).map((b) => b.textContent);
    // Each shows its number; 'Página' is there for screen readers only.
    expect(pages).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => `Página ${n}`));
    expect(screen.getByRole('button', { name: 'Página 12' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Página 11' }).hasAttribute('aria-current')).toBe(false);
  });

  it('disables the previous arrow on the first page and the next arrow on the last one', () => {
    const { rerender } = render(<Pager page={1} totalPages={3} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    rerender(<Pager page={3} totalPages={3} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks for the page the shopper clicks, or the neighbour one with the arrows', () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} totalPages={5} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Página 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange.mock.calls).toEqual([[4], [3], [1]]);
  });

  it('with page addresses, is links that work without the script, and no link before the first page', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Pager page={1} totalPages={3} pageHref={(page) => `/lista?page=${page}`} />
      </MemoryRouter>,
    );
    const links: [name: string, href: string][] = [
      ['Página 1', '/lista?page=1'],
      ['Página 2', '/lista?page=2'],
      ['Página 3', '/lista?page=3'],
      ['Página siguiente', '/lista?page=2'],
    ];
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      links.map(([, href]) => href),
    );
    for (const [name, href] of links) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('link', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <MemoryRouter>
        <Pager page={3} totalPages={3} pageHref={(page) => `/lista?page=${page}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Página anterior' }).getAttribute('href')).toBe('/lista?page=2');
    expect(screen.queryByRole('link', { name: 'Página siguiente' })).toBeNull();
  });
});
