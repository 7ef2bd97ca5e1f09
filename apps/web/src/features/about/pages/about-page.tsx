import { PAGES } from '@vitrina/shared';
import content from '../../../content/about.json';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './about-page.module.css';

interface TeamMember {
  name: string;
  role: string;
  profileUrl: string;
  /** Optional picture URL; the member's initials are drawn when it is empty. */
  avatar?: string;
}

interface AboutContent {
  title: string;
  paragraphs: string[];
  teamTitle: string;
  team: TeamMember[];
}

/** Edit src/content/about.json to change this page; no code changes needed. */
const about: AboutContent = content;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** `/about` */
export function AboutPage() {
  useDocumentTitle(PAGES.about.title);
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="about-title">
        <h1 id="about-title" className={styles.title}>
          {about.title}
        </h1>
        {about.paragraphs.map((paragraph) => (
          <p key={paragraph} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="team-title" className={styles.teamSection}>
        <h2 id="team-title" className={styles.subtitle}>
          {about.teamTitle}
        </h2>
        <ul className={styles.team}>
          {about.team.map((member) => (
            <li key={member.name} className={styles.member}>
              {member.avatar ? (
                <img
                  className={styles.avatar}
                  src={member.avatar}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {initials(member.name)}
                </span>
              )}
              <h3 className={styles.name}>{member.name}</h3>
              <p className={styles.role}>{member.role}</p>
              <a
                className={styles.profile}
                href={member.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Ver perfil
                <span className="visually-hidden"> de {member.name} (se abre en una pestaña nueva)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
