import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { isChunkLoadError } from '../../lib/load-chunk';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './error-page.module.css';

/** What the 404 page is given: no error, an unknown address. */
const NOT_FOUND = Symbol('not found');

function explain(error: unknown): { text: string; code?: number; reload: boolean } {
  if (error === NOT_FOUND) {
    return { text: 'Lo sentimos, la página que buscas no existe o fue movida.', code: 404, reload: false };
  }
  if (isChunkLoadError(error)) {
    return {
      text: 'No se pudo cargar esta sección de la tienda. Revisa tu conexión y recarga la página.',
      reload: true,
    };
  }
  return {
    text: 'Algo salió mal al mostrar esta página. Inténtalo de nuevo en unos momentos.',
    reload: true,
  };
}

/** The error page: unknown routes, render errors and failed chunk loads land here. */
export function ErrorPage({ error }: { error: unknown }) {
  const { text, code, reload } = explain(error);

  useDocumentTitle(code === 404 ? 'Página no encontrada' : 'Error');

  return (
    <div className={styles.error}>
      {code !== undefined && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClass('primary')}>
          Volver al inicio
        </Link>
        {reload && (
          <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
            Recargar la página
          </button>
        )}
      </div>
    </div>
  );
}

/** Every path no page has. */
export function NotFoundPage() {
  return <ErrorPage error={NOT_FOUND} />;
}

/** For errors above the layout (the layout itself failed): the page stands alone in its own <main>. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <main id="contenido" className={styles.standalone}>
      <ErrorPage error={error} />
    </main>
  );
}
