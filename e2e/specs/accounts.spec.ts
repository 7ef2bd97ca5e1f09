import type { Page } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN, CUSTOMER, SUPPORT_EMAIL } from '../support/accounts';
import { apiAs, TINY_PNG, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Cuenta' });

test('register with an avatar → log in → edit the profile → change the password → log in again', async ({
  page,
}) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Valentina');
  await page.getByLabel('Apellido').fill('Ortega');
  await page.getByLabel('Dirección').fill('Av. Álvaro Obregón 45, Roma');
  await page.getByLabel('Teléfono').fill('5512345678');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('primera123');
  await page.getByLabel('Confirmar contraseña').fill('primera12');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('primera123');
  await page.getByLabel('Imagen').setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute(
    'src',
    /\/uploads\/avatars\//,
  );
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('Registro exitoso')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'primera123');
  await expect(page.getByText('Bienvenido')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await accountMenu(page)
    .getByRole('button', { name: /Valentina/ })
    .click();
  await page.getByRole('link', { name: 'Ver mi perfil' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const update = page.getByRole('button', { name: 'Actualizar datos' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Teléfono').fill('5587654321');
  await update.click();
  await expect(page.getByText('Actualización Exitosa')).toBeVisible();

  await page.getByLabel('Contraseña actual').fill('primera123');
  await page.getByLabel('Nueva contraseña').fill('segunda456');
  await page.getByLabel('Confirmar contraseña').fill('segunda456');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Cambio exitoso')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'primera123');
  await expect(page.getByText('Correo o contraseñas invalidos').first()).toBeVisible();
  await logIn(page, email, 'segunda456');
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page).getByRole('button', { name: /Valentina/ })).toBeVisible();
});

test('a forgotten password: the link from the mailbox sets a new one, once, and the old one stops working', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('olvido');
  await (await apiAs(await playwright.request.newContext({ baseURL }))).register(email);
  const owner = await playwright.request.newContext({ baseURL });
  await (await apiAs(owner)).signIn(ADMIN.email, ADMIN.password);

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(/Si hay una cuenta con ese correo, te enviamos un enlace/)).toBeVisible();

  // The shop runs without SMTP: the message waits in the owner's mailbox (Ajustes › Correos).
  const list = (await (await owner.get('/api/admin/correos?page=1')).json()) as {
    items: Array<{ id: number; to: string; subject: string }>;
  };
  const mail = list.items.find(
    (item) => item.to === email && item.subject.startsWith('Elige una contraseña'),
  );
  if (!mail) throw new Error('no reset e-mail in the mailbox');
  const { text } = (await (await owner.get(`/api/admin/correos/${mail.id}`)).json()) as { text: string };
  const link = /https?:\/\/\S+\/restablecer#token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error('no reset link in the e-mail');

  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('Nueva contraseña').fill('recuperada789');
  await page.getByLabel('Confirmar contraseña').fill('recuperada789');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Cambio exitoso')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'Prueba12345');
  await expect(page.getByText('Correo o contraseñas invalidos').first()).toBeVisible();
  await logIn(page, email, 'recuperada789');
  await expect(page).toHaveURL(/\/$/);

  // The link was spent by its first use.
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('Nueva contraseña').fill('otraVez12345');
  await page.getByLabel('Confirmar contraseña').fill('otraVez12345');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('El enlace para restablecer la contraseña venció o ya se usó')).toBeVisible();
});

test('Continuar con Google → first-time profile form → home with the Google menu', async ({ page }) => {
  const email = uniqueEmail('g');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await expect(page.getByRole('heading', { name: 'Continuar con Google' })).toBeVisible();
  await page.getByLabel('Nombre').fill('Diego');
  await page.getByLabel('Apellido').fill('Ramírez');
  await page.getByLabel('Correo').fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByText('Bienvenido')).toBeVisible();
  await page.getByLabel('Dirección').fill('Calle Madero 32, Centro Histórico');
  await page.getByLabel('Teléfono').fill('5523456789');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page.getByText('Gracias')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await accountMenu(page).getByRole('button', { name: /Diego/ }).click();
  await expect(
    page.getByRole('button', { name: 'Cerrar sesión' }).or(page.getByRole('link', { name: 'Cerrar sesión' })),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver mi perfil' })).toHaveCount(0);
});

test('signing in from a page that asked for it comes back to that page, with a password or with Google', async ({
  page,
}) => {
  // An e-mail's 'Ver mi pedido' while signed out.
  await page.goto('/pedido/999999');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fpedido%2F999999$/);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/pedido\/999999$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No existe este pedido' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/historial-de-compra');
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Cliente');
  await page.getByLabel('Correo').fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/historial-de-compra$/);
  await expect(page.getByText('Bienvenido')).toBeVisible();
});

test('an administrator gets the admin menu, without search or cart', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('combobox', { name: 'Buscar productos' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Carrito/ })).toHaveCount(0);
  await expect(accountMenu(page).getByText('Administración').first()).toBeVisible();
  await accountMenu(page).getByRole('button').click();
  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/adminHome$/);
  for (const name of [
    'Gestionar productos',
    'Gestionar usuarios',
    'Crear producto',
    'Historial de ventas',
    'Gestionar calificaciones',
  ]) {
    await expect(
      page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name }),
    ).toBeVisible();
  }

  await accountMenu(page).getByRole('button').click();
  await page
    .getByRole('button', { name: 'Cerrar sesión' })
    .or(page.getByRole('link', { name: 'Cerrar sesión' }))
    .click();
  await expect(page.getByText('Sesión cerrada con éxito')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
  const me = await page.request.get('/api/usuario/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toBeNull();
});

test('cancelling at the sign-in provider comes back to /login with SPEC’s message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/login/);
  const dialog = page.getByRole('alertdialog', { name: 'Usuario o contraseña incorrectos' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a customer sees the fallback text on admin pages', async ({ page }) => {
  await logIn(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminHome');
  await expect(page.getByText(/solo para administradores/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gestionar productos' })).toHaveCount(0);
});

test('a banned user sees the disabled-account message', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('ban');
  const visitor = await playwright.request.newContext({ baseURL });
  const user = await (await apiAs(visitor)).register(email);
  const adminContext = await playwright.request.newContext({ baseURL });
  const admin = await apiAs(adminContext);
  await admin.signIn(ADMIN.email, ADMIN.password);
  expect(
    (await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: false })).status(),
  ).toBe(200);

  await logIn(page, email, 'Prueba12345');
  await expect(page.getByRole('alertdialog', { name: 'Tu cuenta ha sido desactivada' })).toBeVisible();
  await expect(page.getByText(SUPPORT_EMAIL).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await visitor.dispose();
  await adminContext.dispose();
});

test('axe finds no serious or critical violation on login, registration and profile', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expectNoSevereViolations(page);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('Campo Requerido').first()).toBeVisible();
  await expectNoSevereViolations(page);
  await logIn(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Actualizar datos' })).toBeVisible();
  await expectNoSevereViolations(page);
});
