// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailboxItem, mailboxMessage } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { MailboxPage } from './mailbox-page';

const api = createApiDouble();

setUpAppTests(api);
beforeEach(() => {
  const failed = mailboxItem({
    id: 4,
    kind: 'pedido_enviado',
    subject: 'Tu pedido V-000007 va en camino',
    estado: 'fallido',
    intentos: 5,
    ultimo_error: '550 Mailbox unavailable',
    enviado: null,
  });
  api.on('GET /api/admin/correos', () =>
    Response.json({ items: [failed, mailboxItem()], total: 2, page: 1, pageSize: 20 }),
  );
  api.on('GET /api/admin/correos/3', () =>
    Response.json(
      mailboxMessage({
        html: '<h1 style="color:#b4410f">Gracias por tu compra</h1><script>parent.alert(1)</script>',
      }),
    ),
  );
});

describe('MailboxPage', () => {
  it('lists the messages with recipient, subject, kind and state, and why one failed', async () => {
    renderAdmin(<MailboxPage />, { path: '/admin/ajustes/correos' });
    const table = await screen.findByRole('table', { name: 'Correos: 2' });
    const failed = within(table)
      .getByRole('rowheader', { name: 'Tu pedido V-000007 va en camino' })
      .closest('tr');
    expect(within(failed as HTMLElement).getByText('Fallido')).toBeTruthy();
    expect(within(failed as HTMLElement).getByText('5 intentos: 550 Mailbox unavailable')).toBeTruthy();
    expect(within(table).getAllByText('ana@ejemplo.mx')).toHaveLength(2);
    expect(within(table).getByText('Pedido confirmado')).toBeTruthy();
  });

  it('previews a message: its HTML in a sandboxed frame that runs nothing, its styles kept aside from the markup, and its plain text', async () => {
    const router = renderAdmin(<MailboxPage />, { path: '/admin/ajustes/correos' });
    const link = await screen.findByRole('link', { name: 'Tu pedido V-000007 está confirmado' });
    await act(async () => fireEvent.click(link));
    expect(router.location.search).toBe('?correo=3');
    const preview = await screen.findByRole('region', { name: 'Tu pedido V-000007 está confirmado' });
    // The preview opens above the list: focus goes to it, and the list marks the message shown.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(preview).getByRole('heading', { name: 'Tu pedido V-000007 está confirmado' }),
      ),
    );
    expect(link.getAttribute('aria-current')).toBe('true');
    const frame = within(preview).getByTitle(
      'Vista previa: Tu pedido V-000007 está confirmado',
    ) as HTMLIFrameElement;
    // No allow-scripts: the message cannot run code, so it cannot reach the admin's session.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    // The shop's policy refuses style attributes in markup: the page applies them after loading.
    expect(frame.getAttribute('srcdoc')).toContain(
      '<h1 data-vitrina-style="color:#b4410f">Gracias por tu compra</h1>',
    );
    expect(frame.getAttribute('srcdoc')).not.toContain(' style=');
    expect(within(preview).getByText(/Gracias por tu compra\s+Pedido V-000007/)).toBeTruthy();
  });
});
