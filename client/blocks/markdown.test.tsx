import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inlineText, parseMarkdownLite } from '#common/markdown-lite.ts';
import { MarkdownLite } from '#client/blocks/markdown.tsx';

function dom(source: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<MarkdownLite source={source} />);
  return root;
}

const ALLOWED_TAGS = new Set(['H2', 'H3', 'P', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'A', 'BR', 'SPAN']);

describe('markdown subset', () => {
  it('renders paragraphs, headings, lists, emphasis and links', () => {
    const root = dom(
      '# Title\n\n## Our story\n\nWe **roast** *weekly* and _ship_ fast.\nSecond line.\n\n### Why\n\n- one\n- **two**\n\n1. first\n2. second\n\n[Blog](https://example.com/blog) or [mail](mailto:hi@example.com)',
    );
    expect([...root.children].map((c) => c.tagName)).toEqual(['H2', 'H2', 'P', 'H3', 'UL', 'OL', 'P']);
    expect(root.querySelector('p strong')!.textContent).toBe('roast');
    expect([...root.querySelectorAll('p em')].map((e) => e.textContent)).toEqual(['weekly', 'ship']);
    expect(root.querySelector('p br')).not.toBeNull();
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...root.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['first', 'second']);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent, a.getAttribute('rel')])).toEqual([
      ['https://example.com/blog', 'Blog', 'noopener'],
      ['mailto:hi@example.com', 'mail', 'noopener'],
    ]);
  });

  it('keeps unmatched markers and escapes as text', () => {
    expect(dom('2 * 3 = 6 and a ** b').textContent).toBe('2 * 3 = 6 and a ** b');
    expect(dom('\\*not italic\\*').textContent).toBe('*not italic*');
    expect(dom('[no link] (here)').querySelector('a')).toBeNull();
    expect(dom('snake_case_name and first_last@example.com').querySelector('em')).toBeNull();
    expect(dom('an _emphasised_ word').querySelector('em')!.textContent).toBe('emphasised');
  });

  it.each([
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['[click](javascript:alert(1))', 'click)'],
    ['[click](JAVASCRIPT:alert(1))', 'click)'],
    ['[click](data:text/html;base64,PHNjcmlwdD4=)', 'click'],
    ['[click](http://example.com)', 'click'],
    ['[click](//evil.example)', 'click'],
    ['[click](/relative)', 'click'],
    ['[click](vbscript:msgbox)', 'click'],
    ['[x](https://a.example/"onmouseover="alert(1))', 'x)'],
    ['[x](https://a.example/<svg>)', 'x'],
    ['**[x](javascript:alert(1))**', 'x)'],
    ['[**x**](java&#115;cript:alert(1))', 'x)'],
  ])('renders %j as inert text', (source, text) => {
    const html = renderToString(<MarkdownLite source={source} />);
    expect(html).not.toMatch(/<script|<img|<svg|href="(?!https:|mailto:)/i);
    const root = dom(source);
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe(text);
  });

  it('whatever the input: only the subset’s elements, no attributes but safe hrefs, never throws', () => {
    const pieces = fc.constantFrom(
      '**',
      '*',
      '_',
      '[',
      ']',
      '(',
      ')',
      '](',
      '\\',
      '\n',
      '\n\n',
      '## ',
      '### ',
      '- ',
      '1. ',
      '<',
      '>',
      '"',
      "'",
      '&',
      'javascript:',
      'https://a.example/x',
      'mailto:a@b.example',
      ' ',
      'text',
      'on',
      '=',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join('')),
        (source) => {
          const root = dom(source);
          for (const el of root.querySelectorAll('*')) {
            expect(ALLOWED_TAGS.has(el.tagName)).toBe(true);
            for (const attr of el.attributes) {
              if (attr.name === 'class' || attr.name === 'rel') continue;
              expect(attr.name).toBe('href');
              expect(attr.value).toMatch(/^(https:\/\/[A-Za-z0-9.-]+[/?#]?|mailto:)/);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every character of a long run of unmatched markers', () => {
    const source = '[a]('.repeat(2000) + ' *'.repeat(1000) + '[b'.repeat(1000);
    const blocks = parseMarkdownLite(source);
    expect(inlineText(blocks[0]!.t === 'p' ? blocks[0]!.c : [])).toBe(source);
  });
});
