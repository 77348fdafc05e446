import fc from 'fast-check';
import {
  ChartColumn,
  Check,
  ChevronDown,
  CircleCheck,
  Clock,
  Gift,
  Globe,
  Heart,
  Leaf,
  Play,
  Shield,
  Sparkles,
  Star,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, ICONS } from '#client/blocks/icon.tsx';

/** The lucide-react component each of the blocks' icons stands for. */
const LUCIDE: Record<keyof typeof ICONS, LucideIcon> = {
  chartColumn: ChartColumn,
  check: Check,
  chevronDown: ChevronDown,
  circleCheck: CircleCheck,
  clock: Clock,
  gift: Gift,
  globe: Globe,
  heart: Heart,
  leaf: Leaf,
  play: Play,
  shield: Shield,
  sparkles: Sparkles,
  star: Star,
  users: Users,
  zap: Zap,
};

const names = Object.keys(ICONS) as (keyof typeof ICONS)[];

describe('the blocks’ icons', () => {
  it('are the bytes lucide-react writes, for every icon and the classes the blocks give', () => {
    for (const name of names) {
      const Lucide = LUCIDE[name];
      for (const className of ['size-5', 'size-5 opacity-30', 'ms-1 size-7 fill-current sm:size-8', 'mt-1 size-6 shrink-0 text-(--fp-link)']) {
        const ours = renderToStaticMarkup(<Icon icon={ICONS[name]} className={className} />);
        expect(ours, `${name} ${className}`).toBe(renderToStaticMarkup(<Lucide aria-hidden="true" className={className} />));
      }
    }
    expect(renderToStaticMarkup(<Icon icon={ICONS.circleCheck} className="size-6" />)).toContain(
      'class="lucide lucide-circle-check lucide-check-circle-2 size-6"',
    );
  });

  it('write any classes as lucide-react does (spaces, repeats, its own class names)', () => {
    const token = fc.constantFrom('size-5', 'lucide', 'lucide-star', 'fill-current', 'group-open:rotate-180', 'text-(--fp-accent)', '');
    const separator = fc.constantFrom(' ', '  ', '\t', '\n');
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.tuple(token, separator), { maxLength: 6 }), (name, parts) => {
        const className = parts.map(([t, s]) => t + s).join('');
        const Lucide = LUCIDE[name];
        expect(renderToStaticMarkup(<Icon icon={ICONS[name]} className={className} />)).toBe(
          renderToStaticMarkup(<Lucide aria-hidden="true" className={className} />),
        );
      }),
      { seed: 37, numRuns: 200 },
    );
  });
});
