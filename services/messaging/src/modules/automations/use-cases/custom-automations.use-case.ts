import { Injectable } from '@nestjs/common';
import { saveCustomAutomationInputSchema, type CustomAutomationView } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput } from '@salon/nest-kit';
import { CustomAutomationRepository, type CustomAutomationRow } from '../persistence/custom-automation.repository.js';

const NO_COUNTS = { scheduled: 0, sent: 0, delivered: 0, failed: 0, replies: 0, confirmed: 0 };

/** The owner's own automations on /automations: list with counts, create, edit, turn on and off. */
@Injectable()
export class CustomAutomationsUseCase {
  constructor(private readonly custom: CustomAutomationRepository) {}

  async list(locationId: string): Promise<CustomAutomationView[]> {
    const [rows, counts] = await Promise.all([this.custom.list(locationId), this.custom.counts(locationId)]);
    return rows.map((r) => view(r, counts.get(r.id) ?? NO_COUNTS));
  }

  async save(input: unknown): Promise<CustomAutomationView> {
    const p = parseInput(saveCustomAutomationInputSchema, input);
    const row = {
      locationId: p.locationId,
      name: p.name,
      trigger: p.trigger,
      delayHours: p.delayHours,
      days: p.days ?? null,
      serviceContains: p.conditions.serviceContains?.trim() || null,
      firstVisitOnly: p.conditions.firstVisitOnly ?? false,
      channelRule: p.channelRule,
      smsTemplate: p.smsTemplate,
      emailSubject: p.emailSubject,
      emailTemplate: p.emailTemplate,
      enabled: p.enabled,
    };
    let id: string;
    if (p.id) {
      const current = await this.custom.find(p.id);
      if (!current || current.locationId !== p.locationId) throw new NotFoundError('No such automation at this location');
      if (!(await this.custom.update(p.id, p.version, row)))
        throw new ConflictError('The automation was changed by someone else; reload it and try again');
      id = p.id;
    } else {
      id = await this.custom.insert(row);
    }
    return (await this.list(p.locationId)).find((a) => a.id === id)!;
  }
}

function view(r: CustomAutomationRow, counts: CustomAutomationView['counts']): CustomAutomationView {
  return {
    id: r.id,
    locationId: r.locationId,
    name: r.name,
    trigger: r.trigger,
    delayHours: r.delayHours,
    days: r.days,
    serviceContains: r.serviceContains,
    firstVisitOnly: r.firstVisitOnly,
    channelRule: r.channelRule,
    smsTemplate: r.smsTemplate,
    emailSubject: r.emailSubject,
    emailTemplate: r.emailTemplate,
    enabled: r.enabled,
    version: r.version,
    counts,
  };
}
