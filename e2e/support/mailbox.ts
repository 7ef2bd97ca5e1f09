import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';

/*
 * The owner's mailbox (Ajustes › Correos) read through its API: what the shop sent and to whom. The
 * request context must be signed in as the owner.
 */

type MailItem = { id: number; to: string; subject: string };

/** The messages to `to`, newest first, from every page. */
export async function mailsTo(owner: APIRequestContext, to: string): Promise<MailItem[]> {
  const found: MailItem[] = [];
  for (let n = 1; n <= 50; n++) {
    const { items } = (await (await owner.get(`/api/admin/correos?page=${n}`)).json()) as {
      items: MailItem[];
    };
    found.push(...items.filter((mail) => mail.to === to));
    if (items.length === 0) break;
  }
  return found;
}

/** The text of the newest message to `to` whose subject starts with `subject`, once it is there. */
export async function mailText(owner: APIRequestContext, to: string, subject: string): Promise<string> {
  let found: MailItem | undefined;
  await expect
    .poll(async () => {
      const list = (await (await owner.get('/api/admin/correos?page=1')).json()) as { items: MailItem[] };
      found = list.items.find((item) => item.to === to && item.subject.startsWith(subject));
      return found !== undefined;
    })
    .toBe(true);
  const mail = (await (await owner.get(`/api/admin/correos/${found?.id}`)).json()) as { text: string };
  return mail.text;
}
