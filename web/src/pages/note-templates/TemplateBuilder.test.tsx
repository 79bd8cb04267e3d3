// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { TemplateBuilder } from './TemplateBuilder';
import type { TemplateDraft } from './template-builder';

afterEach(cleanup);

const saved = (over: Partial<TemplateDraft> = {}): TemplateDraft => ({
  id: 't1',
  name: 'Colour',
  description: null,
  archived: false,
  createdAt: '',
  updatedAt: '',
  sections: [
    { id: 's1', title: 'Formula', fields: [{ id: 'f1', label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken'] }] },
  ],
  ...over,
});

describe('TemplateBuilder', () => {
  it('builds sections and fields and shows them live in the preview', async () => {
    const save = vi.fn().mockImplementation(async (input) => saved({ ...input }));
    render(<TemplateBuilder template={null} canManage save={save} />);
    fireEvent.change(screen.getByTestId('template-name'), { target: { value: 'Colour formula' } });
    fireEvent.click(screen.getByTestId('add-field'));
    fireEvent.change(screen.getByTestId('field-label-0'), { target: { value: 'Brand' } });
    fireEvent.change(screen.getByTestId('field-type-0'), { target: { value: 'choice' } });
    const opt = screen.getByTestId('field-option-input-0');
    for (const o of ['Wella', 'Redken']) {
      fireEvent.change(opt, { target: { value: o } });
      fireEvent.keyDown(opt, { key: 'Enter' });
    }
    fireEvent.click(screen.getByTestId('field-required-0'));
    const previewPane = screen.getByRole('complementary', { name: 'Preview' });
    const select = within(previewPane).getByLabelText(/Brand/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose…', 'Wella', 'Redken']);
    expect(within(previewPane).getByText('Colour formula')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('save-template'));
    });
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Colour formula',
        sections: [
          expect.objectContaining({
            title: 'Details',
            fields: [expect.objectContaining({ label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken'] })],
          }),
        ],
      }),
      null,
      undefined,
    );
  });

  it('shows its own and the server’s errors by field', async () => {
    const save = vi
      .fn()
      .mockRejectedValue(
        new ApiError('name: exists', 400, { error: 'x', details: [{ field: 'sections[0].title', message: 'is too long' }] }),
      );
    render(<TemplateBuilder template={saved()} canManage save={save} />);
    fireEvent.change(screen.getByTestId('template-name'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-template'));
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('Give the template a name')).toBeTruthy();
    expect(screen.getByTestId('template-name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('template-name'), { target: { value: 'Colour' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-template'));
    });
    expect(screen.getByText('is too long')).toBeTruthy();
    expect(screen.getByTestId('section-title-0').getAttribute('aria-invalid')).toBe('true');
  });

  it('on a 409 shows their version and saves mine over it with their version', async () => {
    const theirs = { ...saved({ name: 'Colour (theirs)' }), version: 4, updatedAt: '2026-11-21T20:14:00Z' };
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('changed', 409, { error: 'changed', details: theirs }))
      .mockResolvedValueOnce({ ...saved(), version: 5 });
    render(<TemplateBuilder template={{ ...saved(), version: 3 }} canManage save={save} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-template'));
    });
    expect(save).toHaveBeenLastCalledWith(expect.anything(), 't1', 3);
    const box = screen.getByTestId('template-conflict');
    expect(box.textContent).toContain('Nov 21, 2026, 2:14 PM');
    await act(async () => {
      fireEvent.click(within(box).getByRole('button', { name: 'Save mine over theirs' }));
    });
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Colour' }), 't1', 4);
    expect(screen.queryByTestId('template-conflict')).toBeNull();
  });

  it('reorders sections and is read-only without manage_note_templates', () => {
    const t = saved({
      sections: [
        ...saved().sections,
        { id: 's2', title: 'Result', fields: [{ id: 'f2', label: 'Notes', type: 'longText', required: false }] },
      ],
    });
    const { unmount } = render(<TemplateBuilder template={t} canManage save={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move section Result up' }));
    expect((screen.getByTestId('section-title-0') as HTMLInputElement).value).toBe('Result');
    unmount();
    render(<TemplateBuilder template={t} canManage={false} save={vi.fn()} />);
    expect(screen.queryByTestId('save-template')).toBeNull();
    expect(screen.queryByTestId('add-section')).toBeNull();
    expect((screen.getByTestId('template-name') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByTestId('field-type-0') as HTMLSelectElement).disabled).toBe(true);
  });
});
