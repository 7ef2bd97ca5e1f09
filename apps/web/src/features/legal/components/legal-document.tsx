import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './legal-document.module.css';

/**
 * The shape of src/content/terms.json and privacy.json: the owner edits the text there, like
 * about.json, without touching code.
 */
export interface LegalContent {
  title: string;
  /** 'Última actualización: …', shown under the title. */
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** A legal text: its title (also the document's), its date, an introduction and headed sections. */
export function LegalDocument({ content, documentTitle }: { content: LegalContent; documentTitle: string }) {
  useDocumentTitle(documentTitle);
  return (
    <article className={styles.document} aria-labelledby="legal-title">
      <header className={styles.header}>
        <h1 id="legal-title" className={styles.title}>
          {content.title}
        </h1>
        <p className={styles.updated}>{content.updated}</p>
        <p className={styles.intro}>{content.intro}</p>
      </header>
      {content.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
