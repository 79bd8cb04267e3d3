import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('CalendarFeed', { description: "A staff member's calendar feed for Google or Apple Calendar" })
export class CalendarFeedModel {
  @Field(() => ID) staffId: string;
  @Field({ description: 'A live link exists' }) active: boolean;
  @Field(() => String, { nullable: true }) createdAt: string | null;
  @Field(() => String, { nullable: true, description: 'When a calendar app last read it' }) lastReadAt: string | null;
}

@ObjectType('CalendarFeedLink', { description: 'A new feed link, answered this once (only its hash is kept)' })
export class CalendarFeedLinkModel extends CalendarFeedModel {
  @Field({ description: 'Under the gateway: /api/calendar-feeds/ics/{secret}.ics' }) path: string;
}
