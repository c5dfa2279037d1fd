/**
 * A real SMTP server for the delivery tests (issue 48): `smtp-server` on a free port, every
 * accepted message parsed with `mailparser`. It can refuse each message (a 451, as a full
 * mailbox answers), or take one in and never answer (a process killed mid-delivery).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'accept' | 'refuse' | 'hang';

export interface TestSmtpServer {
  url: string;
  /** Messages accepted (answered 250), in order. */
  readonly accepted: ParsedMail[];
  /** Messages refused, and messages taken in and never answered. */
  readonly refused: number;
  readonly hung: number;
  mode: SmtpMode;
  /** Resolves when `count` messages were accepted; rejects after `timeoutMs`. */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const accepted: ParsedMail[] = [];
  let refused = 0;
  let hung = 0;
  const state = { mode: 'accept' as SmtpMode };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const mode = state.mode;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (mode === 'hang') {
          hung++;
          return; // never answered: the sender waits until it gives up or dies
        }
        if (mode === 'refuse') {
          refused++;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            accepted.push(mail);
            callback();
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    get refused() {
      return refused;
    },
    get hung() {
      return hung;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode: SmtpMode) {
      state.mode = mode;
    },
    async waitForAccepted(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${accepted.length} of ${count} messages after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return accepted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
