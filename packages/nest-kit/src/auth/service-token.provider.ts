import { Injectable } from '@nestjs/common';
import { TokenService } from '@salon/tokens';

/** The caller of every service-to-identity request; not a person, never signs in. */
export const SERVICE_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/** A service's own bearer token for calls to identity, signed once and reused until near expiry. */
@Injectable()
export class ServiceToken {
  private current: { token: string; until: number } | null = null;

  constructor(private readonly tokens: TokenService) {}

  async bearer(): Promise<string> {
    if (this.current && this.current.until > Date.now() + 60_000) return `Bearer ${this.current.token}`;
    const { token, claims } = await this.tokens.issue(SERVICE_ACCOUNT_ID, 'admin');
    this.current = { token, until: claims.exp * 1000 };
    return `Bearer ${token}`;
  }
}
