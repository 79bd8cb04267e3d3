import { Directive, Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  ALERT_KINDS,
  type Client,
  type ClientAddress,
  type ClientAlert,
  type Consent,
  type ConsentMethod,
  type CreateClientInput as CreateClientContract,
  type UpdateClientInput as UpdateClientContract,
} from '@salon/contracts';

export enum AlertKind {
  allergy = 'allergy',
  sensitivity = 'sensitivity',
  medical = 'medical',
  other = 'other',
}
registerEnumType(AlertKind, { name: 'AlertKind', description: `What an alert is about: ${ALERT_KINDS.join(', ')}` });

@ObjectType('ClientAddress')
export class ClientAddressModel implements ClientAddress {
  @Field(() => String, { nullable: true }) line1?: string;
  @Field(() => String, { nullable: true }) line2?: string;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) region?: string;
  @Field(() => String, { nullable: true }) postalCode?: string;
  @Field(() => String, { nullable: true }) country?: string;
}

@ObjectType('ClientAlert', { description: 'Shown prominently wherever the client appears (allergies, sensitivities)' })
export class ClientAlertModel implements ClientAlert {
  @Field(() => ID) id: string;
  @Field(() => AlertKind) kind: AlertKind;
  @Field() text: string;
  @Field({ description: 'Marked by the owner: the desk acknowledges it when booking or opening an appointment' }) critical: boolean;
}

@ObjectType('Consent')
export class ConsentModel implements Consent {
  @Field() granted: boolean;
  @Field(() => Date, { nullable: true }) changedAt: string | null;
  @Field(() => String, { nullable: true, description: 'verbal, written, online-booking, import, sms-keyword or staff' }) method:
    string | null;
  @Field(() => ID, { nullable: true }) changedBy: string | null;
}

@ObjectType('Client')
@Directive('@key(fields: "id")')
export class ClientModel implements Client {
  @Field(() => ID) id: string;
  @Field() firstName: string;
  @Field(() => String, { nullable: true }) lastName: string | null;
  @Field() fullName: string;
  @Field(() => String, { nullable: true, description: 'E.164, e.g. +13125550101' }) phone: string | null;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) birthday: string | null;
  @Field(() => ClientAddressModel, { nullable: true }) address: ClientAddressModel | null;
  @Field(() => ID, { nullable: true }) preferredLocationId: string | null;
  @Field(() => ID, { nullable: true }) preferredStaffId: string | null;
  @Field(() => [String]) tags: string[];
  @Field(() => [ClientAlertModel]) alerts: ClientAlertModel[];
  @Field(() => String, { nullable: true, description: 'How they found the salon' }) source: string | null;
  @Field(() => ConsentModel) smsConsent: ConsentModel;
  @Field(() => ConsentModel) emailConsent: ConsentModel;
  @Field(() => Date, { nullable: true }) lastVisitAt: string | null;
  @Field(() => Int, { description: 'Spent at checkout, net of refunds, in minor units (tips included)' }) lifetimeSpendMinor: number;
  @Field(() => Date, { nullable: true, description: 'When their last ticket closed' }) lastPurchaseAt: string | null;
  @Field(() => Date) createdAt: string;
  @Field(() => Date) updatedAt: string;
  @Field(() => ID, { nullable: true }) createdBy: string | null;
  @Field(() => ID, { nullable: true }) updatedBy: string | null;
  @Field(() => Int, { description: 'Send it back with an edit; a stale one is refused (CONFLICT)' }) version: number;
  @Field(() => Int) possibleDuplicateCount: number;
}

@ObjectType('ClientPage')
export class ClientPageModel {
  @Field(() => [ClientModel]) items: ClientModel[];
  @Field(() => Int, { description: 'Matches; a search or filter counts at most SEARCH_COUNT_CAP (1000)' }) total: number;
}

@ObjectType('PossibleDuplicate')
export class PossibleDuplicateModel {
  @Field(() => ClientModel) client: ClientModel;
  @Field(() => [String], { description: "'same phone', 'same e-mail', 'similar name and same birthday', 'similar name and phone ending'" })
  reasons: string[];
}

@InputType()
export class AddressInput {
  @Field(() => String, { nullable: true }) line1?: string | null;
  @Field(() => String, { nullable: true }) line2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) region?: string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
}

@InputType()
export class AlertInput {
  @Field(() => ID, { nullable: true }) id?: string;
  @Field(() => AlertKind) kind: AlertKind;
  @Field() text: string;
  @Field(() => Boolean, { nullable: true, description: 'Needs an acknowledgement when booking (default false)' }) critical?: boolean;
}

@InputType()
export class ConsentInput {
  @Field() granted: boolean;
  @Field(() => String, { nullable: true, description: 'verbal, written, online-booking, import, sms-keyword or staff (default)' })
  method?: ConsentMethod | null;
}

@InputType()
export class CreateClientInput implements CreateClientContract {
  @Field() firstName: string;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) birthday?: string | null;
  @Field(() => AddressInput, { nullable: true }) address?: AddressInput | null;
  @Field(() => ID, { nullable: true }) preferredLocationId?: string | null;
  @Field(() => ID, { nullable: true }) preferredStaffId?: string | null;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => [AlertInput], { nullable: true }) alerts?: AlertInput[];
  @Field(() => String, { nullable: true }) source?: string | null;
  @Field(() => ConsentInput, { nullable: true }) smsConsent?: ConsentInput;
  @Field(() => ConsentInput, { nullable: true }) emailConsent?: ConsentInput;
  @Field(() => Boolean, { nullable: true, description: 'Create even when a client has this phone or e-mail' }) allowDuplicate?: boolean;
}

@InputType()
export class UpdateClientInput implements UpdateClientContract {
  @Field(() => Int) version: number;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) birthday?: string | null;
  @Field(() => AddressInput, { nullable: true }) address?: AddressInput | null;
  @Field(() => ID, { nullable: true }) preferredLocationId?: string | null;
  @Field(() => ID, { nullable: true }) preferredStaffId?: string | null;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => [AlertInput], { nullable: true }) alerts?: AlertInput[];
  @Field(() => String, { nullable: true }) source?: string | null;
  @Field(() => ConsentInput, { nullable: true }) smsConsent?: ConsentInput;
  @Field(() => ConsentInput, { nullable: true }) emailConsent?: ConsentInput;
}
