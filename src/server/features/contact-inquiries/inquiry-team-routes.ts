import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  InquiryAssigneesResponseSchema,
  InquiryAssigneeUpdateSchema,
  InquiryIdParamsSchema,
  InquiryResponseSchema,
} from '../../../shared/contracts/contact-inquiries.ts';
import {
  InquiryHistoryResponseSchema,
  InquiryReplyLinkInputSchema,
} from '../../../shared/contracts/inquiry-history.ts';
import {
  InquiryNoteInputSchema,
  InquiryNoteParamsSchema,
  InquiryNoteResponseSchema,
  InquiryNotesResponseSchema,
} from '../../../shared/contracts/inquiry-notes.ts';
import type { LiveEvent } from '../../../shared/contracts/live-events.ts';
import { INQUIRY_MESSAGES, INQUIRY_TEAM_MESSAGES } from '../../../shared/rules/contact-inquiries.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import { type InquiryEventRepository, inquiryActor } from './inquiry-events.ts';
import type { InquiryNoteRepository, NoteRefusal } from './inquiry-notes-repository.ts';
import type { ContactInquiryRepository } from './repository.ts';

const actorOf = (request: FastifyRequest) => inquiryActor(request.admin!);

function notFound(): never {
  throw new HttpError(404, INQUIRY_MESSAGES.notFound);
}

function refused(refusal: NoteRefusal, action: 'edit' | 'delete'): never {
  if (refusal === 'not-found') throw new HttpError(404, INQUIRY_TEAM_MESSAGES.noteNotFound);
  throw new HttpError(
    403,
    action === 'edit' ? INQUIRY_TEAM_MESSAGES.notYourNoteToEdit : INQUIRY_TEAM_MESSAGES.notYourNoteToDelete,
  );
}

/**
 * What the team does on an inquiry besides its status (issue 18): private notes, assignment, and its
 * history — status changes, assignment, notes and reply links opened, each with who and when.
 */
export const inquiryTeamRoutes: FastifyPluginAsyncZod<{
  contactInquiries: ContactInquiryRepository;
  notes: InquiryNoteRepository;
  events: InquiryEventRepository;
  /** Told of each change, so that every open back office shows it (the live updates). */
  onChange?: (event: LiveEvent) => void;
  /** A reply template's title by its id (the reply-templates feature's). */
  templateTitle(id: string): Promise<string | undefined>;
}> = async (app, { contactInquiries, notes, events, onChange, templateTitle }) => {
  const changed = (id: string) => onChange?.({ type: 'inquiry.updated', id });

  app.get(
    '/api/contact-inquiries/assignees',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        operationId: 'listAssignees',
        summary: 'The team members an inquiry can be assigned to: active users whose role can use the inbox',
        response: { 200: InquiryAssigneesResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ assignees: await contactInquiries.assignees() }),
  );

  app.put(
    '/api/contact-inquiries/:id/assignee',
    {
      config: { access: access.scripted('inbox'), audit: { action: 'inquiry.assign', target: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        operationId: 'assignContactInquiry',
        summary: 'Assign an inquiry to a team member, or to nobody (userId null)',
        params: InquiryIdParamsSchema,
        body: InquiryAssigneeUpdateSchema,
        response: { 200: InquiryResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { userId } = request.body;
      const inquiry = await contactInquiries.setAssignee(request.params.id, userId, actorOf(request));
      if (inquiry === undefined) notFound();
      if (inquiry === 'not-assignable') {
        throw new HttpError(400, INQUIRY_TEAM_MESSAGES.cannotBeAssigned, {
          errors: { userId: INQUIRY_TEAM_MESSAGES.cannotBeAssigned },
        });
      }
      changed(inquiry._id);
      return {
        success: true as const,
        message: userId === null ? INQUIRY_TEAM_MESSAGES.unassigned : INQUIRY_TEAM_MESSAGES.assigned,
        inquiry,
      };
    },
  );

  app.get(
    '/api/contact-inquiries/:id/notes',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        summary: "An inquiry's private notes, oldest first",
        params: InquiryIdParamsSchema,
        response: { 200: InquiryNotesResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await contactInquiries.findById(request.params.id))) notFound();
      return { notes: await notes.list(request.params.id) };
    },
  );

  app.post(
    '/api/contact-inquiries/:id/notes',
    {
      config: { access: access.scripted('inbox'), audit: { action: 'inquiry.note.add', target: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary: 'Add a private note to an inquiry',
        params: InquiryIdParamsSchema,
        body: InquiryNoteInputSchema,
        response: { 201: InquiryNoteResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const note = await notes.add(request.params.id, request.body.body, actorOf(request));
      if (!note) notFound();
      changed(request.params.id);
      return reply
        .status(201)
        .send({ success: true as const, message: INQUIRY_TEAM_MESSAGES.noteAdded, note });
    },
  );

  app.patch(
    '/api/contact-inquiries/:id/notes/:noteId',
    {
      config: { access: access.scripted('inbox'), audit: { action: 'inquiry.note.edit', target: 'inquiry' } },
      schema: {
        tags: ['inquiries'],
        summary: 'Rewrite one of your own notes',
        params: InquiryNoteParamsSchema,
        body: InquiryNoteInputSchema,
        response: { 200: InquiryNoteResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      const note = await notes.update(id, noteId, request.body.body, actorOf(request));
      if (typeof note === 'string') refused(note, 'edit');
      changed(id);
      return { success: true as const, message: INQUIRY_TEAM_MESSAGES.noteUpdated, note };
    },
  );

  app.delete(
    '/api/contact-inquiries/:id/notes/:noteId',
    {
      config: {
        access: access.scripted('inbox'),
        audit: { action: 'inquiry.note.delete', target: 'inquiry' },
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Delete one of your own notes',
        params: InquiryNoteParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      const deleted = await notes.delete(id, noteId, actorOf(request));
      if (deleted !== true) refused(deleted, 'delete');
      changed(id);
      return { success: true as const, message: INQUIRY_TEAM_MESSAGES.noteDeleted };
    },
  );

  app.get(
    '/api/contact-inquiries/:id/history',
    {
      config: { access: access.scripted('inbox') },
      schema: {
        tags: ['inquiries'],
        summary:
          "An inquiry's history, newest first: status changes, assignment, notes and reply links opened, with who and when",
        params: InquiryIdParamsSchema,
        response: { 200: InquiryHistoryResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await contactInquiries.findById(request.params.id))) notFound();
      return { events: await events.history(request.params.id) };
    },
  );

  app.post(
    '/api/contact-inquiries/:id/reply-link',
    {
      // Kept in the inquiry's own history: opening a link changes nothing.
      config: { access: access.scripted('inbox'), audit: null },
      schema: {
        tags: ['inquiries'],
        operationId: 'recordReplyLinkOpened',
        summary: "Record that you opened one of an inquiry's reply links (WhatsApp, call or email)",
        params: InquiryIdParamsSchema,
        body: InquiryReplyLinkInputSchema,
        response: { 200: MessageResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { channel, templateId } = request.body;
      const template = templateId === undefined ? undefined : await templateTitle(templateId);
      if (templateId !== undefined && template === undefined)
        throw new HttpError(400, 'Please check the form: Template not found', {
          errors: { templateId: 'Template not found' },
        });
      if (!(await contactInquiries.recordReplyLink(id, channel, actorOf(request), template))) notFound();
      changed(id);
      return { success: true as const, message: INQUIRY_TEAM_MESSAGES.replyLinkRecorded };
    },
  );
};
