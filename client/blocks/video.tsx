import { useT } from '#client/lib/i18n-context.tsx';
import { Icon, ICONS } from '#client/blocks/icon.tsx';
import { parseVideoUrl, type VideoProps } from '#common/schemas/blocks.ts';
import { Picture, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

// Brand names, the same in every language (eslint.config.js lets them through).
const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A video of the library (`<video controls preload="none">`, nothing loads before play), or
 * a YouTube/Vimeo facade: a link to the video with its poster, which works without
 * JavaScript; with the page's script, a click swaps in the player (youtube-nocookie) from
 * `data-embed` (an iframe with `className="absolute inset-0 h-full w-full"` and `title` from
 * `data-title`, replacing the link inside `[data-video-facade]`).
 */
export function VideoBlock({ id, props, ctx }: { id: string; props: VideoProps; ctx: BlockContext }) {
  const t = useT();
  const frame = 'relative aspect-video w-full overflow-hidden rounded-(--fp-radius-card) bg-black shadow-lg';
  let body = null;
  if (props.source === 'file') {
    const file = props.file ? ctx.image({ mediaId: props.file, alt: '' }) : undefined;
    const poster = props.poster ? ctx.image(props.poster) : undefined;
    if (file) {
      body = (
        // The media library holds no caption files (yet): the caption line and the title describe it.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          controls
          preload="none"
          poster={poster?.src}
          width={file.width}
          height={file.height}
          aria-label={props.title}
          className="h-auto w-full rounded-(--fp-radius-card) bg-black shadow-lg"
        >
          <source src={file.src} />
          <a href={file.src}>{t('content.video.download', { title: props.title })}</a>
        </video>
      );
    }
  } else {
    const embed = parseVideoUrl(props.url);
    if (embed) {
      body = (
        <div className={frame} data-video-facade="" data-embed={embed.embedUrl} data-title={props.title}>
          <a href={embed.watchUrl} className="group absolute inset-0 flex items-center justify-center text-white">
            {props.poster && ctx.image(props.poster) ? (
              <Picture image={props.poster} ctx={ctx} sizes="(min-width: 1024px) 1024px, 100vw" className="absolute inset-0 h-full w-full object-cover" />
            ) : (
              <span aria-hidden="true" className="absolute inset-0 bg-linear-to-br from-(--fp-primary) to-black" />
            )}
            <span aria-hidden="true" className="absolute inset-0 bg-black/30 transition group-hover:bg-black/20" />
            <span className="relative flex flex-col items-center gap-3 px-4 text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-black shadow-lg transition group-hover:scale-105 sm:size-20">
                <Icon icon={ICONS.play} className="ms-1 size-7 fill-current sm:size-8" />
              </span>
              <span className="rounded bg-black/70 px-2 py-1 text-sm font-semibold">
                {t('content.video.play', { title: '\u0000', provider: PROVIDER_NAMES[embed.provider] })
                  .split('\u0000')
                  .map((part, i) =>
                    i === 0 ? (
                      part
                    ) : (
                      <span key={i}>
                        <span className="sr-only">: {props.title}</span>
                        {part}
                      </span>
                    ),
                  )}
              </span>
            </span>
          </a>
        </div>
      );
    }
  }
  if (!body) {
    if (ctx.mode === 'edge') return null;
    body = (
      <div aria-hidden="true" className={`${frame} flex items-center justify-center text-sm text-white/80`}>
        {props.source === 'file' ? t('content.video.pickFile') : t('content.video.pasteLink')}
      </div>
    );
  }
  return (
    <Section id={id}>
      <figure className="mx-auto max-w-4xl">
        {body}
        {props.caption && <figcaption className="mt-3 text-center text-sm text-(--fp-fg-muted)">{props.caption}</figcaption>}
      </figure>
    </Section>
  );
}
