import type { FixedPageSlug } from '@vitrina/shared';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { isNotFound } from '../../../lib/api-client';
import { useShopPage } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageArticle } from '../components/page-article';
import styles from '../components/page-article.module.css';

/** A page the owner writes in Ajustes › Páginas, as the storefront shows it. */
function ShopPageView({ slug }: { slug: string }) {
  const page = useShopPage(slug);
  useDocumentTitle(page.data?.titulo ?? (page.isError ? 'Página no encontrada' : null));
  if (page.isPending) return <Loader label="Cargando la página…" />;
  if (page.isError) {
    if (!isNotFound(page.error)) {
      return <LoadError what="la página" error={page.error} onRetry={() => page.refetch()} />;
    }
    return (
      <div className={styles.document}>
        <h1 className={styles.title}>Página no encontrada</h1>
        <p>
          La página que buscas no existe. <Link to="/">Volver al inicio</Link>
        </p>
      </div>
    );
  }
  return <PageArticle titulo={page.data.titulo} html={page.data.html} />;
}

const fixedPage = (slug: FixedPageSlug) =>
  function FixedPage() {
    return <ShopPageView slug={slug} />;
  };

/** `/about` */
export const AboutPage = fixedPage('acerca');
/** `/terminos` */
export const TermsPage = fixedPage('terminos');
/** `/privacidad` */
export const PrivacyPage = fixedPage('privacidad');

/** `/paginas/:slug`: a page of the owner's own. */
export function OwnPage() {
  const { slug = '' } = useParams();
  return <ShopPageView slug={slug} />;
}
