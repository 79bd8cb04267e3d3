import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImports, waitFor, type ImportsTestApp } from './imports-app.js';

/**
 * Issue 10, findings 8 and 12: the rejected rows of an import come back as a CSV through the same
 * writer as the export (no formula a spreadsheet would run), and a NUL in the file name is a 400.
 */
let t: ImportsTestApp;
let token: string;
const http = () => request(t.app.getHttpServer());

beforeAll(async () => {
  t = await startImports('imports_rejected_csv');
  token = await t.token('importer');
});
afterAll(async () => t?.close());

const upload = (csv: string, fileName: string) =>
  http()
    .post(`/api/client-imports?fileName=${encodeURIComponent(fileName)}`)
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'text/csv')
    .send(csv);

describe('the rejected rows CSV', () => {
  // Leading tabs and carriage returns are trimmed by the CSV reader; the writer's own spec covers them.
  it('writes formula cells of the uploaded file (and its header) as text', async () => {
    const file = [
      'First Name,Phone,=Notes',
      'Ana,(312) 555-0101,fine',
      '"=HYPERLINK(""http://evil.example"",""Click"")",12,@SUM(A1:A9)',
      '+cmd,12,-2+3',
    ].join('\n');
    const uploaded = await upload(file, 'clients.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const id = uploaded.body.id as string;
    const started = await http().post(`/api/client-imports/${id}/start`).set('Authorization', `Bearer ${token}`).send({});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await waitFor(async () => {
      const res = await http().get(`/api/client-imports/${id}`).set('Authorization', `Bearer ${token}`);
      return res.body.status === 'completed' ? res.body : null;
    }, 'the import to finish');
    const res = await http().get(`/api/client-imports/${id}/rejected.csv`).set('Authorization', `Bearer ${token}`).expect(200);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe("row,reason,First Name,Phone,'=Notes");
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.text).toContain(`'@SUM(A1:A9)`);
    expect(res.text).toContain(`'+cmd`);
    expect(res.text).toContain(`'-2+3`);
    expect(res.text).not.toMatch(/(^|,)"?[=@+-]/m);
  });
});

describe('the file name', () => {
  it('a NUL in the file name is a 400 naming fileName, not a 500', async () => {
    const res = await upload('First Name\nAna', 'clients\u0000.csv');
    expect([res.status, res.body.details]).toEqual([400, [{ field: 'fileName', message: 'must not contain control characters' }]]);
  });

  it('a repeated fileName parameter is a 400, not a 500', async () => {
    const res = await http()
      .post('/api/client-imports?fileName=a.csv&fileName=b.csv')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'text/csv')
      .send('First Name\nAna');
    expect([res.status, res.body.details]).toEqual([400, [{ field: 'fileName', message: 'must be a string' }]]);
  });
});
