import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { JSONObjectScalar } from '@salon/nest-kit';

@ObjectType('Note')
export class NoteModel {
  @Field(() => ID) id: string;
  @Field(() => ID) clientId: string;
  @Field(() => String, { nullable: true, description: 'A free note' }) body: string | null;
  @Field(() => ID, { nullable: true }) templateId: string | null;
  @Field(() => String, { nullable: true }) templateName: string | null;
  @Field(() => JSONObjectScalar, { nullable: true, description: 'A structured note: template field id → value' }) values: Record<string, unknown> | null;
  @Field() pinned: boolean;
  @Field(() => ID) authorId: string;
  @Field(() => String, { nullable: true }) authorName: string | null;
  @Field(() => Date) createdAt: string;
  @Field(() => Date) updatedAt: string;
  @Field(() => Int) version: number;
}

@InputType()
export class AddNoteInput {
  @Field(() => String, { nullable: true }) body?: string | null;
  @Field(() => ID, { nullable: true }) templateId?: string | null;
  @Field(() => JSONObjectScalar, { nullable: true }) values?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) pinned?: boolean;
}

@InputType()
export class UpdateNoteInput {
  @Field(() => Int) version: number;
  @Field(() => String, { nullable: true }) body?: string | null;
  @Field(() => JSONObjectScalar, { nullable: true }) values?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) pinned?: boolean;
}
