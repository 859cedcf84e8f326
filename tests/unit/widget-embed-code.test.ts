import { LANGUAGES } from '@contract/enums';
import { EMBED_LINK_TEXT, embedCode, widgetTitle } from '@contract/widgets';
import { describe, expect, it } from 'vitest';

describe('the embed code', () => {
  it("says its link for browsers without scripts in the widget's language, whatever the portal's", () => {
    expect(embedCode('https://certdesk.example', 'w1', 'fr')).toContain(
      '<noscript><a href="https://certdesk.example/embed/widgets/w1">Acheter une carte cadeau</a></noscript>',
    );
    expect(embedCode('https://certdesk.example', 'w1', 'en')).toContain('>Buy a gift certificate</a>');
    for (const language of LANGUAGES) expect(EMBED_LINK_TEXT[language]).not.toBe('');
  });
});

describe("a widget's title", () => {
  it('is its own name, else its product’s', () => {
    expect(widgetTitle({ name: 'Footer', productName: 'Spa day' })).toBe('Footer');
    expect(widgetTitle({ name: '', productName: 'Spa day' })).toBe('Spa day');
  });
});
