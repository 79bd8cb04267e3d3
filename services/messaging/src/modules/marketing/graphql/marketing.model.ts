import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { CampaignStatsView, EmailRenderView, EmailTemplateView, SegmentCountView } from '@salon/contracts';

@ObjectType('SegmentRule', { description: 'One rule of a segment; which of op, value and amount it uses depends on the field' })
export class SegmentRuleModel {
  @Field({
    description: 'lastVisit | neverVisited | visits | totalSpend | tag | birthdayMonth | serviceHad | preferredLocation | preferredStaff',
  })
  field: string;
  @Field(() => String, {
    nullable: true,
    description: 'lastVisit: before | within; visits, totalSpend: atLeast | atMost; tag: has | hasNot',
  })
  op?: string | null;
  @Field(() => String, { nullable: true, description: 'tag, service name, location or staff id' }) value?: string | null;
  @Field(() => Int, { nullable: true, description: 'days (lastVisit), visits, cents (totalSpend), month 1-12 or 0 = this month' })
  amount?: number | null;
}

@InputType('SegmentRuleInput')
export class SegmentRuleInputModel {
  @Field() field: string;
  @Field(() => String, { nullable: true }) op?: string | null;
  @Field(() => String, { nullable: true }) value?: string | null;
  @Field(() => Int, { nullable: true }) amount?: number | null;
}

@ObjectType('Segment')
export class SegmentModel {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'all | any' }) match: string;
  @Field(() => [SegmentRuleModel]) rules: SegmentRuleModel[];
  @Field(() => Int) version: number;
  @Field() updatedAt: string;
}

@InputType('SaveSegmentInput')
export class SaveSegmentInputModel {
  @Field(() => ID, { nullable: true }) id?: string;
  @Field(() => Int, { nullable: true }) version?: number;
  @Field() name: string;
  @Field() match: string;
  @Field(() => [SegmentRuleInputModel]) rules: SegmentRuleInputModel[];
}

@InputType('SegmentDefinitionInput')
export class SegmentDefinitionInputModel {
  @Field() match: string;
  @Field(() => [SegmentRuleInputModel]) rules: SegmentRuleInputModel[];
}

@ObjectType('SegmentCount', { description: 'Clients the rules select now, and how many each channel can reach (consent and an address)' })
export class SegmentCountModel implements SegmentCountView {
  @Field(() => Int) total: number;
  @Field(() => Int) email: number;
  @Field(() => Int) sms: number;
}

@ObjectType('CampaignStats')
export class CampaignStatsModel implements CampaignStatsView {
  @Field(() => Int, { description: 'Clients a message was queued for' }) recipients: number;
  @Field(() => Int, { description: 'Accepted by the provider (sent or delivered)' }) sent: number;
  @Field(() => Int) delivered: number;
  @Field(() => Int, { description: 'Failed or suppressed' }) failed: number;
  @Field(() => Int, { description: 'Of the failed: e-mails the receiving server bounced' }) bounced: number;
  @Field(() => Int, { description: 'Bookings the recipients made within 7 days of their message' }) booked: number;
  @Field(() => Int) unsubscribed: number;
  @Field(() => Int, { description: 'In the segment but not sent to (no consent, unsubscribed, cap)' }) skipped: number;
  @Field(() => Int, { description: 'E-mail recipients who opened it (the open pixel loaded, or a link clicked), each counted once' })
  opened: number;
  @Field(() => Int, { description: 'E-mail recipients who clicked at least one tracked link, each counted once' }) clicked: number;
}

@ObjectType('Campaign')
export class CampaignModel {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'email | sms' }) channel: string;
  @Field(() => ID) segmentId: string;
  @Field(() => String, { nullable: true }) segmentName: string | null;
  @Field(() => ID, { nullable: true }) locationId: string | null;
  @Field(() => String, { nullable: true }) subject: string | null;
  @Field(() => String, { nullable: true }) html: string | null;
  @Field(() => String, { nullable: true, description: "The e-mail designer's project (JSON)" }) design: string | null;
  @Field(() => String, { nullable: true, description: 'SMS text, or the e-mail plain-text part' }) text: string | null;
  @Field({ description: 'draft | scheduled | sending | sent | cancelled' }) state: string;
  @Field(() => String, { nullable: true }) scheduledAt: string | null;
  @Field(() => String, { nullable: true }) sentAt: string | null;
  @Field(() => Int) version: number;
  @Field(() => CampaignStatsModel) stats: CampaignStatsModel;
}

@InputType('SaveCampaignInput')
export class SaveCampaignInputModel {
  @Field(() => ID, { nullable: true }) id?: string;
  @Field(() => Int, { nullable: true }) version?: number;
  @Field() name: string;
  @Field() channel: string;
  @Field(() => ID) segmentId: string;
  @Field(() => ID, { nullable: true }) locationId?: string | null;
  @Field(() => String, { nullable: true }) subject?: string | null;
  @Field(() => String, { nullable: true }) html?: string | null;
  @Field(() => String, { nullable: true }) design?: string | null;
  @Field(() => String, { nullable: true }) text?: string | null;
}

@ObjectType('EmailSuppression', { description: 'An address no e-mail is sent to: SES reported a permanent bounce or a complaint' })
export class EmailSuppressionModel {
  @Field({ description: 'Lower-cased' }) address: string;
  @Field({ description: 'bounce | complaint' }) reason: string;
  @Field(() => String, { nullable: true, description: "The provider's words (bounce type and diagnostic, feedback type)" })
  detail: string | null;
  @Field() createdAt: string;
}

@ObjectType('EmailTemplate', { description: 'A saved e-mail template (MJML), rendered in the salon look when used' })
export class EmailTemplateModel implements EmailTemplateView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'A whole <mjml> document, or the sections of its body' }) mjml: string;
  @Field(() => Int) version: number;
  @Field() updatedAt: string;
}

@InputType('SaveEmailTemplateInput')
export class SaveEmailTemplateInputModel {
  @Field(() => ID, { nullable: true, description: 'Absent: a new template' }) id?: string | null;
  @Field() name: string;
  @Field() mjml: string;
  @Field(() => Int, { description: '0 for a new one; a stale version answers CONFLICT' }) version: number;
}

@InputType('EmailBrandInput', { description: 'The salon look: from /booking-design and the business name' })
export class EmailBrandInputModel {
  @Field() businessName: string;
  @Field() primaryColor: string;
  @Field() backgroundColor: string;
  @Field(() => String, { nullable: true }) logoUrl?: string | null;
}

@ObjectType('EmailRenderProblem')
export class EmailRenderProblemModel {
  @Field(() => Int, { nullable: true }) line: number | null;
  @Field() message: string;
}

@ObjectType('EmailRender', { description: 'The HTML of an MJML template, or what stops it rendering' })
export class EmailRenderModel implements EmailRenderView {
  @Field(() => String, { nullable: true }) html: string | null;
  @Field(() => [EmailRenderProblemModel]) errors: EmailRenderProblemModel[];
}
