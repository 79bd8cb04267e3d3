// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { EMAIL_TEMPLATES, RENDER_EMAIL_TEMPLATE } from './email-templates-gql';
import { StartFromTemplate } from './StartFromTemplate';

afterEach(cleanup);

const SPRING = '<mj-section><mj-column><mj-text>Spring {{firstName}}</mj-text></mj-column></mj-section>';
const BROKEN = '<mj-section><mj-colum></mj-section>';
const brand = { businessName: 'Maple Street Salon', primaryColor: '#7a2e5c', backgroundColor: '#faf7f2', logoUrl: null };
const templates = {
  request: { query: EMAIL_TEMPLATES },
  result: {
    data: {
      emailTemplates: [
        { __typename: 'EmailTemplate', id: 't1', name: 'Spring news', mjml: SPRING, version: 1, updatedAt: '2026-03-01T10:00:00.000Z' },
        { __typename: 'EmailTemplate', id: 't2', name: 'Broken', mjml: BROKEN, version: 1, updatedAt: '2026-03-01T10:00:00.000Z' },
      ],
      bookingDesign: {
        __typename: 'BookingDesign',
        primaryColor: brand.primaryColor,
        backgroundColor: brand.backgroundColor,
        logoUrl: null,
      },
      businessSettings: { __typename: 'BusinessSettings', businessName: brand.businessName },
    },
  },
  maxUsageCount: 5,
};
const rendered = (mjml: string, html: string, errors: { line: number | null; message: string }[] = []) => ({
  request: { query: RENDER_EMAIL_TEMPLATE, variables: { mjml, brand } },
  result: {
    data: {
      renderEmailTemplate: {
        __typename: 'EmailRender',
        html,
        errors: errors.map((e) => ({ __typename: 'EmailRenderProblem', ...e })),
      },
    },
  },
});

function mount(onUse: (value: { html: string; design: string }) => void, mocks: object[]) {
  render(
    <MockedProvider mocks={mocks as never}>
      <StartFromTemplate onUse={onUse} />
    </MockedProvider>,
  );
}

describe('start a campaign from a saved template', () => {
  it('loads the chosen template, rendered in the salon look, as a fresh design', async () => {
    const onUse = vi.fn();
    mount(onUse, [templates, rendered(SPRING, '<html><body><p>Spring {{firstName}}</p></body></html>')]);
    const select = await screen.findByLabelText('Start from template');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Choose a saved template…', 'Spring news', 'Broken']);

    fireEvent.click(screen.getByRole('button', { name: 'Use template' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a saved template first');
    expect(onUse).not.toHaveBeenCalled();

    fireEvent.change(select, { target: { value: 't1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(onUse).toHaveBeenCalledWith({ html: '<html><body><p>Spring {{firstName}}</p></body></html>', design: '' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a template that does not render cannot be used, and changes nothing', async () => {
    const onUse = vi.fn();
    mount(onUse, [templates, rendered(BROKEN, '', [{ line: 1, message: 'mj-colum is not a known tag' }])]);
    fireEvent.change(await screen.findByLabelText('Start from template'), { target: { value: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use template' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The template does not render: mj-colum is not a known tag');
    expect(onUse).not.toHaveBeenCalled();
  });

  it('shows nothing when no template is saved', async () => {
    const none = { ...templates, result: { data: { ...templates.result.data, emailTemplates: [] } } };
    mount(vi.fn(), [none]);
    await waitFor(() => expect(screen.queryByTestId('start-from-template')).toBeNull());
    expect(screen.queryByLabelText('Start from template')).toBeNull();
  });
});
