import { act, cleanup, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotificationState, notify } from '../lib/notifications';
import { Toaster } from './toaster';

// The toast's code arrives only when the test lets it, as on a slow network.
const network = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
vi.mock('./toast-view', async (importOriginal) => {
  await network.arrived;
  return importOriginal();
});

afterEach(cleanup);

const TIMER_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Toaster on a slow network', () => {
  it('shows a toast for its whole time, counted from when it appears, however late its code arrives', async () => {
    render(<Toaster />);
    act(() => {
      notify({ title: 'Recuperamos tu carrito.', icon: 'success', timer: TIMER_MS });
    });
    // Twice the toast's time passes before its code has downloaded: the message waits for it.
    await sleep(TIMER_MS * 2);
    expect(screen.queryByText('Recuperamos tu carrito.')).toBeNull();
    expect(getNotificationState().toasts.map((toast) => toast.title)).toEqual(['Recuperamos tu carrito.']);

    network.arrive();
    const shown = await screen.findByText('Recuperamos tu carrito.');
    const appeared = performance.now();
    await waitForElementToBeRemoved(shown);
    expect(performance.now() - appeared).toBeGreaterThanOrEqual(TIMER_MS - 50);
    expect(getNotificationState().toasts).toHaveLength(0);
  });
});
