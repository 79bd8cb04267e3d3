import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { AddNoteInput as AddNoteContract, Note, UpdateNoteInput as UpdateNoteContract } from '@salon/contracts';
import { JSONObjectScalar } from '@salon/nest-kit';

@ObjectType('Note')
export class NoteModel implements Note {
  @Field(() => ID) id: string;
  @Field(() => ID) clientId: string;
  @Field(() => String, { nullable: true, description: 'A free note' }) body: string | null;
  @Field(() => ID, { nullable: true }) templateId: string | null;
  @Field(() => String, { nullable: true }) templateName: string | null;
  @Field(() => JSONObjectScalar, { nullable: true, description: 'A structured note: template field id → value' }) values: Record<
    string,
    unknown
  > | null;
  @Field() pinned: boolean;
  @Field(() => ID) authorId: string;
  @Field(() => String, { nullable: true }) authorName: string | null;
  @Field(() => Date) createdAt: string;
  @Field(() => Date) updatedAt: string;
  @Field(() => Int) version: number;
}

@InputType()
export class AddNoteInput implements AddNoteContract {
  @Field(() => String, { nullable: true }) body?: string | null;
  @Field(() => ID, { nullable: true }) templateId?: string | null;
  @Field(() => JSONObjectScalar, { nullable: true }) values?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) pinned?: boolean;
}

@InputType()
export class UpdateNoteInput implements UpdateNoteContract {
  @Field(() => Int) version: number;
  @Field(() => String, { nullable: true }) body?: string | null;
  @Field(() => JSONObjectScalar, { nullable: true }) values?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) pinned?: boolean;
}
