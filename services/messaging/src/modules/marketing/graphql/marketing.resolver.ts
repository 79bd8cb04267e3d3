import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { MarketingUseCase } from '../use-cases/marketing.use-case.js';
import {
  CampaignModel,
  SaveCampaignInputModel,
  SaveSegmentInputModel,
  SegmentCountModel,
  SegmentDefinitionInputModel,
  SegmentModel,
} from './marketing.model.js';

/** Drops what GraphQL left out (undefined) so the strict input schemas see only given fields. */
const given = <T extends object>(input: T): T => JSON.parse(JSON.stringify(input)) as T;

@Resolver(() => CampaignModel)
export class MarketingResolver {
  constructor(private readonly useCase: MarketingUseCase) {}

  @AdminOnly()
  @Query(() => [SegmentModel])
  marketingSegments() {
    return this.useCase.segments();
  }

  @AdminOnly()
  @Query(() => SegmentCountModel, { description: "The live count of a segment's rules (saved or not)" })
  segmentCount(
    @Args('definition') definition: SegmentDefinitionInputModel,
    @Args('locationId', { type: () => ID, nullable: true }) locationId: string | null,
  ) {
    return this.useCase.count(given(definition), locationId ?? null);
  }

  @AdminOnly()
  @Mutation(() => SegmentModel, { description: 'Creates (no id) or changes a segment; a stale version answers CONFLICT' })
  saveSegment(@Args('input') input: SaveSegmentInputModel) {
    return this.useCase.saveSegment(given(input));
  }

  @AdminOnly()
  @Query(() => [CampaignModel], { description: 'Campaigns, newest first, with their stats' })
  campaigns() {
    return this.useCase.campaigns();
  }

  @AdminOnly()
  @Query(() => CampaignModel)
  campaign(@Args('id', { type: () => ID }) id: string) {
    return this.useCase.campaign(id);
  }

  @AdminOnly()
  @Mutation(() => CampaignModel, { description: 'Creates (no id) or changes a draft or scheduled campaign (back to draft)' })
  saveCampaign(@Args('input') input: SaveCampaignInputModel, @CurrentAuth() auth: AuthContext) {
    return this.useCase.saveCampaign(given(input), auth.userId);
  }

  @AdminOnly()
  @Mutation(() => CampaignModel, {
    description: 'Sends now (no sendAt) or at sendAt; consent, quiet hours and caps are checked at send time',
  })
  scheduleCampaign(
    @Args('id', { type: () => ID }) id: string,
    @Args('sendAt', { type: () => String, nullable: true }) sendAt: string | null,
  ) {
    return this.useCase.schedule(sendAt ? { id, sendAt } : { id });
  }

  @AdminOnly()
  @Mutation(() => CampaignModel)
  cancelCampaign(@Args('id', { type: () => ID }) id: string) {
    return this.useCase.cancel(id);
  }
}
