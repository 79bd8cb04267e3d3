import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, type HelpTopic } from '../../app/modules';
import { STAFF_ROUTES } from '../../app/route-table';
import { HELP_GUIDES } from './help-content';

/**
 * Topics whose guide is written in full (issue 19): each is held to the shape below. A topic
 * joins this list when its guide is written; until then it may still be the short "coming" text.
 */
const WRITTEN: readonly HelpTopic[] = [
  'staff',
  'locations',
  'permissions',
  'settings',
  'devices',
  'rooms',
  'classes',
  'note-templates',
  'schedule',
  'staff-schedule',
  'phone',
  'gift-certificates',
  'memberships',
  'ai-messaging',
  'marketing',
  'reports',
  'appointments',
  'clients',
  'pos',
  'products',
  'automations',
  'forms',
  'documents',
  'time-clock',
  'payroll',
];

/** web/public is Vite's public folder: /help/x.png in a guide is web/public/help/x.png. */
const PUBLIC = fileURLToPath(new URL('../../../public', import.meta.url));

const images = (markdown: string) =>
  [...markdown.matchAll(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ alt: m[1], src: m[2] }));
const links = (markdown: string) =>
  [...markdown.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((href) => href.startsWith('/'));

describe('pictures in the guides', () => {
  it('exist in web/public/help for every image any guide shows, each with alt text', () => {
    for (const topic of HELP_TOPICS) {
      for (const { alt, src } of images(HELP_GUIDES[topic].markdown)) {
        expect(src, `${topic}.md`).toMatch(/^\/help\/[a-z0-9-]+\.png$/);
        expect(existsSync(`${PUBLIC}${src}`), `${topic}.md shows ${src}, which is not in web/public`).toBe(true);
        expect(alt.trim().length, `${topic}.md: alt text of ${src}`).toBeGreaterThan(15);
      }
    }
  });
});

describe.each(WRITTEN)('the %s guide', (topic) => {
  const { markdown, text } = HELP_GUIDES[topic];

  it('is at least a page of guidance', () => {
    expect(text.split(' ').length).toBeGreaterThan(400);
  });

  it('has sections, steps to follow and a FAQ with questions', () => {
    expect(markdown.match(/^## .+/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    // At least one numbered list of two or more steps.
    expect(markdown).toMatch(/^1\. .+\n(?:(?:[ \t].*|)\n)*?2\. /m);
    const faq = markdown.split(/^## (?:FAQ|Frequently asked questions)\s*$/m)[1];
    expect(faq, 'a "## FAQ" section').toBeDefined();
    expect(faq.match(/^### .+\?\s*$/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('shows at least one picture of its screen', () => {
    expect(images(markdown).length).toBeGreaterThan(0);
  });

  it('links only to screens and guides that exist', () => {
    const known = (path: string) => {
      const [pathname] = path.split(/[?#]/);
      if (/^\/help\/[a-z-]+$/.test(pathname)) return (HELP_TOPICS as readonly string[]).includes(pathname.slice(6));
      return ['/booking', '/help'].includes(pathname) || STAFF_ROUTES.some((r) => r.path === pathname);
    };
    for (const href of links(markdown)) expect(known(href), href).toBe(true);
  });
});
