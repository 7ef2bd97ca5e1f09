import { PAGES } from '@vitrina/shared';
import content from '../../../content/terms.json';
import { type LegalContent, LegalDocument } from '../components/legal-document';

/** Edit src/content/terms.json to change this page; no code changes needed. */
const terms: LegalContent = content;

/** `/terminos` */
export function TermsPage() {
  return <LegalDocument content={terms} documentTitle={PAGES.terms.title} />;
}
