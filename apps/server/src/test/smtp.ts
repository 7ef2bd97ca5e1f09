import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 and a free port, keeping every message it accepts (parsed). It can be
 * told to refuse the next messages to an address with a temporary error, as a busy server does.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to trust, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
          const left = refusals.get(to) ?? 0;
          if (left > 0) {
            refusals.set(to, left - 1);
            callback(Object.assign(new Error('Servidor ocupado, intente más tarde'), { responseCode: 451 }));
            return;
          }
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` messages to `address` are refused with 451. */
    refuse(address: string, count: number) {
      refusals.set(address, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Polls `check` until it returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
