import twilio from 'twilio';

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/**
 * The SDK's own HTTP client with one change: requests meant for *.twilio.com go to a
 * Twilio-compatible peer instead (TWILIO_API_URL; the local peer in infra/local). The SDK still
 * does all the encoding, auth and parsing, so tests exercise the real adapter code.
 */
export class PeerRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ autoRetry: false });
  }

  override request<TData>(opts: RequestOptions): Promise<import('twilio/lib/http/response.js').default<TData>> {
    const original = new URL(opts.uri);
    const target = new URL(this.baseUrl);
    target.pathname = `${target.pathname.replace(/\/+$/, '')}${original.pathname}`;
    target.search = original.search;
    return super.request<TData>({ ...opts, uri: target.toString() } as never);
  }
}
