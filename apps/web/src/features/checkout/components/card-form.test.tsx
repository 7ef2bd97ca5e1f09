// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ShopConfig } from '@vitrina/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { ShopConfigProvider } from '../../../testing/shop-config-provider';
import { CardForm, type CardFormProps } from './card-form';

afterEach(cleanup);

function renderForm(props: Partial<CardFormProps> = {}, config?: Partial<ShopConfig>) {
  const onPay = vi.fn<CardFormProps['onPay']>(async () => undefined);
  render(
    <ShopConfigProvider overrides={config}>
      <CardForm totalCents={3980} paying={false} error={null} onPay={onPay} {...props} />
    </ShopConfigProvider>,
  );
  return onPay;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pagar 39.80 USD' })));

describe('CardForm', () => {
  it('shows the total as "Pagar {total} USD" with two decimals', () => {
    renderForm({ totalCents: 129990 });
    expect(screen.getByRole('button', { name: 'Pagar 1,299.90 USD' })).toBeTruthy();
  });

  it("names the amount as the shop's currency writes it, with the code where '$' is shared", () => {
    const payButton = () => screen.getByRole('button', { name: /^Pagar / });
    renderForm({ totalCents: 129990 });
    expect(payButton().textContent).toBe('Pagar 1,299.90 USD');
    cleanup();
    renderForm({ totalCents: 1_299_000 }, { moneda: 'CLP' });
    expect(payButton().textContent).toBe('Pagar $12.990 CLP');
    cleanup();
    renderForm({ totalCents: 123_450 }, { moneda: 'EUR' });
    expect(payButton().textContent).toBe('Pagar 1234,50\u00a0€');
    cleanup();
    renderForm({ totalCents: 123_450 }, { moneda: 'ARS' });
    expect(payButton().textContent).toBe('Pagar $\u00a01.234,50 ARS');
  });

  it('an empty submit shows every error, focuses the card number and pays nothing', async () => {
    const onPay = renderForm();
    await submit();
    expect(screen.getByText('Ingresa el número de la tarjeta')).toBeTruthy();
    expect(screen.getByText('Usa el formato MM/AA')).toBeTruthy();
    expect(screen.getByText('El CVC tiene 3 o 4 dígitos')).toBeTruthy();
    expect(screen.getByText('Ingresa el nombre que aparece en la tarjeta')).toBeTruthy();
    expect(document.activeElement).toBe(field('Número de tarjeta'));
    expect(field('Número de tarjeta').getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field('Número de tarjeta'))).toContain('Ingresa el número de la tarjeta');
    expect(onPay).not.toHaveBeenCalled();
  });

  it('checks the Luhn digit, the expiry and the CVC', async () => {
    const onPay = renderForm();
    type('Número de tarjeta', '4242 4242 4242 4241');
    type('Vencimiento', '01/20');
    type('CVC', '12');
    type('Nombre en la tarjeta', 'Ana López');
    await submit();
    expect(screen.getByText('El número de tarjeta no es válido')).toBeTruthy();
    expect(screen.getByText('La tarjeta está vencida')).toBeTruthy();
    expect(describedText(field('Vencimiento'))).toContain('La tarjeta está vencida');
    expect(screen.getByText('El CVC tiene 3 o 4 dígitos')).toBeTruthy();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('writes the slash of the expiry and pays with a valid card', async () => {
    const onPay = renderForm();
    type('Número de tarjeta', '4242 4242 4242 4242');
    type('Vencimiento', '1240');
    expect(field('Vencimiento').value).toBe('12/40');
    type('CVC', '123');
    type('Nombre en la tarjeta', '  Ana López ');
    expect(screen.getByText('Tarjeta Visa')).toBeTruthy();
    await submit();
    expect(onPay).toHaveBeenCalledWith({
      numero: '4242 4242 4242 4242',
      expiracion: '12/40',
      cvc: '123',
      nombre: 'Ana López',
    });
  });

  it('shows the fields the provider refused and focuses the first one', async () => {
    renderForm({ onPay: async () => ({ cvc: 'El CVC no es válido' }) });
    type('Número de tarjeta', '4242424242424242');
    type('Vencimiento', '12/40');
    type('CVC', '999');
    type('Nombre en la tarjeta', 'Ana López');
    await submit();
    expect(screen.getByText('El CVC no es válido')).toBeTruthy();
    expect(document.activeElement).toBe(field('CVC'));
  });

  it('is disabled while paying or when the order cannot be paid, saying why', () => {
    renderForm({ disabled: true, disabledReason: 'Revisa los productos marcados antes de pagar.' });
    const button = screen.getByRole('button', { name: 'Pagar 39.80 USD' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(describedText(button)).toBe('Revisa los productos marcados antes de pagar.');
    cleanup();
    renderForm({ paying: true });
    expect((screen.getByRole('button', { name: 'Pagar 39.80 USD' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('status').textContent).toBe('Procesando el pago…');
  });

  it('shows a payment error as an alert and moves focus to it', () => {
    renderForm({ error: 'Fondos insuficientes. Prueba con otra tarjeta.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Fondos insuficientes. Prueba con otra tarjeta.');
    expect(document.activeElement).toBe(alert);
  });
});
