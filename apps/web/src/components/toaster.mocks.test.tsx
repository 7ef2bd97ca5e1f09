import { act, cleanup, render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm, notify } from '../lib/notifications';
import { Toaster } from './toaster';

// The shopper is offline: the toast's and the dialog's code cannot be downloaded.
vi.mock('./toast-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('./notification-dialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Toaster when its code cannot be downloaded', () => {
  it('still shows the message, plainly, until its timer has run', async () => {
    render(<Toaster />);
    act(() => {
      notify({
        title: 'Error',
        text: 'No hay conexión. Revisa tu red e inténtalo de nuevo.',
        icon: 'error',
        timer: 300,
      });
    });
    const message = await screen.findByText('Error. No hay conexión. Revisa tu red e inténtalo de nuevo.');
    expect(screen.getByRole('alert').contains(message)).toBe(true);
    await waitForElementToBeRemoved(message);
  });

  it("asks a question with the browser's own dialog and passes the answer on", async () => {
    const native = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Toaster />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: '¿Vaciar el carrito?', text: 'Se quitarán todos los productos.' });
    });
    await expect(answer).resolves.toBe(true);
    await waitFor(() =>
      expect(native).toHaveBeenCalledWith('¿Vaciar el carrito?\n\nSe quitarán todos los productos.'),
    );
  });
});
