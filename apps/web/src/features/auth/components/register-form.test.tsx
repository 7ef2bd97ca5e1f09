// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { createFetchStub } from '../../../testing/fetch-stub';
import { apiError, usuario } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { RegisterForm } from './register-form';

const api = createFetchStub({ otherwise: () => new Response(null, { status: 500 }) });
setUpAppTests(api);

const renderForm = () =>
  renderApp(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/login', element: <p>Página de login</p> },
    ],
    { path: '/register' },
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => fireEvent.change(field(label), { target: { value } }));
/** The text the input's aria-describedby points at for its status (error or 'Válido'). */
const status = (label: string) => describedText(field(label));

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

  it('checks the address in the profile form’s order: blank, then length, then "Números y letras"', async () => {
    renderForm();
    await type('Dirección', '   ');
    expect(status('Dirección')).toContain('No puede ser un espacio en blanco');
    await type('Dirección', 'Calle 1');
    expect(status('Dirección')).toContain('Mínimo 15 caracteres');
    await type('Dirección', 'Calle Alcalá sin número');
    expect(status('Dirección')).toContain('Números y letras');
    await type('Dirección', 'Calle Alcalá 45, Madrid');
    expect(status('Dirección')).toContain('Válido');
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
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server field errors on their fields and keeps the typed values', async () => {
    api.otherwise(() =>
      Response.json(
        apiError('Conflict', 'El correo ya existe', { email: 'Este correo ya está registrado' }),
        {
          status: 409,
        },
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
    const [posted] = api.calls('/api/usuario');
    expect(posted?.body).toMatchObject({
      primer_nombre: 'Ana',
      email: 'ana@vitrina.local',
      imagen: '',
    });
    const failure = await screen.findByText('Intente nuevamente');
    expect(failure.closest('[role="alert"]')).toBeTruthy();
  });

  it('after a successful registration says so and goes to /login', async () => {
    api.otherwise(() => Response.json(usuario({ id_usuario: 7 }), { status: 201 }));
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
    expect(router.location.pathname).toBe('/login');
  });

  it("from a guest's order, starts with the e-mail bought with and goes on to sign in towards the purchase history", async () => {
    api.otherwise(() => Response.json(usuario({ id_usuario: 7 }), { status: 201 }));
    const router = renderApp(
      [
        { path: '/register', element: <RegisterForm /> },
        { path: '/login', element: <p>Página de login</p> },
      ],
      { path: '/register?email=ana%40example.com&returnTo=%2Fhistorial-de-compra%3Fsumar%3D1' },
    );
    expect(field('Email').value).toBe('ana@example.com');
    for (const [label, value] of [
      ['Nombre', 'Ana'],
      ['Apellido', 'López'],
      ['Dirección', 'Avenida Reforma 123'],
      ['Teléfono', '5512345678'],
      ['Contraseña', 'secreta123'],
      ['Confirmar contraseña', 'secreta123'],
    ] as const) {
      await type(label, value);
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Registrarse' })));
    expect(await screen.findByText('Registro exitoso')).toBeTruthy();
    expect(router.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/historial-de-compra?sumar=1');
  });
});
