import { Injectable } from '@nestjs/common';

/**
 * The two outgoing calls SNS verification needs: fetching a signing certificate (cached: SNS
 * reuses a handful) and visiting a SubscribeURL. Callers check the URLs against the allowlist
 * first; tests replace this class to serve a self-signed certificate.
 */
@Injectable()
export class SnsClient {
  private readonly certificates = new Map<string, Promise<string>>();

  certificate(url: string): Promise<string> {
    let pending = this.certificates.get(url);
    if (!pending) {
      pending = fetchText(url).then((pem) => {
        if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('SigningCertURL did not answer a PEM certificate');
        return pem;
      });
      // A failed fetch is not cached, so a transient error does not reject every later message.
      pending.catch(() => this.certificates.delete(url));
      this.certificates.set(url, pending);
    }
    return pending;
  }

  async confirmSubscription(subscribeUrl: string): Promise<void> {
    await fetchText(subscribeUrl);
  }
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}
