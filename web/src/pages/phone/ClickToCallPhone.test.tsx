// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClickToCallPhone } from './PhonePage';
import { clickToCallKey } from './click-to-call';
import { MY_PHONE, type PhoneNumberItem } from './phone-gql';

vi.mock('../../session/session-context', () => ({ useSession: () => ({ user: { id: 'u1' }, status: 'authenticated' }) }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const number: PhoneNumberItem = {
  locationId: 'l1',
  number: '+13125550100',
  forwardTo: '+13125550111',
  ringStaff: ['+13125550122'],
  ringSeconds: 20,
  textBack: true,
  greeting: 'Thanks for calling',
};

const card = (phone: string | null) =>
  render(
    <MockedProvider mocks={[{ request: { query: MY_PHONE }, result: { data: { viewer: { __typename: 'User', id: 'u1', phone } } } }]}>
      <ClickToCallPhone locationId="l1" number={number} />
    </MockedProvider>,
  );

describe('your phone for click to call', () => {
  it('offers the front desk, the staff phones and your own phone from your profile, never a typed number', async () => {
    card('+13125550199');
    const own = await screen.findByRole('radio', { name: /My own phone/ });
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(own);
    fireEvent.click(screen.getByRole('button', { name: 'Use this phone' }));
    expect(localStorage.getItem(clickToCallKey('u1', 'l1'))).toContain('+13125550199');
    expect(screen.getByRole('status').textContent).toContain('Saved');
  });

  it('without a phone on your profile says where to add one; a number stored before that is no longer allowed falls back to the front desk', async () => {
    localStorage.setItem(clickToCallKey('u1', 'l1'), '+19995550000');
    card(null);
    expect(await screen.findByTestId('click-to-call-own-hint')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect((screen.getByRole('radio', { name: /The front desk/ }) as HTMLInputElement).checked).toBe(true);
  });
});
