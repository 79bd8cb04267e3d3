import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * The clients subgraph's client, reached by id: the gateway fetches its fields (a name for the
 * calendar, the waitlist, a class roster) from clients, with the caller's own rights there.
 */
@ObjectType('Client')
@Directive('@key(fields: "id", resolvable: false)')
export class ClientReference {
  @Field(() => ID) id: string;
}

export const clientReference = (id: string) => ({ __typename: 'Client', id });
