import { graphqlDuration } from './metrics.js';

interface RequestContextLike {
  operationName?: string | null;
  operation?: { operation?: string } | null;
  errors?: readonly unknown[];
}

/**
 * An Apollo Server plugin timing every operation by name and type (the gateway's and each
 * subgraph's). Anonymous operations count as `anonymous`; the name comes from the query text the
 * web client sends, so the label set is the web's operation list, which is bounded.
 */
export function graphqlMetricsPlugin() {
  return {
    async requestDidStart() {
      const end = graphqlDuration.startTimer();
      return {
        async willSendResponse(ctx: RequestContextLike) {
          end({
            operation: ctx.operationName ?? 'anonymous',
            type: ctx.operation?.operation ?? 'unknown',
            outcome: ctx.errors?.length ? 'error' : 'ok',
          });
        },
      };
    },
  };
}
