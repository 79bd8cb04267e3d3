import { Inject, Injectable } from '@nestjs/common';
import {
  AUTOMATION_DEFAULTS,
  AUTOMATION_KINDS,
  AUTOMATION_TIMING_MAX,
  AUTOMATION_TIMING_UNITS,
  automationTestSendInputSchema,
  SAMPLE_TEMPLATE_VALUES,
  updateAutomationInputSchema,
  updateAutomationSettingsInputSchema,
  type AutomationSendView,
  type AutomationSettingsView,
  type AutomationView,
  NO_SHOW_RATE_DAYS,
  type ReminderNoShowRatesView,
} from '@salon/contracts';
import { APP_CONFIG, ConflictError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { automationTexts } from '../domain/automation-message.js';
import { noShowRates } from '../domain/no-show-rates.js';
import { AutomationRepository, type AutomationRow } from '../persistence/automation.repository.js';
import { AutomationSendRepository } from '../persistence/automation-send.repository.js';

const NO_COUNTS = { scheduled: 0, sent: 0, delivered: 0, failed: 0, replies: 0, confirmed: 0 };

/** The /automations screen: list with counts, edit, quiet hours and cap, recent sends, a test send. */
@Injectable()
export class AutomationsUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly automations: AutomationRepository,
    private readonly sends: AutomationSendRepository,
    private readonly queue: QueueMessageUseCase,
  ) {}

  async list(locationId: string): Promise<AutomationView[]> {
    const [rows, counts] = await Promise.all([this.automations.list(locationId), this.automations.counts(locationId)]);
    return AUTOMATION_KINDS.map((kind) => view(rows.get(kind)!, counts.get(kind) ?? NO_COUNTS));
  }

  async update(input: unknown): Promise<AutomationView> {
    const p = parseInput(updateAutomationInputSchema, input);
    const current = await this.automations.find(p.locationId, p.kind);
    const unit = AUTOMATION_TIMING_UNITS[p.kind];
    const timing = p.timing ?? current.timing;
    if (timing > AUTOMATION_TIMING_MAX[unit])
      throw ValidationFailedError.field('timing', `must be at most ${AUTOMATION_TIMING_MAX[unit]} (${unit})`);
    const d = AUTOMATION_DEFAULTS[p.kind];
    // A template saved as the built-in text is stored as "built-in", so later wording fixes reach it.
    const own = (value: string | undefined, stored: string | null, builtIn: string) =>
      value === undefined ? stored : value === builtIn ? null : value;
    const saved = await this.automations.save(
      {
        locationId: p.locationId,
        kind: p.kind,
        enabled: p.enabled ?? current.enabled,
        channelRule: p.channelRule ?? current.channelRule,
        timing,
        smsTemplate: own(p.smsTemplate, current.smsTemplate, d.smsTemplate),
        emailSubject: own(p.emailSubject, current.emailSubject, d.emailSubject),
        emailTemplate: own(p.emailTemplate, current.emailTemplate, d.emailTemplate),
      },
      p.version,
    );
    if (!saved) throw new ConflictError('The automation was changed by someone else; reload it and try again');
    return (await this.list(p.locationId)).find((a) => a.kind === p.kind)!;
  }

  async settings(locationId: string): Promise<AutomationSettingsView> {
    return this.automations.settings(locationId);
  }

  async updateSettings(input: unknown): Promise<AutomationSettingsView> {
    const p = parseInput(updateAutomationSettingsInputSchema, input);
    if (!(await this.automations.saveSettings(p, p.version)))
      throw new ConflictError('The settings were changed by someone else; reload them and try again');
    return this.automations.settings(p.locationId);
  }

  async recentSends(locationId: string, limit = 50): Promise<AutomationSendView[]> {
    const rows = await this.sends.recent(locationId, Math.min(Math.max(limit, 1), 200));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      customAutomationId: r.customAutomationId,
      appointmentId: r.appointmentId,
      clientId: r.clientId,
      dueAt: r.dueAt.toISOString(),
      state: sendState(r.state, r.messageStates),
      channels: r.channels,
      reason: r.reason ?? r.lastErrors[0] ?? null,
    }));
  }

  /** The no-show rate of reminded against not-reminded appointments that started in the last 90 days. */
  async noShowRates(locationId: string, now = new Date()): Promise<ReminderNoShowRatesView> {
    const since = new Date(now.getTime() - NO_SHOW_RATE_DAYS * 86_400_000);
    const rates = noShowRates(await this.sends.appointmentOutcomes(locationId, since, now));
    return { locationId, days: NO_SHOW_RATE_DAYS, ...rates };
  }

  /** The automation's current wording with sample values, through the real pipeline (STOP honoured). */
  async testSend(input: unknown, userId: string | null): Promise<MessageEntity[]> {
    const p = parseInput(automationTestSendInputSchema, input);
    const automation = await this.automations.find(p.locationId, p.kind);
    const texts = automationTexts(automation, SAMPLE_TEMPLATE_VALUES);
    const key = `automation-test:${p.kind}:${Date.now()}`;
    const out: MessageEntity[] = [];
    const common = { purpose: 'test', createdBy: userId };
    if (p.phone)
      out.push(await this.queue.queue({ ...common, idempotencyKey: `${key}:sms`, channel: 'sms', to: p.phone, text: texts.sms }));
    if (p.email)
      out.push(
        await this.queue.queue({
          ...common,
          idempotencyKey: `${key}:email`,
          channel: 'email',
          to: p.email,
          subject: `[Test] ${texts.emailSubject}`,
          text: texts.emailText,
        }),
      );
    return out;
  }
}

function view(row: AutomationRow, counts: AutomationView['counts']): AutomationView {
  const d = AUTOMATION_DEFAULTS[row.kind];
  return {
    locationId: row.locationId,
    kind: row.kind,
    label: d.label,
    description: d.description,
    enabled: row.enabled,
    channelRule: row.channelRule,
    timing: row.timing,
    timingUnit: AUTOMATION_TIMING_UNITS[row.kind],
    smsTemplate: row.smsTemplate ?? d.smsTemplate,
    emailSubject: row.emailSubject ?? d.emailSubject,
    emailTemplate: row.emailTemplate ?? d.emailTemplate,
    version: row.version,
    counts,
  };
}

/** A done send reads as its messages do: failed if any failed, delivered when all were, else sent or queued. */
function sendState(state: string, messageStates: string[]): AutomationSendView['state'] {
  if (state !== 'done') return state as AutomationSendView['state'];
  if (messageStates.some((s) => s === 'failed' || s === 'suppressed')) return 'failed';
  if (messageStates.length > 0 && messageStates.every((s) => s === 'delivered')) return 'delivered';
  if (messageStates.some((s) => s === 'sent' || s === 'delivered')) return 'sent';
  return 'queued';
}
