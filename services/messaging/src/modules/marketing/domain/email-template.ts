import type { EmailBrand, EmailRenderView } from '@salon/contracts';
import { createRequire } from 'node:module';

interface MjmlError {
  line?: number;
  message: string;
}
type Mjml2Html = (
  mjml: string,
  options: { validationLevel: 'strict' | 'soft' | 'skip'; keepComments?: boolean },
) => Promise<{ html: string; errors: MjmlError[] }>;

// mjml ships CommonJS without types; its render is async since MJML 5.
const require = createRequire(import.meta.url);
const mjmlModule = require('mjml') as { default?: Mjml2Html } & Mjml2Html;
const mjml2html: Mjml2Html = mjmlModule.default ?? mjmlModule;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A template in the salon's look: the owner's MJML (a whole `<mjml>` document, or just the
 * sections of its body) with the brand's colours as the default attributes (buttons and links in
 * the brand colour, the page in its background) and, for a body, a header with the logo (or the
 * business name) above it.
 */
export function brandedMjml(source: string, brand: EmailBrand): string {
  const head = `<mj-head>
    <mj-title>${escapeText(brand.businessName)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text color="#1f2937" font-size="15px" line-height="1.5" />
      <mj-button background-color="${brand.primaryColor}" color="#ffffff" border-radius="6px" font-weight="bold" />
      <mj-divider border-color="${brand.primaryColor}" />
    </mj-attributes>
    <mj-style>a { color: ${brand.primaryColor}; }</mj-style>
  </mj-head>`;
  const trimmed = source.trim();
  if (/^<mjml[\s>]/i.test(trimmed)) {
    // A whole document: the brand's defaults go first in its head, so its own attributes win.
    if (/<mj-head>/i.test(trimmed)) return trimmed.replace(/<mj-head>/i, head.replace(/<\/mj-head>$/, ''));
    return trimmed.replace(/^<mjml([^>]*)>/i, `<mjml$1>${head}`);
  }
  const header = brand.logoUrl
    ? `<mj-image src="${escapeAttr(brand.logoUrl)}" alt="${escapeAttr(brand.businessName)}" width="160px" />`
    : `<mj-text align="center" font-size="22px" font-weight="bold" color="${brand.primaryColor}">${escapeText(brand.businessName)}</mj-text>`;
  return `<mjml>${head}
  <mj-body background-color="${brand.backgroundColor}">
    <mj-section><mj-column>${header}</mj-column></mj-section>
    ${trimmed}
  </mj-body>
</mjml>`;
}

/**
 * MJML to the e-mail's HTML, validated strictly: a tag in the wrong place or an unknown attribute
 * is a problem with its line, and no HTML is given (a broken layout is never sent).
 */
export async function renderMjml(mjml: string): Promise<EmailRenderView> {
  try {
    const out = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
    if (out.errors.length > 0) return { html: null, errors: out.errors.map(problem) };
    return { html: out.html, errors: [] };
  } catch (e) {
    const errors = (e as { errors?: MjmlError[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return { html: null, errors: errors.map(problem) };
    return { html: null, errors: [{ line: null, message: e instanceof Error ? e.message : 'The MJML could not be read' }] };
  }
}

function problem(e: MjmlError): { line: number | null; message: string } {
  return { line: typeof e.line === 'number' ? e.line : null, message: e.message };
}
