import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolvableEntityTypes } from '@salon/nest-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClientRepository } from '../modules/clients/persistence/client.repository.js';
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

  it('resolves a batch of Client references with one query (DataLoader, no N+1), in the order asked', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const c = await t.gql('manager', `mutation { createClient(input: { firstName: "Batch", lastName: "Ref${n}" }) { id } }`);
      ids.push(c.data!.createClient.id);
    }
    const repository = t.app.get(ClientRepository);
    const calls: string[][] = [];
    const findByIds = repository.findByIds.bind(repository);
    const findById = vi.spyOn(repository, 'findById');
    const spy = vi.spyOn(repository, 'findByIds').mockImplementation(async (asked) => {
      calls.push([...asked]);
      return findByIds(asked);
    });
    try {
      const r = [ids[2], ids[0], ids[1], ids[0], '7f000000-0000-4000-8000-000000000000'].map((id) => ({ __typename: 'Client', id }));
      const res = await t.gql('viewer', `query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { id lastName } } }`, { r });
      expect(res.data!._entities).toEqual([
        { id: ids[2], lastName: 'Ref3' },
        { id: ids[0], lastName: 'Ref1' },
        { id: ids[1], lastName: 'Ref2' },
        { id: ids[0], lastName: 'Ref1' },
        null,
      ]);
      expect(calls).toHaveLength(1);
      expect(findById).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      findById.mockRestore();
    }
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

describe('the same rule on every path to the same data', () => {
  // Every resolvable entity of this subgraph, with the REST route whose rule its reference follows.
  const ENTITY_RULES: Record<string, string> = { Client: 'GET /api/clients/{id}: view_clients' };

  it('has a rule (and a test below) for every resolvable entity in the schema', async () => {
    const sdl = (await t.gql(null, '{ _service { sdl } }')).data!._service.sdl as string;
    expect(resolvableEntityTypes(sdl)).toEqual(Object.keys(ENTITY_RULES).sort());
  });

  it('Client: a client-role login or staff without view_clients get nothing through _entities, as REST answers 403', async () => {
    const c = await t.gql(
      'manager',
      `mutation { createClient(input: { firstName: "Quiet", lastName: "Quinn", email: "quiet.quinn@example.com" }) { id } }`,
    );
    const id = c.data!.createClient.id as string;
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { id fullName email } } }`;
    for (const as of ['client', 'outsider'] as const) {
      await t.as(as).get(`/api/clients/${id}`).expect(403);
      const res = await t.gql(as, query, { r: [{ __typename: 'Client', id }] });
      expect(res.errors![0].extensions.code).toBe('FORBIDDEN');
      expect(res.data?._entities ?? [null]).toEqual([null]);
      expect(JSON.stringify(res)).not.toMatch(/quiet\.quinn|Quinn/);
    }
    await t.as('basic').get(`/api/clients/${id}`).expect(200);
    expect((await t.gql('basic', query, { r: [{ __typename: 'Client', id }] })).data!._entities).toEqual([
      { id, fullName: 'Quiet Quinn', email: 'quiet.quinn@example.com' },
    ]);
  });

  describe('bulk reads need what the export needs', () => {
    const secrets: string[] = [];
    let ids: string[] = [];
    beforeAll(async () => {
      ids = [];
      for (const n of [1, 2, 3]) {
        const c = await t.gql('manager', `mutation { createClient(input: { firstName: "Bulk", lastName: "Person${n}" }) { id } }`);
        ids.push(c.data!.createClient.id);
        const secret = `private-note-${n}-${Date.now()}`;
        secrets.push(secret);
        const note = await t.gql('manager', 'mutation($c: ID!, $b: String) { addNote(clientId: $c, input: { body: $b }) { id } }', {
          c: ids.at(-1),
          b: secret,
        });
        expect(note.errors).toBeUndefined();
      }
    });

    it('refuses a page of more than 50 clients without export_clients, on REST and GraphQL alike', async () => {
      const rest = await t.as('basic').get('/api/clients?limit=200').expect(403);
      expect(rest.body.error).toMatch(/export_clients/);
      const gql = await t.gql('basic', '{ clients(limit: 200) { total items { id } } }');
      expect(gql.errors![0].extensions.code).toBe('FORBIDDEN');
      expect(gql.errors![0].message).toMatch(/export_clients/);
      await t.as('basic').get('/api/clients?limit=50').expect(200);
      expect((await t.gql('basic', '{ clients(limit: 50) { total } }')).errors).toBeUndefined();
      await t.as('manager').get('/api/clients?limit=200').expect(200);
      expect((await t.gql('manager', '{ clients(limit: 200) { total } }')).errors).toBeUndefined();
    });

    it('refuses the notes of more than one client in one request without export_clients (a list, aliases or _entities)', async () => {
      const list = await t.gql('basic', '{ clients(search: "Bulk", limit: 10) { items { id notes { body } } } }');
      expect(list.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(list.errors![0].message).toMatch(/export_clients/);
      const leaked = secrets.filter((s) => JSON.stringify(list.data ?? null).includes(s));
      expect(leaked.length).toBeLessThanOrEqual(1);

      const aliased = await t.gql(
        'basic',
        'query($a: ID!, $b: ID!) { a: client(id: $a) { notes { body } } b: client(id: $b) { notes { body } } }',
        {
          a: ids[0],
          b: ids[1],
        },
      );
      expect(aliased.errors?.[0]?.extensions.code).toBe('FORBIDDEN');

      const refs = await t.gql('basic', `query($r: [_Any!]!) { _entities(representations: $r) { ... on Client { notes { body } } } }`, {
        r: ids.map((id) => ({ __typename: 'Client', id })),
      });
      expect(refs.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(secrets.filter((s) => JSON.stringify(refs.data ?? null).includes(s)).length).toBeLessThanOrEqual(1);
    });

    it("answers one client's notes, as GET /api/clients/{id}/notes does, and every client's with export_clients", async () => {
      await t.as('basic').get(`/api/clients/${ids[0]}/notes`).expect(200);
      const one = await t.gql('basic', 'query($id: ID!) { client(id: $id) { notes { body } } }', { id: ids[0] });
      expect(one).toEqual({ data: { client: { notes: [{ body: secrets[0] }] } } });
      const all = await t.gql('manager', '{ clients(search: "Bulk", limit: 10) { items { notes { body } } } }');
      expect(all.errors).toBeUndefined();
      expect(all.data!.clients.items.flatMap((c: { notes: { body: string }[] }) => c.notes.map((n) => n.body)).sort()).toEqual(
        [...secrets].sort(),
      );
    });
  });
});
