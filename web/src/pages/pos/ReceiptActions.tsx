import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { TicketReceiptQuery } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { Dialog } from '../clients/Dialog';
import { RECEIPT_CONTACT, RECEIPT_DELIVERIES, SEND_RECEIPT, TICKET_RECEIPT } from './receipt-gql';
import { newIdempotencyKey } from './ticket-edits';

type Receipt = TicketReceiptQuery['ticketReceipt'];
type Channel = 'email' | 'sms';

/** A closed ticket's receipt: sent to the client (e-mail or text, through messaging) or printed at the desk. */
export function ReceiptActions({ ticket }: { ticket: { id: string; number: number; status: string; clientId?: string | null } }) {
  const { can } = usePermissions();
  const [open, setOpen] = useState<'send' | 'print' | null>(null);
  // Sends retail took that messaging may not have picked up yet (it learns of them through an event).
  const [awaiting, setAwaiting] = useState<string[]>([]);
  if (ticket.status !== 'closed') return null;
  const canSend = can(PERMISSIONS.USE_POS) && !!ticket.clientId;
  return (
    <section className="pos-receipt" aria-label="Receipt">
      <div className="row gap">
        {canSend && (
          <button type="button" className="btn btn-secondary" onClick={() => setOpen('send')} data-testid="send-receipt">
            Send receipt
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => setOpen('print')} data-testid="print-receipt">
          Print receipt
        </button>
      </div>
      {canSend && <ReceiptDeliveries ticketId={ticket.id} awaiting={awaiting} />}
      {open === 'send' && ticket.clientId && (
        <SendReceiptDialog
          ticketId={ticket.id}
          number={ticket.number}
          clientId={ticket.clientId}
          onClose={(sendId) => {
            setOpen(null);
            if (!sendId) return;
            setAwaiting((a) => [...a, sendId]);
            setTimeout(() => setAwaiting((a) => a.filter((id) => id !== sendId)), AWAIT_SEND_MS);
          }}
        />
      )}
      {open === 'print' && <PrintReceipt ticketId={ticket.id} onClose={() => setOpen(null)} />}
    </section>
  );
}

const STATUS_WORDS: Record<string, string> = {
  queued: 'Sending',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  suppressed: 'Not sent (the address or number refuses our messages)',
  refused: 'Not sent',
};

/** How long a send retail took is waited for in messaging's answer before the desk stops asking. */
const AWAIT_SEND_MS = 120_000;

/**
 * How each receipt went, as messaging tells it; asked again while one is still on its way,
 * including a send messaging has not heard of yet (retail's event may still be in transit).
 */
function ReceiptDeliveries({ ticketId, awaiting }: { ticketId: string; awaiting: readonly string[] }) {
  const [pollInterval, setPollInterval] = useState(0);
  const q = useQuery(RECEIPT_DELIVERIES, { variables: { ticketId }, fetchPolicy: 'cache-and-network', pollInterval });
  const list = q.data?.receiptDeliveries ?? [];
  const unseen = awaiting.some((sendId) => !list.some((d) => d.sendId === sendId));
  const pending = unseen || list.some((d) => d.status === 'queued' || d.status === 'sending');
  useEffect(() => setPollInterval(pending ? 1500 : 0), [pending]);
  if (list.length === 0) return null;
  return (
    <ul className="pos-receipt-sends" aria-live="polite" data-testid="receipt-deliveries">
      {list.map((d) => (
        <li key={d.sendId} className={d.status === 'refused' || d.status === 'failed' ? 'field-error small' : 'muted small'}>
          {STATUS_WORDS[d.status] ?? d.status} · {d.channel === 'sms' ? 'text' : 'e-mail'}
          {d.recipient ? ` to ${d.recipient}` : ''}
          {d.reason ? `: ${d.reason}` : ''}
        </li>
      ))}
    </ul>
  );
}

function SendReceiptDialog({
  ticketId,
  number,
  clientId,
  onClose,
}: {
  ticketId: string;
  number: number;
  clientId: string;
  onClose(sendId?: string): void;
}) {
  const contact = useQuery(RECEIPT_CONTACT, { variables: { id: clientId } });
  const client = contact.data?.client;
  const [channel, setChannel] = useState<Channel>('email');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, sending] = useMutation(SEND_RECEIPT, { refetchQueries: [{ query: RECEIPT_DELIVERIES, variables: { ticketId } }] });
  // One key per dialog: pressing Send twice (or a retry after a lost answer) asks once.
  const key = useRef(newIdempotencyKey());
  useEffect(() => {
    if (client && !client.email && client.phone && client.smsConsent.granted) setChannel('sms');
  }, [client]);
  const smsBlocked = client
    ? !client.phone
      ? 'no phone number on file'
      : !client.smsConsent.granted
        ? 'has not agreed to texts'
        : null
    : null;
  const emailBlocked = client && !client.email ? 'no e-mail address on file' : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const sent = await send({ variables: { ticketId, channel, idempotencyKey: key.current } });
      onClose(sent.data?.sendReceipt.id);
    } catch (error) {
      setProblem(graphqlErrorMessage(error));
    }
  };
  const option = (value: Channel, label: string, to: string | null | undefined, blocked: string | null) => (
    <label className="row gap">
      <input
        type="radio"
        name="receipt-channel"
        value={value}
        checked={channel === value}
        disabled={!!blocked}
        onChange={() => setChannel(value)}
        data-testid={`receipt-channel-${value}`}
      />
      <span>
        {label}
        {to ? ` to ${to}` : ''}
        {blocked ? <span className="muted small"> ({blocked})</span> : null}
      </span>
    </label>
  );
  return (
    <Dialog title={`Send receipt for ticket #${number}`} onClose={() => onClose()} testId="send-receipt-dialog">
      <form onSubmit={submit} className="stack">
        {contact.loading && <Spinner fullScreen={false} />}
        <fieldset className="stack">
          <legend>{client ? `Send to ${client.fullName}` : 'Send to the client'}</legend>
          {option('email', 'E-mail', client?.email, emailBlocked)}
          {option('sms', 'Text message', client?.phone, smsBlocked)}
        </fieldset>
        <p className="hint">Texts go only to clients who agreed to them and did not reply STOP.</p>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <div className="row gap">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={sending.loading || (channel === 'sms' ? !!smsBlocked : !!emailBlocked)}
          >
            Send
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onClose()}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The printable receipt: only it is printed (pos.css's print rules), and the print dialog opens once it is shown. */
function PrintReceipt({ ticketId, onClose }: { ticketId: string; onClose(): void }) {
  const q = useQuery(TICKET_RECEIPT, { variables: { ticketId }, fetchPolicy: 'network-only' });
  const receipt = q.data?.ticketReceipt;
  const printed = useRef(false);
  useEffect(() => {
    if (!receipt || printed.current) return;
    printed.current = true;
    // After the paint, so the print dialog shows the receipt.
    const id = window.setTimeout(() => window.print(), 0);
    return () => window.clearTimeout(id);
  }, [receipt]);
  return (
    <Dialog title="Receipt" onClose={onClose} testId="receipt-print-view">
      {q.error && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(q.error)}
        </div>
      )}
      {!receipt && !q.error && <Spinner fullScreen={false} />}
      {receipt && <ReceiptPaper receipt={receipt} />}
      <div className="row gap no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!receipt}>
          Print again
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The totals block, top to bottom: [label, amount, is the total]. */
function totalsOf(r: Receipt): [string, string, boolean][] {
  const rows: [string, string, boolean][] = [['Subtotal', formatCents(r.subtotalMinor), false]];
  if (r.discountMinor > 0)
    rows.push([`Discounts${r.discountReason ? ` (${r.discountReason})` : ''}`, `−${formatCents(r.discountMinor)}`, false]);
  rows.push(['Tax', formatCents(r.taxMinor), false]);
  if (r.tipMinor > 0) rows.push(['Tip', formatCents(r.tipMinor), false]);
  rows.push(['Total', formatCents(r.totalMinor), true]);
  for (const t of r.tenders) rows.push([`Paid · ${t.label}`, formatCents(t.amountMinor), false]);
  if (r.changeMinor > 0) rows.push(['Change', formatCents(r.changeMinor), false]);
  for (const x of r.refunds) rows.push([`Refunded to ${x.tender} · ${x.reason}`, `−${formatCents(x.amountMinor)}`, false]);
  return rows;
}

export function ReceiptPaper({ receipt: r }: { receipt: Receipt }) {
  return (
    <div className="receipt-paper" data-testid="receipt-paper">
      <header>
        <p className="receipt-business">{r.businessName}</p>
        <p>{r.locationName}</p>
        {r.locationAddress && <p>{r.locationAddress}</p>}
        {r.locationPhone && <p>{r.locationPhone}</p>}
        <p>
          Receipt #{r.ticketNumber} · {when(r.closedAt, r.timeZone)}
        </p>
      </header>
      <table className="receipt-table">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.name}
                {l.quantity > 1 ? ` × ${l.quantity}` : ''}
                {l.performer && <div className="receipt-note">with {l.performer}</div>}
                {l.discountMinor > 0 && (
                  <div className="receipt-note">
                    Discount {l.discountReason ? `(${l.discountReason})` : ''} −{formatCents(l.discountMinor)}
                  </div>
                )}
                {l.feeReason && l.feeReason !== l.name && <div className="receipt-note">{l.feeReason}</div>}
              </td>
              <td>{formatCents(l.grossMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals">
        {totalsOf(r).map(([label, value, strong], i) => (
          <div key={i} className={`receipt-pair${strong ? ' receipt-total' : ''}`}>
            <dt>{label}</dt>
            <dd data-testid={strong ? 'receipt-total' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt-thanks">Thank you!</p>
    </div>
  );
}
