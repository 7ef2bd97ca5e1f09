import { useId } from 'react';
import styles from './page-article.module.css';

/**
 * A page of the shop: its title and its text. `html` is what the server rendered from the owner's
 * Markdown, sanitized there (modules/pages/markdown.ts): headings, paragraphs, lists, links and emphasis,
 * never raw HTML, so it is shown as it is.
 */
export function PageArticle({ titulo, html }: { titulo: string; html: string }) {
  const titleId = useId();
  return (
    <article className={styles.document} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {titulo}
      </h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized render of the owner's Markdown */}
      <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
