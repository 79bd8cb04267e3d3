import { useState, type FormEvent } from 'react';
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import type { TicketFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { usePaymentSuccess } from '../../shell/PaymentSuccess';
import { dollarsToMinor, minorToDollars } from '../services/money';
import { PAY_TICKET } from './pos-gql';
import { GIFT_CARD_BALANCE, GIFT_CARDS_SOLD_ON, PREPAID_PLANS, TICKET_PREPAID } from './prepaid-gql';
import { newIdempotencyKey, type LineEdit } from './ticket-edits';

type Ticket = TicketFieldsFragment;

/** Selling prepaid value on the ticket: a gift card (any amount, a physical card's number or a generated code) or a plan. */
export function SellPrepaid({ onEdit }: { onEdit(e: LineEdit, what: string): Promise<boolean> }) {
  const plans = useQuery(PREPAID_PLANS);
  const [amount, setAmount] = useState('');
  const [cardCode, setCardCode] = useState('');
  const [planId, setPlanId] = useState('');
  const active = (plans.data?.prepaidPlans ?? []).filter((p) => p.active);

  const addGiftCard = async (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = dollarsToMinor(amount);
    if (amountMinor === null || amountMinor <= 0) {
      toast({ title: 'Give the gift card an amount in dollars', variant: 'destructive' });
      return;
    }
    if (await onEdit({ kind: 'add-gift-card', amountMinor, cardCode: cardCode.trim() || null }, 'add the gift card')) {
      setAmount('');
      setCardCode('');
    }
  };
  const addPlan = async (e: FormEvent) => {
    e.preventDefault();
    if (planId && (await onEdit({ kind: 'add-plan', planId }, 'add the plan'))) setPlanId('');
  };

  return (
    <div className="pos-add">
      <form className="pos-add-row" onSubmit={(e) => void addGiftCard(e)} aria-label="Sell a gift card">
        <label className="visually-hidden" htmlFor="pos-gift-amount">
          Gift card amount
        </label>
        <input
          id="pos-gift-amount"
          className="pos-price"
          placeholder="Gift card $"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <label className="visually-hidden" htmlFor="pos-gift-number">
          Physical card number (optional)
        </label>
        <input
          id="pos-gift-number"
          className="pos-input"
          placeholder="Card number (blank: generate a code)"
          autoComplete="off"
          value={cardCode}
          onChange={(e) => setCardCode(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary btn-sm">
          Add gift card
        </button>
      </form>
      {active.length > 0 && (
        <form className="pos-add-row" onSubmit={(e) => void addPlan(e)} aria-label="Sell a membership or package">
          <label className="visually-hidden" htmlFor="pos-add-plan">
            Membership or package
          </label>
          <select id="pos-add-plan" className="pos-input" value={planId} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">Sell a membership or package…</option>
            {active.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} · {formatCents(p.priceMinor)}
                {p.period ? ` a ${p.period}` : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary btn-sm" disabled={!planId}>
            Add plan
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * Paying with prepaid value: the client's membership credits and package sessions, suggested line
 * by line in the order best for them, and gift cards by code (looked up, then spent in part or whole).
 */
export function PrepaidTenders({ ticket, onPaid }: { ticket: Ticket; onPaid(): void }) {
  const [codes, setCodes] = useState<string[]>([]);
  const suggestions = useQuery(TICKET_PREPAID, {
    variables: { ticketId: ticket.id, giftCardCodes: codes },
    fetchPolicy: 'network-only',
  });
  const [code, setCode] = useState('');
  const [lookUp, looking] = useLazyQuery(GIFT_CARD_BALANCE, { fetchPolicy: 'network-only' });
  const [pay, paying] = useMutation(PAY_TICKET);
  const { show } = usePaymentSuccess();
  const [giftAmount, setGiftAmount] = useState('');

  const check = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    const res = await lookUp({ variables: { code: typed } });
    const card = res.data?.giftCardBalance;
    if (!card) {
      toast({
        title: 'No gift card has this code',
        description: res.error ? graphqlErrorMessage(res.error) : undefined,
        variant: 'destructive',
      });
      return;
    }
    if (card.status !== 'active') {
      toast({
        title: card.status === 'expired' ? 'This gift card has expired' : 'This gift card has nothing left on it',
        variant: 'destructive',
      });
      return;
    }
    setGiftAmount(minorToDollars(Math.min(card.balanceMinor, ticket.balanceMinor)));
    if (!codes.includes(card.code)) setCodes([...codes, card.code]);
  };

  const tender = async (input: {
    method: 'gift_card' | 'prepaid_credit';
    amountMinor: number;
    giftCardCode?: string;
    prepaidId?: string;
    lineId?: string;
  }) => {
    try {
      const res = await pay({ variables: { ticketId: ticket.id, idempotencyKey: newIdempotencyKey(), input } });
      const after = res.data?.payTicket.ticket;
      if (after?.status === 'closed') show(after.totalMinor);
      toast({
        title: `${input.method === 'gift_card' ? 'Gift card' : 'Session'} applied: ${formatCents(input.amountMinor)}`,
        variant: 'success',
      });
      setGiftAmount('');
      await suggestions.refetch();
      onPaid();
    } catch (error) {
      toast({ title: 'Not applied', description: graphqlErrorMessage(error), variant: 'destructive' });
      void suggestions.refetch();
    }
  };

  const payGiftCard = async (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = dollarsToMinor(giftAmount);
    const card = codes[codes.length - 1];
    if (!card || amountMinor === null || amountMinor <= 0) return;
    await tender({ method: 'gift_card', giftCardCode: card, amountMinor });
  };

  const list = suggestions.data?.ticketPrepaid ?? [];
  const lastCode = codes[codes.length - 1];
  const lastBalance = looking.data?.giftCardBalance;

  return (
    <section className="pos-prepaid" aria-labelledby="prepaid-title">
      <h3 id="prepaid-title">Prepaid value</h3>
      {list.length > 0 && (
        <ul className="pos-prepaid-list" aria-label="Suggested, best for the client first">
          {list.map((s) => (
            <li key={`${s.source}-${s.prepaidId ?? s.giftCardCode}-${s.lineId ?? 'rest'}`}>
              <span>
                <strong>{s.label}</strong>
                {s.lineName ? ` · ${s.lineName}` : ''} · {formatCents(s.amountMinor)}
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-xs"
                disabled={paying.loading}
                onClick={() =>
                  void tender(
                    s.source === 'gift_card'
                      ? { method: 'gift_card', giftCardCode: s.giftCardCode!, amountMinor: s.amountMinor }
                      : { method: 'prepaid_credit', prepaidId: s.prepaidId!, lineId: s.lineId!, amountMinor: s.amountMinor },
                  )
                }
              >
                Apply
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="pos-add-row" onSubmit={(e) => void check(e)} aria-label="Look up a gift card">
        <label className="visually-hidden" htmlFor="pos-gift-code">
          Gift card code
        </label>
        <input
          id="pos-gift-code"
          className="pos-input"
          placeholder="Gift card code"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary btn-sm" disabled={looking.loading || !code.trim()}>
          Look up
        </button>
      </form>
      {lastCode && lastBalance && (
        <form className="pos-add-row" onSubmit={(e) => void payGiftCard(e)} aria-label="Pay with the gift card">
          <p className="small" data-testid="gift-card-balance">
            {lastBalance.code}: {formatCents(lastBalance.balanceMinor)} left
            {lastBalance.expiresAt ? ` · expires ${formatDate(lastBalance.expiresAt)}` : ''}
          </p>
          <label className="visually-hidden" htmlFor="pos-gift-pay">
            Amount from the gift card
          </label>
          <input
            id="pos-gift-pay"
            className="pos-price"
            inputMode="decimal"
            value={giftAmount}
            onChange={(e) => setGiftAmount(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={paying.loading}>
            Pay with gift card
          </button>
        </form>
      )}
    </section>
  );
}

/** The gift cards a closed ticket sold, with their codes (for the receipt and the recipient). */
export function SoldGiftCards({ ticket }: { ticket: Ticket }) {
  const sells = ticket.lines.some((l) => l.kind === 'gift_card');
  const q = useQuery(GIFT_CARDS_SOLD_ON, { variables: { ticketId: ticket.id }, skip: !sells || ticket.status !== 'closed' });
  const cards = q.data?.giftCardsSoldOn ?? [];
  if (!cards.length) return null;
  return (
    <section className="pos-prepaid" aria-labelledby="sold-cards-title">
      <h3 id="sold-cards-title">Gift cards issued</h3>
      <ul className="pos-prepaid-list">
        {cards.map((c) => (
          <li key={c.id}>
            <code data-testid="issued-gift-card">{c.code}</code> · {formatCents(c.balanceMinor)}
            {c.expiresAt ? ` · expires ${formatDate(c.expiresAt)}` : ' · no expiry'}
          </li>
        ))}
      </ul>
    </section>
  );
}
