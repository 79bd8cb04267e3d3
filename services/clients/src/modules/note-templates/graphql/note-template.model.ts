import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { NoteTemplate, TemplateField, TemplateSection } from '@salon/contracts';

export enum NoteFieldType {
  text = 'text',
  longText = 'longText',
  choice = 'choice',
  checkbox = 'checkbox',
  date = 'date',
  number = 'number',
}
registerEnumType(NoteFieldType, { name: 'NoteFieldType' });

@ObjectType('NoteTemplateField')
export class NoteTemplateFieldModel implements TemplateField {
  @Field(() => ID) id: string;
  @Field() label: string;
  @Field(() => NoteFieldType) type: NoteFieldType;
  @Field() required: boolean;
  @Field(() => [String], { nullable: true, description: 'The choices of a choice field' }) options?: string[];
}

@ObjectType('NoteTemplateSection')
export class NoteTemplateSectionModel implements TemplateSection {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => [NoteTemplateFieldModel]) fields: NoteTemplateFieldModel[];
}

@ObjectType('NoteTemplate')
export class NoteTemplateModel implements NoteTemplate {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => [NoteTemplateSectionModel]) sections: NoteTemplateSectionModel[];
  @Field() archived: boolean;
  @Field(() => Date) createdAt: string;
  @Field(() => Date) updatedAt: string;
  @Field(() => Int) version: number;
}

@InputType()
export class NoteTemplateFieldInput {
  @Field(() => ID) id: string;
  @Field() label: string;
  @Field(() => NoteFieldType) type: NoteFieldType;
  @Field(() => Boolean, { nullable: true }) required?: boolean;
  @Field(() => [String], { nullable: true }) options?: string[] | null;
}

@InputType()
export class NoteTemplateSectionInput {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => [NoteTemplateFieldInput]) fields: NoteTemplateFieldInput[];
}

@InputType()
export class NoteTemplateInput {
  @Field() name: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [NoteTemplateSectionInput]) sections: NoteTemplateSectionInput[];
}
