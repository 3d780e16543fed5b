import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test-support/smtp-test-server.ts';
import { createAdmin, createTestInstances, TEST_INQUIRY } from '../test-support/test-app.ts';

const INQUIRIES = 200;

describe.runIf(process.env.TEST_POSTGRES_URL)('notifications with two instances on one PostgreSQL', () => {
  it(`emails each of ${INQUIRIES} inquiries exactly once`, { timeout: 60_000 }, async () => {
    const mail = await startSmtpServer();
    const instances = await createTestInstances('postgres', 2, {
      SMTP_URL: mail.url,
      MAIL_FROM: 'Sampark <notify@instances.example>',
      INQUIRY_LIMIT_PER_HOUR: '100000',
      INQUIRY_LIMIT_PER_SENDER_PER_HOUR: '100000',
      INQUIRY_CHALLENGE_AFTER_PER_HOUR: '100000',
    });
    try {
      await createAdmin(instances.database, {
        email: 'owner@instances.example',
        password: 'instances-password-1',
      });
      const queries = Array.from({ length: INQUIRIES }, (_, i) => `Inquiry number ${i + 1} about a refund`);
      // Half to each instance, as a load balancer sends them: each instance's worker is nudged by its own.
      const answers = await Promise.all(
        queries.map((query, i) =>
          instances.apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/contact-inquiries',
            payload: { ...TEST_INQUIRY, query },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(queries.map(() => 201));

      const outboxRows = () =>
        instances.database.db
          .selectFrom('notificationOutbox')
          .select(['kind', 'status', 'attempts'])
          .execute();
      // Done when every email entry exists and none is waiting.
      await expect
        .poll(
          async () => {
            const rows = await outboxRows();
            return (
              rows.filter(({ kind }) => kind === 'email').length === INQUIRIES &&
              rows.every(({ status }) => status !== 'pending')
            );
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const sentFor = (query: string) => mail.received.filter(({ mail: { text } }) => text?.includes(query));
      expect(queries.filter((query) => sentFor(query).length !== 1)).toEqual([]);
      expect(mail.received).toHaveLength(INQUIRIES);
      const outbox = await outboxRows();
      expect(outbox.filter(({ status, attempts }) => status !== 'sent' || attempts !== 1)).toEqual([]);
      expect(outbox.filter(({ kind }) => kind === 'email')).toHaveLength(INQUIRIES);
    } finally {
      await instances.close();
      await mail.close();
    }
  });
});
