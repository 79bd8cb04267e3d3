import { describe, expect, it } from 'vitest';
import { brandedMjml, renderMjml } from './email-template.js';

const brand = { businessName: 'Maple & Co', primaryColor: '#8b5cf6', backgroundColor: '#f5f3ff', logoUrl: null };
const body = `<mj-section><mj-column>
  <mj-text>Hello {{firstName}}, spring colour week is here.</mj-text>
  <mj-button href="https://salon.example/book">Book now</mj-button>
</mj-column></mj-section>`;

describe('brandedMjml + renderMjml', () => {
  it('renders the sections in the salon look: brand-coloured button, background, the name as header', async () => {
    const out = await renderMjml(brandedMjml(body, brand));
    expect(out.errors).toEqual([]);
    expect(out.html).toContain('Hello {{firstName}}, spring colour week is here.');
    expect(out.html).toContain('href="https://salon.example/book"');
    expect(out.html).toMatch(/background(-color)?:#8b5cf6/i);
    expect(out.html).toMatch(/#f5f3ff/i);
    expect(out.html).toContain('Maple &amp; Co');
  });

  it('puts the logo on top when the brand has one', async () => {
    const out = await renderMjml(brandedMjml(body, { ...brand, logoUrl: 'https://cdn.example/logo.png' }));
    expect(out.html).toContain('src="https://cdn.example/logo.png"');
    expect(out.html).toContain('alt="Maple &amp; Co"');
  });

  it('keeps a whole document, adding the brand defaults to its head', async () => {
    const doc = `<mjml><mj-body>${body}</mj-body></mjml>`;
    const mjml = brandedMjml(doc, brand);
    expect(mjml.indexOf('<mj-attributes>')).toBeLessThan(mjml.indexOf('<mj-body>'));
    expect((await renderMjml(mjml)).errors).toEqual([]);
  });

  it('names the line of a tag in the wrong place and gives no HTML', async () => {
    const out = await renderMjml('<mjml>\n<mj-body>\n<mj-section>\n<mj-text>Hi</mj-text>\n</mj-section>\n</mj-body>\n</mjml>');
    expect(out.html).toBeNull();
    expect(out.errors).toEqual([{ line: 4, message: expect.stringContaining('mj-text cannot be used inside mj-section') }]);
  });
});
