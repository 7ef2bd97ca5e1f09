// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { GuestCheckoutPanel } from './guest-checkout-panel';

const api = createApiDouble();
setUpAppTests(api);

describe('GuestCheckoutPanel', () => {
  it('shows whether visitors may buy without an account and saves the switch as soon as it changes', async () => {
    let saved = { compra_invitado: true };
    api.on('GET /api/ajustes/invitados', () => Response.json(saved));
    api.on('PUT /api/ajustes/invitados', (_url, init) => {
      saved = JSON.parse(String(init?.body));
      return Response.json(saved);
    });
    renderAdmin(<GuestCheckoutPanel />, { path: '/admin/ajustes/pagos' });
    const box = (await screen.findByRole('checkbox', {
      name: 'Permitir comprar sin cuenta',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await act(async () => fireEvent.click(box));
    await waitFor(() => expect(box.checked).toBe(false));
    expect(api.calls('PUT /api/ajustes/invitados')[0]?.body).toEqual({ compra_invitado: false });
  });
});
