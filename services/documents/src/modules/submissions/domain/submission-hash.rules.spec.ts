import { describe, expect, it } from 'vitest';
import { canonicalJson, submissionHash, submissionIntact, type SubmissionContent } from './submission-hash.rules.js';

const content: SubmissionContent = {
  formId: '1001',
  version: 2,
  definition: { sections: [{ title: 'A', fields: [{ key: 'q', type: 'text', label: 'Q', required: true }] }] },
  answers: { q: 'answer', b: { answer: 'yes', followUp: 'x' } },
  clientId: null,
  signerName: 'Ada Lovelace',
  signatureSha256: 'a'.repeat(64),
  files: {},
  signedAt: '2026-11-23T15:00:00.000Z',
  ip: '203.0.113.9',
  userAgent: 'Phone',
};

describe('canonicalJson', () => {
  it('sorts keys at every depth so key order never changes the text', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
  it('leaves out undefined properties like JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

describe('submissionHash', () => {
  it('is a SHA-256 hex digest that does not depend on key order or the instant’s spelling', () => {
    const h = submissionHash(content);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { ...content, answers: { b: { followUp: 'x', answer: 'yes' }, q: 'answer' }, signedAt: '2026-11-23T09:00:00-06:00' };
    expect(submissionHash(reordered)).toBe(h);
  });

  it('changes with any answer, the signer, the signature, the version or the question text', () => {
    const h = submissionHash(content);
    expect(submissionHash({ ...content, answers: { ...content.answers, q: 'answer!' } })).not.toBe(h);
    expect(submissionHash({ ...content, signerName: 'Ada L.' })).not.toBe(h);
    expect(submissionHash({ ...content, signatureSha256: 'b'.repeat(64) })).not.toBe(h);
    expect(submissionHash({ ...content, version: 3 })).not.toBe(h);
    expect(submissionHash({ ...content, definition: { sections: [] } })).not.toBe(h);
  });

  it('tells a tampered submission from an intact one', () => {
    const h = submissionHash(content);
    expect(submissionIntact(content, h)).toBe(true);
    expect(submissionIntact({ ...content, ip: '198.51.100.1' }, h)).toBe(false);
  });
});
