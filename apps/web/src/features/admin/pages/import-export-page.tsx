import { CATALOG_CSV_HELP, type ImportResult, PAGES } from '@vitrina/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { apiUpload, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';

type Step =
  | { kind: 'idle' }
  /** `sent`: the share of the files uploaded so far; once all are sent, the server is at work. */
  | { kind: 'busy'; what: string; sent: number }
  | { kind: 'done'; dryRun: boolean; result: ImportResult };

/**
 * /admin/ajustes/importar 'Importar / Exportar' (decision 089): the catalog out as CSV, and in from a CSV
 * with an optional ZIP of photos: 'Revisar' checks every row and lists the errors, 'Importar' applies the
 * whole file or nothing.
 */
export function ImportExportPage() {
  useDocumentTitle(PAGES.adminImport.title);
  const csvRef = useRef<HTMLInputElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string>();

  const send = async (dryRun: boolean) => {
    const csv = csvRef.current?.files?.[0];
    if (!csv || csv.size === 0) {
      setError('Elige el archivo CSV del catálogo.');
      return;
    }
    const data = new FormData();
    data.append('archivo', csv);
    const zip = zipRef.current?.files?.[0];
    if (zip && zip.size > 0) data.append('imagenes', zip);
    setError(undefined);
    const what = dryRun ? 'Revisando el archivo…' : 'Importando el catálogo…';
    setStep({ kind: 'busy', what: 'Subiendo los archivos…', sent: 0 });
    try {
      const result = await apiUpload<ImportResult>('/products/import', {
        query: { dry_run: dryRun },
        body: data,
        onProgress: (sent) =>
          setStep({ kind: 'busy', what: sent < 1 ? 'Subiendo los archivos…' : what, sent }),
      });
      setStep({ kind: 'done', dryRun, result });
    } catch (err) {
      setError(errorMessage(err));
      setStep({ kind: 'idle' });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(true);
  };

  const busy = step.kind === 'busy';
  const reviewed = step.kind === 'done' && step.dryRun && step.result.errores.length === 0;
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Importar / Exportar" />
      <section className={styles.panel} aria-labelledby="exportar">
        <h2 id="exportar" className={styles.subtitle}>
          Exportar
        </h2>
        <p>Todos los productos con sus variantes, una fila por variante, en CSV.</p>
        <a href="/api/products/export.csv" download>
          Descargar catálogo (CSV)
        </a>
      </section>

      <section className={styles.panel} aria-labelledby="importar">
        <h2 id="importar" className={styles.subtitle}>
          Importar
        </h2>
        <form onSubmit={onSubmit} aria-labelledby="importar" noValidate>
          <p>
            <label htmlFor="archivo">Archivo CSV</label>{' '}
            <input
              ref={csvRef}
              id="archivo"
              name="archivo"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
            />
          </p>
          <p>
            <label htmlFor="imagenes">Fotos (ZIP, opcional)</label>{' '}
            <input
              ref={zipRef}
              id="imagenes"
              name="imagenes"
              type="file"
              accept=".zip,application/zip"
              disabled={busy}
            />
          </p>
          <div className={styles.buttons}>
            <Button type="submit" variant="secondary" disabled={busy}>
              Revisar
            </Button>
            <Button type="button" disabled={busy || !reviewed} onClick={() => void send(false)}>
              Importar
            </Button>
          </div>
        </form>
        {busy && (
          <p role="status">
            {step.sent < 1 ? (
              <progress aria-label={step.what} max={1} value={step.sent} />
            ) : (
              <progress aria-label={step.what} />
            )}{' '}
            {step.what} {step.sent < 1 && `${Math.round(step.sent * 100)} %`}
          </p>
        )}
        {error && (
          <p role="alert" className={styles.message}>
            {error}
          </p>
        )}
        {step.kind === 'done' && <Summary dryRun={step.dryRun} result={step.result} />}
      </section>

      <section className={styles.panel} aria-labelledby="columnas">
        <h2 id="columnas" className={styles.subtitle}>
          Columnas del CSV
        </h2>
        <p>
          Una fila por variante. Se crea o actualiza por SKU: importar dos veces el mismo archivo no cambia
          nada. Las columnas del producto van en su primera fila. Se aceptan comas o punto y coma.
        </p>
        <dl>
          {CATALOG_CSV_HELP.map(({ columna, ayuda }) => (
            <div key={columna}>
              <dt>
                <code>{columna}</code>
              </dt>
              <dd>{ayuda}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function Summary({ dryRun, result }: { dryRun: boolean; result: ImportResult }) {
  if (result.errores.length > 0) {
    return (
      <div className={styles.tableWrap}>
        <p role="alert">
          El archivo tiene {result.errores.length === 1 ? '1 error' : `${result.errores.length} errores`}: no
          se importó nada.
        </p>
        <table className={styles.table}>
          <caption>Errores por fila</caption>
          <thead>
            <tr>
              <th scope="col">Fila</th>
              <th scope="col">Columna</th>
              <th scope="col">Mensaje</th>
            </tr>
          </thead>
          <tbody>
            {result.errores.map((e) => (
              <tr key={`${e.fila}-${e.columna}-${e.mensaje}`}>
                <td className={styles.number}>{e.fila}</td>
                <td>{e.columna}</td>
                <td>{e.mensaje}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const counts = `${result.creados} ${result.creados === 1 ? 'producto nuevo' : 'productos nuevos'} y ${result.actualizados} ${result.actualizados === 1 ? 'actualizado' : 'actualizados'}`;
  return (
    <p role="status">
      {dryRun ? `Revisado sin errores: ${counts}. Pulsa Importar para aplicarlo.` : `Importado: ${counts}.`}
    </p>
  );
}
