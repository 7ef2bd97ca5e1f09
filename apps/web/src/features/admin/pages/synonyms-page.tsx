import {
  PAGES,
  RATINGS_PAGER_WINDOW,
  SYNONYMS_PAGE_SIZE,
  type Synonym,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteSynonym, useSynonyms } from '../api/synonyms';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { SynonymForm } from '../components/synonym-form';
import { cleanSearch, parsePage } from '../utils/search-params';
import { describeSynonym } from '../utils/synonym-terms';

/** 'laptop → portátil, computadora portátil' (one way) or 'nevera = heladera' (both ways). */
function headline({ terminos, unidireccional }: Synonym): string {
  const [first, ...rest] = terminos;
  return unidireccional ? `${first} → ${rest.join(', ')}` : terminos.join(' = ');
}

/**
 * /admin/sinonimos 'Sinónimos': the dictionary the shop's search applies to the shopper's words (the
 * words of other Spanish-speaking countries: heladera, remera, laptop…). Filtered by a term, 20 a page;
 * an entry is created at the top and edited in place of its row. Searches use a change at once.
 */
export function SynonymsPage() {
  useDocumentTitle(PAGES.adminSynonyms.title);
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const page = parsePage(search.get('page'));
  // The dashboard's 'Crear sinónimo' on a search that found nothing starts the new entry with it.
  const nuevo = search.get('nuevo')?.trim() ?? '';
  const synonyms = useSynonyms(q, page);
  const remove = useDeleteSynonym();
  const [editing, setEditing] = useState<number | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    setSearch(cleanSearch({ q: typeof value === 'string' ? value.trim() : '', nuevo, page: 1 }));
  };

  const goTo = (next: number) => {
    setSearch(cleanSearch({ q, nuevo, page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  const onDelete = async (entry: Synonym) => {
    const confirmed = await confirm({
      title: '¿Eliminar este sinónimo?',
      text: `${entry.terminos.join(', ')}: las búsquedas dejarán de usarlo.`,
      confirmText: 'Eliminar',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    remove.mutate(entry.id_sinonimo, {
      onSuccess: () => notify({ title: 'Sinónimo eliminado', icon: 'success' }),
      onError: (error) => notify({ title: 'No se pudo eliminar', text: errorMessage(error), icon: 'error' }),
    });
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Sinónimos" headingRef={headingRef} />
      <p>
        Palabras que los clientes usan para lo mismo. Con «laptop → portátil», buscar laptop también encuentra
        portátiles; con «nevera = heladera = refrigerador», buscar cualquiera encuentra los tres.
      </p>

      <section aria-labelledby="sinonimo-nuevo" className={styles.page}>
        <h2 id="sinonimo-nuevo" className={styles.subtitle}>
          Nuevo sinónimo
        </h2>
        <SynonymForm key={nuevo} initialText={nuevo && `${nuevo}, `} />
      </section>

      <form className={styles.toolbar} aria-label="Filtrar sinónimos" onSubmit={onFilter}>
        <TextField key={q} label="Buscar un término" name="q" type="search" defaultValue={q} />
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </form>

      {synonyms.isPending ? (
        <Loader label="Cargando los sinónimos…" />
      ) : synonyms.isError ? (
        <LoadError className={styles.message} error={synonyms.error} onRetry={() => synonyms.refetch()} />
      ) : (
        <div className={styles.page} aria-busy={synonyms.isPlaceholderData || undefined}>
          {synonyms.data.items.length === 0 ? (
            <p className={styles.message}>
              {q ? `Ningún sinónimo contiene «${q}».` : 'Todavía no hay sinónimos.'}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption>
                  {q ? `Sinónimos con «${q}»` : 'Sinónimos'}: {synonyms.data.total}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Términos</th>
                    <th scope="col">Qué encuentra</th>
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {synonyms.data.items.map((entry) =>
                    editing === entry.id_sinonimo ? (
                      <tr key={entry.id_sinonimo}>
                        <td colSpan={3}>
                          <SynonymForm entry={entry} onDone={() => setEditing(undefined)} />
                        </td>
                      </tr>
                    ) : (
                      <tr key={entry.id_sinonimo}>
                        <th scope="row">{headline(entry)}</th>
                        <td data-label="Qué encuentra">
                          {describeSynonym(entry.terminos, entry.unidireccional)}
                        </td>
                        <td className={styles.actions}>
                          <Button variant="secondary" onClick={() => setEditing(entry.id_sinonimo)}>
                            Editar <span className="visually-hidden">{entry.terminos.join(', ')}</span>
                          </Button>
                          <Button
                            variant="ghost"
                            disabled={remove.isPending && remove.variables === entry.id_sinonimo}
                            onClick={() => onDelete(entry)}
                          >
                            Eliminar <span className="visually-hidden">{entry.terminos.join(', ')}</span>
                          </Button>
                        </td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
          )}
          {showsPager(synonyms.data.total, SYNONYMS_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(synonyms.data.total, SYNONYMS_PAGE_SIZE)}
              windowSize={RATINGS_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de sinónimos"
            />
          )}
        </div>
      )}
    </div>
  );
}
