// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, sessionUser, shopConfig } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { LoginPage } from '../pages/login-page';

const api = createFetchStub({ otherwise: () => new Response(null, { status: 500 }) });
setUpAppTests(api);

const renderForm = () =>
  renderApp(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Inicio</p> },
    ],
    { path: '/login' },
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' })));
const fillIn = async (email: string, password: string) => {
  fireEvent.change(field('Email'), { target: { value: email } });
  fireEvent.change(field('Contraseña'), { target: { value: password } });
};
const posted = () => api.calls('/api/usuario/login');

describe('LoginForm', () => {
  it('validates on submit only: no message while typing, "Field required" after an empty submit', async () => {
    renderForm();
    fireEvent.change(field('Email'), { target: { value: 'a' } });
    fireEvent.change(field('Email'), { target: { value: '' } });
    await act(async () => {});
    expect(screen.queryByText('Field required')).toBeNull();

    await submit();
    expect(screen.getAllByText('Field required')).toHaveLength(2);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email'));
    expect(posted()).toHaveLength(0);

    // Typing does not clear the message: it is checked again on the next submit.
    fireEvent.change(field('Email'), { target: { value: 'ana@vitrina.local' } });
    await act(async () => {});
    expect(screen.getAllByText('Field required')).toHaveLength(2);
  });

  it('email is an e-mail input and the toggle shows the password', () => {
    renderForm();
    expect(field('Email').type).toBe('email');
    expect(field('Contraseña').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(field('Contraseña').type).toBe('text');
  });

  it('wrong credentials read "Correo o contraseñas invalidos"', async () => {
    api.otherwise(() =>
      Response.json(apiError('Unauthorized', 'Correo o contraseñas invalidos'), { status: 401 }),
    );
    renderForm();
    await fillIn('ana@vitrina.local', 'mala12345');
    await submit();
    expect((await screen.findAllByText('Correo o contraseñas invalidos')).length).toBeGreaterThan(0);
    expect(posted()).toHaveLength(1);
  });

  it('a banned account gets the alert with the support e-mail', async () => {
    api.on('GET /api/config', () => Response.json(shopConfig({ supportEmail: 'soporte@vitrina.local' })));
    api.otherwise(() =>
      Response.json(apiError('User not enabled for login', 'Cuenta desactivada'), { status: 403 }),
    );
    renderForm();
    await fillIn('ana@vitrina.local', 'secreta123');
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Tu cuenta ha sido desactivada' });
    expect(dialog.textContent).toContain('soporte@vitrina.local');
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('signs in, keeps the login type and goes home', async () => {
    const session = sessionUser();
    api.on('GET /api/usuario/me', answerSession(session));
    api.otherwise(() => Response.json({ session }));
    const router = renderForm();
    await fillIn('ana@vitrina.local', 'secreta123');
    await submit();
    expect(await screen.findByText('Bienvenido')).toBeTruthy();
    expect(router.location.pathname).toBe('/');
    expect(localStorage.getItem('estaLogueado')).toBe('database');
    expect(posted()[0]?.body).toEqual({ email: 'ana@vitrina.local', password: 'secreta123' });
  });
});
