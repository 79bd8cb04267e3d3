import { Fragment, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS, PRODUCT_LOOKUP_PERMISSIONS } from '@salon/contracts/permissions';
import { graphql } from '../../gql';
import type { TicketDiscountInput, TicketFieldsFragment, UpdateTicketInput } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatTime } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { usePaymentSuccess } from '../../shell/PaymentSuccess';
import { Dialog } from '../clients/Dialog';
import { dollarsToMinor, minorToDollars } from '../services/money';
import { useStaffOptions } from '../services/staff-options';
import { CardPaymentModal, type CardModalInfo } from './CardPaymentModal';
import { DiscountFields } from './DiscountFields';
import { TipSplitForm } from './TipSplit';
import { PrepaidTenders, SellPrepaid, SoldGiftCards } from './PrepaidPanels';
import { ReceiptActions } from './ReceiptActions';
import {
  CANCEL_PAYMENT,
  CARD_OPTIONS,
  PAY_TICKET,
  POS_PRODUCTS,
  PRODUCT_BY_CODE,
  REFUND_PAYMENT,
  TICKET,
  UPDATE_TICKET,
  VOID_TICKET,
} from './pos-gql';
import { usePendingTenders, waitsElsewhere } from './use-pending-tenders';
import { activeTip, changeDue, editLines, newIdempotencyKey, quickCash, tenderLabel, tipWithSplit, type LineEdit } from './ticket-edits';

export const POS_SERVICES = graphql(`
  query PosServices($locationId: ID) {
    services(locationId: $locationId) {
      id
      name
      priceMinor
      active
    }
  }
`);

type Ticket = TicketFieldsFragment;
type Payment = Ticket['payments'][number];
interface Settings {
  tipPresets: number[];
  discountLimitPercent: number;
}

const KIND_LABEL: Record<string, string> = {
  service: 'Service',
  product: 'Product',
  fee: 'Fee',
  gift_card: 'Gift card',
  membership: 'Membership',
  package: 'Package',
};
/** Lines that sell prepaid value: a refund of their ticket may void it. */
const PREPAID_LINE_KINDS = new Set(['gift_card', 'membership', 'package']);
const METHOD_LABEL: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  terminal: 'Card terminal',
  card_on_file: 'Card on file',
  gift_card: 'Gift card',
  prepaid_credit: 'Membership or package credit',
};

function isConflict(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'CONFLICT');
}

/** One ticket: its lines, discount, tip and totals (as the server answered them), its tenders and refunds. */
export function TicketEditor({ ticketId, settings, onChanged }: { ticketId: string; settings: Settings | null; onChanged(): void }) {
  const { can } = usePermissions();
  const canUse = can(PERMISSIONS.USE_POS);
  const q = useQuery(TICKET, { variables: { id: ticketId }, fetchPolicy: 'cache-and-network' });
  const [update, updating] = useMutation(UPDATE_TICKET);
  // The day's lists are refetched after every change; one read before it (still on its way when the
  // change was answered) writes the older totals over this ticket in the cache. Its version says
  // so: the change's own answer is shown until the cache has caught up with it.
  const [answered, setAnswered] = useState<Ticket | null>(null);
  const cached = q.data?.ticket;
  const ticket = answered && cached && answered.id === cached.id && answered.version > cached.version ? answered : cached;

  /** Saves a change; null when saved, else the server's refusal (a form shows it beside its fields). */
  const attempt = async (change: Omit<UpdateTicketInput, 'version'>): Promise<string | null> => {
    if (!ticket) return 'The ticket is still loading';
    try {
      const res = await update({ variables: { id: ticket.id, input: { version: ticket.version, ...change } } });
      setAnswered(res.data?.updateTicket ?? null);
      onChanged();
      return null;
    } catch (e) {
      if (isConflict(e)) void q.refetch();
      return graphqlErrorMessage(e);
    }
  };
  const save = async (change: Omit<UpdateTicketInput, 'version'>, what: string): Promise<boolean> => {
    const refused = await attempt(change);
    if (refused) toast({ title: `Could not ${what}`, description: refused, variant: 'destructive' });
    return refused === null;
  };
  const edit = (e: LineEdit, what: string) => (ticket ? save({ lines: editLines(ticket.lines, e) }, what) : Promise.resolve(false));
  const discountLine = (lineId: string, discount: TicketDiscountInput | null) =>
    ticket
      ? attempt({ lines: editLines(ticket.lines, { kind: 'discount', lineId, discount }) })
      : Promise.resolve('The ticket is still loading');

  if (!ticket) {
    return q.error ? (
      <div className="alert alert-error" role="alert">
        {graphqlErrorMessage(q.error)}
      </div>
    ) : (
      <Spinner fullScreen={false} />
    );
  }
  const editable = canUse && ticket.status === 'open';

  return (
    <article className="card pos-ticket" aria-labelledby="ticket-title" data-testid="ticket-editor" aria-busy={updating.loading}>
      <header className="pos-ticket-head">
        <div>
          <h2 id="ticket-title">
            Ticket #{ticket.number} <span className="muted">· {ticket.client?.fullName ?? 'Walk-in'}</span>
          </h2>
          <p className="muted small">Opened {formatTime(ticket.openedAt)}</p>
        </div>
        <span
          className={`badge ${ticket.status === 'closed' ? 'badge-success' : ticket.status === 'voided' ? 'badge-muted' : 'badge-primary'}`}
          data-testid="ticket-status"
        >
          {ticket.status === 'open' ? 'Open' : ticket.status === 'closed' ? 'Paid' : 'Voided'}
        </span>
      </header>

      <LinesTable
        ticket={ticket}
        editable={editable}
        limit={settings?.discountLimitPercent ?? null}
        onEdit={edit}
        onDiscount={discountLine}
      />
      {editable && <AddLine locationId={ticket.locationId} onEdit={edit} />}
      {editable && <SellPrepaid onEdit={edit} />}

      <div className="pos-adjust">
        {editable && <TicketDiscount ticket={ticket} limit={settings?.discountLimitPercent ?? null} onSave={save} onApply={attempt} />}
        {(editable || ticket.tip) && (
          <TipPicker
            ticket={ticket}
            presets={settings?.tipPresets ?? [15, 18, 20, 25]}
            editable={editable}
            onSave={save}
            onAttempt={attempt}
          />
        )}
      </div>

      <Totals ticket={ticket} />

      {ticket.status === 'open' && canUse && ticket.balanceMinor > 0 && <PrepaidTenders ticket={ticket} onPaid={onChanged} />}
      {ticket.status === 'open' && canUse && ticket.balanceMinor > 0 && <TenderPanel ticket={ticket} onPaid={onChanged} />}
      <SoldGiftCards ticket={ticket} />
      <Payments ticket={ticket} onRefunded={onChanged} />
      <ReceiptActions ticket={ticket} />
      {ticket.status === 'open' && canUse && ticket.paidMinor === 0 && <VoidButton ticket={ticket} onVoided={onChanged} />}
    </article>
  );
}

/** Lines a discount may go on: what the client buys (prepaid value is sold at its face value). */
const DISCOUNTABLE_KINDS = new Set(['service', 'product', 'fee']);

function LinesTable({
  ticket,
  editable,
  limit,
  onEdit,
  onDiscount,
}: {
  ticket: Ticket;
  editable: boolean;
  limit: number | null;
  onEdit(e: LineEdit, what: string): Promise<boolean>;
  onDiscount(lineId: string, discount: TicketDiscountInput | null): Promise<string | null>;
}) {
  const [discounting, setDiscounting] = useState<string | null>(null);
  if (ticket.lines.length === 0)
    return <p className="muted pos-empty-lines">Nothing on this ticket yet: add a service or an item below.</p>;
  return (
    <table className="table pos-lines" aria-label="Ticket lines">
      <thead>
        <tr>
          <th>Item</th>
          <th className="num">Qty</th>
          <th className="num">Price</th>
          <th className="num">Discount</th>
          <th className="num">Tax</th>
          <th className="num">Total</th>
          {editable && (
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {ticket.lines.map((l) => (
          <Fragment key={l.id}>
            <tr data-testid={`line-${l.id}`}>
              <td>
                <strong>{l.name}</strong>
                <div className="muted small">
                  {KIND_LABEL[l.kind] ?? l.kind}
                  {l.staffName ? ` · ${l.staffName}` : ''}
                  {l.kind === 'fee' && l.reason ? ` · ${l.reason}` : ''}
                  {l.discount ? ` · ${discountWords(l.discount)} off: ${l.discount.reason}` : ''}
                </div>
              </td>
              <td className="num">
                {editable ? (
                  <CommitInput
                    label={`Quantity of ${l.name}`}
                    value={String(l.quantity)}
                    inputMode="numeric"
                    className="pos-qty"
                    onCommit={async (text) => {
                      const quantity = Number(text);
                      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999) return 'invalid';
                      if (quantity !== l.quantity) await onEdit({ kind: 'quantity', lineId: l.id, quantity }, 'change the quantity');
                      return undefined;
                    }}
                  />
                ) : (
                  l.quantity
                )}
              </td>
              <td className="num">
                {editable ? (
                  <CommitInput
                    label={`Price of ${l.name}`}
                    value={minorToDollars(l.unitPriceMinor)}
                    inputMode="decimal"
                    className="pos-price"
                    onCommit={async (text) => {
                      const minor = dollarsToMinor(text);
                      if (minor === null) return 'invalid';
                      if (minor !== l.unitPriceMinor)
                        await onEdit({ kind: 'price', lineId: l.id, unitPriceMinor: minor }, 'change the price');
                      return undefined;
                    }}
                  />
                ) : (
                  formatCents(l.unitPriceMinor)
                )}
              </td>
              <td className="num">
                {l.discountMinor ? `−${formatCents(l.discountMinor)}` : '—'}
                {editable && DISCOUNTABLE_KINDS.has(l.kind) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs pos-line-discount-toggle"
                    aria-expanded={discounting === l.id}
                    aria-controls={`line-discount-${l.id}`}
                    aria-label={`Discount ${l.name}`}
                    onClick={() => setDiscounting(discounting === l.id ? null : l.id)}
                  >
                    %
                  </button>
                )}
              </td>
              <td className="num">{l.taxMinor ? formatCents(l.taxMinor) : '—'}</td>
              <td className="num">{formatCents(l.totalMinor)}</td>
              {editable && (
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove ${l.name}`}
                    onClick={() => void onEdit({ kind: 'remove', lineId: l.id }, 'remove the line')}
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
            {editable && discounting === l.id && (
              <tr className="pos-line-discount" id={`line-discount-${l.id}`} data-testid={`line-discount-${l.id}`}>
                <td colSpan={7}>
                  {l.discount ? (
                    <p className="row gap">
                      <span>
                        {discountWords(l.discount)} off {l.name} · {l.discount.reason}
                      </span>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        autoFocus
                        onClick={() =>
                          void onDiscount(l.id, null).then((refused) =>
                            refused
                              ? toast({ title: 'Could not remove the discount', description: refused, variant: 'destructive' })
                              : setDiscounting(null),
                          )
                        }
                      >
                        Remove discount
                      </button>
                    </p>
                  ) : (
                    <DiscountFields
                      idPrefix={`line-discount-${l.id}`}
                      label={`Discount ${l.name}`}
                      ofMinor={l.grossMinor}
                      limit={limit}
                      autoFocus
                      onApply={async (input) => {
                        const refused = await onDiscount(l.id, input);
                        if (!refused) setDiscounting(null);
                        return refused;
                      }}
                      onCancel={() => setDiscounting(null)}
                    />
                  )}
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/** A field that saves on Enter or when it loses focus, and shows the saved value again after (or on Escape). */
function CommitInput(props: {
  label: string;
  value: string;
  inputMode: 'numeric' | 'decimal';
  className?: string;
  onCommit(text: string): Promise<'invalid' | undefined>;
}) {
  const [text, setText] = useState<string | null>(null);
  const busy = useRef(false);
  const commit = async () => {
    if (text === null || busy.current) return;
    busy.current = true;
    try {
      if ((await props.onCommit(text)) === 'invalid') toast({ title: `${props.label}: not a valid value`, variant: 'destructive' });
    } finally {
      busy.current = false;
      setText(null);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') setText(null);
  };
  return (
    <input
      className={props.className}
      aria-label={props.label}
      inputMode={props.inputMode}
      value={text ?? props.value}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
    />
  );
}

function AddLine({ locationId, onEdit }: { locationId: string; onEdit(e: LineEdit, what: string): Promise<boolean> }) {
  const { can } = usePermissions();
  const canSeeServices = can({
    anyOf: [
      PERMISSIONS.VIEW_SERVICES,
      PERMISSIONS.VIEW_CALENDAR,
      PERMISSIONS.EDIT_CALENDAR,
      PERMISSIONS.VIEW_BUSINESS_SETTINGS,
      PERMISSIONS.EDIT_BUSINESS_SETTINGS,
    ],
  });
  const services = useQuery(POS_SERVICES, { variables: { locationId }, skip: !canSeeServices });
  const { people } = useStaffOptions();
  const [serviceId, setServiceId] = useState('');
  const [staffId, setStaffId] = useState('');
  const [item, setItem] = useState({ kind: 'product' as 'product' | 'fee', name: '', price: '', reason: '' });
  const canChargeFees = can(PERMISSIONS.CHARGE_FEES);
  const active = (services.data?.services ?? []).filter((s) => s.active);
  const products = useQuery(POS_PRODUCTS, { skip: !can({ anyOf: PRODUCT_LOOKUP_PERMISSIONS }) });
  const [productId, setProductId] = useState('');
  const [code, setCode] = useState('');
  const [findByCode, finding] = useLazyQuery(PRODUCT_BY_CODE, { fetchPolicy: 'network-only' });

  /** Scanners type the code and press Enter: the product is added at once, the field emptied for the next scan. */
  const scan = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    const res = await findByCode({ variables: { code: typed } });
    const found = res.data?.productByCode;
    if (!found) {
      toast({ title: `No product has the barcode ${typed}`, variant: 'destructive' });
      return;
    }
    if (!found.active || found.use !== 'retail') {
      toast({ title: `${found.name} is not for sale`, variant: 'destructive' });
      return;
    }
    if (await onEdit({ kind: 'add-product', productId: found.id }, `add ${found.name}`)) setCode('');
  };
  const addProduct = async (e: FormEvent) => {
    e.preventDefault();
    if (!productId) return;
    if (await onEdit({ kind: 'add-product', productId }, 'add the product')) setProductId('');
  };

  const addService = async (e: FormEvent) => {
    e.preventDefault();
    if (!serviceId) return;
    if (await onEdit({ kind: 'add-service', serviceId, staffId: staffId || null }, 'add the service')) setServiceId('');
  };
  const addItem = async (e: FormEvent) => {
    e.preventDefault();
    const price = dollarsToMinor(item.price);
    if (!item.name.trim() || price === null) {
      toast({ title: 'Give the item a name and a price in dollars', variant: 'destructive' });
      return;
    }
    if (item.kind === 'fee' && !item.reason.trim()) {
      toast({ title: 'Give the fee a reason', description: 'The client reads it on the receipt.', variant: 'destructive' });
      return;
    }
    const added = { kind: 'add-item' as const, itemKind: item.kind, name: item.name, unitPriceMinor: price, reason: item.reason };
    if (await onEdit(added, item.kind === 'fee' ? 'add the fee' : 'add the item')) setItem({ ...item, name: '', price: '', reason: '' });
  };

  return (
    <div className="pos-add">
      {active.length > 0 && (
        <form className="pos-add-row" onSubmit={(e) => void addService(e)} aria-label="Add a service">
          <label className="visually-hidden" htmlFor="pos-add-service">
            Service
          </label>
          <select id="pos-add-service" className="pos-input" value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
            <option value="">Add a service…</option>
            {active.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {formatCents(s.priceMinor)}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="pos-add-staff">
            Performed by
          </label>
          <select id="pos-add-staff" className="pos-input" value={staffId} onChange={(e) => setStaffId(e.target.value)}>
            <option value="">Performed by…</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.fullName}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary btn-sm" disabled={!serviceId}>
            Add service
          </button>
        </form>
      )}
      <form className="pos-add-row" onSubmit={(e) => void scan(e)} aria-label="Scan a barcode">
        <label className="visually-hidden" htmlFor="pos-barcode">
          Barcode
        </label>
        <input
          id="pos-barcode"
          className="pos-input"
          placeholder="Scan or type a barcode"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          data-testid="pos-barcode"
        />
        <button type="submit" className="btn btn-secondary btn-sm" disabled={finding.loading || !code.trim()}>
          Add
        </button>
      </form>
      {(products.data?.products?.length ?? 0) > 0 && (
        <form className="pos-add-row" onSubmit={(e) => void addProduct(e)} aria-label="Add a product">
          <label className="visually-hidden" htmlFor="pos-add-product">
            Product
          </label>
          <select id="pos-add-product" className="pos-input" value={productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">Add a product…</option>
            {products.data!.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.brand ? `${p.brand} ` : ''}
                {p.name} · {formatCents(p.priceMinor)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary btn-sm" disabled={!productId}>
            Add product
          </button>
        </form>
      )}
      <form className="pos-add-row" onSubmit={(e) => void addItem(e)} aria-label="Add an item">
        <label className="visually-hidden" htmlFor="pos-item-kind">
          Kind
        </label>
        <select
          id="pos-item-kind"
          className="pos-input"
          value={item.kind}
          onChange={(e) => setItem({ ...item, kind: e.target.value as 'product' | 'fee' })}
        >
          <option value="product">Product</option>
          {canChargeFees && <option value="fee">Fee</option>}
        </select>
        <label className="visually-hidden" htmlFor="pos-item-name">
          Item name
        </label>
        <input
          id="pos-item-name"
          className="pos-input"
          placeholder="Item name"
          value={item.name}
          onChange={(e) => setItem({ ...item, name: e.target.value })}
        />
        <label className="visually-hidden" htmlFor="pos-item-price">
          Item price
        </label>
        <input
          id="pos-item-price"
          className="pos-price"
          placeholder="0.00"
          inputMode="decimal"
          value={item.price}
          onChange={(e) => setItem({ ...item, price: e.target.value })}
        />
        {item.kind === 'fee' && (
          <>
            <label className="visually-hidden" htmlFor="pos-item-reason">
              Fee reason (on the receipt)
            </label>
            <input
              id="pos-item-reason"
              className="pos-input"
              placeholder="Reason (on the receipt)"
              aria-required="true"
              value={item.reason}
              onChange={(e) => setItem({ ...item, reason: e.target.value })}
            />
          </>
        )}
        <button type="submit" className="btn btn-secondary btn-sm">
          {item.kind === 'fee' ? 'Add fee' : 'Add item'}
        </button>
      </form>
    </div>
  );
}

/** "10%" or "$5.00": a discount as asked for. */
function discountWords(d: { type: string; percent?: number | null; amountMinor?: number | null }): string {
  return d.type === 'percent' ? `${d.percent}%` : formatCents(d.amountMinor ?? 0);
}

function TicketDiscount({
  ticket,
  limit,
  onSave,
  onApply,
}: {
  ticket: Ticket;
  limit: number | null;
  onSave(c: Omit<UpdateTicketInput, 'version'>, what: string): Promise<boolean>;
  onApply(c: Omit<UpdateTicketInput, 'version'>): Promise<string | null>;
}) {
  return (
    <fieldset className="fieldset pos-discount">
      <legend>Ticket discount</legend>
      {ticket.discount ? (
        <p className="row gap">
          <span>
            {discountWords(ticket.discount)} off · {ticket.discount.reason}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onSave({ discount: null }, 'remove the discount')}>
            Remove discount
          </button>
        </p>
      ) : (
        <DiscountFields
          idPrefix="pos-discount"
          label="Discount the ticket"
          ofMinor={ticket.subtotalMinor - ticket.discountMinor}
          limit={limit}
          onApply={(discount) => onApply({ discount })}
        />
      )}
    </fieldset>
  );
}

function TipPicker({
  ticket,
  presets,
  editable,
  onSave,
  onAttempt,
}: {
  ticket: Ticket;
  presets: number[];
  editable: boolean;
  onSave(c: Omit<UpdateTicketInput, 'version'>, what: string): Promise<boolean>;
  onAttempt(c: Omit<UpdateTicketInput, 'version'>): Promise<string | null>;
}) {
  const current = activeTip(ticket.tip);
  const [custom, setCustom] = useState('');
  const [splitting, setSplitting] = useState(false);
  const tip = ticket.tip;
  const setAmount = async (e: FormEvent) => {
    e.preventDefault();
    const minor = dollarsToMinor(custom);
    if (minor === null) return toast({ title: 'Enter the tip in dollars, such as 10 or 12.50', variant: 'destructive' });
    if (await onSave({ tip: { amountMinor: minor } }, 'set the tip')) setCustom('');
  };
  return (
    <fieldset className="fieldset pos-tip">
      <legend>Tip</legend>
      {editable && (
        <div className="pos-tip-buttons" role="group" aria-label="Tip presets">
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className={`btn btn-sm ${current.preset === p ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={current.preset === p}
              onClick={() => void onSave({ tip: { percent: p } }, 'set the tip')}
            >
              {p}%
            </button>
          ))}
          <button
            type="button"
            className={`btn btn-sm ${ticket.tip ? 'btn-secondary' : 'btn-primary'}`}
            aria-pressed={!ticket.tip}
            onClick={() => void onSave({ tip: null }, 'remove the tip')}
          >
            No tip
          </button>
        </div>
      )}
      {editable && (
        <form className="pos-add-row" onSubmit={(e) => void setAmount(e)} aria-label="Tip an amount">
          <label className="visually-hidden" htmlFor="pos-tip-amount">
            Tip amount
          </label>
          <input
            id="pos-tip-amount"
            className="pos-price"
            inputMode="decimal"
            placeholder="Other amount"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
          <button type="submit" className="btn btn-secondary btn-sm">
            Set tip
          </button>
        </form>
      )}
      {tip && (
        <p className="small" data-testid="tip-split">
          {tip.percent !== null && tip.percent !== undefined ? `${tip.percent}% of ${formatCents(tip.baseMinor)} services: ` : 'Tip: '}
          {tip.split.map((s) => `${s.staffName ?? 'Unassigned'} ${formatCents(s.amountMinor)}`).join(' · ') || formatCents(tip.amountMinor)}
          {tip.splitMode === 'manual' ? ' (split by hand)' : ''}
        </p>
      )}
      {editable && tip && tip.amountMinor > 0 && !splitting && (
        <div className="pos-add-row">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSplitting(true)}>
            Split by hand
          </button>
          {tip.splitMode === 'manual' && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void onSave({ tip: tipWithSplit(tip, null) }, 'split the tip')}
            >
              Split proportionally
            </button>
          )}
        </div>
      )}
      {editable && tip && splitting && <TipSplitForm ticket={{ ...ticket, tip }} onSave={onAttempt} onClose={() => setSplitting(false)} />}
    </fieldset>
  );
}

function Totals({ ticket }: { ticket: Ticket }) {
  const rows: [string, number, string?][] = [
    ['Subtotal', ticket.subtotalMinor],
    ...(ticket.discountMinor ? ([['Discounts', -ticket.discountMinor]] as [string, number][]) : []),
    ['Tax', ticket.taxMinor],
    ['Tip', ticket.tipMinor],
  ];
  return (
    <dl className="pos-totals" aria-label="Totals" data-testid="ticket-totals">
      {rows.map(([label, value]) => (
        <div key={label} className="pos-total-row">
          <dt>{label}</dt>
          <dd>{value < 0 ? `−${formatCents(-value)}` : formatCents(value)}</dd>
        </div>
      ))}
      <div className="pos-total-row pos-total-grand">
        <dt>Total</dt>
        <dd data-testid="ticket-total">{formatCents(ticket.totalMinor)}</dd>
      </div>
      {ticket.paidMinor > 0 && (
        <div className="pos-total-row">
          <dt>Paid</dt>
          <dd>{formatCents(ticket.paidMinor)}</dd>
        </div>
      )}
      {ticket.refundedMinor > 0 && (
        <div className="pos-total-row">
          <dt>Refunded</dt>
          <dd>−{formatCents(ticket.refundedMinor)}</dd>
        </div>
      )}
      {ticket.status === 'open' && (
        <div className="pos-total-row pos-total-due">
          <dt>Balance due</dt>
          <dd data-testid="ticket-balance">{formatCents(ticket.balanceMinor)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Cash (change due when more is handed over), or a card: the hosted modal, the terminal, a saved card. */
function TenderPanel({ ticket, onPaid }: { ticket: Ticket; onPaid(): void }) {
  // Untouched, the amount follows the balance the server answers (a tip added, a part already paid).
  const [typedAmount, setAmount] = useState<string | null>(null);
  const amount = typedAmount ?? minorToDollars(ticket.balanceMinor);
  const [received, setReceived] = useState('');
  // One key per attempt: a double click or a retried request pays once; a new attempt gets a new key.
  const [key, setKey] = useState(newIdempotencyKey);
  const [pay, paying] = useMutation(PAY_TICKET);
  const { show } = usePaymentSuccess();
  const amountMinor = dollarsToMinor(amount);
  const receivedMinor = received.trim() === '' ? amountMinor : dollarsToMinor(received);
  const change = changeDue(amountMinor, receivedMinor);

  const takeCash = async (e: FormEvent) => {
    e.preventDefault();
    if (amountMinor === null || amountMinor <= 0 || change === null) {
      toast({ title: 'Check the amounts', description: 'The cash received must cover the amount paid.', variant: 'destructive' });
      return;
    }
    try {
      const res = await pay({
        variables: {
          ticketId: ticket.id,
          idempotencyKey: key,
          input: { method: 'cash', amountMinor, tenderedMinor: receivedMinor ?? amountMinor },
        },
      });
      setKey(newIdempotencyKey());
      setReceived('');
      const after = res.data?.payTicket.ticket;
      const given = res.data?.payTicket.payment.changeMinor ?? 0;
      setAmount(null);
      if (after?.status === 'closed') show(after.totalMinor);
      toast({ title: given ? `Change due: ${formatCents(given)}` : 'Cash taken', variant: 'success' });
      onPaid();
    } catch (error) {
      toast({ title: 'Payment not taken', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <section className="pos-tender" aria-labelledby="tender-title">
      <h3 id="tender-title">Take payment</h3>
      <form className="pos-tender-form" onSubmit={(e) => void takeCash(e)}>
        <div className="field">
          <label htmlFor="pos-cash-amount">Amount to pay</label>
          <input
            id="pos-cash-amount"
            className="pos-input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <span className="hint">Cash or card: less than the balance to split the payment.</span>
        </div>
        <div className="field">
          <label htmlFor="pos-cash-received">Cash received</label>
          <input
            id="pos-cash-received"
            className="pos-input"
            inputMode="decimal"
            placeholder={amount}
            value={received}
            onChange={(e) => setReceived(e.target.value)}
          />
          <div className="pos-quick-cash" role="group" aria-label="Quick cash">
            {quickCash(amountMinor ?? ticket.balanceMinor).map((v) => (
              <button key={v} type="button" className="btn btn-ghost btn-xs" onClick={() => setReceived(minorToDollars(v))}>
                {formatCents(v)}
              </button>
            ))}
          </div>
        </div>
        <p className="pos-change" aria-live="polite" data-testid="change-due">
          Change due: <strong>{change === null ? '—' : formatCents(change)}</strong>
        </p>
        <button type="submit" className="btn btn-primary btn-lg" disabled={paying.loading}>
          Take {amountMinor ? formatCents(amountMinor) : ''} cash
        </button>
      </form>
      <CardTenders ticket={ticket} amountMinor={amountMinor} onPaid={onPaid} onSettled={() => setAmount(null)} />
    </section>
  );
}

/**
 * The card methods, each with its own Idempotency-Key: the hosted modal (`card`), a registered
 * reader (`terminal`) and the client's saved card (`card_on_file`). A card tender is pending until
 * Stripe confirms it; the ticket is read again then, and a closing tender shows the success screen.
 */
function CardTenders({
  ticket,
  amountMinor,
  onPaid,
  onSettled,
}: {
  ticket: Ticket;
  amountMinor: number | null;
  onPaid(): void;
  onSettled(): void;
}) {
  const [pay, paying] = useMutation(PAY_TICKET);
  const { show } = usePaymentSuccess();
  const options = useQuery(CARD_OPTIONS, {
    variables: { locationId: ticket.locationId, clientId: ticket.clientId ?? ticket.locationId, withClient: Boolean(ticket.clientId) },
    fetchPolicy: 'cache-and-network',
  });
  const readers = options.data?.cardReaders ?? [];
  const cards = options.data?.savedPaymentMethods ?? [];
  const [readerId, setReaderId] = useState('');
  const [cardId, setCardId] = useState('');
  const [open, setOpen] = useState<{ paymentId: string; amountMinor: number; modal: CardModalInfo } | null>(null);

  const start = async (method: 'card' | 'terminal' | 'card_on_file') => {
    if (amountMinor === null || amountMinor <= 0) {
      toast({ title: 'Check the amount', description: 'Enter the amount to charge to the card.', variant: 'destructive' });
      return;
    }
    const input =
      method === 'terminal'
        ? { method, amountMinor, readerId: readerId || readers[0]?.id }
        : method === 'card_on_file'
          ? { method, amountMinor, savedCardId: cardId || cards[0]?.id }
          : { method, amountMinor };
    try {
      const res = await pay({ variables: { ticketId: ticket.id, idempotencyKey: newIdempotencyKey(), input } });
      const answer = res.data?.payTicket;
      if (!answer) return;
      const m = answer.cardModal;
      if (m?.kind === 'hosted_page' && m.url)
        setOpen({ paymentId: answer.payment.id, amountMinor, modal: { kind: 'hosted_page', url: m.url } });
      else if (m?.kind === 'payment_element' && m.publishableKey && m.clientSecret)
        setOpen({
          paymentId: answer.payment.id,
          amountMinor,
          modal: { kind: 'payment_element', publishableKey: m.publishableKey, clientSecret: m.clientSecret },
        });
      else if (answer.payment.status === 'succeeded') {
        if (answer.ticket.status === 'closed') show(answer.ticket.totalMinor);
        toast({ title: `Card charged ${formatCents(answer.payment.amountMinor)}`, variant: 'success' });
      } else if (answer.payment.status === 'failed') {
        toast({ title: 'Card declined', description: answer.payment.failureReason ?? undefined, variant: 'destructive' });
      } else if (method === 'terminal')
        toast({ title: 'Sent to the card reader', description: 'The client taps or inserts their card there.' });
      else if (answer.payment.actionUrl) {
        toast({
          title: 'The bank asks the client to confirm',
          description: 'They were sent a link; the ticket stays open until they confirm.',
        });
      }
      onSettled();
      onPaid();
    } catch (error) {
      toast({ title: 'Card payment not started', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="pos-card-methods" role="group" aria-label="Card payments">
      <button type="button" className="btn btn-secondary" disabled={paying.loading} onClick={() => void start('card')}>
        Pay {amountMinor ? formatCents(amountMinor) : ''} by card
      </button>
      {readers.length > 0 && (
        <span className="pos-card-option">
          {readers.length > 1 && (
            <select aria-label="Card reader" className="pos-input" value={readerId} onChange={(e) => setReaderId(e.target.value)}>
              {readers.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
          <button type="button" className="btn btn-secondary" disabled={paying.loading} onClick={() => void start('terminal')}>
            {METHOD_LABEL.terminal}
          </button>
        </span>
      )}
      {cards.length > 0 && (
        <span className="pos-card-option">
          <select aria-label="Saved card" className="pos-input" value={cardId} onChange={(e) => setCardId(e.target.value)}>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.brand} •••• {c.last4} ({String(c.expMonth).padStart(2, '0')}/{String(c.expYear).slice(-2)})
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-secondary" disabled={paying.loading} onClick={() => void start('card_on_file')}>
            {METHOD_LABEL.card_on_file}
          </button>
        </span>
      )}
      {open && (
        <CardPaymentModal
          ticketId={ticket.id}
          paymentId={open.paymentId}
          amountMinor={open.amountMinor}
          modal={open.modal}
          onFinished={({ status, reason, closedTotalMinor }) => {
            setOpen(null);
            if (status === 'succeeded') {
              if (closedTotalMinor !== null) show(closedTotalMinor);
              toast({ title: `Card charged ${formatCents(open.amountMinor)}`, variant: 'success' });
            } else if (status === 'failed') toast({ title: 'Card declined', description: reason ?? undefined, variant: 'destructive' });
            onPaid();
          }}
        />
      )}
    </div>
  );
}

function Payments({ ticket, onRefunded }: { ticket: Ticket; onRefunded(): void }) {
  const { can } = usePermissions();
  const canRefund = can(PERMISSIONS.REFUND_PAYMENTS);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [cancel, cancelling] = useMutation(CANCEL_PAYMENT);
  usePendingTenders(ticket);
  // The client walked away from the reader or never confirmed: the desk frees the ticket to be paid another way.
  const cancelTender = async (p: Payment) => {
    try {
      const res = await cancel({ variables: { paymentId: p.id } });
      const status = res.data?.cancelPayment.payment.status;
      toast(
        status === 'succeeded'
          ? { title: `The card was charged ${formatCents(p.amountMinor)} before it could be cancelled`, variant: 'success' }
          : { title: 'Card payment cancelled', description: 'Take the balance another way.' },
      );
    } catch (error) {
      toast({ title: 'Card payment not cancelled', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
    onRefunded();
  };
  if (ticket.payments.length === 0) return null;
  return (
    <section className="pos-payments" aria-labelledby="payments-title">
      <h3 id="payments-title">Payments</h3>
      <ul>
        {ticket.payments.map((p) => (
          <li key={p.id} className="pos-item" data-testid={`payment-${p.id}`}>
            <div className="pos-item-main">
              <strong>
                {tenderLabel(METHOD_LABEL[p.method] ?? p.method, p.cardBrand, p.cardLast4)} {formatCents(p.amountMinor)}
              </strong>{' '}
              <span className="muted small">
                {formatTime(p.createdAt)}
                {p.status !== 'succeeded' ? ` · ${p.status}` : ''}
                {p.changeMinor ? ` · change ${formatCents(p.changeMinor)}` : ''}
                {p.refundedMinor ? ` · refunded ${formatCents(p.refundedMinor)}` : ''}
              </span>
              {p.failureReason && <div className="muted small">{p.failureReason}</div>}
              {p.refunds.map((r) => (
                <div key={r.id} className="muted small">
                  Refund {formatCents(r.amountMinor)} · {r.reason}
                </div>
              ))}
            </div>
            {waitsElsewhere(p) && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={cancelling.loading}
                onClick={() => void cancelTender(p)}
                aria-label={`Cancel the ${METHOD_LABEL[p.method] ?? p.method} payment of ${formatCents(p.amountMinor)}`}
              >
                Cancel
              </button>
            )}
            {canRefund && p.refundableMinor > 0 && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRefunding(p)}>
                Refund
              </button>
            )}
          </li>
        ))}
      </ul>
      {refunding && (
        <RefundDialog
          payment={refunding}
          canRestock={ticket.status === 'closed' && ticket.lines.some((l) => !!l.productId)}
          canVoidPrepaid={ticket.status === 'closed' && ticket.lines.some((l) => PREPAID_LINE_KINDS.has(l.kind))}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            onRefunded();
          }}
        />
      )}
    </section>
  );
}

function RefundDialog({
  payment,
  canRestock,
  canVoidPrepaid,
  onClose,
  onDone,
}: {
  payment: Payment;
  canRestock: boolean;
  canVoidPrepaid: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const [amount, setAmount] = useState(minorToDollars(payment.refundableMinor));
  const [restock, setRestock] = useState(false);
  const [voidPrepaid, setVoidPrepaid] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key] = useState(newIdempotencyKey);
  const [refund, refunding] = useMutation(REFUND_PAYMENT);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = dollarsToMinor(amount);
    if (amountMinor === null || amountMinor <= 0) return setProblem('Enter the amount in dollars');
    if (amountMinor > payment.refundableMinor)
      return setProblem(`At most ${formatCents(payment.refundableMinor)} can be refunded on this payment`);
    if (!reason.trim()) return setProblem('Give a reason');
    try {
      await refund({
        variables: {
          paymentId: payment.id,
          idempotencyKey: key,
          input: {
            amountMinor,
            reason: reason.trim(),
            ...(restock ? { restock: true } : {}),
            ...(voidPrepaid ? { voidPrepaid: true } : {}),
          },
        },
      });
      toast({
        title: `Refunded ${formatCents(amountMinor)} in ${METHOD_LABEL[payment.method]?.toLowerCase() ?? payment.method}`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      setProblem(graphqlErrorMessage(error));
    }
  };
  return (
    <Dialog
      title={`Refund ${METHOD_LABEL[payment.method] ?? payment.method} ${formatCents(payment.amountMinor)}`}
      onClose={onClose}
      testId="refund-dialog"
    >
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="refund-amount">Amount to refund</label>
          <input
            id="refund-amount"
            className="pos-input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoFocus
          />
          <span className="hint">Up to {formatCents(payment.refundableMinor)}.</span>
        </div>
        <div className="field">
          <label htmlFor="refund-reason">Reason</label>
          <input id="refund-reason" className="pos-input" value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {canRestock && (
          <label className="checkbox-row">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} data-testid="refund-restock" />
            Put the products back in stock
          </label>
        )}
        {canVoidPrepaid && (
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={voidPrepaid}
              onChange={(e) => setVoidPrepaid(e.target.checked)}
              data-testid="refund-void-prepaid"
            />
            Void the gift cards, memberships and packages this ticket sold (only if never used)
          </label>
        )}
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={refunding.loading}>
            Refund
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function VoidButton({ ticket, onVoided }: { ticket: Ticket; onVoided(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [voidTicket, voiding] = useMutation(VOID_TICKET);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    try {
      await voidTicket({ variables: { id: ticket.id, input: { reason: reason.trim() } } });
      setOpen(false);
      toast({ title: `Ticket #${ticket.number} voided`, variant: 'success' });
      onVoided();
    } catch (error) {
      toast({ title: 'Could not void the ticket', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <div className="pos-void">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)}>
        Void ticket
      </button>
      {open && (
        <Dialog
          title={`Void ticket #${ticket.number}`}
          onClose={() => setOpen(false)}
          description="Nothing has been paid on it; its appointments can be checked out again."
        >
          <form className="form" onSubmit={(e) => void submit(e)}>
            <div className="field">
              <label htmlFor="void-reason">Reason</label>
              <input id="void-reason" className="pos-input" value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
            </div>
            <div className="form-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                Keep it
              </button>
              <button type="submit" className="btn btn-danger" disabled={voiding.loading || !reason.trim()}>
                Void
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
