import { createElement } from 'react';
import type { IconEntry } from '#client/features/creatives/icon-search.ts';

/** An icon's shapes drawn as lucide draws them, in the text colour. */
export function IconPreview({ icon, className = 'size-6' }: { icon: IconEntry; className?: string }) {
  return createElement(
    'svg',
    {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className,
      'aria-hidden': true,
    },
    icon.nodes.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs })),
  );
}
