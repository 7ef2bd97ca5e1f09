import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm, getNotificationState, notify } from './notifications';

afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('a toast hides itself after its timer', () => {
    vi.useFakeTimers();
    notify({
      title: 'Registro exitoso',
      text: 'Ya puedes navegar con tu cuenta!',
      icon: 'success',
      timer: 2000,
    });
    expect(getNotificationState().toasts.map((t) => t.title)).toContain('Registro exitoso');
    vi.advanceTimersByTime(2000);
    expect(getNotificationState().toasts).toHaveLength(0);
  });

  it('dialogs wait their turn and resolve with the button pressed', async () => {
    const question = confirm({ title: '¿Eliminar este sinónimo?' });
    const message = alert({ title: 'Tu cuenta ha sido desactivada', text: 'Contacta a soporte' });
    const [first, second] = getNotificationState().dialogs;
    expect(first?.confirmText).toBe('Sí');
    expect(first?.cancelText).toBe('Cancelar');
    expect(second?.confirmText).toBe('Aceptar');

    first?.close(true);
    await expect(question).resolves.toBe(true);
    expect(getNotificationState().dialogs[0]?.title).toBe('Tu cuenta ha sido desactivada');
    second?.close(false);
    await expect(message).resolves.toBeUndefined();
    expect(getNotificationState().dialogs).toHaveLength(0);
  });
});
