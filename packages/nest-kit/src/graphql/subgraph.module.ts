import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import type { DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { BaseConfig } from '../config/config.js';

/**
 * Every service's Federation 2 subgraph, configured one way: code-first schema, the request in the
 * context (the guards read the token from it), no introspection in production (the gateway
 * composes from `_service { sdl }`), no stack traces in answers, no inline tracing.
 */
/** `extra` adds options a service needs (e.g. `resolvers` for a custom scalar such as JSONObject). */
export function subgraphModule(config: Pick<BaseConfig, 'NODE_ENV'>, extra: Partial<ApolloFederationDriverConfig> = {}): DynamicModule {
  return GraphQLModule.forRoot<ApolloFederationDriverConfig>({
    driver: ApolloFederationDriver,
    autoSchemaFile: { federation: 2 },
    sortSchema: true,
    context: ({ req }: { req: unknown }) => ({ req }),
    // Nest runs guards on root fields only by default; federation's `_entities` reaches reference
    // resolvers (and the field resolvers under them) without any root field of ours, so the auth
    // and permission guards must run on those too. `_service { sdl }` has no Nest handler and
    // stays open for composition. Filters too, so their refusals carry the same extension codes.
    fieldResolverEnhancers: ['guards', 'filters'],
    introspection: config.NODE_ENV !== 'production',
    includeStacktraceInErrorResponses: false,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
    ...extra,
  });
}
