import {
  MAIL_KIND_LABELS,
  MAIL_STATE_LABELS,
  type MailboxItem,
  type MailKind,
  type MailState,
  PAGES,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMailbox, useMailMessage } from '../api/get-mailbox';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { MailFrame } from '../components/mail-frame';
import { cleanSearch, parsePage } from '../utils/search-params';
import mailStyles from './mailbox-page.module.css';

const ESTADO_CLASSES: Record<MailState, string | undefined> = {
  pendiente: styles.warn,
  enviado: styles.ok,
  fallido: styles.danger,
};

const kindLabel = (kind: string) => MAIL_KIND_LABELS[kind as MailKind] ?? kind;

function parseId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /admin/ajustes/correos (Ajustes › Correos): every e-mail the shop sent or is about to send, newest
 * first, and the one picked (`?correo=`) as the customer sees it. Without SMTP this is where the owner reads
 * them, so the whole order flow can be followed offline.
 */
export function MailboxPage() {
  useDocumentTitle(PAGES.adminMail.title);
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const selected = parseId(search.get('correo'));
  const mailbox = useMailbox(page);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: number) => {
    setSearch(cleanSearch({ page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Correos" headingRef={headingRef}>
        <Link to={PAGES.adminSettings.path}>Ajustes de envío</Link>
      </AdminPageHeader>
      {selected !== undefined && <MailPreview id={selected} />}
      {mailbox.isPending ? (
        <Loader label="Cargando los correos…" />
      ) : mailbox.isError ? (
        <LoadError className={styles.message} error={mailbox.error} onRetry={() => mailbox.refetch()} />
      ) : mailbox.data.items.length === 0 ? (
        <div className={styles.message}>
          <p>Todavía no se ha enviado ningún correo.</p>
        </div>
      ) : (
        <div className={styles.page} aria-busy={mailbox.isPlaceholderData || undefined}>
          <MailTable items={mailbox.data.items} page={page} total={mailbox.data.total} selected={selected} />
          {showsPager(mailbox.data.total, mailbox.data.pageSize) && (
            <Pager
              page={page}
              totalPages={totalPages(mailbox.data.total, mailbox.data.pageSize)}
              onPageChange={goTo}
              label="Páginas de correos"
            />
          )}
        </div>
      )}
    </div>
  );
}

interface MailTableProps {
  items: readonly MailboxItem[];
  page: number;
  total: number;
  /** The message on preview, marked in the list. */
  selected: number | undefined;
}

function MailTable({ items, page, total, selected }: MailTableProps) {
  const formatDateTime = useFormatInstant();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>Correos: {total}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Destinatario</th>
            <th scope="col">Asunto</th>
            <th scope="col">Tipo</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {items.map((mail) => {
            return (
              <tr key={mail.id}>
                <td data-label="Fecha">
                  <time dateTime={mail.creado}>{formatDateTime(mail.creado)}</time>
                </td>
                <td data-label="Destinatario">{mail.to}</td>
                <th scope="row">
                  <Link
                    to={{ search: `?${new URLSearchParams(cleanSearch({ page, correo: mail.id }))}` }}
                    aria-current={mail.id === selected || undefined}
                  >
                    {mail.subject}
                  </Link>
                </th>
                <td data-label="Tipo">{kindLabel(mail.kind)}</td>
                <td data-label="Estado">
                  <span className={`${styles.badge} ${ESTADO_CLASSES[mail.estado] ?? ''}`}>
                    {MAIL_STATE_LABELS[mail.estado]}
                  </span>
                  {mail.estado !== 'enviado' && mail.ultimo_error && (
                    <>
                      <br />
                      <span className={styles.muted}>
                        {mail.intentos} {mail.intentos === 1 ? 'intento' : 'intentos'}: {mail.ultimo_error}
                      </span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The message as sent: its HTML (see MailFrame) and its plain-text part as it is. */
function MailPreview({ id }: { id: number }) {
  const message = useMailMessage(id);
  const formatDateTime = useFormatInstant();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = message.isSuccess;

  // The preview opens above the list: focus moves to it, so keyboard and screen reader users land there.
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  if (message.isPending) return <Loader label="Cargando el correo…" />;
  if (message.isError) {
    return (
      <LoadError
        className={styles.message}
        what="el correo"
        error={message.error}
        onRetry={() => message.refetch()}
      />
    );
  }
  const mail = message.data;
  return (
    <section className={styles.panel} aria-labelledby="correo-asunto">
      <h2 id="correo-asunto" ref={headingRef} tabIndex={-1} className={styles.subtitle}>
        {mail.subject}
      </h2>
      <dl className={mailStyles.facts}>
        <div>
          <dt>Para</dt>
          <dd>{mail.to}</dd>
        </div>
        <div>
          <dt>Creado</dt>
          <dd>{formatDateTime(mail.creado)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>
            {MAIL_STATE_LABELS[mail.estado]}
            {mail.enviado && ` el ${formatDateTime(mail.enviado)}`}
          </dd>
        </div>
      </dl>
      <MailFrame className={mailStyles.frame} title={`Vista previa: ${mail.subject}`} html={mail.html} />
      <details>
        <summary>Texto plano</summary>
        <pre className={mailStyles.text}>{mail.text}</pre>
      </details>
    </section>
  );
}
