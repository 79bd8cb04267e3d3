import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_FORMULA_TEMPLATE } from '../database/demo-clients.js';
import { startClients, USERS, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;
let clientId: string;
let templateId: string;

beforeAll(async () => {
  t = await startClients('notes');
  clientId = (await t.as('manager').post('/api/clients', { firstName: 'Nora', lastName: 'Notes' }).expect(201)).body.id;
});
afterAll(async () => t?.close());

describe('note templates', () => {
  it('creates a template with sections and fields, and lists it to viewers', async () => {
    const res = await t.as('manager').post('/api/note-templates', COLOUR_FORMULA_TEMPLATE).expect(201);
    templateId = res.body.id;
    expect(res.body).toMatchObject({
      name: 'Colour formula',
      archived: false,
      sections: [
        {
          id: 'formula',
          fields: [{ id: 'brand', type: 'choice', required: true }, { id: 'formula' }, { id: 'processingMinutes', type: 'number' }],
        },
        { id: 'result' },
      ],
    });
    const list = await t.as('viewer').get('/api/note-templates').expect(200);
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Colour formula']);
    await t.as('viewer').get(`/api/note-templates/${templateId}`).expect(200);
  });

  it('refuses repeated field ids, choices without options, a taken name', async () => {
    const bad = await t
      .as('manager')
      .post('/api/note-templates', {
        name: 'SOAP',
        sections: [
          {
            id: 's',
            title: 'S',
            fields: [
              { id: 'a', label: 'A', type: 'text' },
              { id: 'a', label: 'B', type: 'choice' },
            ],
          },
        ],
      })
      .expect(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['sections.0.fields.1.id', 'sections.0.fields.1.options']);
    const taken = await t
      .as('manager')
      .post('/api/note-templates', { ...COLOUR_FORMULA_TEMPLATE, name: 'colour FORMULA' })
      .expect(409);
    expect(taken.body.error).toBe('A note template named colour FORMULA already exists');
    await t.as('viewer').post('/api/note-templates', COLOUR_FORMULA_TEMPLATE).expect(403);
  });

  it('replaces a template with PUT and deletes an unused one', async () => {
    const spare = (
      await t
        .as('manager')
        .post('/api/note-templates', {
          name: 'Spare',
          sections: [{ id: 's', title: 'S', fields: [{ id: 'x', label: 'X', type: 'checkbox' }] }],
        })
        .expect(201)
    ).body;
    const put = await t
      .as('manager')
      .put(`/api/note-templates/${spare.id}`, {
        name: 'Spare 2',
        sections: [{ id: 's', title: 'S', fields: [{ id: 'y', label: 'Y', type: 'date', required: true }] }],
      })
      .expect(200);
    expect(put.body).toMatchObject({ name: 'Spare 2', version: 2, sections: [{ fields: [{ id: 'y', type: 'date', required: true }] }] });
    await t.as('manager').delete(`/api/note-templates/${spare.id}`).expect(204);
    await t.as('viewer').get(`/api/note-templates/${spare.id}`).expect(404);
  });
});

describe('notes', () => {
  it('adds free and structured notes with author and time, pinned first then newest', async () => {
    const free = await t.as('manager').post(`/api/clients/${clientId}/notes`, { body: 'Prefers mornings' }).expect(201);
    expect(free.body).toMatchObject({
      clientId,
      body: 'Prefers mornings',
      templateId: null,
      values: null,
      pinned: false,
      authorId: USERS.manager.id,
      authorName: 'Dana Reyes',
      version: 1,
    });
    const structured = await t
      .as('admin')
      .post(`/api/clients/${clientId}/notes`, { templateId, values: { brand: 'Wella', formula: '7/1 + 20 vol', processingMinutes: '35' } })
      .expect(201);
    expect(structured.body).toMatchObject({
      templateId,
      templateName: 'Colour formula',
      values: { brand: 'Wella', formula: '7/1 + 20 vol', processingMinutes: 35 },
      authorName: 'Ada Admin',
    });
    const pinned = await t
      .as('manager')
      .post(`/api/clients/${clientId}/notes`, { body: 'Allergic to latex gloves', pinned: true })
      .expect(201);
    const list = await t.as('viewer').get(`/api/clients/${clientId}/notes`).expect(200);
    expect(list.body.map((n: { id: string }) => n.id)).toEqual([pinned.body.id, structured.body.id, free.body.id]);
  });

  it('checks structured values against the template', async () => {
    const res = await t
      .as('manager')
      .post(`/api/clients/${clientId}/notes`, { templateId, values: { brand: 'Acme', processingMinutes: 'long' } })
      .expect(400);
    expect(res.body.details).toEqual([
      { field: 'values.brand', message: "must be one of Wella, Redken, L'Oréal, Goldwell, Schwarzkopf" },
      { field: 'values.formula', message: 'is required' },
      { field: 'values.processingMinutes', message: 'must be a number' },
    ]);
    expect((await t.as('manager').post(`/api/clients/${clientId}/notes`, {}).expect(400)).body.details[0].field).toBe('body');
  });

  it('never loses an edit silently: a stale version answers 409 with the current note', async () => {
    const note = (await t.as('manager').post(`/api/clients/${clientId}/notes`, { body: 'First draft' }).expect(201)).body;
    // Two people open version 1; the first saves.
    const saved = await t
      .as('manager')
      .patch(`/api/clients/${clientId}/notes/${note.id}`, { body: 'Edited by Dana', version: 1 })
      .expect(200);
    expect(saved.body).toMatchObject({ body: 'Edited by Dana', version: 2 });
    const conflict = await t
      .as('admin')
      .patch(`/api/clients/${clientId}/notes/${note.id}`, { body: 'Edited by Ada', version: 1 })
      .expect(409);
    expect(conflict.body.details).toMatchObject({ id: note.id, body: 'Edited by Dana', version: 2 });
    const retried = await t
      .as('admin')
      .patch(`/api/clients/${clientId}/notes/${note.id}`, { body: 'Edited by Dana and Ada', version: 2, pinned: true })
      .expect(200);
    expect(retried.body).toMatchObject({ body: 'Edited by Dana and Ada', pinned: true, version: 3 });
    await t.as('manager').delete(`/api/clients/${clientId}/notes/${note.id}`).expect(204);
    const list = await t.as('viewer').get(`/api/clients/${clientId}/notes`).expect(200);
    expect(list.body.map((n: { id: string }) => n.id)).not.toContain(note.id);
    await t.as('manager').patch(`/api/clients/${clientId}/notes/${note.id}`, { body: 'x', version: 3 }).expect(404);
  });

  it('archives a used template instead of deleting it; its notes keep name and values', async () => {
    await t.as('manager').delete(`/api/note-templates/${templateId}`).expect(204);
    const archived = await t.as('viewer').get(`/api/note-templates/${templateId}`).expect(200);
    expect(archived.body.archived).toBe(true);
    expect((await t.as('viewer').get('/api/note-templates').expect(200)).body).toEqual([]);
    expect((await t.as('viewer').get('/api/note-templates?includeArchived=true').expect(200)).body).toHaveLength(1);
    const notes = (await t.as('viewer').get(`/api/clients/${clientId}/notes`).expect(200)).body;
    expect(notes.find((n: { templateId: string }) => n.templateId === templateId)).toMatchObject({ templateName: 'Colour formula' });
    const refused = await t
      .as('manager')
      .post(`/api/clients/${clientId}/notes`, { templateId, values: { brand: 'Wella', formula: 'x' } })
      .expect(400);
    expect(refused.body.details[0].field).toBe('templateId');
  });
});
