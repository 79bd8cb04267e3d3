import { useEffect, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TicketFieldsFragment } from '../../gql/graphql';
import { formatCents } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { usePaymentSuccess } from '../../shell/PaymentSuccess';
import { TICKET } from './pos-gql';

/** How often a ticket with a card tender waiting on the reader or on the client is read again. */
export const PENDING_POLL_MS = 2_000;

/**
 * The tenders that finish away from this screen: a card on the reader, a card on file the bank asked
 * the client to confirm. The hosted card modal watches its own payment, so `card` is left to it.
 */
export const waitsElsewhere = (p: { method: string; status: string }) => p.status === 'pending' && p.method !== 'card';

/**
 * While such a tender waits, the ticket is read again every two seconds (the normalized cache hands
 * the new ticket to every screen showing it); when it ends, the desk is told: the success screen when
 * it closed the ticket, the reason when it failed.
 */
export function usePendingTenders(ticket: TicketFieldsFragment): void {
  const waiting = ticket.payments.some(waitsElsewhere);
  const { show } = usePaymentSuccess();
  useQuery(TICKET, { variables: { id: ticket.id }, skip: !waiting, pollInterval: PENDING_POLL_MS, fetchPolicy: 'network-only' });
  const watched = useRef(new Set<string>());
  useEffect(() => {
    for (const p of ticket.payments) {
      if (waitsElsewhere(p)) {
        watched.current.add(p.id);
        continue;
      }
      if (!watched.current.delete(p.id)) continue;
      if (p.status === 'succeeded') {
        if (ticket.status === 'closed') show(ticket.totalMinor);
        toast({ title: `Card charged ${formatCents(p.amountMinor)}`, variant: 'success' });
      } else if (p.status === 'failed') {
        toast({ title: 'Card declined', description: p.failureReason ?? undefined, variant: 'destructive' });
      }
    }
  }, [ticket, show]);
}
