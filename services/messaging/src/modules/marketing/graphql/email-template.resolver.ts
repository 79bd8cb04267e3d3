import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '@salon/nest-kit';
import { EmailTemplatesUseCase } from '../use-cases/email-templates.use-case.js';
import { EmailBrandInputModel, EmailRenderModel, EmailTemplateModel, SaveEmailTemplateInputModel } from './marketing.model.js';

/** Drops what GraphQL left out (undefined) so the strict input schemas see only given fields. */
const given = <T extends object>(input: T): T => JSON.parse(JSON.stringify(input)) as T;

@Resolver(() => EmailTemplateModel)
export class EmailTemplateResolver {
  constructor(private readonly useCase: EmailTemplatesUseCase) {}

  @AdminOnly()
  @Query(() => [EmailTemplateModel], { description: 'Saved e-mail templates (MJML), by name' })
  emailTemplates() {
    return this.useCase.list();
  }

  @AdminOnly()
  @Query(() => EmailRenderModel, { description: 'The HTML of MJML in the salon look (MJML renders on the server), or its problems' })
  renderEmailTemplate(@Args('mjml') mjml: string, @Args('brand') brand: EmailBrandInputModel) {
    return this.useCase.render(mjml, given(brand));
  }

  @AdminOnly()
  @Mutation(() => EmailTemplateModel, {
    description: 'Creates (no id) or changes a saved template; MJML that does not render is refused naming the line',
  })
  saveEmailTemplate(@Args('input') input: SaveEmailTemplateInputModel) {
    return this.useCase.save(given(input));
  }
}
