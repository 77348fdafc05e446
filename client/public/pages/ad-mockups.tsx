import { Bookmark, ChevronRight, Earth, Heart, MessageCircle, MoreHorizontal, Music2, Send, Share2, ThumbsUp, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { charCount, type MockupAd, type MockupItem, type Placement } from '#common/ads.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** Characters of the caption Instagram and Facebook show before "… more" (about two lines on a phone). */
export const CAPTION_FOLD = 125;

/** The first `limit` characters (code points, never half an emoji), cut at a word when one is near. */
export function foldCaption(text: string, limit = CAPTION_FOLD): { shown: string; folded: boolean } {
  const firstLine = text.split('\n', 1)[0] ?? '';
  const multiline = firstLine.length < text.length;
  if (charCount(text) <= limit && !multiline) return { shown: text, folded: false };
  const points = Array.from(firstLine);
  if (points.length <= limit) return { shown: firstLine, folded: true };
  const cut = points.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  return { shown: (space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd(), folded: true };
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Avatar sizes as classes (the page's CSP allows no inline styles). */
const AVATAR_SIZES = { 26: 'size-[26px]', 28: 'size-7', 32: 'size-8', 40: 'size-10' } as const;

function Avatar({ ad, size = 32, ring = false }: { ad: MockupAd; size?: keyof typeof AVATAR_SIZES; ring?: boolean }) {
  const sizeClass = AVATAR_SIZES[size];
  const initial = Array.from(ad.pageName.trim())[0]?.toUpperCase() ?? 'A';
  const ringClass = ring ? 'ring-2 ring-white' : 'ring-1 ring-black/10';
  return ad.avatarUrl ? (
    <img src={ad.avatarUrl} alt="" width={size} height={size} className={`shrink-0 rounded-full object-cover ${sizeClass} ${ringClass}`} />
  ) : (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-fuchsia-500 text-xs font-semibold text-white ${sizeClass} ${ringClass}`}
    >
      {initial}
    </span>
  );
}

/** The caption with Instagram's fold: the rest opens with "… more" (a <details>, no script). */
function Caption({ lead, text }: { lead?: ReactNode; text: string }) {
  const t = useT();
  if (!text) return lead ? <p className="text-sm">{lead}</p> : null;
  const { shown, folded } = foldCaption(text);
  if (!folded)
    return (
      <p className="text-sm break-words whitespace-pre-line">
        {lead} {text}
      </p>
    );
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer list-none break-words group-open:hidden [&::-webkit-details-marker]:hidden">
        {lead} {shown}
        <span className="text-zinc-500">{t('content.mockup.more')}</span>
      </summary>
      <p className="break-words whitespace-pre-line">
        {lead} {text}
      </p>
    </details>
  );
}

/**
 * The pictures: one image, or a carousel paged by swiping or with the dots (CSS scroll
 * snap and anchors: no script). `fit` crops to the frame (stories) or keeps the ratio.
 */
function Pictures({ items, idPrefix, frame, dots = 'below' }: { items: MockupItem[]; idPrefix: string; frame?: string; dots?: 'below' | 'none' }) {
  const t = useT();
  const img = (item: MockupItem, index: number) => {
    const picture = (className: string) => (
      <img
        src={item.url}
        alt={item.alt}
        width={item.width}
        height={item.height}
        loading={index === 0 ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    );
    if (!frame) return picture('block h-auto w-full');
    // A full-screen frame shows a tall picture edge to edge; a square or landscape one whole,
    // on a blurred copy of itself, as Instagram does.
    if (item.height / item.width >= 1.6) return picture('h-full w-full object-cover');
    return (
      <div className="relative h-full w-full overflow-hidden">
        <img
          src={item.url}
          alt=""
          aria-hidden="true"
          width={item.width}
          height={item.height}
          className="absolute inset-0 h-full w-full scale-125 object-cover opacity-60 blur-2xl"
        />
        {picture('relative h-full w-full object-contain')}
      </div>
    );
  };
  if (items.length <= 1) return <div className={frame ?? ''}>{items[0] ? img(items[0], 0) : null}</div>;
  return (
    <div>
      <div
        className={`flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] ${frame ?? ''}`}
        role="group"
        aria-roledescription={t('content.mockup.carousel')}
        aria-label={t('content.mockup.pictures', { count: items.length })}
      >
        {items.map((item, index) => (
          <div
            key={index}
            id={`${idPrefix}-${index + 1}`}
            className="relative w-full shrink-0 snap-center"
            aria-label={t('content.mockup.pictureOf', { position: index + 1, count: items.length })}
          >
            {img(item, index)}
            <span className="absolute top-2 right-2 rounded-full bg-zinc-900/70 px-2 py-0.5 text-xs font-medium text-white">
              {index + 1}/{items.length}
            </span>
          </div>
        ))}
      </div>
      {dots === 'below' ? (
        <nav aria-label={t('content.mockup.dots')} className="flex justify-center gap-1.5 py-2">
          {items.map((_, index) => (
            <a
              key={index}
              href={`#${idPrefix}-${index + 1}`}
              aria-label={t('content.mockup.showPicture', { position: index + 1 })}
              className="block size-2 rounded-full bg-zinc-300 hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-accent-600"
            />
          ))}
        </nav>
      ) : null}
    </div>
  );
}

function Sponsored() {
  const t = useT();
  return <span className="text-xs text-zinc-500">{t('content.mockup.sponsored')}</span>;
}

/** Instagram feed: header, the pictures, the call-to-action bar, actions, the folded caption. */
export function InstagramFeedMockup({ ad }: { ad: MockupAd }) {
  const t = useT();
  return (
    <article className="overflow-hidden rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-sm" aria-label={t('content.mockup.instagramFeed')}>
      <header className="flex items-center gap-2.5 px-3 py-2.5">
        <Avatar ad={ad} />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-sm font-semibold">{ad.handle}</p>
          <Sponsored />
        </div>
        <MoreHorizontal aria-hidden="true" className="size-5 text-zinc-700" />
      </header>
      <Pictures items={ad.items} idPrefix="ig-feed" />
      <CtaLink ad={ad} className="flex items-center justify-between border-b border-zinc-100 bg-sky-700 px-3 py-2.5 text-sm font-semibold text-white" chevron />
      <div className="flex items-center gap-4 px-3 pt-2.5 text-zinc-900">
        <Heart aria-hidden="true" className="size-6" />
        <MessageCircle aria-hidden="true" className="size-6" />
        <Send aria-hidden="true" className="size-6" />
        <Bookmark aria-hidden="true" className="ml-auto size-6" />
      </div>
      <div className="px-3 pt-2 pb-3">
        <Caption lead={<span className="font-semibold">{ad.handle}</span>} text={ad.primaryText} />
      </div>
    </article>
  );
}

/** The areas Meta asks to keep free of text in stories and reels (top 14 %, bottom 20 %). */
function SafeZones() {
  const t = useT();
  return (
    <div aria-hidden="true" className="safe-zone pointer-events-none absolute inset-0 hidden">
      <div className="absolute inset-x-0 top-0 h-[14%] border-b-2 border-dashed border-rose-400 bg-rose-500/35" />
      <div className="absolute inset-x-0 bottom-0 h-[20%] border-t-2 border-dashed border-rose-400 bg-rose-500/35" />
      <p className="absolute top-[14%] left-2 mt-1 rounded bg-rose-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">{t('content.mockup.safeZones')}</p>
    </div>
  );
}

/** A 9:16 frame of a story or reel, with the safe zones over it. */
function StoryFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <article className="relative mx-auto aspect-[9/16] w-full max-w-[320px] overflow-hidden rounded-2xl bg-zinc-900 text-white shadow-sm" aria-label={label}>
      {children}
      <SafeZones />
    </article>
  );
}

/** The ad's call to action: its button label, linking to its destination (none: a link without href). */
function CtaLink({ ad, className, chevron = false }: { ad: MockupAd; className: string; chevron?: boolean }) {
  const t = useT();
  return (
    <a href={ad.destinationUrl || undefined} rel="noopener noreferrer nofollow" className={className}>
      {t('content.mockup.cta', { cta: ad.cta })}
      {chevron ? <ChevronRight aria-hidden="true" className="size-4" /> : null}
    </a>
  );
}

/** Instagram story: a 9:16 frame with the progress bars, the account, and the call to action at the bottom. */
export function InstagramStoryMockup({ ad }: { ad: MockupAd }) {
  const t = useT();
  const segments = Math.max(1, ad.items.length);
  return (
    <StoryFrame label={t('content.mockup.instagramStory')}>
      <Pictures items={ad.items} idPrefix="ig-story" frame="absolute inset-0 h-full" dots="none" />
      <div className="pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/50 to-transparent px-2.5 pt-2 pb-6">
        <div className="flex gap-1">
          {Array.from({ length: segments }, (_, index) => (
            <span key={index} className={`h-0.5 flex-1 rounded-full ${index === 0 ? 'bg-white' : 'bg-white/40'}`} />
          ))}
        </div>
        <div className="mt-2 flex items-center gap-2">
          <Avatar ad={ad} size={28} ring />
          <p className="min-w-0 truncate text-[13px] font-semibold">{ad.handle}</p>
          <span className="text-xs text-white/80">{t('content.mockup.sponsored')}</span>
          <MoreHorizontal aria-hidden="true" className="ml-auto size-5" />
          <X aria-hidden="true" className="size-5" />
        </div>
      </div>
      <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-1 bg-gradient-to-t from-black/60 to-transparent px-4 pt-8 pb-4">
        <ChevronRight aria-hidden="true" className="size-4 -rotate-90" />
        <CtaLink ad={ad} className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-zinc-900" />
      </div>
    </StoryFrame>
  );
}

/** Instagram reels: a 9:16 frame with the action rail on the right and the caption at the bottom. */
export function InstagramReelsMockup({ ad }: { ad: MockupAd }) {
  const t = useT();
  const { shown, folded } = foldCaption(ad.primaryText, 72);
  return (
    <StoryFrame label={t('content.mockup.instagramReel')}>
      <Pictures items={ad.items.slice(0, 1)} idPrefix="ig-reels" frame="absolute inset-0 h-full" dots="none" />
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- Instagram's own name of the tab, the same in every language */}
      <p className="absolute top-3 left-3 text-base font-semibold drop-shadow">Reels</p>
      <div className="absolute right-2 bottom-24 flex flex-col items-center gap-4 text-xs drop-shadow" aria-hidden="true">
        <Heart className="size-6" />
        <MessageCircle className="size-6" />
        <Send className="size-6" />
        <MoreHorizontal className="size-6" />
      </div>
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-3 pt-10 pb-3">
        <div className="flex items-center gap-2">
          <Avatar ad={ad} size={26} ring />
          <p className="min-w-0 truncate text-[13px] font-semibold">{ad.handle}</p>
          <span className="text-xs text-white/80">{t('content.mockup.sponsored')}</span>
        </div>
        {ad.primaryText ? (
          <p className="mt-1.5 pr-10 text-[13px] leading-snug break-words">
            {shown}
            {folded ? <span className="text-white/70">{t('content.mockup.more')}</span> : null}
          </p>
        ) : null}
        <CtaLink ad={ad} className="mt-2 flex items-center justify-between rounded-md bg-white/20 px-3 py-1.5 text-sm font-semibold backdrop-blur" chevron />
        <p className="mt-2 flex items-center gap-1 text-[11px] text-white/80">
          <Music2 aria-hidden="true" className="size-3" /> {t('content.mockup.sponsoredAudio')}
        </p>
      </div>
    </StoryFrame>
  );
}

/** Facebook feed: the page, the primary text above the picture, and the link bar with headline and button. */
export function FacebookFeedMockup({ ad }: { ad: MockupAd }) {
  const t = useT();
  const host = hostOf(ad.destinationUrl);
  return (
    <article className="overflow-hidden rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-sm" aria-label={t('content.mockup.facebookFeed')}>
      <header className="flex items-center gap-2.5 px-3 pt-3">
        <Avatar ad={ad} size={40} />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-[15px] font-semibold">{ad.pageName}</p>
          <p className="flex items-center gap-1 text-xs text-zinc-500">
            {t('content.mockup.sponsored')} · <Earth aria-hidden="true" className="size-3" />
          </p>
        </div>
        <MoreHorizontal aria-hidden="true" className="size-5 text-zinc-600" />
      </header>
      <div className="px-3 py-2">
        <Caption text={ad.primaryText} />
      </div>
      <Pictures items={ad.items} idPrefix="fb-feed" />
      <div className="flex items-center gap-3 border-t border-zinc-200 bg-zinc-100 px-3 py-2.5">
        <div className="min-w-0 flex-1">
          {host ? <p className="truncate text-xs text-zinc-600 uppercase">{host}</p> : null}
          <p className="truncate text-[15px] font-semibold">{ad.headline || ad.pageName}</p>
          {ad.description ? <p className="truncate text-sm text-zinc-600">{ad.description}</p> : null}
        </div>
        <CtaLink ad={ad} className="shrink-0 rounded-md bg-zinc-200 px-3 py-2 text-sm font-semibold text-zinc-900 hover:bg-zinc-300" />
      </div>
      <div className="flex items-center justify-around border-t border-zinc-200 py-1.5 text-sm font-medium text-zinc-600" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <ThumbsUp className="size-4" /> {t('content.mockup.like')}
        </span>
        <span className="flex items-center gap-1.5">
          <MessageCircle className="size-4" /> {t('content.mockup.comment')}
        </span>
        <span className="flex items-center gap-1.5">
          <Share2 className="size-4" /> {t('content.mockup.share')}
        </span>
      </div>
    </article>
  );
}

export const MOCKUPS: Record<Placement, (props: { ad: MockupAd }) => ReactNode> = {
  instagram_feed: InstagramFeedMockup,
  instagram_story: InstagramStoryMockup,
  instagram_reels: InstagramReelsMockup,
  facebook_feed: FacebookFeedMockup,
};
