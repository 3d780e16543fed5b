import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Dialect } from '../db/database.ts';
import { type CurrentTestApp, createSignedInTestApp, currentOfEachTest } from './test-app.ts';

/** A message the test server accepted: its envelope's recipients and the message as parsed. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

/** What the server answers to a recipient: accept (null), or refuse with an SMTP code and text. */
export type RecipientAnswer = { code: number; message: string } | null;

export interface TestSmtpServer {
  /** SMTP_URL for the app: with a user and password, which the server checks. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Decides each RCPT TO's answer from now on (all accepted by default). */
  answerRecipients(answer: (address: string) => RecipientAnswer): void;
  /** Received messages for one address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

const SMTP_TEST_USER = 'mailer';
export const SMTP_TEST_PASSWORD = 'smtp-secret-42';

/** A real SMTP server on a free local port (or `port`), keeping every message it accepts. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let answer: (address: string) => RecipientAnswer = () => null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      const refusal = answer(address.address);
      if (refusal) callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_TEST_USER}:${SMTP_TEST_PASSWORD}@127.0.0.1:${listening}`,
    port: listening,
    received,
    answerRecipients(next) {
      answer = next;
    },
    to: (address) => received.filter((message) => message.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP_URL where nothing listens: a port a server had a moment ago. */
export async function unusedSmtpUrl(): Promise<string> {
  const server = await startSmtpServer();
  await server.close();
  return `smtp://127.0.0.1:${server.port}`;
}

/**
 * As signedInAppForEachTest (test-app.ts), with an SMTP server of the test's own as the app's SMTP_URL:
 * `t.smtp` holds what the app mailed.
 */
export function signedInAppWithMailForEachTest(
  dialect: Dialect,
): CurrentTestApp & { cookie: string; smtp: TestSmtpServer } {
  return currentOfEachTest(async () => {
    const smtp = await startSmtpServer();
    try {
      const { t, cookie } = await createSignedInTestApp(dialect, { SMTP_URL: smtp.url });
      return {
        current: { ...t, cookie, smtp },
        async close() {
          await t.close();
          await smtp.close();
        },
      };
    } catch (error) {
      await smtp.close();
      throw error;
    }
  });
}
