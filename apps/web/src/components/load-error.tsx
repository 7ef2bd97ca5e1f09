import { isApiError } from '../lib/api-client';
import { Button } from './button';
import styles from './load-error.module.css';

export interface LoadErrorProps {
  error: unknown;
  /** Asks again: usually the query's `refetch`. */
  onRetry: () => unknown;
  /** What failed, as it follows 'No pudimos cargar': 'los productos', 'las ofertas'… */
  what?: string;
  /** While the retry is under way (the query's `isFetching`): the button waits. */
  retrying?: boolean;
  /** 'h1' when the failure is all the page has (a product that could not be read). */
  titleAs?: 'h1' | 'h2' | 'p';
  className?: string | undefined;
}

/**
 * What a shopper reads when a list or a page could not be loaded: never the server's own text, but why it
 * may have happened in plain Spanish, and a way to try again.
 */
export function loadFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'Parece que no hay conexión. Revisa tu red e inténtalo de nuevo.';
    if (error.status === 401) return 'Tu sesión terminó. Inicia sesión de nuevo para continuar.';
    if (error.status === 403) return 'No tienes permiso para ver esta información.';
    if (error.status === 429)
      return 'Hubo demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.';
  }
  return 'Puede ser un problema momentáneo. Inténtalo de nuevo en unos segundos.';
}

/**
 * The one failed-load block of the app: 'No pudimos cargar …', a friendly reason (announced), and
 * 'Reintentar', which asks again. Every page that loads data shows it instead of its content.
 */
export function LoadError({
  error,
  onRetry,
  what = 'la información',
  retrying = false,
  titleAs: Title = 'p',
  className,
}: LoadErrorProps) {
  return (
    <div className={`${styles.loadError} ${className ?? ''}`}>
      <div role="alert" className={styles.message}>
        <Title className={styles.title}>No pudimos cargar {what}</Title>
        <p className={styles.text}>{loadFailureText(error)}</p>
      </div>
      <Button variant="secondary" onClick={() => onRetry()} disabled={retrying} aria-busy={retrying}>
        {retrying ? 'Reintentando…' : 'Reintentar'}
      </Button>
    </div>
  );
}
