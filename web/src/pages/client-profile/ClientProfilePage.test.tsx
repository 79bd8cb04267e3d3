// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

/** The profile inside the real app shell, against a small fake of the clients GraphQL API (and the shell's REST calls). */
const admin = {
  id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@demo.salon',
  role: 'admin',
  profilePicture: null,
  isActive: true,
  permissionGroups: [],
};
const consent = { granted: true, changedAt: '2026-11-03T20:14:00Z', method: 'verbal', changedBy: 'u1' };
let client: Record<string, unknown>;
const template = {
  id: 't1',
  name: 'Colour formula',
  description: null,
  archived: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
  sections: [
    {
      id: 's1',
      title: 'Formula',
      fields: [
        { id: 'brand', label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken'] },
        { id: 'vol', label: 'Developer', type: 'number', required: false },
      ],
    },
  ],
};
let notes: Record<string, unknown>[];
let patches: unknown[];
let sales: Record<string, unknown>[];
let salesAsked: Record<string, unknown>[];

/** The fakes' rows as GraphQL answers them (with the __typenames Apollo's cache keys on). */
function gqlClient() {
  const consentOf = (c: unknown) => ({ __typename: 'Consent', ...(c as object) });
  const c = client as { alerts: object[]; smsConsent: unknown; emailConsent: unknown };
  return {
    __typename: 'Client',
    ...client,
    address: null,
    alerts: c.alerts.map((a) => ({ __typename: 'ClientAlert', ...a })),
    smsConsent: consentOf(c.smsConsent),
    emailConsent: consentOf(c.emailConsent),
  };
}
const gqlNote = (n: Record<string, unknown>) => ({ __typename: 'Note', ...n });
function gqlTemplate() {
  const sections = template.sections.map((sec) => ({
    __typename: 'NoteTemplateSection',
    ...sec,
    fields: sec.fields.map((f) => ({ __typename: 'NoteTemplateField', options: null, ...f })),
  }));
  return { __typename: 'NoteTemplate', ...template, sections };
}

function json(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  client = {
    id: 'c1',
    firstName: 'Ana',
    lastName: 'Ruiz',
    fullName: 'Ana Ruiz',
    phone: '+13125550101',
    email: 'ana@x.com',
    birthday: null,
    address: null,
    preferredLocationId: null,
    preferredStaffId: null,
    tags: ['vip'],
    alerts: [{ id: 'a1', kind: 'allergy', text: 'Latex', critical: false }],
    source: null,
    smsConsent: consent,
    emailConsent: { granted: false, changedAt: null, method: null, changedBy: null },
    lastVisitAt: null,
    lifetimeSpendMinor: 0,
    lastPurchaseAt: null,
    createdAt: '2026-01-05T15:00:00Z',
    updatedAt: '2026-01-05T15:00:00Z',
    createdBy: 'u1',
    updatedBy: 'u1',
    version: 2,
    possibleDuplicateCount: 0,
  };
  notes = [];
  patches = [];
  sales = [];
  salesAsked = [];
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify(admin));
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (path === '/api/auth/verify') return json(200, { user: admin });
      if (path.endsWith('/color-preferences')) return json(200, {});
      if (path.endsWith('/permissions')) return json(200, { data: { permissions: [], groups: [], directPermissions: [] } });
      if (path.startsWith('/api/locations')) return json(200, []);
      if (path === '/api/business-settings') return json(200, { businessName: 'Demo', businessLogo: null });
      if (path === '/graphql') {
        const { operationName: op, variables } = body as { operationName: string; variables: Record<string, any> };
        if (op === 'ClientProfile' && variables.id === 'c1') return json(200, { data: { client: gqlClient() } });
        if (op === 'UpdateClient' && variables.id === 'c1') {
          const input = variables.input;
          patches.push(input);
          if (input.version !== client.version)
            return json(200, {
              data: null,
              errors: [{ message: 'changed', extensions: { code: 'CONFLICT', status: 409, details: client } }],
            });
          client = { ...client, ...input, version: (client.version as number) + 1 };
          return json(200, { data: { updateClient: gqlClient() } });
        }
        if (op === 'ClientDuplicates') return json(200, { data: { clientDuplicates: [] } });
        if (op === 'ClientNotes') return json(200, { data: { client: { __typename: 'Client', id: 'c1', notes: notes.map(gqlNote) } } });
        if (op === 'AddNote' && variables.clientId === 'c1') {
          const input = variables.input;
          const n = {
            id: `n${notes.length + 1}`,
            clientId: 'c1',
            body: input.body ?? null,
            templateId: input.templateId ?? null,
            templateName: input.templateId ? 'Colour formula' : null,
            values: input.values ?? null,
            pinned: false,
            authorId: 'u1',
            authorName: 'Ada Admin',
            createdAt: '2026-11-21T20:05:00Z',
            updatedAt: '2026-11-21T20:05:00Z',
            version: 1,
          };
          notes = [n, ...notes];
          return json(200, { data: { addNote: gqlNote(n) } });
        }
        if (op === 'ClientSales') {
          salesAsked.push(variables);
          return json(200, { data: { salesHistory: sales.map((x) => ({ __typename: 'Sale', ...x })) } });
        }
        if (op === 'NoteTemplates') return json(200, { data: { noteTemplates: [gqlTemplate()] } });
        if (op === 'ClientLocationOptions') return json(200, { data: { locations: [] } });
        if (op === 'ClientStaffOptions')
          return json(200, {
            data: { users: [{ __typename: 'User', id: 'u1', fullName: 'Ada Admin', email: 'ada@demo.salon', isActive: true }] },
          });
        return json(200, { data: { viewer: { __typename: 'User', ...admin, fullName: 'Ada Admin' } } });
      }
      return json(404, { error: `no fake for ${method} ${path}` });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function open(path: string) {
  window.history.pushState({}, '', path);
  vi.resetModules();
  const { App } = await import('../../app/App');
  render(<App />);
  return screen.findByTestId('client-profile', {}, { timeout: 4000 });
}

describe('ClientProfilePage', () => {
  it('shows alerts on top, details and consent text', async () => {
    await open('/clients/c1');
    await screen.findByRole('heading', { name: 'Ana Ruiz', level: 1 });
    const alerts = screen.getByTestId('client-alerts');
    expect(alerts.getAttribute('role')).toBe('alert');
    expect(alerts.textContent).toContain('Latex');
    expect(screen.getByTestId('client-field-phone').textContent).toContain('(312) 555-0101');
    await waitFor(() =>
      expect(screen.getByTestId('consent-sms-text').textContent).toBe('Given Nov 3, 2026 at 2:14 PM by Ada Admin (you) (verbal)'),
    );
    expect(screen.getByTestId('consent-sms').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('client-spend').textContent).toBe('Lifetime spend $0.00');
  });

  it('shows the lifetime spend in the header and lists the sales in Purchases with their state and a link to the ticket', async () => {
    client = { ...client, lifetimeSpendMinor: 12_370, lastPurchaseAt: '2026-11-21T20:05:00Z' };
    const sale = (ticketId: string, number: number, closedAt: string, totalMinor: number, refundedMinor: number, methods: string[]) => ({
      ticketId,
      number,
      closedAt,
      items: [
        { __typename: 'SaleItem', kind: 'service', name: 'Haircut', quantity: 1 },
        { __typename: 'SaleItem', kind: 'product', name: 'Shampoo', quantity: 2 },
      ],
      totalMinor,
      refundedMinor,
      methods,
      currency: 'USD',
    });
    sales = [
      sale('t2', 1002, '2026-11-21T20:05:00Z', 8_085, 2_000, ['card']),
      sale('t1', 1001, '2026-10-02T15:30:00Z', 6_285, 0, ['cash', 'card']),
    ];
    await open('/clients/c1');
    await screen.findByRole('heading', { name: 'Ana Ruiz', level: 1 });
    expect(screen.getByTestId('client-spend').textContent).toBe('Lifetime spend $123.70 · last purchase Nov 21, 2026');
    fireEvent.click(screen.getByTestId('tab-purchases'));
    const panel = await screen.findByTestId('tab-panel-purchases');
    const rows = await within(panel).findAllByTestId('sale-row');
    expect(salesAsked).toEqual([{ clientId: 'c1' }]);
    expect(within(panel).getByTestId('purchases-lifetime').textContent).toBe('$123.70');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['partly-refunded', 'paid']);
    expect(rows[0]!.textContent).toContain('Haircut, Shampoo ×2');
    expect(rows[0]!.textContent).toContain('Nov 21, 2026, 2:05 PM');
    expect(within(rows[0]!).getByTestId('sale-total').textContent).toBe('$80.85');
    expect(within(rows[0]!).getByTestId('sale-state').textContent).toBe('Partly refunded $20.00');
    expect(within(rows[1]!).getByTestId('sale-state').textContent).toBe('Paid');
    expect(rows[1]!.textContent).toContain('Cash + Card');
    const link = within(rows[0]!).getByRole('link', { name: 'Open ticket #1002 in the point of sale' });
    expect(link.getAttribute('href')).toBe('/pos?ticket=t2');
  });

  it('says so when the client has bought nothing yet', async () => {
    await open('/clients/c1?tab=purchases');
    const panel = await screen.findByTestId('tab-panel-purchases');
    expect((await within(panel).findByTestId('purchases-empty')).textContent).toContain('No purchases yet.');
    expect(within(panel).queryAllByTestId('sale-row')).toEqual([]);
  });

  it('marks an alert critical and adds a critical one; the banner says which are critical', async () => {
    await open('/clients/c1');
    const editor = await screen.findByTestId('client-alerts-editor');
    await act(async () => {
      fireEvent.click(within(editor).getByRole('button', { name: 'Critical: Latex' }));
    });
    await waitFor(() =>
      expect(patches.at(-1)).toEqual({ alerts: [{ id: 'a1', kind: 'allergy', text: 'Latex', critical: true }], version: 2 }),
    );
    await waitFor(() => expect(within(editor).getByRole('button', { name: 'Critical: Latex' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('client-alerts').textContent).toContain('(critical)');
    fireEvent.change(within(editor).getByTestId('client-alert-input'), { target: { value: 'PPD hair dye' } });
    fireEvent.click(within(editor).getByTestId('client-alert-critical'));
    await act(async () => {
      fireEvent.click(within(editor).getByRole('button', { name: 'Add alert' }));
    });
    await waitFor(() =>
      expect(patches.at(-1)).toEqual({
        alerts: [
          { id: 'a1', kind: 'allergy', text: 'Latex', critical: true },
          { kind: 'allergy', text: 'PPD hair dye', critical: true },
        ],
        version: 3,
      }),
    );
  });

  it('edits in place with the version and shows a conflict', async () => {
    await open('/clients/c1');
    fireEvent.click(await screen.findByTestId('client-field-email'));
    fireEvent.change(screen.getByTestId('client-field-email'), { target: { value: 'new@x.com' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('client-save'));
    });
    await waitFor(() => expect(patches).toEqual([{ email: 'new@x.com', version: 2 }]));
    await waitFor(() => expect(screen.getByTestId('client-field-email').textContent).toContain('new@x.com'));

    // Someone else saves meanwhile: the next edit meets a 409.
    fireEvent.click(screen.getByTestId('client-edit'));
    client = { ...client, source: 'Referral', version: 9 };
    fireEvent.change(screen.getByTestId('client-field-lastName'), { target: { value: 'Ruiz-Li' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('client-save'));
    });
    const box = await screen.findByTestId('client-conflict');
    expect(box.textContent).toContain('Someone else changed this client');
    expect(within(box).getByText('Referral')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('conflict-overwrite'));
    });
    await waitFor(() => expect(patches.at(-1)).toEqual({ lastName: 'Ruiz-Li', version: 9 }));
  });

  it('adds a structured note from a template', async () => {
    await open('/clients/c1?tab=notes');
    const panel = await screen.findByTestId('notes-panel');
    const select = await within(panel).findByTestId('note-template-select');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Colour formula' })).toBeTruthy());
    fireEvent.change(select, { target: { value: 't1' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('add-note'));
    });
    expect(within(panel).getByText('Required')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(/Brand/), { target: { value: 'Wella' } });
    fireEvent.change(within(panel).getByLabelText(/Developer/), { target: { value: '20' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('add-note'));
    });
    const note = await within(panel).findByTestId('note-n1');
    expect(note.textContent).toContain('Wella');
    expect(note.textContent).toContain('Ada Admin');
    expect(note.textContent).toContain('Nov 21, 2026, 2:05 PM');
  });
});
