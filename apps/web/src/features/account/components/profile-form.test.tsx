// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { createFetchStub } from '../../../testing/fetch-stub';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { ProfileForm } from './profile-form';

const api = createFetchStub({ otherwise: () => new Response(null, { status: 500 }) });
setUpAppTests(api);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => fireEvent.change(field(label), { target: { value } }));

describe('ProfileForm: the address messages come in registration’s order', () => {
  it('blank, then length, then "números y letras"', async () => {
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
});
