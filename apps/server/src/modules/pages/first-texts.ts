import type { FixedPageSlug } from '@vitrina/shared';
import about from './first-texts/acerca.json' with { type: 'json' };
import privacy from './first-texts/privacidad.json' with { type: 'json' };
import terms from './first-texts/terminos.json' with { type: 'json' };

/*
 * The first text of the three pages every shop has, until the owner saves their own: the shop's original
 * about, terms and privacy texts (once JSON files of the web app), written as the Markdown the owner edits.
 */

interface LegalText {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

interface AboutText {
  title: string;
  paragraphs: string[];
  teamTitle: string;
  team: { name: string; role: string; profileUrl: string }[];
}

const legal = (text: LegalText) =>
  [
    `*${text.updated}*`,
    text.intro,
    ...text.sections.flatMap((section) => [`# ${section.heading}`, ...section.paragraphs]),
  ].join('\n\n');

const aboutMarkdown = (text: AboutText) =>
  [
    ...text.paragraphs,
    `# ${text.teamTitle}`,
    text.team.map((m) => `- **${m.name}**, ${m.role}: [Ver perfil](${m.profileUrl})`).join('\n'),
  ].join('\n\n');

export const FIRST_TEXTS: Record<FixedPageSlug, { titulo: string; contenido: string }> = {
  acerca: { titulo: about.title, contenido: aboutMarkdown(about) },
  terminos: { titulo: terms.title, contenido: legal(terms) },
  privacidad: { titulo: privacy.title, contenido: legal(privacy) },
};
