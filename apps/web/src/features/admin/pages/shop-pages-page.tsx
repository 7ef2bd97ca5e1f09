import { useQuery } from '@tanstack/react-query';
import {
  NOTIFY_MS,
  PAGE_CONTENT_MAX,
  PAGES,
  type Pagina,
  type PaginaList,
  pageSlugSchema,
  paginaInputSchema,
  shopPagePath,
  slugFromTitle,
} from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { shopPageQueryOptions, useShopPages } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageArticle } from '../../shop-pages';
import { useDeletePage, usePreviewPage, useSavePage } from '../api/shop-pages';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { TextAreaField } from '../components/text-area-field';
import own from './shop-pages-page.module.css';

/** The search parameter of the page being edited; NEW for a page the owner is creating. */
const EDITING = 'pagina';
const NEW = 'nueva';

type FieldErrors = Partial<Record<'slug' | 'titulo' | 'contenido', string>>;

const MARKDOWN_HINT =
  'Formato Markdown: «# Título» para una sección, una línea en blanco entre párrafos, «- » al comienzo de ' +
  'cada punto de una lista, **negrita**, *cursiva* y [texto del enlace](https://…). No se admite HTML.';

/**
 * /admin/ajustes/paginas: about, terms, privacy and the owner's own pages — each edited as Markdown with
 * a preview rendered by the server exactly as the storefront shows it.
 */
export function ShopPagesPage() {
  useDocumentTitle(PAGES.adminPages.title);
  const pages = useShopPages();
  const [search, setSearch] = useSearchParams();
  const editing = search.get(EDITING);
  const edit = (slug: string | null) => setSearch(slug ? { [EDITING]: slug } : {});
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Páginas">
        <Link to={PAGES.adminShop.path}>Datos de la tienda</Link>
      </AdminPageHeader>
      {pages.isPending ? (
        <Loader label="Cargando las páginas…" />
      ) : pages.isError ? (
        <LoadError
          className={styles.message}
          what="las páginas"
          error={pages.error}
          onRetry={() => pages.refetch()}
        />
      ) : (
        <>
          <PageList pages={pages.data} editing={editing} onEdit={edit} />
          {editing === NEW && <PageEditor key={NEW} onDone={edit} />}
          {editing && editing !== NEW && <SavedPageEditor key={editing} slug={editing} onDone={edit} />}
        </>
      )}
    </div>
  );
}

function PageList({
  pages,
  editing,
  onEdit,
}: {
  pages: PaginaList;
  editing: string | null;
  onEdit: (slug: string) => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="paginas-lista">
      <h2 id="paginas-lista" className={styles.subtitle}>
        Páginas de la tienda
      </h2>
      <ul className={own.list}>
        {pages.map((page) => (
          <li key={page.slug} className={own.item}>
            <span>
              <strong>{page.titulo}</strong> <span className={own.path}>{shopPagePath(page.slug)}</span>
            </span>
            <Button
              variant="secondary"
              aria-pressed={editing === page.slug}
              aria-label={`Editar ${page.titulo}`}
              onClick={() => onEdit(page.slug)}
            >
              Editar
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" onClick={() => onEdit(NEW)}>
          Nueva página
        </Button>
      </div>
    </section>
  );
}

function SavedPageEditor({ slug, onDone }: { slug: string; onDone: (slug: string | null) => void }) {
  const page = useQuery(shopPageQueryOptions(slug));
  if (page.isPending) return <Loader label="Cargando la página…" />;
  if (page.isError) {
    return (
      <LoadError
        className={styles.message}
        what="la página"
        error={page.error}
        onRetry={() => page.refetch()}
      />
    );
  }
  return <PageEditor saved={page.data} onDone={onDone} />;
}

/** The editor of one page (`saved`), or of a new one of the owner's when there is none. */
function PageEditor({ saved, onDone }: { saved?: Pagina; onDone: (slug: string | null) => void }) {
  const savePage = useSavePage();
  const deletePage = useDeletePage();
  const preview = usePreviewPage();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [titulo, setTitulo] = useState(saved?.titulo ?? '');
  const [slug, setSlug] = useState(saved?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(false);
  const [contenido, setContenido] = useState(saved?.contenido ?? '');
  const shownSlug = saved || slugTouched ? slug : slugFromTitle(titulo);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {};
    const slugParsed = pageSlugSchema.safeParse(shownSlug);
    if (!slugParsed.success) found.slug = slugParsed.error.issues[0]?.message;
    const parsed = paginaInputSchema.safeParse({ titulo, contenido });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        found[issue.path[0] as 'titulo' | 'contenido'] ??= issue.message;
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || !parsed.success) {
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    savePage.mutate(
      { slug: shownSlug, page: parsed.data },
      {
        onSuccess: (page) => {
          notify({
            title: 'Página guardada',
            text: `Ya se ve en ${shopPagePath(page.slug)}.`,
            icon: 'success',
            timer: NOTIFY_MS,
          });
          if (!saved) onDone(page.slug);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields as FieldErrors);
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
        },
      },
    );
  };

  const remove = async () => {
    if (!saved) return;
    const confirmed = await confirm({
      title: `¿Borrar la página ${saved.titulo}?`,
      text: 'Dejará de verse en la tienda y en el pie de página.',
    });
    if (!confirmed) return;
    deletePage.mutate(saved.slug, {
      onSuccess: () => {
        notify({ title: 'Página borrada', icon: 'success', timer: NOTIFY_MS });
        onDone(null);
      },
      onError: (error) =>
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
    });
  };

  const heading = saved ? `Editar «${saved.titulo}»` : 'Nueva página';
  return (
    <section className={styles.panel} aria-labelledby="pagina-editor">
      <h2 id="pagina-editor" className={styles.subtitle}>
        {heading}
      </h2>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="pagina-editor">
        <TextField
          label="Título"
          name="titulo"
          value={titulo}
          onChange={(e) => setTitulo(e.target.value)}
          error={errors.titulo}
        />
        {saved ? (
          <p>
            Dirección: <Link to={shopPagePath(saved.slug)}>{shopPagePath(saved.slug)}</Link>
          </p>
        ) : (
          <TextField
            label="Dirección"
            name="slug"
            value={shownSlug}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
            error={errors.slug}
            hint={`La página se verá en ${shopPagePath(shownSlug || '…')}. Letras minúsculas sin acentos, números y guiones.`}
          />
        )}
        <TextAreaField
          label="Texto"
          name="contenido"
          rows={16}
          maxLength={PAGE_CONTENT_MAX}
          value={contenido}
          onChange={(e) => setContenido(e.target.value)}
          error={errors.contenido}
          hint={MARKDOWN_HINT}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={savePage.isPending} aria-busy={savePage.isPending || undefined}>
            Guardar página
          </Button>
          <Button variant="secondary" disabled={preview.isPending} onClick={() => preview.mutate(contenido)}>
            Vista previa
          </Button>
          {saved && !saved.fija && (
            <Button variant="secondary" disabled={deletePage.isPending} onClick={remove}>
              Borrar página
            </Button>
          )}
        </div>
      </form>
      {preview.isError && <p role="alert">{errorMessage(preview.error)}</p>}
      {preview.data && (
        <section aria-label="Vista previa" className={own.preview}>
          <PageArticle titulo={titulo} html={preview.data.html} />
        </section>
      )}
    </section>
  );
}
