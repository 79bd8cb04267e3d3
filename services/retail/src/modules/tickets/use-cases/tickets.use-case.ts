import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  isUuid,
  openTicketInputSchema,
  satisfies,
  ticketListQuerySchema,
  updateTicketInputSchema,
  voidTicketInputSchema,
  type TicketLineInput,
  type TicketView,
} from '@salon/contracts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  parseInput,
  PermissionResolver,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
  type FieldProblem,
} from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { PosSettingsUseCase } from '../../pos-settings/use-cases/pos-settings.use-case.js';
import { requiredApprovals, type LineChange } from '../domain/ticket-approvals.rules.js';
import { checkoutRefusal, editRefusal, totalBelowPaid, voidRefusal } from '../domain/ticket-state.rules.js';
import { computeTotals, type DiscountRule } from '../domain/ticket-totals.rules.js';
import type { TipRule } from '../domain/tips.rules.js';
import { ProductRepository, type ProductRow } from '../../products/persistence/product.repository.js';
import { PlanRepository, type PlanRow } from '../../memberships/persistence/plan.repository.js';
import { PlatformLookup, type CatalogueService, type CheckoutAppointment } from '../persistence/platform-lookup.provider.js';
import { TicketRepository, type LineRow, type StoredTip, type TicketRow } from '../persistence/ticket.repository.js';
import { sameDiscount, toDiscountRule, toTicketView, toTipRule } from './ticket-view.js';
import { DepositTenders } from '../../deposits/use-cases/deposit-tenders.use-case.js';
import { memberDiscounts } from '../../memberships/domain/member-benefits.rules.js';
import { PrepaidRepository } from '../../memberships/persistence/prepaid.repository.js';

/** A line before its totals are computed. */
type LineSeed = Omit<LineRow, 'grossMinor' | 'discountMinor' | 'netMinor' | 'taxPpm' | 'taxMinor' | 'totalMinor'>;

/** A ticket's editable state: what computing its totals starts from. */
interface TicketState {
  clientId: string | null;
  lines: LineSeed[];
  discount: DiscountRule | null;
  tip: TipRule | null;
}

/**
 * Opening, reading, changing and voiding tickets. Every total is recomputed from the lines by the
 * domain (ticket-totals.rules.ts) inside the transaction that writes them, under the ticket's row
 * lock, so what is stored is always what the lines say.
 */
@Injectable()
export class TicketsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tickets: TicketRepository,
    private readonly settings: PosSettingsUseCase,
    private readonly lookup: PlatformLookup,
    private readonly users: UserDirectory,
    private readonly permissions: PermissionResolver,
    private readonly products: ProductRepository,
    private readonly plans: PlanRepository,
    private readonly depositTenders: DepositTenders,
    private readonly held: PrepaidRepository,
  ) {}

  async get(id: string): Promise<TicketView> {
    const ticket = isUuid(id) ? await this.tickets.find(id) : null;
    if (!ticket) throw new NotFoundError(`Ticket ${id} not found`);
    return toTicketView(ticket, await this.tickets.lines(id));
  }

  /** The view of a ticket inside a transaction (after a change). */
  async viewIn(m: EntityManager, id: string): Promise<TicketView> {
    return toTicketView((await this.tickets.find(id, m))!, await this.tickets.lines(id, m));
  }

  /** A location's tickets, newest first, of a status and/or opened on a local day. */
  async list(query: unknown): Promise<TicketView[]> {
    const q = parseInput(ticketListQuerySchema, query);
    let range: { from: Date; to: Date } | null = null;
    if (q.date) range = await this.localDay(q.locationId, q.date);
    const rows = await this.tickets.list({ locationId: q.locationId, status: q.status, from: range?.from, to: range?.to });
    const lines = await this.tickets.linesOf(rows.map((r) => r.id));
    return rows.map((r) => toTicketView(r, lines.get(r.id) ?? []));
  }

  /** [start, end) of a local date at the location. */
  async localDay(locationId: string, date: string): Promise<{ from: Date; to: Date }> {
    const zone = await this.lookup.timeZoneOf(locationId);
    const start = DateTime.fromISO(date, { zone }).startOf('day');
    return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
  }

  /**
   * Opens a ticket at a location: for appointments of one visit (their services at the prices
   * snapshotted when booked, each with its performer), or empty for a walk-in. An appointment is on
   * one live ticket at most (409 naming the ticket it is on).
   */
  async open(auth: AuthContext, input: unknown, now = new Date()): Promise<TicketView> {
    const o = parseInput(openTicketInputSchema, input);
    const ids = [...new Set(o.appointmentIds ?? [])];
    const appointments = await Promise.all(ids.map((id) => this.lookup.appointment(id)));
    const problems: FieldProblem[] = [];
    appointments.forEach((a, i) => {
      const field = `appointmentIds.${i}`;
      if (!a) return problems.push({ field, message: 'is not an appointment' });
      if (a.locationId !== o.locationId) return problems.push({ field, message: 'is at another location' });
      if (a.currency !== 'USD') return problems.push({ field, message: `is priced in ${a.currency}; checkout takes USD` });
      const refusal = checkoutRefusal(a.status);
      if (refusal) problems.push({ field, message: refusal });
      return undefined;
    });
    if (problems.length) throw new ValidationFailedError(problems);
    const found = appointments as CheckoutAppointment[];
    const taken = await this.tickets.liveTicketsOf(ids);
    if (taken.size) {
      const [appointmentId, on] = [...taken.entries()][0]!;
      const current = await this.get(on.ticketId);
      throw new ConflictError(
        `This appointment is already on ticket #${current.number}`,
        current,
        `appointmentIds.${ids.indexOf(appointmentId)}`,
      );
    }
    const booked = found.flatMap(appointmentLines);
    // The booked services' categories, as the catalogue has them now (the line's snapshot).
    // Best effort: a catalogue that cannot answer leaves the category empty rather than refuse the checkout.
    const catalogue = await this.catalogueOf(booked.map((l) => ({ serviceId: l.serviceId ?? undefined }))).catch(
      () => new Map<string, CatalogueService | null>(),
    );
    const seeds = booked.map((l) => ({ ...l, category: (l.serviceId && catalogue.get(l.serviceId)?.category) || null }));
    const names = await this.namesOf(seeds.map((l) => l.staffId));
    const lines = seeds.map((l) => withName(l, names));
    const settings = await this.settings.current(o.locationId);
    return this.dataSource.transaction(async (m) => {
      const id = await this.tickets.insert(m, {
        locationId: o.locationId,
        clientId: o.clientId ?? found[0]?.clientId ?? null,
        currency: 'USD',
        serviceTaxPpm: settings.serviceTaxPpm,
        productTaxPpm: settings.productTaxPpm,
        discountLimitBps: settings.discountLimitBps,
        openedBy: actorUuid(auth.userId),
        openedAt: now,
      });
      try {
        await this.tickets.linkAppointments(m, id, ids);
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new ConflictError('One of these appointments was just checked out on another ticket');
        throw error;
      }
      const ticket = (await this.tickets.find(id, m))!;
      const member = await this.withMemberDiscounts(m, ticket.clientId, lines, () => true, now);
      const view = await this.write(m, ticket, { clientId: ticket.clientId, lines: member.lines, discount: null, tip: null }, names);
      // A visit booked online with a deposit: the deposit is a tender on its ticket from the start (a walk-in has none).
      if (ids.length && (await this.depositTenders.applyIn(m, id, now)) > 0) return this.viewIn(m, id);
      return view;
    });
  }

  /**
   * Changes an open ticket: its lines (the list as a whole), discount, tip or client. A stale
   * `version` answers 409 with the current ticket; a closed or voided ticket answers 409; what the
   * change needs beyond use_pos (a typed or changed price, a fee, a discount above the limit) is
   * checked against the caller's permissions (403 naming them).
   */
  async update(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<TicketView> {
    const change = parseInput(updateTicketInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Ticket ${id} not found`);
    const held = auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId);
    // What other services know is asked before the row lock is taken, so no call to another service holds it.
    const [catalogue, products, names, plans] = await Promise.all([
      this.catalogueOf(change.lines ?? []),
      this.products.findMany([...new Set((change.lines ?? []).flatMap((l) => (l.productId && !l.id ? [l.productId] : [])))]),
      this.namesOf([...(change.lines ?? []).map((l) => l.staffId ?? null), ...(change.tip?.split ?? []).map((s) => s.staffId)]),
      this.plans.findMany([...new Set((change.lines ?? []).flatMap((l) => (l.planId && !l.id ? [l.planId] : [])))]),
    ]);
    return this.dataSource.transaction(async (m) => {
      const ticket = await this.tickets.lock(m, id);
      if (!ticket) throw new NotFoundError(`Ticket ${id} not found`);
      const locked = editRefusal(ticket);
      if (locked) throw new ConflictError(locked, await this.viewIn(m, id));
      if (ticket.version !== change.version) {
        throw new ConflictError(
          'This ticket was changed by someone else while you were editing; here is the current one',
          await this.viewIn(m, id),
          'version',
        );
      }
      const existing = await this.tickets.lines(id, m);
      const asked =
        change.lines === undefined ? existing.map(seedOf) : this.nextLines(change.lines, existing, catalogue, products, names, plans);
      const clientId = change.clientId === undefined ? ticket.clientId : change.clientId;
      // A member's discount goes on the lines rung up now, or on every line when the member is named now.
      const existingIds = new Set(existing.map((l) => l.id));
      const member = await this.withMemberDiscounts(m, clientId, asked, (l) => clientId !== ticket.clientId || !existingIds.has(l.id), now);
      const lines = member.lines;
      const state: TicketState = {
        clientId,
        lines,
        discount: change.discount === undefined ? ticket.discount : change.discount && toDiscountRule(change.discount),
        tip: change.tip === undefined ? (ticket.tip?.rule ?? null) : change.tip && toTipRule(change.tip),
      };
      const totals = this.totalsOf(ticket, state);
      const below = totalBelowPaid(totals.totalMinor, ticket.paidMinor);
      if (below) throw ValidationFailedError.field('lines', below);
      const before = new Map(existing.map((l) => [l.id, l]));
      const changes: LineChange[] = lines.map((l) => {
        const prior = before.get(l.id);
        return {
          kind: l.kind,
          isNew: !prior,
          listUnitPriceMinor: l.listUnitPriceMinor,
          unitPriceMinor: l.unitPriceMinor,
          previousUnitPriceMinor: prior?.unitPriceMinor ?? null,
          // The member's own discount needs no approval: the plan granted it.
          discountChanged: !member.lineIds.has(l.id) && !sameDiscount(prior?.discount ?? null, l.discount),
        };
      });
      const missing = requiredApprovals({
        lines: changes,
        totals,
        ticketDiscountChanged: !sameDiscount(ticket.discount, state.discount),
        discountLimitBps: ticket.discountLimitBps,
      }).filter((a) => !satisfies({ role: auth.role, permissions: held }, a.permission));
      if (missing.length) throw new ForbiddenError(`Forbidden: ${missing.map((a) => `${a.field}: ${a.message}`).join('; ')}`);
      return this.write(m, ticket, state, names);
    });
  }

  /**
   * A tip the client added on the card terminal, in the caller's transaction (the ticket locked):
   * the ticket's tip becomes the amount it came to plus this, split as before (a hand split is
   * dropped: the shares would no longer add up), and the totals are recomputed.
   */
  async addTipIn(m: EntityManager, id: string, extraMinor: number): Promise<void> {
    const ticket = (await this.tickets.find(id, m))!;
    const lines = (await this.tickets.lines(id, m)).map(seedOf);
    const state: TicketState = {
      clientId: ticket.clientId,
      lines,
      discount: ticket.discount,
      tip: { mode: 'amount', amountMinor: ticket.tipMinor + extraMinor },
    };
    await this.write(m, ticket, state, new Map());
  }

  /** Voids an open ticket nothing is paid on; its appointments can be checked out again. */
  async void(_auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<TicketView> {
    const { reason } = parseInput(voidTicketInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Ticket ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const ticket = await this.tickets.lock(m, id);
      if (!ticket) throw new NotFoundError(`Ticket ${id} not found`);
      const refusal = voidRefusal(ticket);
      if (refusal) throw new ConflictError(refusal, await this.viewIn(m, id));
      await this.tickets.markVoided(m, id, now, reason);
      await this.tickets.releaseAppointments(m, id);
      return this.viewIn(m, id);
    });
  }

  /**
   * The client's live membership discount (domain/member-benefits.rules.ts) on the service and
   * product lines `fresh` picks that carry no discount of their own, as a percent line discount
   * with its reason; answers the lines and the ids it discounted.
   */
  private async withMemberDiscounts(
    m: EntityManager,
    clientId: string | null,
    lines: LineSeed[],
    fresh: (l: LineSeed) => boolean,
    now: Date,
  ): Promise<{ lines: LineSeed[]; lineIds: ReadonlySet<string> }> {
    if (!clientId || !lines.some((l) => (l.kind === 'service' || l.kind === 'product') && !l.discount))
      return { lines, lineIds: new Set() };
    const held = await this.held.list({ clientId, kind: 'membership' }, m);
    const discounts = new Map(
      memberDiscounts(
        lines.filter(fresh).map((l) => ({ id: l.id, kind: l.kind, hasDiscount: !!l.discount, grossMinor: l.unitPriceMinor * l.quantity })),
        held,
        [],
        now,
      ).map((d) => [d.lineId, d]),
    );
    return {
      lines: lines.map((l) => {
        const d = discounts.get(l.id);
        return d ? { ...l, discount: { type: 'percent', bps: d.bps, reason: d.reason } } : l;
      }),
      lineIds: new Set(discounts.keys()),
    };
  }

  private totalsOf(ticket: TicketRow, state: TicketState) {
    const outcome = computeTotals({
      lines: state.lines,
      discount: state.discount,
      tip: state.tip,
      rates: { servicePpm: ticket.serviceTaxPpm, productPpm: ticket.productTaxPpm },
    });
    if (!outcome.ok) throw new ValidationFailedError(outcome.problems);
    return outcome.totals;
  }

  /** Computes and stores the ticket's lines and totals for this state. */
  /** Saves the lines and totals of a state of the ticket; answers the ticket as saved. */
  private async write(
    m: EntityManager,
    ticket: TicketRow,
    state: TicketState,
    known: ReadonlyMap<string, string | null>,
  ): Promise<TicketView> {
    const totals = this.totalsOf(ticket, state);
    const rows: LineRow[] = state.lines.map((l, i) => {
      const t = totals.lines[i]!;
      return {
        ...l,
        grossMinor: t.grossMinor,
        discountMinor: t.discountMinor,
        netMinor: t.netMinor,
        taxPpm: t.taxPpm,
        taxMinor: t.taxMinor,
        totalMinor: t.totalMinor,
      };
    });
    const onLines = new Map(state.lines.map((l) => [l.staffId, l.staffName]));
    const tipSplit = (totals.tip?.split ?? []).map((s) => ({
      staffId: s.staffId,
      staffName: s.staffId === null ? null : (onLines.get(s.staffId) ?? known.get(s.staffId) ?? null),
      amountMinor: s.amountMinor,
    }));
    const tip: StoredTip | null =
      state.tip && totals.tip
        ? { rule: state.tip, amountMinor: totals.tip.amountMinor, baseMinor: totals.tip.baseMinor, splitMode: totals.tip.splitMode }
        : null;
    const stored = await this.tickets.replaceLines(m, ticket.id, rows);
    const saved = await this.tickets.saveTotals(m, ticket.id, {
      clientId: state.clientId,
      discount: state.discount,
      tip,
      tipSplit,
      subtotalMinor: totals.subtotalMinor,
      discountMinor: totals.discountMinor,
      taxMinor: totals.taxMinor,
      tipMinor: totals.tipMinor,
      totalMinor: totals.totalMinor,
    });
    return toTicketView(saved, stored);
  }

  /**
   * The lines a PATCH asks for: an existing line by id keeps its source (appointment, service,
   * booked price) and takes the new quantity, price, performer and discount; a `serviceId` rings
   * up a catalogue service at its price (the performer's own price where set); a `productId` a
   * retail product at its price and tax class (its stock moves when the ticket closes); anything else is an
   * item at a typed price, which needs its kind, name and price.
   */
  private nextLines(
    inputs: readonly TicketLineInput[],
    existing: readonly LineRow[],
    catalogue: ReadonlyMap<string, CatalogueService | null>,
    products: ReadonlyMap<string, ProductRow>,
    names: ReadonlyMap<string, string | null>,
    plans: ReadonlyMap<string, PlanRow>,
  ): LineSeed[] {
    const byId = new Map(existing.map((l) => [l.id, l]));
    const problems: FieldProblem[] = [];
    const seeds: (LineSeed | null)[] = inputs.map((input, i): LineSeed | null => {
      const at = (field: string, message: string) => (problems.push({ field: `lines.${i}.${field}`, message }), null);
      const discount = input.discount ? toDiscountRule(input.discount) : null;
      const quantity = input.quantity ?? 1;
      if (input.reason && input.kind !== 'fee' && !(input.id && byId.get(input.id)?.kind === 'fee'))
        return at('reason', 'is only for a fee line');
      if (input.id) {
        const prior = byId.get(input.id);
        if (!prior) return at('id', 'is not a line of this ticket');
        byId.delete(input.id);
        const seed = seedOf(prior);
        return {
          ...seed,
          name: prior.listUnitPriceMinor === null && input.name ? input.name : prior.name,
          quantity,
          unitPriceMinor: input.unitPriceMinor ?? prior.unitPriceMinor,
          staffId: input.staffId === undefined ? prior.staffId : input.staffId,
          staffName: input.staffId === undefined || input.staffId === prior.staffId ? prior.staffName : null,
          discount: input.discount === undefined ? prior.discount : discount,
          reason: prior.kind === 'fee' ? (input.reason ?? prior.reason ?? null) : null,
        };
      }
      if (input.serviceId) {
        if (input.kind && input.kind !== 'service') return at('kind', 'must be service for a catalogue service');
        const service = catalogue.get(input.serviceId);
        if (!service || !service.active) return at('serviceId', 'is not a service of the catalogue');
        if (service.currency !== 'USD') return at('serviceId', `is priced in ${service.currency}; checkout takes USD`);
        const list = service.staff.find((s) => s.staffId === input.staffId)?.priceMinor ?? service.priceMinor;
        return {
          id: randomUUID(),
          kind: 'service',
          name: service.name,
          quantity,
          unitPriceMinor: input.unitPriceMinor ?? list,
          listUnitPriceMinor: list,
          staffId: input.staffId ?? null,
          staffName: null,
          appointmentId: null,
          serviceId: service.id,
          productId: null,
          category: service.category,
          taxClass: null,
          planId: null,
          cardCode: null,
          discount,
        };
      }
      if (input.productId) {
        if (input.kind && input.kind !== 'product') return at('kind', 'must be product for a product');
        const product = products.get(input.productId);
        if (!product || !product.active) return at('productId', 'is not an active product');
        if (product.use !== 'retail') return at('productId', `${product.name} is a professional (back-bar) product, not for sale`);
        return {
          id: randomUUID(),
          kind: 'product',
          name: product.name,
          quantity,
          unitPriceMinor: input.unitPriceMinor ?? product.priceMinor,
          listUnitPriceMinor: product.priceMinor,
          staffId: input.staffId ?? null,
          staffName: null,
          appointmentId: null,
          serviceId: null,
          productId: product.id,
          category: product.category,
          taxClass: product.taxClass,
          planId: null,
          cardCode: null,
          discount,
        };
      }
      if (input.planId) {
        const plan = plans.get(input.planId);
        if (!plan || !plan.active) return at('planId', 'is not an active membership or package plan');
        if (input.kind && input.kind !== plan.kind) return at('kind', `must be ${plan.kind} for this plan`);
        return {
          id: randomUUID(),
          kind: plan.kind,
          name: plan.name,
          quantity: 1,
          unitPriceMinor: input.unitPriceMinor ?? plan.priceMinor,
          listUnitPriceMinor: plan.priceMinor,
          staffId: input.staffId ?? null,
          staffName: null,
          appointmentId: null,
          serviceId: null,
          productId: null,
          category: null,
          taxClass: null,
          planId: plan.id,
          cardCode: null,
          discount,
        };
      }
      if (input.kind === 'membership' || input.kind === 'package') return at('planId', `is required to sell a ${input.kind}`);
      if (input.cardCode && input.kind !== 'gift_card') return at('cardCode', 'is only for a gift card line');
      if (!input.kind) return at('kind', 'is required for an item without a service');
      if (!input.name) return at('name', 'is required');
      if (input.unitPriceMinor === undefined) return at('unitPriceMinor', 'is required');
      if (input.kind === 'fee' && !input.reason) return at('reason', 'is required for a fee: the client reads it on the receipt');
      return {
        id: randomUUID(),
        kind: input.kind,
        name: input.name,
        quantity,
        unitPriceMinor: input.unitPriceMinor,
        listUnitPriceMinor: null,
        staffId: input.staffId ?? null,
        staffName: null,
        appointmentId: null,
        serviceId: null,
        productId: null,
        category: null,
        taxClass: null,
        planId: null,
        cardCode: input.kind === 'gift_card' ? (input.cardCode ?? null) : null,
        reason: input.kind === 'fee' ? (input.reason ?? null) : null,
        discount,
      };
    });
    if (problems.length) throw new ValidationFailedError(problems);
    return (seeds as LineSeed[]).map((l) => withName(l, names));
  }

  /** The catalogue services a change rings up (scheduling), by id; null for one it does not have. */
  private async catalogueOf(inputs: readonly Pick<TicketLineInput, 'id' | 'serviceId'>[]): Promise<Map<string, CatalogueService | null>> {
    const ids = [...new Set(inputs.flatMap((l) => (l.serviceId && !l.id ? [l.serviceId] : [])))];
    return new Map(await Promise.all(ids.map(async (id) => [id, await this.lookup.service(id)] as const)));
  }

  /** People's names (identity), so lines, receipts and tip shares read as people. */
  private async namesOf(ids: readonly (string | null | undefined)[]): Promise<Map<string, string | null>> {
    const unique = [...new Set(ids.filter((id): id is string => !!id))];
    return new Map(await Promise.all(unique.map(async (id) => [id, await this.users.nameOf(id)] as const)));
  }
}

/** A line with its performer's name, when it has a performer without one. */
function withName(l: LineSeed, names: ReadonlyMap<string, string | null>): LineSeed {
  return l.staffId && !l.staffName ? { ...l, staffName: names.get(l.staffId) ?? null } : l;
}

function seedOf(l: LineRow): LineSeed {
  return {
    id: l.id,
    kind: l.kind,
    name: l.name,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    listUnitPriceMinor: l.listUnitPriceMinor,
    staffId: l.staffId,
    staffName: l.staffName,
    appointmentId: l.appointmentId,
    serviceId: l.serviceId,
    productId: l.productId,
    category: l.category,
    taxClass: l.taxClass,
    planId: l.planId,
    cardCode: l.cardCode,
    reason: l.reason ?? null,
    discount: l.discount,
  };
}

/** An appointment's services as lines, at the prices snapshotted when it was booked, each with its performer. */
export function appointmentLines(a: CheckoutAppointment): LineSeed[] {
  const base = {
    quantity: 1,
    staffName: null,
    appointmentId: a.id,
    productId: null,
    category: null,
    taxClass: null,
    planId: null,
    cardCode: null,
    discount: null,
  } as const;
  const parts = a.service.segments?.length ? a.service.segments : [{ id: a.service.id, name: a.service.name, priceMinor: a.priceMinor }];
  return parts.map((part, i) => ({
    ...base,
    id: randomUUID(),
    kind: 'service' as const,
    name: part.name,
    unitPriceMinor: part.priceMinor,
    listUnitPriceMinor: part.priceMinor,
    staffId: a.segments[i]?.staffId ?? a.segments[0]?.staffId ?? null,
    serviceId: part.id,
  }));
}
