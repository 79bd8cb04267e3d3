import type { PayRuleInput, PayRulesQuery } from '../../gql/graphql';

export type PayRuleTerms = PayRulesQuery['payRules'][number]['terms'];
export type TipChoice = 'full' | 'less_card_fee' | 'not_paid';

export interface CategoryRow {
  kind: 'service' | 'product';
  category: string;
  percent: string;
}

/** The pay rule form as typed: money in dollars, rates in percent, blank for none. */
export interface PayRuleForm {
  effectiveFrom: string;
  hourlyRate: string;
  servicePercent: string;
  productPercent: string;
  categories: CategoryRow[];
  tips: TipChoice;
  note: string;
}

const percentText = (bps: number) => String(Number((bps / 100).toFixed(2)));

/** The form for a new version: what the latest version says, from the given date. */
export function formFromTerms(terms: PayRuleTerms | null, effectiveFrom: string): PayRuleForm {
  return {
    effectiveFrom,
    hourlyRate: terms?.hourlyRateMinor != null ? (terms.hourlyRateMinor / 100).toFixed(2) : '',
    servicePercent: terms?.serviceCommission ? percentText(terms.serviceCommission.rateBps) : '',
    productPercent: terms?.productCommissionBps ? percentText(terms.productCommissionBps) : '',
    categories: (terms?.categoryCommissions ?? []).map((c) => ({
      kind: c.kind === 'product' ? 'product' : 'service',
      category: c.category,
      percent: percentText(c.rateBps),
    })),
    tips: !terms || terms.tips.paid ? (terms?.tips.lessCardFee ? 'less_card_fee' : 'full') : 'not_paid',
    note: '',
  };
}

function money(text: string, field: string, errors: Record<string, string>): number | null {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    errors[field] = 'must be an amount like 18.50';
    return null;
  }
  return Math.round(Number(t) * 100);
}

function percent(text: string, field: string, errors: Record<string, string>): number | null {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t) || Number(t) > 100) {
    errors[field] = 'must be a percent from 0 to 100';
    return null;
  }
  return Math.round(Number(t) * 100);
}

/**
 * The GraphQL input for a new version from the form, keyed by the contract's field names so the
 * server's problems (`categoryCommissions.0.rateBps`) land on the same fields. What the form does
 * not show (salary, tiers, per-service overrides, deductions, booth rent) is carried over from the
 * latest version, so saving a new hourly rate never drops a tier.
 */
export function buildPayRuleInput(
  form: PayRuleForm,
  latest: PayRuleTerms | null,
): { input: PayRuleInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.effectiveFrom)) errors.effectiveFrom = 'is required';
  const hourlyRateMinor = money(form.hourlyRate, 'hourlyRateMinor', errors);
  const serviceBps = percent(form.servicePercent, 'serviceCommission.rateBps', errors);
  const productBps = percent(form.productPercent, 'productCommissionBps', errors);
  const seen = new Set<string>();
  const categoryCommissions = form.categories.flatMap((c, i) => {
    const category = c.category.trim();
    if (!category) {
      errors[`categoryCommissions.${i}.category`] = 'is required';
      return [];
    }
    const key = `${c.kind}:${category.toLowerCase()}`;
    if (seen.has(key)) errors[`categoryCommissions.${i}.category`] = `already has a ${c.kind} rate`;
    seen.add(key);
    const rateBps = percent(c.percent, `categoryCommissions.${i}.rateBps`, errors);
    if (rateBps === null && !errors[`categoryCommissions.${i}.rateBps`]) errors[`categoryCommissions.${i}.rateBps`] = 'is required';
    return rateBps === null ? [] : [{ kind: c.kind, category, rateBps }];
  });
  if (Object.keys(errors).length) return { input: null, errors };
  const sc = latest?.serviceCommission ?? null;
  return {
    errors,
    input: {
      effectiveFrom: form.effectiveFrom,
      hourlyRateMinor,
      salaryPerPeriodMinor: latest?.salaryPerPeriodMinor ?? null,
      serviceCommission:
        serviceBps === null
          ? null
          : {
              rateBps: serviceBps,
              tierMode: sc?.tierMode ?? 'whole',
              tiers: (sc?.tiers ?? []).map((t) => ({ fromMinor: t.fromMinor, rateBps: t.rateBps })),
              overrides: (sc?.overrides ?? []).map((o) => ({
                serviceId: o.serviceId,
                rateBps: o.rateBps ?? null,
                flatMinor: o.flatMinor ?? null,
              })),
            },
      productCommissionBps: productBps ?? 0,
      categoryCommissions,
      deductions: {
        backBarFeeMinor: latest?.deductions.backBarFeeMinor ?? 0,
        productCostBps: latest?.deductions.productCostBps ?? 0,
      },
      tips: {
        paid: form.tips !== 'not_paid',
        lessCardFee: form.tips === 'less_card_fee',
        takeBackOnRefund: latest?.tips.takeBackOnRefund ?? false,
      },
      boothRentPerPeriodMinor: latest?.boothRentPerPeriodMinor ?? 0,
      note: form.note.trim() || null,
    },
  };
}

/** A PIN as the time clock takes it (contracts' setPinInputSchema): 4 to 8 digits. */
export function pinProblem(pin: string): string | null {
  return /^[0-9]{4,8}$/.test(pin) ? null : 'must be 4 to 8 digits';
}
