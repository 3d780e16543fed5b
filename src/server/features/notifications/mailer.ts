/** How long the mail server may take to accept the connection, to greet, and to answer each command. */
const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the visitor who wrote the inquiry), when not to the sender. */
  replyTo?: string;
}

export interface Mailer {
  /** The mail server as host:port: what Settings shows (never the user or password). */
  server: string;
  /** The sender as `Name <address>`, named by `brandName` unless MAIL_FROM gives a name. */
  from(brandName: string): string;
  /** Sends one message and resolves with the server's answer (`250 2.0.0 OK …`); rejects with its refusal. */
  send(message: MailMessage, brandName: string): Promise<string>;
  /** Connects and signs in, without sending: whether the server is there and takes the credentials. */
  verify(): Promise<void>;
  close(): void;
}

/** The sender when MAIL_FROM is unset: notifications@ the public host (a name the site owns). */
export function defaultMailFromAddress(publicOrigin: string | undefined): string {
  const host = publicOrigin ? new URL(publicOrigin).hostname : 'localhost';
  return `notifications@${host}`;
}

function quotedName(name: string): string {
  // A name with a comma or quote would otherwise read as two addresses.
  return `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** One pooled connection to the mail server of SMTP_URL, for every notification this instance sends. */
export function createMailer({
  smtpUrl,
  mailFrom,
}: {
  smtpUrl: string;
  mailFrom: { name?: string; address: string };
}): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const server = `${url.hostname}:${url.port || (secure ? 465 : 587)}`;
  // nodemailer is loaded with the first message or check: an instance that never mails never pays for it.
  const open = async () =>
    (await import('nodemailer')).default.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
  let transport: ReturnType<typeof open> | undefined;
  const connected = () => (transport ??= open());
  const from = (brandName: string) =>
    `${quotedName(mailFrom.name ?? (brandName.trim() || 'Sampark'))} <${mailFrom.address}>`;
  return {
    server,
    from,
    async send(message, brandName) {
      const info = await (await connected()).sendMail({ ...message, from: from(brandName) });
      return info.response;
    },
    async verify() {
      await (await connected()).verify();
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
}

/**
 * Whether a sending error is the server refusing this recipient or message for good (a 5xx answer to the
 * envelope or the message): trying again cannot help. A refused connection, a timeout, a 4xx (try later)
 * and a failed sign-in (the owner may fix SMTP_URL meanwhile) are tried again.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as SmtpError;
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number' && responseCode >= 500
  );
}
