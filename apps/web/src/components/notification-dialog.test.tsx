// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogRequest } from '../lib/notifications';
import { NotificationDialog } from './notification-dialog';

// The alert's own box, in the middle of a 1000×800 window; the rest is its dark backdrop.
const BOX = { left: 300, top: 200, right: 700, bottom: 500 };

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...BOX,
    x: BOX.left,
    y: BOX.top,
    width: BOX.right - BOX.left,
    height: BOX.bottom - BOX.top,
    toJSON: () => ({}),
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openAlert() {
  const close = vi.fn();
  const request: DialogRequest = {
    id: 1,
    kind: 'alert',
    title: 'Tu cuenta ha sido desactivada',
    text: 'Si crees que es un error, comunícate con soporte.',
    icon: 'error',
    confirmText: 'Aceptar',
    cancelText: '',
    timer: 5000,
    close,
  };
  render(<NotificationDialog request={request} />);
  return { close, dialog: screen.getByRole('alertdialog') };
}

const pointerAt = (dialog: HTMLElement, clientX: number, clientY: number) =>
  fireEvent.pointerMove(dialog, { clientX, clientY });

describe('A timed alert', () => {
  it('closes after 5 s while the pointer rests on the backdrop around it', () => {
    const { close, dialog } = openAlert();
    fireEvent.pointerEnter(dialog, { clientX: 20, clientY: 20 });
    pointerAt(dialog, 20, 20);
    act(() => vi.advanceTimersByTime(4999));
    expect(close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(close).toHaveBeenCalledWith(false);
  });

  it('waits while the pointer is on its box, and goes on with the time left when it leaves', () => {
    const { close, dialog } = openAlert();
    act(() => vi.advanceTimersByTime(2000));
    pointerAt(dialog, 500, 300);
    act(() => vi.advanceTimersByTime(10_000));
    expect(close).not.toHaveBeenCalled();
    pointerAt(dialog, 900, 700); // onto the backdrop
    act(() => vi.advanceTimersByTime(2999));
    expect(close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(close).toHaveBeenCalledWith(false);
  });

  it('closes on time with the focus it opens with, and waits once the shopper tabs through it', () => {
    const first = openAlert();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aceptar' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(first.close).toHaveBeenCalledWith(false);
    cleanup();

    const second = openAlert();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Aceptar' }), { key: 'Tab' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(second.close).not.toHaveBeenCalled();
  });
});
