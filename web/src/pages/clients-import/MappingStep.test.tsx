// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ClientImport, ImportPreview } from '@salon/contracts';
import { MappingStep } from './MappingStep';

afterEach(cleanup);

const imp: ClientImport = {
  id: 'imp1',
  status: 'uploaded',
  fileName: 'vagaro.csv',
  format: 'vagaro',
  columns: ['First Name', 'Last Name', 'Cell Phone', 'Email', 'Tags'],
  mapping: { firstName: 'First Name', lastName: 'Last Name', name: null, phone: 'Cell Phone', email: null, tags: null },
  onDuplicate: 'skip',
  totalRows: 3,
  processedRows: 0,
  createdCount: 0,
  updatedCount: 0,
  skippedDuplicateCount: 0,
  rejectedCount: 0,
  createdAt: '2026-11-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  error: null,
};

const preview: ImportPreview = {
  columns: imp.columns,
  mapping: {},
  rejectedSample: [],
  totalRows: 10000,
  rejectedCount: 112,
  duplicateCount: 18,
  rows: [
    {
      row: 2,
      status: 'new',
      client: { firstName: 'Ana', lastName: 'Ruiz', phone: '+13125550101' },
      problems: [],
      duplicateOfClientId: null,
      raw: { 'First Name': 'Ana' },
    },
    { row: 3, status: 'rejected', client: null, problems: ['phone: "12" is not a phone number'], duplicateOfClientId: null, raw: {} },
    { row: 4, status: 'duplicate', client: { firstName: 'Bo' }, problems: [], duplicateOfClientId: 'c7', raw: {} },
  ] as unknown as ImportPreview['rows'],
};

function setup() {
  const loadPreview = vi.fn().mockResolvedValue(preview);
  const start = vi.fn().mockResolvedValue({ ...imp, status: 'running' });
  const onStarted = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MappingStep
          imp={imp}
          columns={imp.columns!}
          onStarted={onStarted}
          onCancel={() => undefined}
          loadPreview={loadPreview}
          start={start}
          debounceMs={0}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { loadPreview, start, onStarted };
}

describe('MappingStep', () => {
  it('names the detected format and prefills the suggested mapping', async () => {
    setup();
    expect(screen.getByTestId('import-format').textContent).toBe('Looks like a Vagaro export');
    expect((screen.getByTestId('mapping-firstName') as HTMLSelectElement).value).toBe('First Name');
    expect((screen.getByTestId('mapping-phone') as HTMLSelectElement).value).toBe('Cell Phone');
    expect((screen.getByTestId('mapping-email') as HTMLSelectElement).value).toBe('');
    await screen.findByText('9,870 ready');
  });

  it('previews rows with problems and duplicates highlighted, and re-previews on a mapping change', async () => {
    const { loadPreview } = setup();
    const table = await screen.findByRole('table', { name: 'First rows mapped' });
    expect(within(table).getByTestId('preview-row-3').className).toContain('has-problem');
    expect(within(table).getByTestId('preview-row-3').textContent).toContain('is not a phone number');
    expect(within(table).getByTestId('preview-row-4').className).toContain('is-duplicate');
    expect(screen.getByTestId('import-totals').textContent).toBe('9,870 ready112 will be rejected18 duplicates of existing clients');
    fireEvent.change(screen.getByTestId('mapping-email'), { target: { value: 'Email' } });
    await waitFor(() =>
      expect(loadPreview).toHaveBeenLastCalledWith('imp1', expect.objectContaining({ email: 'Email', firstName: 'First Name' })),
    );
  });

  it('needs a name column before previewing', async () => {
    const { loadPreview } = setup();
    await screen.findByText('9,870 ready');
    fireEvent.change(screen.getByTestId('mapping-firstName'), { target: { value: '' } });
    expect(screen.getByText('Choose the first-name (or full-name) column to see the preview.')).toBeTruthy();
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    expect(loadPreview).toHaveBeenCalledTimes(1);
  });

  it('starts with the mapping and the duplicate rule', async () => {
    const { start, onStarted } = setup();
    await screen.findByText('9,870 ready');
    fireEvent.click(screen.getByTestId('import-on-duplicate-update'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('import-start'));
    });
    expect(start).toHaveBeenCalledWith(
      'imp1',
      expect.objectContaining({ firstName: 'First Name', phone: 'Cell Phone', email: null }),
      'update',
    );
    expect(onStarted).toHaveBeenCalledWith(expect.objectContaining({ status: 'running' }));
  });
});
