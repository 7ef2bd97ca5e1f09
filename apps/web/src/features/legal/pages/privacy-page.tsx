import { PAGES } from '@vitrina/shared';
import content from '../../../content/privacy.json';
import { type LegalContent, LegalDocument } from '../components/legal-document';

/** Edit src/content/privacy.json to change this page; no code changes needed. */
const privacy: LegalContent = content;

/** `/privacidad` */
export function PrivacyPage() {
  return <LegalDocument content={privacy} documentTitle={PAGES.privacy.title} />;
}
