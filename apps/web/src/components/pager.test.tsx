// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager', () => {
  it('shows at most 10 page buttons centred on the current page and marks the current one', () => {
    render(<Pager page={12} totalPages={30} onPageChange={() => {}} />);
    const pages = screen.getAllByRole('button', { name: /^Página \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['7', '8', '9', '10', '11', '12', '13', '14', '15', '16']);
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
});
