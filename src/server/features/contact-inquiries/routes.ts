import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Inquiry,
  InquiryDetailResponseSchema,
  type InquiryFilter,
  InquiryFilterSchema,
  InquiryIdParamsSchema,
  InquiryListQuerySchema,
  InquiryListResponseSchema,
  InquiryResponseSchema,
  InquiryStatsResponseSchema,
  InquiryStatusUpdateSchema,
} from '../../../shared/contracts/contact-inquiries.ts';
import type { LiveEvent } from '../../../shared/contracts/live-events.ts';
import {
  ProofOfWorkHeadersSchema,
  ProofOfWorkRequiredSchema,
} from '../../../shared/contracts/proof-of-work.ts';
import {
  INQUIRY_MESSAGES,
  INQUIRY_SERVICE_LABELS,
  INQUIRY_STATUS_LABELS,
  INQUIRY_SUCCESS_MESSAGE,
} from '../../../shared/rules/contact-inquiries.ts';
import { ADMIN_ERROR_RESPONSES, errorResponses, HttpError } from '../../lib/http-errors.ts';
import { localDateTimeFormatter } from '../../lib/time-zone.ts';
import { access } from '../../plugins/access.ts';
import type { InquiryMatch } from './inbox-search.ts';
import { inquiryActor } from './inquiry-events.ts';
import type { SubmitInquiry } from './inquiry-submission.ts';
import type { ContactInquiryRepository } from './repository.ts';
import { ContactInquiryBodySchema } from './schemas.ts';

/** The public contact form's JSON call; the same submission serves the form posted without script. */
export const contactInquiryRoutes: FastifyPluginAsyncZod<{ submitInquiry: SubmitInquiry }> = async (
  app,
  { submitInquiry },
) => {
  app.post(
    '/api/contact-inquiries',
    {
      config: { access: access.public },
      schema: {
        tags: ['inquiries'],
        summary: 'Send a message through the public contact form',
        body: ContactInquiryBodySchema,
        headers: ProofOfWorkHeadersSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ _id: z.string() }),
          }),
          ...errorResponses(400, 413, 415, 429),
          428: ProofOfWorkRequiredSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await submitInquiry(request, request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: INQUIRY_SUCCESS_MESSAGE, data: { _id: id } });
    },
  );
};

function found(inquiry: Inquiry | undefined): Inquiry {
  if (!inquiry) throw new HttpError(404, INQUIRY_MESSAGES.notFound);
  return inquiry;
}

/** Spreadsheets run a cell starting with one of these as a formula; the export neutralises them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A phone number as the server formats it (`+91 98765 43210`: `+`, digits, spaces): no formula can be written
 * so, and a spreadsheet shows it as typed, so it goes out as it is (quoted) rather than with a `'` that
 * LibreOffice shows (issue 36; checked in LibreOffice by csv-in-libreoffice.test.ts).
 */
const INTERNATIONAL_PHONE = /^\+\d{1,3}( \d+)+$/;

/**
 * A CSV cell value that a spreadsheet shows as text: a leading formula character gets a `'` before it,
 * except in a formatted phone number.
 */
function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !INTERNATIONAL_PHONE.test(value) ? `'${value}` : value;
}

/** The export's columns; its dates are written in the business's time zone, which their headers name. */
function csvColumns(timeZone: string): { header: string; value: (inquiry: Inquiry) => string }[] {
  const local = localDateTimeFormatter(timeZone);
  return [
    { header: `Submitted (${timeZone})`, value: (inquiry) => local(inquiry.createdAt) },
    { header: 'Name', value: (inquiry) => inquiry.name },
    { header: 'Phone', value: (inquiry) => inquiry.phoneDisplay },
    { header: 'Email', value: (inquiry) => inquiry.email },
    { header: 'City', value: (inquiry) => inquiry.city },
    { header: 'Service', value: (inquiry) => INQUIRY_SERVICE_LABELS[inquiry.service] },
    { header: 'Status', value: (inquiry) => INQUIRY_STATUS_LABELS[inquiry.status] },
    { header: 'Read', value: (inquiry) => (inquiry.isRead ? 'Yes' : 'No') },
    { header: 'Assigned to', value: (inquiry) => inquiry.assignee?.name ?? '' },
    { header: 'Query', value: (inquiry) => inquiry.query },
    { header: `Updated (${timeZone})`, value: (inquiry) => local(inquiry.updatedAt) },
  ];
}

/** What a filter of the query string looks for, for the signed-in user (`assigned=me`). */
function matchFor<Filter extends InquiryFilter>(
  { assigned, ...filter }: Filter,
  request: FastifyRequest,
): Omit<Filter, 'assigned'> & InquiryMatch {
  if (assigned === undefined) return filter;
  return { ...filter, assignedTo: assigned === 'me' ? request.admin!.id : null };
}

/** The back office's inbox: list, search, stats, status, read marks, delete and CSV export. */
export const inquiryInboxRoutes: FastifyPluginAsyncZod<{
  contactInquiries: ContactInquiryRepository;
  /** Which of these inquiries are overdue (decision 080). */
  overdue: (inquiries: readonly Inquiry[]) => Promise<string[]>;
  /** The business's time zone (a site setting), for the export's dates. */
  timeZone: () => Promise<string>;
  /** Told of each change made here, so that every open inbox shows it (the live updates). */
  onChange?: (event: LiveEvent) => void;
}> = async (app, { contactInquiries, overdue, timeZone, onChange }) => {
  const changed = (inquiry: Inquiry | undefined) => {
    if (inquiry) onChange?.({ type: 'inquiry.updated', id: inquiry._id });
    return found(inquiry);
  };

  app.get(
    '/api/contact-inquiries',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        summary: 'Inquiries newest first, searched and filtered by status, one page at a time',
        querystring: InquiryListQuerySchema,
        response: { 200: InquiryListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const page = await contactInquiries.list(matchFor(request.query, request));
      const overdueIds = await overdue(page.inquiries);
      return { ...page, overdue: overdueIds, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/api/contact-inquiries/stats',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        operationId: 'getContactInquiryStats',
        summary: 'How many inquiries there are, by status and unread',
        response: { 200: InquiryStatsResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ stats: await contactInquiries.stats() }),
  );

  app.get(
    '/api/contact-inquiries/export.csv',
    {
      config: { access: access.scripted('administration'), audit: { action: 'inquiry.export' } },
      schema: {
        tags: ['inquiries'],
        operationId: 'exportContactInquiries',
        summary:
          'The filtered list as CSV, newest first; cells a spreadsheet would run as formulas are neutralised',
        querystring: InquiryFilterSchema,
        // The CSV goes out as a stream, which Fastify sends without serializing.
        response: {
          200: z.unknown().describe('The inquiries as CSV (UTF-8 with a byte order mark, a header row)'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const zone = await timeZone();
      const columns = csvColumns(zone);
      const csv = stringify({
        bom: true,
        header: true,
        // Quoted, a phone number stays text in an import that takes quoted fields as text.
        quoted_match: INTERNATIONAL_PHONE,
        columns: columns.map(({ header }) => header),
      });
      const rows = Readable.from(
        (async function* () {
          for await (const inquiry of contactInquiries.listAll(matchFor(request.query, request))) {
            yield columns.map(({ value }) => spreadsheetSafe(value(inquiry)));
          }
        })(),
      );
      rows.on('error', (error) => csv.destroy(error));
      const day = localDateTimeFormatter(zone)(new Date()).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inquiries-${day}.csv"`)
        .send(rows.pipe(csv));
    },
  );

  app.get(
    '/api/contact-inquiries/:id',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        summary: 'One inquiry with everything the visitor sent',
        params: InquiryIdParamsSchema,
        response: { 200: InquiryDetailResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({ inquiry: found(await contactInquiries.findById(request.params.id)) }),
  );

  app.patch(
    '/api/contact-inquiries/:id/status',
    {
      config: { access: access.scripted('inbox'), audit: { action: 'inquiry.status', target: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary: 'Change an inquiry’s status: new, in progress or resolved',
        params: InquiryIdParamsSchema,
        body: InquiryStatusUpdateSchema,
        response: { 200: InquiryResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({
      success: true as const,
      message: INQUIRY_MESSAGES.statusUpdated,
      inquiry: changed(
        await contactInquiries.setStatus(
          request.params.id,
          request.body.status,
          inquiryActor(request.admin!),
        ),
      ),
    }),
  );

  for (const [path, isRead, message] of [
    ['read', true, INQUIRY_MESSAGES.markedRead],
    ['unread', false, INQUIRY_MESSAGES.markedUnread],
  ] as const) {
    app.patch(
      `/api/contact-inquiries/:id/${path}`,
      {
        config: {
          access: access.scripted('inbox'),
          audit: { action: isRead ? 'inquiry.read' : 'inquiry.unread', target: 'inquiry' },
        },
        schema: {
          tags: ['inquiries'],
          operationId: `markContactInquiry${path === 'read' ? 'Read' : 'Unread'}`,
          summary: `Mark an inquiry as ${path}`,
          params: InquiryIdParamsSchema,
          response: { 200: InquiryResponseSchema, ...ADMIN_ERROR_RESPONSES },
        },
      },
      async (request) => ({
        success: true as const,
        message,
        inquiry: changed(await contactInquiries.setRead(request.params.id, isRead)),
      }),
    );
  }

  app.delete(
    '/api/contact-inquiries/:id',
    {
      config: {
        access: access.scripted('administration'),
        audit: { action: 'inquiry.delete', target: 'inquiry' },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Delete an inquiry',
        params: InquiryIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await contactInquiries.delete(request.params.id)))
        throw new HttpError(404, INQUIRY_MESSAGES.notFound);
      onChange?.({ type: 'inquiry.deleted', id: request.params.id });
      return { success: true as const, message: INQUIRY_MESSAGES.deleted };
    },
  );
};
