import { describe, expect, it } from 'vitest';
import { alert, confirm, getNotificationState } from './notifications';

describe('notifications', () => {
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
