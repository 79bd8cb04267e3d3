import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { graphqlMetricsPlugin } from '../telemetry/graphql-metrics.js';
import { ApolloServerPluginDisableSuggestions } from '@apollo/server/plugin/disableSuggestions';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import type { DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { BaseConfig } from '../config/config.js';
import { queryCostPlugin, queryLimitRules, queryLimitsOf, type QueryLimitsConfig } from './query-limits.js';
import { withoutSuggestions } from './without-suggestions.js';

export { withoutSuggestions };

/**
 * Every service's Federation 2 subgraph, configured one way: code-first schema, the request in the
 * context (the guards read the token from it), no introspection in production (the gateway
 * composes from `_service { sdl }`), no stack traces and no name suggestions in answers (in every
 * environment), no inline tracing, and the same depth, alias and cost limits as the gateway
 * (query-limits.ts): a subgraph is reachable without the gateway (another pod, a forwarded port),
 * so it cannot rely on the gateway's.
 *
 * `extra` adds options a service needs (e.g. `resolvers` for a custom scalar such as JSONObject);
 * its plugins and validation rules come on top of these, never instead.
 */
export function subgraphModule(
  config: Pick<BaseConfig, 'NODE_ENV'> & Partial<QueryLimitsConfig>,
  extra: Partial<ApolloFederationDriverConfig> = {},
): DynamicModule {
  const limits = queryLimitsOf(config);
  const { plugins = [], validationRules = [], ...rest } = extra;
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
    formatError: withoutSuggestions,
    ...rest,
    plugins: [
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginDisableSuggestions(),
      queryCostPlugin(limits),
      graphqlMetricsPlugin(),
      ...plugins,
    ],
    validationRules: [...queryLimitRules(limits), ...validationRules],
  });
}
