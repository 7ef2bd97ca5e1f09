// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { createFetchStub } from '../../../testing/fetch-stub';
import { apiError } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { ProfileForm } from './profile-form';

const api = createFetchStub({ otherwise: () => new Response(null, { status: 500 }) });
setUpAppTests(api);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => fireEvent.change(field(label), { target: { value } }));

describe('ProfileForm', () => {
  it('gives the address messages in registration’s order: blank, then length, then "números y letras"', async () => {
    renderApp([{ path: '/account', element: <ProfileForm /> }], { path: '/account' });
    await type('Dirección', '   ');
    expect(describedText(field('Dirección'))).toContain('La dirección no puede ser un espacio en blanco');
    await type('Dirección', 'Calle 1');
    expect(describedText(field('Dirección'))).toContain('Minimo 15 caracteres');
    await type('Dirección', 'Calle Alcalá sin número');
    expect(describedText(field('Dirección'))).toContain('La dirección debe contener números y letras');
    await type('Dirección', 'Calle Alcalá 45, Madrid');
    expect(describedText(field('Dirección'))).toBe('Válido');
  });

  it('keeps what was typed when saving fails, so the shopper can try again', async () => {
    api.on('PUT /api/usuario', () =>
      Response.json(apiError('Internal Server Error', 'fallo'), { status: 500 }),
    );
    renderApp([{ path: '/account', element: <ProfileForm /> }], { path: '/account' });
    await type('Dirección', 'Calle Alcalá 45, Madrid');
    await type('Teléfono', '5587654321');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Actualizar datos' })));
    expect(await screen.findByText('intente nuevamente')).toBeTruthy();
    expect(field('Dirección').value).toBe('Calle Alcalá 45, Madrid');
    expect(field('Teléfono').value).toBe('5587654321');
    expect((screen.getByRole('button', { name: 'Actualizar datos' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
