import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inquiry, InquiryListResponse } from '../../../shared/contracts/contact-inquiries.ts';
import type { InquiryEvent } from '../../../shared/contracts/inquiry-history.ts';
import type { InquiryNote } from '../../../shared/contracts/inquiry-notes.ts';
import type { LiveEvent } from '../../../shared/contracts/live-events.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import { MINUTE_MS } from '../../../shared/time.ts';
import { newId } from '../../db/values.ts';
import { listenOnFreePort, openEventStream } from '../../test-support/event-stream.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  type InquiryRowOverrides,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_ADMIN,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const BASE = '/api/contact-inquiries';
const NOT_FOUND = 'Inquiry not found';
const CANNOT_BE_ASSIGNED = 'Choose an active team member who can use the inbox';
const FIRST_CREATED_AT = Date.UTC(2025, 0, 6, 9, 0, 0);

type Method = InjectOptions['method'];

/** Every route of notes, assignment and history, for `id` (an inquiry) and `noteId`. */
function teamRoutes(id: string, noteId: string): [Method, string, Record<string, unknown>?][] {
  return [
    ['GET', `${BASE}/assignees`],
    ['PUT', `${BASE}/${id}/assignee`, { userId: null }],
    ['GET', `${BASE}/${id}/notes`],
    ['POST', `${BASE}/${id}/notes`, { body: 'A note' }],
    ['PATCH', `${BASE}/${id}/notes/${noteId}`, { body: 'A note' }],
    ['DELETE', `${BASE}/${id}/notes/${noteId}`],
    ['GET', `${BASE}/${id}/history`],
    ['POST', `${BASE}/${id}/reply-link`, { channel: 'call' }],
  ];
}

describe.each(TEST_DIALECTS)('notes, assignment and history of inquiries (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  let minute = 0;
  let users = 0;
  afterEach(() => {
    minute = 0;
  });

  const addInquiry = async (overrides: InquiryRowOverrides = {}): Promise<string> => {
    const row = storedInquiry(new Date(FIRST_CREATED_AT + minute++ * MINUTE_MS).toISOString(), overrides);
    await t.database.db.insertInto('contactInquiries').values(row).execute();
    return row.id;
  };

  /** A back-office user of `role`, signed in; `cookie` is their session. */
  const teamMember = async (role: Role, name = `${role} ${++users}`) => {
    const credentials = { email: `${role}-${++users}@example.com`, password: 'a long enough password' };
    const id = await createAdmin(t.database, { ...credentials, name, role });
    return { id, name, email: credentials.email, cookie: await signIn(t.app, credentials) };
  };

  const call = (cookie: string | undefined, method: Method, url: string, payload?: Record<string, unknown>) =>
    t.app.inject(asAdmin(cookie, { method, url, ...(payload === undefined ? {} : { payload }) }));
  const api = (method: Method, url: string, payload?: Record<string, unknown>) =>
    call(t.cookie, method, url, payload);

  const ownerId = async () =>
    (await call(t.cookie, 'GET', '/api/admin/me')).json<{ admin: { _id: string } }>().admin._id;

  const addNote = async (id: string, body: string, cookie = t.cookie): Promise<InquiryNote> => {
    const response = await call(cookie, 'POST', `${BASE}/${id}/notes`, { body });
    expect(response.statusCode).toBe(201);
    return response.json().note;
  };
  const notes = async (id: string, cookie = t.cookie): Promise<InquiryNote[]> => {
    const response = await call(cookie, 'GET', `${BASE}/${id}/notes`);
    expect(response.statusCode).toBe(200);
    return response.json().notes;
  };
  const history = async (id: string, cookie = t.cookie): Promise<InquiryEvent[]> => {
    const response = await call(cookie, 'GET', `${BASE}/${id}/history`);
    expect(response.statusCode).toBe(200);
    return response.json().events;
  };
  const assign = async (id: string, userId: string | null, cookie = t.cookie): Promise<Inquiry> => {
    const response = await call(cookie, 'PUT', `${BASE}/${id}/assignee`, { userId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().inquiry;
  };
  const list = async (query: string, cookie = t.cookie): Promise<InquiryListResponse> => {
    const response = await call(cookie, 'GET', `${BASE}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const listed = async (query: string, cookie = t.cookie) =>
    (await list(query, cookie)).inquiries.map((inquiry) => inquiry._id);
  const at = () => new Date(t.clock()).toISOString();

  describe('who may use them', () => {
    it('answers 401 to every call without a session, whatever it carries', async () => {
      const id = await addInquiry();
      for (const [method, url, payload] of [
        ...teamRoutes(id, newId()),
        ...teamRoutes('not-an-id', 'nor-this'),
        ['POST', `${BASE}/${id}/notes`, { body: '\u0000'.repeat(10) }],
        ['PUT', `${BASE}/${id}/assignee`, { userId: 42 }],
      ] as [Method, string, Record<string, unknown>?][]) {
        expectAuthenticationRequired(await call(undefined, method, url, payload));
      }
      expect(await t.database.db.selectFrom('inquiryNotes').selectAll().execute()).toEqual([]);
      expect(await t.database.db.selectFrom('inquiryEvents').selectAll().execute()).toEqual([]);
    });

    it('answers 403 to an editor, before looking at the input, and lets an agent use every route', async () => {
      const id = await addInquiry();
      const editor = await teamMember('editor');
      for (const [method, url, payload] of [...teamRoutes(id, newId()), ...teamRoutes('bad', 'bad')]) {
        const response = await call(editor.cookie, method, url, payload);
        expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} 403`);
        expect(response.json()).toEqual({
          success: false,
          code: 'FORBIDDEN',
          message: 'Your role does not allow this',
        });
      }

      const agent = await teamMember('agent');
      const note = await addNote(id, 'Agent was here', agent.cookie);
      for (const [method, url, payload] of teamRoutes(id, note._id)) {
        const response = await call(agent.cookie, method, url, payload);
        expect(`${method} ${url} ${response.statusCode}`).toMatch(/ 20[01]$/);
      }
    });
  });

  describe('notes', () => {
    it('adds notes with their author and time, oldest first, keeping the lines as typed', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent', 'Ravi Agent');
      const first = await addNote(id, '  Called back.\nWill write tomorrow.\n  ');
      const firstAt = at();
      t.clock.advance(MINUTE_MS);
      await addNote(id, 'Sent the price list', agent.cookie);

      expect(first).toEqual({
        _id: expect.any(String),
        body: 'Called back.\nWill write tomorrow.',
        author: { _id: await ownerId(), name: 'Owner' },
        createdAt: firstAt,
        updatedAt: firstAt,
        edited: false,
      });
      const shown = await notes(id, agent.cookie);
      expect(shown.map((note) => [note.author.name, note.body])).toEqual([
        ['Owner', 'Called back.\nWill write tomorrow.'],
        ['Ravi Agent', 'Sent the price list'],
      ]);
      expect(shown[0]).toEqual(first);
      // Notes belong to their inquiry.
      expect(await notes(await addInquiry())).toEqual([]);
    });

    it('lets the author edit their note, marked as edited, and delete it', async () => {
      const id = await addInquiry();
      const note = await addNote(id, 'First thoughts');
      t.clock.advance(5 * MINUTE_MS);

      const same = await api('PATCH', `${BASE}/${id}/notes/${note._id}`, { body: 'First thoughts ' });
      expect(same.statusCode).toBe(200);
      expect(same.json().note).toEqual(note);

      const edited = await api('PATCH', `${BASE}/${id}/notes/${note._id}`, { body: 'Second thoughts' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual({
        success: true,
        message: 'Note updated',
        note: { ...note, body: 'Second thoughts', updatedAt: at(), edited: true },
      });
      expect(await notes(id)).toEqual([edited.json().note]);

      const deleted = await api('DELETE', `${BASE}/${id}/notes/${note._id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true, message: 'Note deleted' });
      expect(await notes(id)).toEqual([]);
      expectNotFound(await api('DELETE', `${BASE}/${id}/notes/${note._id}`), 'Note not found');
      expectNotFound(
        await api('PATCH', `${BASE}/${id}/notes/${note._id}`, { body: 'Again' }),
        'Note not found',
      );
    });

    it("refuses with 403 to edit or delete someone else's note, an administrator's call included", async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent');
      const theirs = await addNote(id, 'Mine, says the agent', agent.cookie);
      const mine = await addNote(id, 'Mine, says the owner');

      const edit = await api('PATCH', `${BASE}/${id}/notes/${theirs._id}`, { body: 'Overwritten' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'You can only edit your own notes',
      });
      const remove = await api('DELETE', `${BASE}/${id}/notes/${theirs._id}`);
      expect(remove.statusCode).toBe(403);
      expect(remove.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'You can only delete your own notes',
      });
      expect((await call(agent.cookie, 'DELETE', `${BASE}/${id}/notes/${mine._id}`)).statusCode).toBe(403);

      expect((await notes(id)).map((note) => note.body)).toEqual([
        'Mine, says the agent',
        'Mine, says the owner',
      ]);
    });

    it('finds no note through another inquiry, and no notes of an inquiry that is not there', async () => {
      const id = await addInquiry();
      const other = await addInquiry();
      const note = await addNote(id, 'On the first inquiry');
      expectNotFound(
        await api('PATCH', `${BASE}/${other}/notes/${note._id}`, { body: 'Moved' }),
        'Note not found',
      );
      expectNotFound(await api('DELETE', `${BASE}/${other}/notes/${note._id}`), 'Note not found');

      const missing = newId();
      expectNotFound(await api('GET', `${BASE}/${missing}/notes`), NOT_FOUND);
      expectNotFound(await api('POST', `${BASE}/${missing}/notes`, { body: 'Hello' }), NOT_FOUND);
      expectNotFound(await api('GET', `${BASE}/${missing}/history`), NOT_FOUND);
      expectBadRequest(
        await api('PATCH', `${BASE}/${id}/notes/12`, { body: 'x' }),
        'noteId',
        'Invalid note id',
      );
      expectBadRequest(await api('GET', `${BASE}/nope/notes`), 'id', 'Invalid inquiry id');
    });

    it('refuses empty, over-long and huge notes and control characters with 400, never echoing them', async () => {
      const id = await addInquiry();
      const note = await addNote(id, 'Kept as it was');
      for (const [method, url] of [
        ['POST', `${BASE}/${id}/notes`],
        ['PATCH', `${BASE}/${id}/notes/${note._id}`],
      ] as const) {
        expectBadRequest(await api(method, url, { body: ' \n\t ' }), 'body', 'Note is required');
        expectBadRequest(await api(method, url, {}), 'body', 'Note is required');
        expectBadRequest(await api(method, url, { body: 42 }), 'body', 'Note is required');
        expectBadRequest(
          await api(method, url, { body: 'x'.repeat(5001) }),
          'body',
          'Note must be at most 5000 characters',
        );
        // Within the body limit the note's own limit answers; beyond it, the body limit (413).
        const huge = await api(method, url, { body: 'secret '.repeat(12_000) });
        expectBadRequest(huge, 'body', 'Note must be at most 5000 characters');
        expect(huge.body).not.toContain('secret');
        const tooLarge = await api(method, url, { body: 'secret '.repeat(100_000) });
        expect(tooLarge.statusCode).toBe(413);
        expect(tooLarge.body).not.toContain('secret');
        for (const char of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800']) {
          const response = await api(method, url, { body: `Hello${char}there` });
          expectBadRequest(response, 'body', 'Note must not contain control characters');
          expect(response.body).not.toContain('Hello');
        }
      }
      expect(await api('POST', `${BASE}/${id}/notes`, { body: 'x'.repeat(5000) })).toHaveProperty(
        'statusCode',
        201,
      );
      expect((await notes(id)).map((entry) => entry.body.length)).toEqual(['Kept as it was'.length, 5000]);
    });

    it('keeps every note of many posted at once', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent');
      const bodies = Array.from({ length: 24 }, (_, i) => `Note number ${i}`);
      const responses = await Promise.all(
        bodies.map((body, i) =>
          call(i % 2 ? agent.cookie : t.cookie, 'POST', `${BASE}/${id}/notes`, { body }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(bodies.map(() => 201));
      expect((await notes(id)).map((note) => note.body).sort()).toEqual([...bodies].sort());
      const added = (await history(id)).filter((event) => event.kind === 'note');
      expect(added).toHaveLength(bodies.length);
    });

    it('outlive their author’s account, under the name it had', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent', 'Leaving Agent');
      await addNote(id, 'Handing over', agent.cookie);
      await t.database.db.deleteFrom('adminSessions').where('adminId', '=', agent.id).execute();
      await t.database.db.deleteFrom('admins').where('id', '=', agent.id).execute();
      expect(await notes(id)).toMatchObject([
        { body: 'Handing over', author: { _id: null, name: 'Leaving Agent' } },
      ]);
      expect(await history(id)).toMatchObject([
        { kind: 'note', actor: { _id: null, name: 'Leaving Agent' } },
      ]);
    });
  });

  describe('assignment', () => {
    it('assigns to oneself or another member of the team, and unassigns; the list and the detail show it', async () => {
      const id = await addInquiry();
      const me = await ownerId();
      const agent = await teamMember('agent', 'Ravi Agent');

      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.assignee).toBeNull();
      const mine = await api('PUT', `${BASE}/${id}/assignee`, { userId: me });
      expect(mine.json()).toMatchObject({
        success: true,
        message: 'Inquiry assigned',
        inquiry: { _id: id, assignee: { _id: me, name: 'Owner' } },
      });
      expect((await assign(id, agent.id, agent.cookie)).assignee).toEqual({
        _id: agent.id,
        name: 'Ravi Agent',
      });
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.assignee).toEqual({
        _id: agent.id,
        name: 'Ravi Agent',
      });
      expect((await list('')).inquiries[0]?.assignee).toEqual({ _id: agent.id, name: 'Ravi Agent' });

      const unassigned = await api('PUT', `${BASE}/${id}/assignee`, { userId: null });
      expect(unassigned.json()).toMatchObject({ message: 'Inquiry unassigned', inquiry: { assignee: null } });
      expect((await list('')).inquiries[0]?.assignee).toBeNull();
    });

    it('does not count as an edit: the update time stays', async () => {
      const created = new Date(FIRST_CREATED_AT).toISOString();
      const id = await addInquiry({ createdAt: created, updatedAt: created });
      t.clock.advance(MINUTE_MS);
      expect((await assign(id, await ownerId())).updatedAt).toBe(created);
    });

    it('names a user without a name by their email', async () => {
      const id = await addInquiry();
      const nameless = await teamMember('agent', '');
      expect((await assign(id, nameless.id)).assignee).toEqual({ _id: nameless.id, name: nameless.email });
      expect(await history(id)).toMatchObject([{ kind: 'assigned', assignee: nameless.email }]);
    });

    it('refuses with 400 an editor, a disabled user, an unknown user and a malformed id', async () => {
      const id = await addInquiry();
      const editor = await teamMember('editor');
      const disabled = await teamMember('agent');
      await t.database.db
        .updateTable('admins')
        .set({ disabledAt: new Date().toISOString() })
        .where('id', '=', disabled.id)
        .execute();
      for (const userId of [editor.id, disabled.id, newId()]) {
        const response = await api('PUT', `${BASE}/${id}/assignee`, { userId });
        expectBadRequest(response, 'userId', CANNOT_BE_ASSIGNED);
        expect(response.json().message).toBe(CANNOT_BE_ASSIGNED);
      }
      for (const payload of [{ userId: 'someone' }, { userId: 7 }, {}, { userId: `${newId()}\u0000` }]) {
        expectBadRequest(
          await api('PUT', `${BASE}/${id}/assignee`, payload),
          'userId',
          'Choose a team member',
        );
      }
      expectNotFound(await api('PUT', `${BASE}/${newId()}/assignee`, { userId: await ownerId() }), NOT_FOUND);
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.assignee).toBeNull();
      expect(await history(id)).toEqual([]);
    });

    it('offers the active administrators and agents, by name, never editors or disabled users', async () => {
      const agent = await teamMember('agent', 'Zara Agent');
      const admin = await teamMember('administrator', 'Bina Admin');
      await teamMember('editor', 'Esha Editor');
      const disabled = await teamMember('agent', 'Dev Disabled');
      await t.database.db
        .updateTable('admins')
        .set({ disabledAt: new Date().toISOString() })
        .where('id', '=', disabled.id)
        .execute();
      const response = await call(agent.cookie, 'GET', `${BASE}/assignees`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        assignees: [
          { _id: admin.id, name: 'Bina Admin', email: admin.email },
          { _id: await ownerId(), name: 'Owner', email: TEST_ADMIN.email },
          { _id: agent.id, name: 'Zara Agent', email: agent.email },
        ],
      });
    });

    it('unassigns the inquiries of a deleted account', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent');
      await assign(id, agent.id);
      await t.database.db.deleteFrom('adminSessions').where('adminId', '=', agent.id).execute();
      await t.database.db.deleteFrom('admins').where('id', '=', agent.id).execute();
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.assignee).toBeNull();
      expect(await listed('assigned=none')).toEqual([id]);
    });
  });

  describe('inbox filters', () => {
    it('lists "Assigned to me" and "Unassigned", with exact totals, alone or with a status and a search', async () => {
      const agent = await teamMember('agent');
      const me = await ownerId();
      const [a, b, c, d, e] = [
        await addInquiry({ name: 'Refund Asha', status: 'resolved' }),
        await addInquiry({ name: 'Refund Bela' }),
        await addInquiry({ name: 'Refund Chirag', status: 'resolved' }),
        await addInquiry({ name: 'Dev' }),
        await addInquiry({ name: 'Esha' }),
      ];
      await assign(a!, me);
      await assign(b!, agent.id);
      await assign(c!, me);
      await assign(d!, agent.id);

      expect(await listed('assigned=me')).toEqual([c, a]);
      expect(await list('assigned=me')).toMatchObject({ total: 2, totalCapped: false });
      expect(await listed('assigned=me', agent.cookie)).toEqual([d, b]);
      expect(await listed('assigned=none')).toEqual([e]);
      expect(await list('assigned=none')).toMatchObject({ total: 1, totalCapped: false });
      expect(await listed('assigned=')).toEqual([e, d, c, b, a]);

      expect(await listed('assigned=me&status=resolved')).toEqual([c, a]);
      expect(await listed('assigned=me&status=new')).toEqual([]);
      expect(await list('assigned=me&status=resolved&pageSize=1')).toMatchObject({ total: 2 });
      // Terms of three or more characters go through the search index, shorter ones scan.
      for (const term of ['refund', 're', 'Chirag']) {
        const found = await list(`assigned=me&q=${term}`);
        expect(found.inquiries.map((inquiry) => inquiry._id)).toEqual(term === 'Chirag' ? [c] : [c, a]);
        expect(found.total).toBe(term === 'Chirag' ? 1 : 2);
      }
      expect(await listed('assigned=none&q=refund')).toEqual([]);
      expect(await listed('assigned=me&q=refund&status=resolved&pageSize=1')).toEqual([c]);
      expect(await list('assigned=me&q=refund&status=resolved&pageSize=1')).toMatchObject({ total: 2 });
      expect(await list('assigned=me&q=re&status=resolved&pageSize=1')).toMatchObject({ total: 2 });

      expectBadRequest(
        await api('GET', `${BASE}?assigned=someone`),
        'assigned',
        'Choose an assignment filter: me or none',
      );
    });

    it('exports the filtered inquiries with the name of their assignee', async () => {
      const agent = await teamMember('agent', 'Ravi Agent');
      const [a, b] = [await addInquiry({ name: 'Asha' }), await addInquiry({ name: 'Bela' })];
      await addInquiry({ name: 'Chirag' });
      await assign(a!, agent.id);
      await assign(b!, await ownerId());
      const exported = async (query: string) => {
        const response = await api('GET', `${BASE}/export.csv?${query}`);
        expect(response.statusCode).toBe(200);
        const [header, ...rows] = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
        const column = header!.indexOf('Assigned to');
        return rows.map((row) => [row[1], row[column]]);
      };
      expect(await exported('')).toEqual([
        ['Chirag', ''],
        ['Bela', 'Owner'],
        ['Asha', 'Ravi Agent'],
      ]);
      expect(await exported('assigned=me')).toEqual([['Bela', 'Owner']]);
      expect(await exported('assigned=none')).toEqual([['Chirag', '']]);
    });
  });

  describe('history', () => {
    it('records status changes, assignment, notes and reply links, newest first, with who and when', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent', 'Ravi Agent');
      const me = await ownerId();
      const times: string[] = [];
      const step = async (work: () => Promise<unknown>) => {
        t.clock.advance(MINUTE_MS);
        times.push(at());
        await work();
      };

      await step(() => api('PATCH', `${BASE}/${id}/status`, { status: 'in-progress' }));
      // The same status again changes nothing worth recording.
      await api('PATCH', `${BASE}/${id}/status`, { status: 'in-progress' });
      await step(() => assign(id, agent.id));
      await assign(id, agent.id);
      let note: InquiryNote | undefined;
      await step(async () => {
        note = await addNote(id, 'Calling now', agent.cookie);
      });
      await step(() => call(agent.cookie, 'POST', `${BASE}/${id}/reply-link`, { channel: 'call' }));
      await step(() => call(agent.cookie, 'PATCH', `${BASE}/${id}/notes/${note!._id}`, { body: 'Called' }));
      await step(() => assign(id, me, agent.cookie));
      await step(() => call(agent.cookie, 'DELETE', `${BASE}/${id}/notes/${note!._id}`));
      await step(() => assign(id, null));
      await step(() => api('POST', `${BASE}/${id}/reply-link`, { channel: 'whatsapp' }));
      // Reading is not recorded: opening an inquiry marks it read.
      await api('PATCH', `${BASE}/${id}/read`);

      const owner = { _id: me, name: 'Owner' };
      const ravi = { _id: agent.id, name: 'Ravi Agent' };
      const events = await history(id, agent.cookie);
      expect(events.map(({ _id, ...event }) => event)).toEqual(
        [
          { kind: 'status', from: 'new', to: 'in-progress', actor: owner },
          { kind: 'assigned', assignee: 'Ravi Agent', previous: null, actor: owner },
          { kind: 'note', action: 'added', actor: ravi },
          { kind: 'reply-link', channel: 'call', actor: ravi },
          { kind: 'note', action: 'edited', actor: ravi },
          { kind: 'assigned', assignee: 'Owner', previous: 'Ravi Agent', actor: ravi },
          { kind: 'note', action: 'deleted', actor: ravi },
          { kind: 'unassigned', previous: 'Owner', actor: owner },
          { kind: 'reply-link', channel: 'whatsapp', actor: owner },
        ]
          .map((event, i) => ({ ...event, at: times[i] }))
          .reverse(),
      );
    });

    it('keeps the names as they were when the entry was made', async () => {
      const id = await addInquiry();
      const agent = await teamMember('agent', 'Ravi');
      await assign(id, agent.id, agent.cookie);
      await t.database.db
        .updateTable('admins')
        .set({ name: 'Ravi Kumar' })
        .where('id', '=', agent.id)
        .execute();
      expect(await history(id)).toMatchObject([{ assignee: 'Ravi', actor: { name: 'Ravi' } }]);
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.assignee.name).toBe('Ravi Kumar');
    });

    it('refuses an unknown reply channel with 400 and an unknown inquiry with 404', async () => {
      const id = await addInquiry();
      for (const channel of ['telegram', '', 3, 'call\u0000']) {
        expectBadRequest(
          await api('POST', `${BASE}/${id}/reply-link`, { channel }),
          'channel',
          'Choose a reply channel: whatsapp, call, sms or email',
        );
      }
      expectNotFound(await api('POST', `${BASE}/${newId()}/reply-link`, { channel: 'email' }), NOT_FOUND);
      expect(await history(id)).toEqual([]);
    });

    it('goes with its inquiry when the inquiry is deleted', async () => {
      const id = await addInquiry();
      await addNote(id, 'Soon gone');
      await assign(id, await ownerId());
      expect((await api('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
      for (const table of ['inquiryNotes', 'inquiryEvents'] as const) {
        expect(await t.database.db.selectFrom(table).select('id').execute()).toEqual([]);
      }
    });
  });

  it('tells every open back office when notes, assignment or history change', async () => {
    const id = await addInquiry();
    const baseUrl = await listenOnFreePort(t.app);
    const client = await openEventStream(baseUrl, t.cookie);
    try {
      await client.waitForBlocks((block) => block.startsWith('retry: '));
      const updated = (event: LiveEvent) => event.type === 'inquiry.updated' && event.id === id;
      const note = await addNote(id, 'Watching');
      await client.nextEvent(updated);
      for (const [method, url, payload] of [
        ['PATCH', `${BASE}/${id}/notes/${note._id}`, { body: 'Still watching' }],
        ['DELETE', `${BASE}/${id}/notes/${note._id}`],
        ['PUT', `${BASE}/${id}/assignee`, { userId: await ownerId() }],
        ['POST', `${BASE}/${id}/reply-link`, { channel: 'email' }],
      ] as [Method, string, Record<string, unknown>?][]) {
        const seen = client.events.filter(updated).length;
        expect((await api(method, url, payload)).statusCode).toBe(200);
        await client.nextEvent(() => client.events.filter(updated).length > seen);
      }
      expect(JSON.stringify(client.events)).not.toContain('Watching');
    } finally {
      client.close();
    }
  });
});
