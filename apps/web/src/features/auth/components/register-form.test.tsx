// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { Toaster } from '../../../components/toaster';
import { queryClient } from '../../../lib/query-client';
import { RegisterForm } from './register-form';

const fetchMock = vi.fn(
  async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 500 }),
);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/login', element: <p>Página de login</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AppProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => fireEvent.change(field(label), { target: { value } }));
/** The element the input's aria-describedby points at for its status (error or 'Válido'). */
const status = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('RegisterForm', () => {
  it('shows each rule message while typing and a check mark once the value is valid', async () => {
    renderForm();
    await type('Nombre', 'A');
    expect(status('Nombre')).toContain('Inserta minimo 3 caracteres');
    expect(field('Nombre').getAttribute('aria-invalid')).toBe('true');

    await type('Nombre', 'Ana2');
    expect(status('Nombre')).toContain('Los números ó símbolos son invalidos');

    await type('Nombre', 'Ana María');
    expect(status('Nombre')).toBe('Válido');
    expect(field('Nombre').getAttribute('aria-invalid')).toBeNull();

    await type('Teléfono', '55123');
    expect(status('Teléfono')).toContain('Mínimo 10 digitos');
    await type('Email', 'ana@');
    expect(status('Email')).toContain('Por favor ingresa un email válido');
    await type('Contraseña', 'abcdefgh');
    expect(status('Contraseña')).toContain('Ingresa al menos un número');
    await type('Contraseña', 'abcdefg1');
    await type('Confirmar contraseña', 'abcdefg2');
    expect(status('Confirmar contraseña')).toContain('Las contraseñas no coinciden');

    // Fixing the password re-checks the confirmation.
    await type('Contraseña', 'abcdefg2');
    expect(status('Confirmar contraseña')).toBe('Válido');
  });

  it('has one toggle that shows and hides both password fields', async () => {
    renderForm();
    expect(screen.getAllByRole('button', { name: /contraseña/ })).toHaveLength(1);
    expect(field('Contraseña').type).toBe('password');
    expect(field('Confirmar contraseña').type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(field('Contraseña').type).toBe('text');
    expect(field('Confirmar contraseña').type).toBe('text');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(field('Contraseña').type).toBe('password');
    expect(field('Confirmar contraseña').type).toBe('password');
  });

  it('sends nothing while there are errors and moves focus to the first invalid field', async () => {
    renderForm();
    await type('Nombre', 'Ana');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Registrarse' })));
    expect(status('Apellido')).toContain('Campo Requerido');
    expect(status('Confirmar contraseña')).toContain('Por favor confirma tu contraseña');
    expect(document.activeElement).toBe(field('Apellido'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server field errors on their fields and keeps the typed values', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        {
          error: 'Conflict',
          message: 'El correo ya existe',
          fields: { email: 'Este correo ya está registrado' },
        },
        { status: 409 },
      ),
    );
    renderForm();
    await type('Nombre', 'Ana');
    await type('Apellido', 'López');
    await type('Dirección', 'Avenida Reforma 123');
    await type('Teléfono', '5512345678');
    await type('Email', 'ana@vitrina.local');
    await type('Contraseña', 'secreta123');
    await type('Confirmar contraseña', 'secreta123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Registrarse' })));

    expect(await screen.findByText('Este correo ya está registrado')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nombre').value).toBe('Ana');
    const posted = fetchMock.mock.calls.find(([url]) => String(url) === '/api/usuario');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      primer_nombre: 'Ana',
      email: 'ana@vitrina.local',
      imagen: '',
    });
    const alert = screen.queryAllByRole('alert').find((el) => within(el).queryByText('Intente nuevamente'));
    expect(alert).toBeTruthy();
  });

  it('after a successful registration says so and goes to /login', async () => {
    fetchMock.mockImplementation(async () => Response.json({ id_usuario: 7 }, { status: 201 }));
    const router = renderForm();
    for (const [label, value] of [
      ['Nombre', 'Ana'],
      ['Apellido', 'López'],
      ['Dirección', 'Avenida Reforma 123'],
      ['Teléfono', '5512345678'],
      ['Email', 'ana@vitrina.local'],
      ['Contraseña', 'secreta123'],
      ['Confirmar contraseña', 'secreta123'],
    ] as const) {
      await type(label, value);
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Registrarse' })));
    expect(await screen.findByText('Registro exitoso')).toBeTruthy();
    expect(screen.getByText('Ya puedes navegar con tu cuenta!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
