import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { CallDirection, CallOutcome, CallView, PhoneNumberView } from '@salon/contracts';

@ObjectType('PhoneNumber', { description: "A location's Twilio number and where its calls ring" })
export class PhoneNumberModel implements PhoneNumberView {
  @Field(() => ID) locationId: string;
  @Field() number: string;
  @Field({ description: "The location's own phone, rung first" }) forwardTo: string;
  @Field(() => [String], { description: 'Staff phones rung at the same time' }) ringStaff: string[];
  @Field(() => Int) ringSeconds: number;
  @Field({ description: 'Text a missed caller the booking link' }) textBack: boolean;
  @Field() greeting: string;
}

@ObjectType('Call', { description: 'One call in a location’s log' })
export class CallModel implements CallView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field() callSid: string;
  @Field(() => String, { description: 'inbound | outbound' }) direction: CallDirection;
  @Field({ description: 'The caller, or the client called' }) phone: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => String, { nullable: true }) clientName: string | null;
  @Field(() => String, { description: 'ringing | answered | missed | voicemail' }) outcome: CallOutcome;
  @Field(() => Date) startedAt: string;
  @Field(() => Int, { nullable: true }) durationSeconds: number | null;
  @Field(() => String, { nullable: true }) recordingUrl: string | null;
  @Field(() => String, { nullable: true, description: 'The missed-call text: its delivery state, or why none was sent' })
  textBack: string | null;
}

@InputType('PhoneNumberInput')
export class PhoneNumberInputModel {
  @Field(() => ID) locationId: string;
  @Field() number: string;
  @Field() forwardTo: string;
  @Field(() => [String], { nullable: true }) ringStaff?: string[];
  @Field(() => Int, { nullable: true }) ringSeconds?: number;
  @Field({ nullable: true }) textBack?: boolean;
  @Field({ nullable: true }) greeting?: string;
}

@InputType('CallClientInput')
export class CallClientInputModel {
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field({ nullable: true, description: "The phone staff answer on; the location's front desk when left out" }) staffPhone?: string;
}

@InputType('ClientFromCallInput')
export class ClientFromCallInputModel {
  @Field(() => ID) callId: string;
  @Field() firstName: string;
  @Field({ nullable: true }) lastName?: string;
}
