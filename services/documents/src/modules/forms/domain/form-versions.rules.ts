import type { FormDefinition } from '@salon/contracts';
import { canonicalJson } from '../../submissions/domain/submission-hash.rules.js';

/** What publishing a draft does: a new version numbered after the newest, or nothing when the draft is that version already. */
export type PublishDecision = { publish: true; version: number } | { publish: false; reason: string };

export interface PublishedVersion {
  version: number;
  name: string;
  definition: FormDefinition;
}

/** True when the draft (name and definition) differs from the newest published version. */
export function hasDraftChanges(draft: { name: string; definition: FormDefinition }, latest: PublishedVersion | null): boolean {
  if (!latest) return true;
  return draft.name !== latest.name || canonicalJson(draft.definition) !== canonicalJson(latest.definition);
}

/**
 * Publishing freezes the draft as version n+1. Publishing an unchanged draft makes no new version,
 * so a second click never doubles the history clients are asked to sign.
 */
export function decidePublish(draft: { name: string; definition: FormDefinition }, latest: PublishedVersion | null): PublishDecision {
  if (!hasDraftChanges(draft, latest)) return { publish: false, reason: 'The published version already matches the draft' };
  return { publish: true, version: (latest?.version ?? 0) + 1 };
}

/** A submission answers the version the page showed; only a version that was published (not a draft, not a future number) is accepted. */
export function answerableVersion(requested: number, published: readonly number[]): boolean {
  return published.includes(requested);
}
