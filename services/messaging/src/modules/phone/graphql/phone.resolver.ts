import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { PhoneUseCase } from '../use-cases/phone.use-case.js';
import { CallClientInputModel, CallModel, ClientFromCallInputModel, PhoneNumberInputModel, PhoneNumberModel } from './phone.model.js';

/** Drops what GraphQL left out (undefined) so the strict input schemas see only given fields. */
const given = <T extends object>(input: T): T => JSON.parse(JSON.stringify(input)) as T;

@Resolver(() => CallModel)
export class PhoneResolver {
  constructor(private readonly phone: PhoneUseCase) {}

  @RequirePermission(PERMISSIONS.VIEW_PHONE)
  @Query(() => [PhoneNumberModel], { description: 'The business number of each location that has one' })
  phoneNumbers() {
    return this.phone.numbers();
  }

  @RequirePermission({ allOf: [PERMISSIONS.VIEW_PHONE, PERMISSIONS.EDIT_BUSINESS_SETTINGS] })
  @Mutation(() => PhoneNumberModel, { description: "Sets a location's number and where it rings" })
  savePhoneNumber(@Args('input') input: PhoneNumberInputModel) {
    return this.phone.saveNumber(given(input));
  }

  @RequirePermission(PERMISSIONS.VIEW_PHONE)
  @Query(() => [CallModel], { description: "A location's calls (or one client's), newest first" })
  calls(
    @Args('locationId', { type: () => ID, nullable: true }) locationId: string | null,
    @Args('clientId', { type: () => ID, nullable: true }) clientId: string | null,
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ) {
    return this.phone.calls({ locationId: locationId ?? undefined, clientId: clientId ?? undefined }, limit);
  }

  @RequirePermission(PERMISSIONS.VIEW_PHONE)
  @Mutation(() => CallModel, { description: "Click to call: Twilio rings the staff phone, then bridges to the client's" })
  callClient(@CurrentAuth() auth: AuthContext, @Args('input') input: CallClientInputModel) {
    return this.phone.callClient(given(input), auth.userId);
  }

  @RequirePermission({ allOf: [PERMISSIONS.VIEW_PHONE, PERMISSIONS.CREATE_CLIENTS] })
  @Mutation(() => CallModel, { description: 'Makes an unknown caller a client; their calls are matched to the profile' })
  createClientFromCall(@Args('input') input: ClientFromCallInputModel) {
    return this.phone.clientFromCall(given(input));
  }
}
