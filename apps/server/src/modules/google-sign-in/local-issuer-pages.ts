import type { ServerResponse } from 'node:http';

/*
 * The local issuer's own pages (local-issuer.ts): plain server-rendered HTML in Spanish, labelled
 * fields, no script. They are served by the issuer, outside the shop and its Content-Security-Policy.
 */

/** Longest name the shop keeps (usuario.primer_nombre / primer_apellido). */
export const MAX_FIELD = 50;

export function sendPage(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  );
  res.end(html);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d1d1f; margin: 0; }
  main { max-width: 24rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 8px rgb(0 0 0 / 12%); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .note { font-size: .9rem; color: #555; }
  .error { color: #b00020; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: .6rem; margin-top: .3rem; font-size: 1rem;
          border: 1px solid #888; border-radius: 6px; }
  button { width: 100%; padding: .7rem; margin-top: 1.5rem; font-size: 1rem; border-radius: 6px;
           border: 0; background: #1a73e8; color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: #1a73e8; margin-top: .5rem; }
  button:focus-visible, input:focus-visible { outline: 3px solid #fbbc04; outline-offset: 2px; }`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function signInPage(
  uid: string,
  values: { nombre?: string; apellido?: string; email?: string | undefined; error?: string },
) {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const field = (
    id: string,
    label: string,
    type: string,
    value: string,
    autocomplete: string,
    required = true,
  ) =>
    `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}"${required ? ' required' : ''} maxlength="${id === 'correo' ? 254 : MAX_FIELD}">`;
  return layout(
    'Continuar con Google · emisor de desarrollo',
    `<h1>Continuar con Google</h1>
<p class="note">Emisor de desarrollo local: no se conecta con Google. Escribe los datos de la cuenta con la que quieres entrar a la tienda.</p>
${values.error ? `<p class="error" role="alert">${escapeHtml(values.error)}</p>` : ''}
<form method="post" action="${action}/login">
${field('nombre', 'Nombre', 'text', values.nombre ?? 'Cliente', 'given-name')}
${field('apellido', 'Apellido', 'text', values.apellido ?? 'Google', 'family-name', false)}
${field('correo', 'Correo', 'email', values.email ?? 'cliente.google@example.com', 'email')}
<button type="submit">Continuar</button>
</form>
<form method="post" action="${action}/abort">
<button type="submit" class="secondary">Cancelar</button>
</form>`,
  );
}

export function errorPage(message: string) {
  return layout(
    'No se pudo iniciar sesión',
    `<h1>No se pudo iniciar sesión</h1><p role="alert">${escapeHtml(message)}</p>`,
  );
}
