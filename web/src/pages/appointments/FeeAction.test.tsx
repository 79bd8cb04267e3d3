// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { CANCELLATION_FEE, CHARGE_CANCELLATION_FEE } from './appointments-gql';
import { FeeAction } from './FeeAction';

afterEach(cleanup);

const ID = 'a1000000-0000-4000-8000-000000000001';
const view = (over: Record<string, unknown> = {}) => ({
  __typename: 'CancellationFee',
  appointmentId: ID,
  kind: 'no_show',
  status: 'chargeable',
  amountMinor: 2500,
  reason: 'No-show: the booking policy’s fee of $25.00',
  ticketId: null,
  failureReason: null,
  card: { __typename: 'FeeCard', brand: 'visa', last4: '4242' },
  ...over,
});
const read = (over: Record<string, unknown> = {}) => ({
  request: { query: CANCELLATION_FEE, variables: { appointmentId: ID } },
  result: { data: { cancellationFee: view(over) } },
});

function mount(mocks: object[], allowed = true, status = 'no-show') {
  render(
    <MockedProvider mocks={mocks as never}>
      <FeeAction appointmentId={ID} status={status} allowed={allowed} />
    </MockedProvider>,
  );
}

describe('the calendar’s fee action', () => {
  it('charges the no-show fee in one click and then says it is charged', async () => {
    const charged = { status: 'charged', ticketId: 't-1' };
    mount([
      read(),
      {
        request: { query: CHARGE_CANCELLATION_FEE, variables: { appointmentId: ID } },
        result: { data: { chargeCancellationFee: view(charged) } },
      },
      read(charged),
    ]);
    const button = await screen.findByRole('button', { name: 'Charge no-show fee $25.00' });
    expect(screen.getByText('Charged to the card on file (Visa ending 4242).')).toBeTruthy();
    fireEvent.click(button);
    expect((await screen.findByTestId('fee-charged')).textContent).toBe('Fee charged: $25.00. No-show: the booking policy’s fee of $25.00');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a decline and leaves the action to try again', async () => {
    const failed = { failureReason: 'Your card was declined.' };
    mount(
      [
        read({ kind: 'late_cancel', amountMinor: 1500 }),
        {
          request: { query: CHARGE_CANCELLATION_FEE, variables: { appointmentId: ID } },
          result: { errors: [new GraphQLError('The fee was not charged: Your card was declined.')] },
        },
        read({ kind: 'late_cancel', amountMinor: 1500, ...failed }),
      ],
      true,
      'cancelled',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Charge late-cancel fee $15.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The fee was not charged: Your card was declined.');
    expect(screen.getByRole('button', { name: 'Charge late-cancel fee $15.00' })).toBeTruthy();
  });

  it('without a card on file the action says so and cannot be pressed', async () => {
    mount([read({ card: null })]);
    const button = await screen.findByRole('button', { name: 'Charge no-show fee $25.00' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^No card on file/)).toBeTruthy();
  });

  it('is not drawn without charge_fees, for other statuses, or when no fee applies', async () => {
    mount([read()], false);
    mount([read()], true, 'completed');
    mount([read({ status: 'not_applicable', kind: null, amountMinor: null })]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
