import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, SERVICE, SIGNATURE, startDocuments, type DocumentsTestApp } from './documents-app.js';

let t: DocumentsTestApp;

beforeAll(async () => {
  t = await startDocuments('graphql');
});
afterAll(async () => t?.close());

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });
});

const FORM = 'id name publishedVersion hasDraftChanges serviceIds version';

describe('the builder and the profile through GraphQL: the same use-cases and guards as REST', () => {
  it('builds, publishes, asks a client, and shows the filled form on their profile', async () => {
    const definition = {
      sections: [
        {
          title: 'Consent',
          fields: [
            { key: 'ok', type: 'consent', label: 'Consent', consentText: 'I agree.' },
            { key: 'sig', type: 'signature', label: 'Signature', required: true },
          ],
        },
      ],
    };
    const created = await t.gql('desk', `mutation($input: FormInput!) { createForm(input: $input) { ${FORM} } }`, {
      input: { name: 'Waiver', purpose: 'waiver', definition, serviceIds: [SERVICE.massage] },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createForm.id;
    const published = await t.gql('desk', `mutation($id: ID!) { publishForm(id: $id) { ${FORM} } }`, { id });
    expect(published.data.publishForm).toMatchObject({ publishedVersion: 1, hasDraftChanges: false, serviceIds: [SERVICE.massage] });

    const asked = await t.gql('desk', `mutation($f: ID!, $c: ID!) { requestForm(formId: $f, clientId: $c) { status link } }`, {
      f: id,
      c: CLIENT.ada,
    });
    const token = new URL(asked.data.requestForm.link).searchParams.get('r');
    await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: { ok: true }, signature: SIGNATURE, request: token })
      .expect(201);

    const profile = await t.gql(
      'viewer',
      `query($c: ID!) { clientForms(clientId: $c) { formName status submissionId } documents(clientId: $c) { kind title } }`,
      {
        c: CLIENT.ada,
      },
    );
    expect(profile.errors).toBeUndefined();
    expect(profile.data.clientForms).toEqual([{ formName: 'Waiver', status: 'filled', submissionId: expect.any(String) }]);
    expect(profile.data.documents).toEqual([{ kind: 'form_pdf', title: expect.stringMatching(/^Waiver — signed /) }]);

    const read = await t.gql('viewer', `query($id: ID!) { formSubmission(id: $id) { signerName intact answers } }`, {
      id: profile.data.clientForms[0].submissionId,
    });
    expect(read.data.formSubmission).toEqual({ signerName: 'Ada Lovelace', intact: true, answers: { ok: true } });
  });

  it('refuses the builder to someone without edit_clients, and another client’s profile to a client', async () => {
    const denied = await t.gql('viewer', `mutation { createForm(input: { name: "X", definition: { sections: [] } }) { id } }`);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await t.gql('bea', `query($c: ID!) { clientForms(clientId: $c) { status } }`, { c: CLIENT.ada });
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
