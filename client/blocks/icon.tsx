import type { LucideIconData } from 'lucide-react';
import * as chartColumn from 'lucide-react/icons/chart-column';
import * as check from 'lucide-react/icons/check';
import * as chevronDown from 'lucide-react/icons/chevron-down';
import * as circleCheck from 'lucide-react/icons/circle-check';
import * as clock from 'lucide-react/icons/clock';
import * as gift from 'lucide-react/icons/gift';
import * as globe from 'lucide-react/icons/globe';
import * as heart from 'lucide-react/icons/heart';
import * as leaf from 'lucide-react/icons/leaf';
import * as play from 'lucide-react/icons/play';
import * as shield from 'lucide-react/icons/shield';
import * as sparkles from 'lucide-react/icons/sparkles';
import * as star from 'lucide-react/icons/star';
import * as users from 'lucide-react/icons/users';
import * as zap from 'lucide-react/icons/zap';

/**
 * The blocks' icons, drawn as lucide-react draws them but without its components: at the edge
 * (renderToString on every uncached request) each lucide icon was two forwardRef components, a
 * context read and an element per shape, ≈ a third of the page's render (decision 0037). Here an
 * icon is one <svg> with lucide's attributes in lucide's order and its shapes as markup built
 * once per isolate: the same bytes (icon.test.tsx compares them with lucide-react's own).
 */

/** An icon module of lucide-react: its data beside the component (what scripts/icons-build.mjs reads too). */
const data = (icon: unknown) => (icon as { __iconData: LucideIconData }).__iconData;

export const ICONS = {
  chartColumn: data(chartColumn),
  check: data(check),
  chevronDown: data(chevronDown),
  circleCheck: data(circleCheck),
  clock: data(clock),
  gift: data(gift),
  globe: data(globe),
  heart: data(heart),
  leaf: data(leaf),
  play: data(play),
  shield: data(shield),
  sparkles: data(sparkles),
  star: data(star),
  users: data(users),
  zap: data(zap),
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const shapesMarkup = new WeakMap<LucideIconData, string>();

/** An icon's shapes as React writes them (`<path d="…"></path>`), built once per icon. */
function shapesOf(icon: LucideIconData): string {
  let markup = shapesMarkup.get(icon);
  if (markup === undefined) {
    markup = icon.node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([name]) => name !== 'key')
          .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
          .join('');
        return `<${tag}${written}></${tag}>`;
      })
      .join('');
    shapesMarkup.set(icon, markup);
  }
  return markup;
}

const classes = new WeakMap<LucideIconData, Map<string, string>>();

/** lucide's class: `lucide`, `lucide-{name}` and its aliases', then the given classes, each once; built once per icon and classes. */
function classOf(icon: LucideIconData, className: string): string {
  let ofIcon = classes.get(icon);
  if (!ofIcon) classes.set(icon, (ofIcon = new Map()));
  let written = ofIcon.get(className);
  if (written === undefined) {
    const names = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`), ...className.split(/\s+/)];
    written = [...new Set(names.filter(Boolean))].join(' ');
    // The blocks pass a few fixed class strings: bounded in practice, and cleared if not.
    if (ofIcon.size >= 64) ofIcon.clear();
    ofIcon.set(className, written);
  }
  return written;
}

/** A decorative icon (hidden from assistive technology: the words beside it say what it means). */
export function Icon({ icon, className }: { icon: LucideIconData; className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={classOf(icon, className)}
      aria-hidden="true"
      // The icon's own shapes from lucide's data (no user input), escaped as React would.
      dangerouslySetInnerHTML={{ __html: shapesOf(icon) }}
    />
  );
}
