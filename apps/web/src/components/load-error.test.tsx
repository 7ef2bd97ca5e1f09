// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { LoadError, loadFailureText } from './load-error';

afterEach(cleanup);

const serverError = new ApiError(500, 'Internal Server Error', 'relation "producto" does not exist');

describe('LoadError', () => {
  it('says what could not be loaded in plain Spanish, never the server’s own text, and retries', () => {
    const retry = vi.fn();
    render(<LoadError what="los productos" error={serverError} onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar los productos');
    expect(alert.textContent).toContain(
      'Puede ser un problema momentáneo. Inténtalo de nuevo en unos segundos.',
    );
    expect(alert.textContent).not.toContain('relation');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('waits while the retry is under way', () => {
    render(<LoadError error={serverError} onRetry={() => {}} retrying />);
    const button = screen.getByRole('button', { name: 'Reintentando…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('No pudimos cargar la información');
  });

  it('can be the heading of a page that has nothing else to show', () => {
    render(<LoadError titleAs="h1" what="el producto" error={serverError} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'No pudimos cargar el producto' })).toBeTruthy();
  });

  it('explains the likely cause: no connection, an ended session, no permission, too many requests', () => {
    expect(loadFailureText(new ApiError(0, 'Network error', 'x'))).toBe(
      'Parece que no hay conexión. Revisa tu red e inténtalo de nuevo.',
    );
    expect(loadFailureText(new ApiError(401, 'Unauthorized', 'x'))).toBe(
      'Tu sesión terminó. Inicia sesión de nuevo para continuar.',
    );
    expect(loadFailureText(new ApiError(403, 'Forbidden', 'x'))).toBe(
      'No tienes permiso para ver esta información.',
    );
    expect(loadFailureText(new ApiError(429, 'Too Many Requests', 'x'))).toBe(
      'Hubo demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.',
    );
    expect(loadFailureText(new Error('boom'))).toBe(
      'Puede ser un problema momentáneo. Inténtalo de nuevo en unos segundos.',
    );
  });
});
