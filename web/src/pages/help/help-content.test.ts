import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../app/modules';
import { HELP_GUIDES, parseGuide, plainText, searchHelp } from './help-content';

describe('help guides', () => {
  it('has a Markdown guide with a title for every topic of the spec', () => {
    for (const topic of HELP_TOPICS) {
      expect(HELP_GUIDES[topic].title, topic).not.toBe('');
      expect(HELP_GUIDES[topic].text.length, topic).toBeGreaterThan(40);
    }
  });

  it('refuses a guide without its title line', () => {
    expect(() => parseGuide('pos', 'Checkout text')).toThrow(/pos\.md must start with a "# Title"/);
  });

  it('reduces Markdown to words for search', () => {
    expect(plainText('## Tips\n\n- **Split** [the tip](/pos) by `hand`\n\n![The POS](/help/pos.png)')).toBe(
      'Tips Split the tip by hand The POS',
    );
  });
});

describe('searchHelp', () => {
  const guide = (topic: 'pos' | 'clients' | 'payroll', title: string, markdown: string) => parseGuide(topic, `# ${title}\n\n${markdown}`);
  const guides = [
    guide('clients', 'Clients', 'Merge duplicates. A refund shows in the history.'),
    guide('pos', 'Point of sale', 'Refund a payment with a reason. Tips split to the cent.'),
    guide('payroll', 'Payroll', 'Commission on services.'),
  ];

  it('lists every guide in order for an empty query', () => {
    expect(searchHelp('  ', guides).map((h) => h.guide.topic)).toEqual(['clients', 'pos', 'payroll']);
  });

  it('needs every word, in any case, in the title or the text', () => {
    expect(searchHelp('REFUND reason', guides).map((h) => h.guide.topic)).toEqual(['pos']);
    expect(searchHelp('refund', guides).map((h) => h.guide.topic)).toEqual(['clients', 'pos']);
    expect(searchHelp('gift', guides)).toEqual([]);
  });

  it('puts guides whose title matches first and shows the words around the match', () => {
    const hits = searchHelp('sale', [...guides, guide('payroll', 'Payroll', 'Each sale pays commission.')]);
    expect(hits.map((h) => h.guide.title)).toEqual(['Point of sale', 'Payroll']);
    expect(hits[1].excerpt).toContain('Each sale pays');
  });
});
