import { HELP_TOPICS, isHelpTopic, type HelpTopic } from '../../app/modules';

/**
 * The help guides are Markdown files in `web/src/help/<topic>.md`, one per topic of spec §2, so a
 * module's issue edits its own guide without touching code. Each file starts with `# Title`.
 */
const FILES = import.meta.glob<string>('../../help/*.md', { query: '?raw', import: 'default', eager: true });

export interface HelpGuide {
  topic: HelpTopic;
  title: string;
  /** The guide without its title line. */
  markdown: string;
  /** The guide as plain words, for the index's search and summaries. */
  text: string;
  /** The screen the guide is about. */
  path: string;
}

export function parseGuide(topic: HelpTopic, source: string): HelpGuide {
  const match = /^#\s+(.+)\r?\n/.exec(source);
  if (!match) throw new Error(`web/src/help/${topic}.md must start with a "# Title" line`);
  const markdown = source.slice(match[0].length).trim();
  return { topic, title: match[1].trim(), markdown, text: plainText(markdown), path: `/${topic}` };
}

/** Markdown reduced to its words: links and images keep their text, markup characters go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`>|]/g, '')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const HELP_GUIDES: Record<HelpTopic, HelpGuide> = Object.fromEntries(
  HELP_TOPICS.map((topic) => {
    const source = FILES[`../../help/${topic}.md`];
    if (source === undefined) throw new Error(`web/src/help/${topic}.md is missing`);
    return [topic, parseGuide(topic, source)];
  }),
) as Record<HelpTopic, HelpGuide>;

export interface HelpHit {
  guide: HelpGuide;
  /** A few words around the first place the query was found, or the guide's opening. */
  excerpt: string;
}

/**
 * Every word of the query must appear in the guide (title or text, any case); guides whose title
 * holds the words come first. An empty query lists every guide in the spec's order.
 */
export function searchHelp(query: string, guides: readonly HelpGuide[] = HELP_TOPICS.map((t) => HELP_GUIDES[t])): HelpHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return guides.map((guide) => ({ guide, excerpt: opening(guide.text) }));
  const hits: { hit: HelpHit; titleScore: number; order: number }[] = [];
  guides.forEach((guide, order) => {
    const title = guide.title.toLowerCase();
    const text = guide.text.toLowerCase();
    if (!words.every((w) => title.includes(w) || text.includes(w))) return;
    const titleScore = words.filter((w) => title.includes(w)).length;
    const at = Math.min(...words.map((w) => text.indexOf(w)).filter((i) => i >= 0));
    hits.push({ hit: { guide, excerpt: Number.isFinite(at) ? around(guide.text, at) : opening(guide.text) }, titleScore, order });
  });
  return hits.sort((a, b) => b.titleScore - a.titleScore || a.order - b.order).map((h) => h.hit);
}

function opening(text: string): string {
  return text.length > 140 ? `${text.slice(0, 140).replace(/\s+\S*$/, '')}…` : text;
}

function around(text: string, at: number): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 50)) + 1);
  const slice = text.slice(start, start + 160).replace(/\s+\S*$/, '');
  return `${start > 0 ? '…' : ''}${slice}${start + slice.length < text.length ? '…' : ''}`;
}

export { isHelpTopic };
