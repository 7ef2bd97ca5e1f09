// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PLACEHOLDER_PHONE, type Usuario } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { usuario } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { UsersPage } from './users-page';

const api = createApiDouble();

const user = (id_usuario: number, primer_nombre: string, primer_apellido: string, estado = true) =>
  usuario({
    id_usuario,
    primer_nombre,
    primer_apellido,
    email: `${primer_nombre.toLowerCase()}@vitrina.local`,
    estado,
  });

let users: Usuario[] = [];

setUpAppTests(api);
beforeEach(() => {
  users = [user(2, 'Lucía', 'Hernández'), user(3, 'Pedro', 'Gómez'), user(4, 'Marta', 'Ruiz', false)];
  api.on('GET /api/usuario', () => Response.json(users));
  api.on('PUT /api/usuario/delete', (_url, init) => {
    const { id_usuario, estado } = JSON.parse(String(init?.body));
    users = users.map((u) => (u.id_usuario === id_usuario ? { ...u, estado } : u));
    return Response.json(users.find((u) => u.id_usuario === id_usuario));
  });
});

const table = (caption: RegExp) => screen.getByRole('table', { name: caption });
const row = (tableCaption: RegExp, name: string) =>
  within(table(tableCaption))
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name })) as HTMLElement;

describe('UsersPage', () => {
  it("shows Google sign-in's placeholder phone as no phone, and a real one as it is", async () => {
    users = [{ ...user(2, 'Lucía', 'Hernández'), telefono: PLACEHOLDER_PHONE }, user(3, 'Pedro', 'Gómez')];
    renderAdmin(<UsersPage />, { path: '/admin/usuarios' });
    await screen.findByRole('table', { name: 'Usuarios activos: 2' });
    const phoneOf = (name: string) => row(/activos/, name).querySelectorAll('td')[1] as HTMLElement;
    expect(phoneOf('Lucía Hernández').textContent).toBe('—Sin teléfono');
    expect(within(phoneOf('Lucía Hernández')).getByText('—').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByText(PLACEHOLDER_PHONE)).toBeNull();
    expect(phoneOf('Pedro Gómez').textContent).toBe('5512345678');
  });

  it('lists active users with Banear and banned users with Restaurar', async () => {
    renderAdmin(<UsersPage />, { path: '/admin/usuarios' });
    expect(await screen.findByRole('table', { name: 'Usuarios activos: 2' })).toBeTruthy();
    expect(within(row(/activos/, 'Lucía Hernández')).getByRole('button', { name: 'Banear' })).toBeTruthy();
    expect(within(row(/baneados/, 'Marta Ruiz')).getByRole('button', { name: 'Restaurar' })).toBeTruthy();
    expect(within(table(/baneados/)).queryByRole('button', { name: 'Banear' })).toBeNull();
  });

  it('bans nobody when the confirmation is cancelled', async () => {
    renderAdmin(<UsersPage />, { path: '/admin/usuarios' });
    await screen.findByRole('table', { name: /activos/ });
    await act(async () =>
      fireEvent.click(within(row(/activos/, 'Pedro Gómez')).getByRole('button', { name: 'Banear' })),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '¿Desea banear al usuario Pedro Gómez?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('PUT /api/usuario/delete')).toHaveLength(0);
    expect(row(/activos/, 'Pedro Gómez')).toBeTruthy();
  });

  it('bans after Sí, moves the user to the banned table, and restores the same way', async () => {
    renderAdmin(<UsersPage />, { path: '/admin/usuarios' });
    await screen.findByRole('table', { name: /activos/ });
    await act(async () =>
      fireEvent.click(within(row(/activos/, 'Pedro Gómez')).getByRole('button', { name: 'Banear' })),
    );
    let dialog = await screen.findByRole('alertdialog', { name: '¿Desea banear al usuario Pedro Gómez?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));

    expect(await screen.findByRole('table', { name: 'Usuarios baneados: 2' })).toBeTruthy();
    expect(row(/baneados/, 'Pedro Gómez')).toBeTruthy();
    expect(await screen.findByText('Usuario baneado')).toBeTruthy();
    // The row left the active users' table: focus goes back to it.
    expect(document.activeElement?.textContent).toBe('Usuarios activos: 1');

    await act(async () =>
      fireEvent.click(within(row(/baneados/, 'Marta Ruiz')).getByRole('button', { name: 'Restaurar' })),
    );
    dialog = await screen.findByRole('alertdialog', { name: '¿Desea restaurar al usuario Marta Ruiz?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));
    expect(await screen.findByRole('table', { name: 'Usuarios activos: 2' })).toBeTruthy();
    expect(row(/activos/, 'Marta Ruiz')).toBeTruthy();

    expect(api.calls('PUT /api/usuario/delete').map((c) => c.body)).toEqual([
      { id_usuario: 3, estado: false },
      { id_usuario: 4, estado: true },
    ]);
  });

  it("narrows both tables to a name or e-mail, accents and capitals aside, and links each name to the customer's page", async () => {
    renderAdmin(<UsersPage />, { path: '/admin/usuarios' });
    const search = await screen.findByLabelText('Buscar por nombre o correo');
    await act(async () => fireEvent.change(search, { target: { value: 'LUCIA' } }));
    expect(table(/^Usuarios activos con «LUCIA»: 1$/)).toBeTruthy();
    expect(table(/^Usuarios baneados con «LUCIA»: 0$/)).toBeTruthy();
    const link = within(row(/^Usuarios activos/, 'Lucía Hernández')).getByRole('link', {
      name: 'Lucía Hernández',
    });
    expect(link.getAttribute('href')).toBe('/admin/usuarios/2');
    await act(async () => fireEvent.change(search, { target: { value: 'marta@' } }));
    expect(table(/^Usuarios activos con «marta@»: 0$/)).toBeTruthy();
    expect(table(/^Usuarios baneados con «marta@»: 1$/)).toBeTruthy();
  });
});
