import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import express from 'express';
import { parse } from 'graphql';

/** What a fake service saw of one request (the gateway's tests assert on it). */
export interface SeenRequest {
  method: string;
  url: string;
  authorization?: string;
  requestId?: string;
  forwardedFor?: string;
  forwardedProto?: string;
  forwarded?: string;
  contentType?: string;
  body: string;
}

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  /** /api requests waiting for `release()` (only with `holdApi`). */
  held(): number;
  /** Answers every held /api request, and stops holding new ones. */
  release(): void;
  close(): Promise<void>;
}

export interface FakeServiceOptions<C> {
  sdl: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  resolvers: any;
  context: (headers: http.IncomingHttpHeaders) => Promise<C>;
  /** Hold /api requests unanswered until `release()`: requests in flight, for the shutdown test. */
  holdApi?: boolean;
}

const record = (req: express.Request, body: string): SeenRequest => ({
  method: req.method,
  url: req.originalUrl,
  authorization: req.headers.authorization,
  requestId: req.headers['x-request-id'] as string | undefined,
  forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
  forwardedProto: req.headers['x-forwarded-proto'] as string | undefined,
  forwarded: req.headers.forwarded,
  contentType: req.headers['content-type'],
  body,
});

/**
 * A stand-in service: a Federation 2 subgraph at /graphql (built with @apollo/subgraph, like the
 * real NestJS services) and an echo of any /api request, answering `?status=` when asked.
 */
export async function startFakeService<C extends object>(options: FakeServiceOptions<C>): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const apollo = new ApolloServer<C>({
    schema: buildSubgraphSchema({ typeDefs: parse(options.sdl), resolvers: options.resolvers }),
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  await apollo.start();

  const app = express();
  app.post('/graphql', express.json(), (req, _res, next) => {
    seen.push(record(req, JSON.stringify(req.body)));
    next();
  });
  app.use('/graphql', expressMiddleware(apollo, { context: async ({ req }) => options.context(req.headers) }));
  let holding = options.holdApi ?? false;
  const waiting: (() => void)[] = [];
  app.use('/api', express.text({ type: () => true }), (req, res) => {
    const body = typeof req.body === 'string' ? req.body : '';
    const entry = record(req, body);
    seen.push(entry);
    const answer = () => {
      res.setHeader('x-fake-service', 'yes');
      res.status(Number(req.query.status ?? 200)).json({ ...entry, echoed: true });
    };
    if (holding) waiting.push(answer);
    else answer();
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    held: () => waiting.length,
    release() {
      holding = false;
      waiting.splice(0).forEach((answer) => answer());
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await apollo.stop();
    },
  };
}
