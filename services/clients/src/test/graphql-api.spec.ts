import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClients, USERS, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;

beforeAll(async () => {
  t = await startClients('graphql');
});
afterAll(async () => t?.close());

const CLIENT_FIELDS =
  'id fullName phone email tags alerts { kind text critical } smsConsent { granted method changedBy } version possibleDuplicateCount';

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql the gateway composes (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data!._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
    expect(sdl).toMatch(/type Client\s+@key\(fields: "id"\)/);
  });
});

describe('clients over GraphQL', () => {
  it('creates, pages, reads, edits with a version and adds a note', async () => {
    const created = await t.gql('manager', `mutation($input: CreateClientInput!) { createClient(input: $input) { ${CLIENT_FIELDS} } }`, {
      input: {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '(312) 555-0199',
        email: 'grace@example.com',
        tags: ['VIP'],
        alerts: [
          { kind: 'allergy', text: 'PPD', critical: true },
          { kind: 'other', text: 'Quiet room' },
        ],
        smsConsent: { granted: true, method: 'verbal' },
      },
    });
    expect(created.errors).toBeUndefined();
    const client = created.data!.createClient;
    expect(client).toMatchObject({
      fullName: 'Grace Hopper',
      phone: '+13125550199',
      tags: ['VIP'],
      alerts: [
        { kind: 'allergy', text: 'PPD', critical: true },
        { kind: 'other', text: 'Quiet room', critical: false },
      ],
      smsConsent: { granted: true, method: 'verbal', changedBy: USERS.manager.id },
      version: 1,
    });

    const page = await t.gql('viewer', `{ clients(search: "grace hoper", limit: 5) { total items { id fullName } } }`);
    expect(page.data!.clients).toEqual({ total: 1, items: [{ id: client.id, fullName: 'Grace Hopper' }] });

    const dup = await t.gql('manager', `mutation { createClient(input: { firstName: "G", phone: "3125550199" }) { id } }`);
    expect(dup.errors![0]).toMatchObject({
      message: 'Grace Hopper already has the phone +13125550199',
      extensions: { code: 'CONFLICT', field: 'phone', details: { id: client.id } },
    });

    const updated = await t.gql(
      'manager',
      `mutation($id: ID!) { updateClient(id: $id, input: { version: 1, source: "Referral" }) { version } }`,
      { id: client.id },
    );
    expect(updated.data!.updateClient.version).toBe(2);
    const stale = await t.gql(
      'manager',
      `mutation($id: ID!) { updateClient(id: $id, input: { version: 1, source: "Walk-in" }) { version } }`,
      { id: client.id },
    );
    expect(stale.errors![0].extensions).toMatchObject({ code: 'CONFLICT', details: { id: client.id, version: 2, source: 'Referral' } });

    // The owner marks the quiet-room alert critical too, and the PPD one no longer.
    const marked = await t.gql(
      'manager',
      `mutation($id: ID!, $alerts: [AlertInput!]) { updateClient(id: $id, input: { version: 2, alerts: $alerts }) { version alerts { kind text critical } } }`,
      {
        id: client.id,
        alerts: [
          { kind: 'allergy', text: 'PPD', critical: false },
          { kind: 'other', text: 'Quiet room', critical: true },
        ],
      },
    );
    expect(marked.data!.updateClient.alerts).toEqual([
      { kind: 'allergy', text: 'PPD', critical: false },
      { kind: 'other', text: 'Quiet room', critical: true },
    ]);

    const note = await t.gql(
      'manager',
      `mutation($id: ID!) { addNote(clientId: $id, input: { body: "Loves jasmine tea", pinned: true }) { id body pinned authorName version } }`,
      { id: client.id },
    );
    expect(note.data!.addNote).toMatchObject({ body: 'Loves jasmine tea', pinned: true, authorName: 'Dana Reyes', version: 1 });
    const conflict = await t.gql(
      'manager',
      `mutation($c: ID!, $n: ID!) { a: updateNote(clientId: $c, noteId: $n, input: { version: 1, body: "one" }) { version } }`,
      { c: client.id, n: note.data!.addNote.id },
    );
    expect(conflict.data!.a.version).toBe(2);
    const second = await t.gql(
      'admin',
      `mutation($c: ID!, $n: ID!) { updateNote(clientId: $c, noteId: $n, input: { version: 1, body: "two" }) { version } }`,
      { c: client.id, n: note.data!.addNote.id },
    );
    expect(second.errors![0].extensions).toMatchObject({ code: 'CONFLICT', details: { body: 'one', version: 2 } });

    const one: any = await t.gql(
      'viewer',
      `query($id: ID!) { client(id: $id) { fullName source notes { body pinned values } smsConsent { granted } createdAt } }`,
      { id: client.id },
    );
    expect(one.errors).toBeUndefined();
    expect(one.data!.client).toMatchObject({
      fullName: 'Grace Hopper',
      source: 'Referral',
      notes: [{ body: 'one', pinned: true, values: null }],
      smsConsent: { granted: true },
    });
  });

  it('fills structured notes from templates (JSON values)', async () => {
    const template = await t.gql(
      'manager',
      `mutation { createNoteTemplate(input: { name: "SOAP", sections: [{ id: "s", title: "Subjective", fields: [{ id: "subjective", label: "Subjective", type: longText, required: true }] }] }) { id sections { fields { id type required } } } }`,
    );
    expect(template.errors).toBeUndefined();
    const c = await t.gql('manager', `mutation { createClient(input: { firstName: "Soap" }) { id } }`);
    const note = await t.gql(
      'manager',
      `mutation($c: ID!, $t: ID!) { addNote(clientId: $c, input: { templateId: $t, values: { subjective: "Stiff neck" } }) { templateName values } }`,
      { c: c.data!.createClient.id, t: template.data!.createNoteTemplate.id },
    );
    expect(note.data!.addNote).toEqual({ templateName: 'SOAP', values: { subjective: 'Stiff neck' } });
    const bad = await t.gql(
      'manager',
      `mutation($c: ID!, $t: ID!) { addNote(clientId: $c, input: { templateId: $t, values: {} }) { id } }`,
      { c: c.data!.createClient.id, t: template.data!.createNoteTemplate.id },
    );
    expect(bad.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'values.subjective' });
    const archived = await t.gql('manager', `mutation($t: ID!) { archiveNoteTemplate(id: $t) { archived } }`, {
      t: template.data!.createNoteTemplate.id,
    });
    expect(archived.data!.archiveNoteTemplate.archived).toBe(true);
    // deleteNoteTemplate (DELETE /api/note-templates/{id}): archives a used one, deletes an unused one.
    expect(
      (await t.gql('manager', `mutation($t: ID!) { deleteNoteTemplate(id: $t) }`, { t: template.data!.createNoteTemplate.id })).data!
        .deleteNoteTemplate,
    ).toBe(true);
    const unused = await t.gql(
      'manager',
      `mutation { createNoteTemplate(input: { name: "Unused", sections: [{ id: "s", title: "S", fields: [{ id: "a", label: "A", type: text }] }] }) { id } }`,
    );
    const deleted = await t.gql('manager', `mutation($t: ID!) { deleteNoteTemplate(id: $t) }`, { t: unused.data!.createNoteTemplate.id });
    expect(deleted.data!.deleteNoteTemplate).toBe(false);
    const viewerDenied = await t.gql('viewer', `mutation($t: ID!) { deleteNoteTemplate(id: $t) }`, {
      t: template.data!.createNoteTemplate.id,
    });
    expect(viewerDenied.errors![0].extensions.code).toBe('FORBIDDEN');
    const left = await t.gql('manager', '{ noteTemplates(includeArchived: true) { id } }');
    expect(left.data!.noteTemplates.map((n: { id: string }) => n.id)).not.toContain(unused.data!.createNoteTemplate.id);
  });

  it('merges and lists duplicates; enforces permissions', async () => {
    const a = await t.gql(
      'manager',
      `mutation { createClient(input: { firstName: "Ida", lastName: "Wells", email: "ida@example.com" }) { id } }`,
    );
    const b = await t.gql(
      'manager',
      `mutation { createClient(input: { firstName: "Ida B", lastName: "Wells", email: "IDA@example.com", allowDuplicate: true }) { id } }`,
    );
    const dups = await t.gql('viewer', `query($id: ID!) { clientDuplicates(id: $id) { reasons client { id } } }`, {
      id: a.data!.createClient.id,
    });
    expect(dups.data!.clientDuplicates).toEqual([{ reasons: ['same e-mail'], client: { id: b.data!.createClient.id } }]);
    const denied = await t.gql('viewer', `mutation($s: ID!, $d: ID!) { mergeClients(survivorId: $s, duplicateId: $d) { id } }`, {
      s: a.data!.createClient.id,
      d: b.data!.createClient.id,
    });
    expect(denied.errors![0].extensions.code).toBe('FORBIDDEN');
    const merged = await t.gql(
      'manager',
      `mutation($s: ID!, $d: ID!) { mergeClients(survivorId: $s, duplicateId: $d) { id possibleDuplicateCount } }`,
      { s: a.data!.createClient.id, d: b.data!.createClient.id },
    );
    expect(merged.data!.mergeClients).toEqual({ id: a.data!.createClient.id, possibleDuplicateCount: 0 });
    const outsider = await t.gql('outsider', '{ clients { total } }');
    expect(outsider.errors![0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(null, '{ clients { total } }');
    expect(anonymous.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const del = await t.gql('manager', `mutation($id: ID!) { deleteClient(id: $id, mode: "anonymise") }`, { id: a.data!.createClient.id });
    expect(del.data!.deleteClient).toBe(true);
  });

  it('resolves Client references for other subgraphs', async () => {
    const c = await t.gql('manager', `mutation { createClient(input: { firstName: "Ref", lastName: "Erence" }) { id } }`);
    const res = await t.gql(
      'viewer',
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { id fullName possibleDuplicateCount } } }`,
      { r: [{ __typename: 'Client', id: c.data!.createClient.id }] },
    );
    expect(res.data!._entities).toEqual([{ id: c.data!.createClient.id, fullName: 'Ref Erence', possibleDuplicateCount: 0 }]);
  });

  it('refuses Client references to a caller without a token: UNAUTHENTICATED, and none of the client comes back', async () => {
    const c = await t.gql(
      'manager',
      `mutation { createClient(input: { firstName: "Hidden", lastName: "Person", email: "hidden.person@example.com", phone: "(312) 555-0142" }) { id } }`,
    );
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { id fullName email phone possibleDuplicateCount notes { id } } } }`;
    const res = await t.gql(null, query, { r: [{ __typename: 'Client', id: c.data!.createClient.id }] });
    expect(res.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.data?._entities ?? [null]).toEqual([null]);
    expect(JSON.stringify(res)).not.toMatch(/hidden\.person|Hidden|5550142/);
    const outsider = await t.gql('outsider', query, { r: [{ __typename: 'Client', id: c.data!.createClient.id }] });
    expect(outsider.errors![0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(outsider)).not.toMatch(/hidden\.person|Hidden|5550142/);
  });
});
