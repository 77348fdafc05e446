import type { CSSProperties, ReactElement } from 'react';
import { FORMATS, layerBox, shortSidePx, type CreativeDocument, type FormatId, type Layer, type TextLayer } from '#common/creative/document.ts';
import { isBrandFont, type FontId, type FontRef } from '#common/fonts.ts';
import { StyledText } from '#client/creative/styled-text.tsx';
import { isPlainShape, vectorIcon, vectorShape } from '#client/creative/vector.tsx';

/**
 * The creative renderer: one element tree, drawn by React in the editor preview and by
 * satori (→ resvg → PNG) in the worker. It is written within what satori supports:
 * absolute boxes and flexbox, no grid, no pseudo-elements, every container with more
 * than one child is `display: flex`, sizes in pixels of the format (1080 × 1080 …).
 */
export interface TreeOptions {
  /** Where each referenced media object is drawn from (a URL or a data: URL); missing → a grey placeholder. */
  images: Readonly<Record<string, string | undefined>>;
  /** The playground's download: a visible "Made with Adloom" mark. */
  watermark?: boolean | undefined;
  /**
   * Pictures already cut to what their frame shows (the PNG renderer's cache: crop, zoom and flip
   * applied, at the frame's pixel size), by layer id (`bg` for the background): drawn as they are.
   */
  baked?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * The size an auto-fit text layer is drawn at (common/creative/text-fit.ts), or undefined while
 * its font's widths are loading (the editor: client/creative/font-metrics.ts): not drawn yet.
 */
export type FitSize = (layer: TextLayer, format: FormatId) => number | undefined;

/** The background's key in `TreeOptions.baked`. */
export const BAKED_BACKGROUND = 'bg';

/** How a picture sits in its frame: the crop (focal point, zoom) and the flips of an image layer. */
export interface PictureCrop {
  fit: 'cover' | 'contain';
  /** Percent of the picture (0–100) kept in view; default the centre. */
  focal?: { x: number; y: number } | undefined;
  /** 1–5: how far the picture is enlarged beyond `fit`. */
  zoom?: number | undefined;
  flipX?: boolean | undefined;
  flipY?: boolean | undefined;
}

/**
 * Where the picture's box lies within a frame of `width` × `height` (frame pixels): the frame
 * enlarged by the zoom and shifted so that the focal point stays where object-position puts it
 * (the picture point at f % lands on the frame point at f %, whatever the zoom), mirrored for a
 * flip (the picture mirrors about its box's centre, so the box mirrors within the frame). Inside
 * the box the picture is drawn with object-fit and object-position = the focal point: the
 * browser and satori both lay that out themselves, and neither needs the picture's size.
 */
export function pictureBox(crop: PictureCrop, width: number, height: number) {
  const zoom = Math.min(5, Math.max(1, crop.zoom ?? 1));
  const fx = (crop.focal?.x ?? 50) / 100;
  const fy = (crop.focal?.y ?? 50) / 100;
  const extraX = (zoom - 1) * width;
  const extraY = (zoom - 1) * height;
  return {
    left: -extraX * (crop.flipX ? 1 - fx : fx),
    top: -extraY * (crop.flipY ? 1 - fy : fy),
    width: width * zoom,
    height: height * zoom,
    objectPosition: `${fx * 100}% ${fy * 100}%`,
    transform: crop.flipX || crop.flipY ? `scale(${[crop.flipX ? -1 : 1, crop.flipY ? -1 : 1].join(', ')})` : undefined,
  };
}

/** The font families of a bundled font: its Latin file, and its Latin Extended file for the rest (ł, ő, ğ, ș…). */
export function fontFaces(id: FontId): { latin: string; extended: string } {
  return { latin: `cf-${id}`, extended: `cf-${id}-ext` };
}

/**
 * The `font-family` the renderer uses (the same files in the browser and in satori). Two
 * families, not one with two files: satori takes the first file of a name and draws missing
 * glyphs as boxes, but falls back along a family list. Last, the browser's fallback face
 * (client/styles.css, decision 0031): a local Arial or Times New Roman sized like the font, shown
 * until its file has come (font-display: swap) so the canvas is never blank. Satori skips the
 * name (it has no such font), and the text fitting measures with the font's own widths.
 */
export function fontFamily(id: FontRef): string {
  // An uploaded font falls back to Inter for the glyphs it lacks (the same in satori and the browser).
  if (isBrandFont(id)) return `${brandFontFamily(id)}, ${fontFamily('inter')}`;
  const faces = fontFaces(id);
  return `${faces.latin}, ${faces.extended}, cf-${id}-fallback`;
}

/** The family name an uploaded font (`brand:{id}`) is registered under, in the browser (FontFace) and in satori. */
export function brandFontFamily(ref: `brand:${string}`): string {
  return `cf-brand-${ref.slice('brand:'.length)}`;
}

const PLACEHOLDER = '#d1d5db';
const V_ALIGN = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;
const H_ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The CSS turn of a layer about its box's centre (both React and satori default the origin to the centre), or nothing. */
export function turn(rotation: number | undefined): CSSProperties {
  return rotation ? { transform: `rotate(${rotation}deg)` } : {};
}

function box(layer: Layer, doc: CreativeDocument): CSSProperties {
  const b = layerBox(layer, doc.format);
  return { position: 'absolute', left: b.left, top: b.top, width: b.width, height: b.height, ...turn(layer.rotation) };
}

function imageElement(key: string, src: string | undefined, style: CSSProperties, fit: 'cover' | 'contain', placeholder: boolean): ReactElement | null {
  if (!src) return placeholder ? <div key={key} style={{ ...style, display: 'flex', backgroundColor: PLACEHOLDER }} /> : null;
  const { width, height } = style;
  return <img key={key} src={src} alt="" width={Number(width)} height={Number(height)} style={{ ...style, objectFit: fit }} />;
}

/** The whole-pixel rectangle a baked picture of a frame covers (canvas pixels). */
export function bakedRect(frame: { left: number; top: number; width: number; height: number }) {
  const left = Math.round(frame.left);
  const top = Math.round(frame.top);
  return { left, top, width: Math.round(frame.left + frame.width) - left, height: Math.round(frame.top + frame.height) - top };
}

/**
 * A picture in a frame: the frame (the layer's box) clips it, rounds its corners and carries its
 * opacity; inside, the picture's box (pictureBox) places the crop. A baked picture is already the
 * frame's content and fills it. No picture: a grey frame (`placeholder`) or nothing.
 */
function pictureElement(
  key: string,
  frame: { left: number; top: number; width: number; height: number },
  picture: {
    src: string | undefined;
    baked: string | undefined;
    crop: PictureCrop;
    radius: number;
    opacity: number;
    placeholder: boolean;
    rotation?: number | undefined;
  },
): ReactElement | null {
  const { src, baked, crop, radius, opacity } = picture;
  const outer: CSSProperties = { position: 'absolute', ...frame, display: 'flex', ...turn(picture.rotation) };
  if (radius > 0) outer.borderRadius = radius;
  if (opacity < 1) outer.opacity = opacity;
  if (!src && !baked) return picture.placeholder ? <div key={key} style={{ ...outer, backgroundColor: PLACEHOLDER }} /> : null;
  const { width, height } = frame;
  if (baked) {
    // The frame's pixels at whole-pixel positions (drawn 1 : 1, without filtering); a clip only for rounded corners.
    const rect = bakedRect(frame);
    if (radius === 0) {
      const style: CSSProperties = { position: 'absolute', ...rect };
      if (opacity < 1) style.opacity = opacity;
      if (picture.rotation) {
        // Turned about the frame's centre, not the whole-pixel rectangle's (they differ by under a pixel).
        style.transform = `rotate(${picture.rotation}deg)`;
        style.transformOrigin = [frame.left + frame.width / 2 - rect.left, frame.top + frame.height / 2 - rect.top].map((n) => `${n}px`).join(' ');
      }
      return <img key={key} src={baked} alt="" width={rect.width} height={rect.height} style={style} />;
    }
    const at = { position: 'absolute', left: rect.left - frame.left, top: rect.top - frame.top, width: rect.width, height: rect.height } as const;
    return (
      <div key={key} style={{ ...outer, overflow: 'hidden' }}>
        <img src={baked} alt="" width={rect.width} height={rect.height} style={at} />
      </div>
    );
  }
  const inner = pictureBox(crop, width, height);
  const style: CSSProperties = {
    position: 'absolute',
    left: inner.left,
    top: inner.top,
    width: inner.width,
    height: inner.height,
    // A zoomed picture's box is larger than its frame: the page's base styles (img { max-width: 100% }) must not shrink it.
    maxWidth: inner.width,
    maxHeight: inner.height,
    objectFit: crop.fit,
    objectPosition: inner.objectPosition,
  };
  if (inner.transform) style.transform = inner.transform;
  return (
    <div key={key} style={{ ...outer, overflow: 'hidden' }}>
      <img src={src} alt="" width={inner.width} height={inner.height} style={style} />
    </div>
  );
}

function layerElement(layer: Layer, doc: CreativeDocument, options: TreeOptions, fitSize: FitSize): ReactElement | null {
  if (layer.hidden) return null;
  const style = box(layer, doc);
  const px = (value: number) => shortSidePx(value, doc.format);
  switch (layer.type) {
    case 'text': {
      // Auto-fit: the largest size up to the layer's own at which its text fits (the same computation everywhere).
      const fitted = layer.autoFit ? fitSize(layer, doc.format) : layer.size;
      const size = fitted ?? layer.size;
      const textStyle: CSSProperties = {
        maxWidth: '100%',
        textAlign: layer.align,
        fontFamily: fontFamily(layer.font),
        fontWeight: layer.weight,
        fontSize: px(size),
        lineHeight: layer.lineHeight,
        color: layer.color,
        textTransform: layer.uppercase ? 'uppercase' : 'none',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      };
      if (layer.letterSpacing) textStyle.letterSpacing = layer.letterSpacing * px(size);
      if (fitted === undefined) style.visibility = 'hidden';
      return (
        // The box places the text block (a single word too: satori does not centre one by
        // text-align alone); text-align places the lines within the block.
        <div
          key={layer.id}
          style={{ ...style, display: 'flex', flexDirection: 'column', justifyContent: V_ALIGN[layer.vAlign], alignItems: H_ALIGN[layer.align] }}
        >
          {layer.runs && layer.runs.length > 0 ? <StyledText layer={layer} style={textStyle} sizePx={px(size)} /> : <div style={textStyle}>{layer.text}</div>}
        </div>
      );
    }
    case 'cta':
      return (
        <div
          key={layer.id}
          style={{
            ...style,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            backgroundColor: layer.fill,
            borderRadius: px(layer.radius),
            color: layer.color,
            fontFamily: fontFamily(layer.font),
            fontWeight: layer.weight,
            fontSize: px(layer.size),
            lineHeight: 1.1,
          }}
        >
          {layer.text}
        </div>
      );
    case 'shape': {
      const b = layerBox(layer, doc.format);
      if (!isPlainShape(layer)) return vectorShape(layer, style, b, px);
      const radius = layer.shape === 'ellipse' ? Math.max(b.width, b.height) : px(layer.radius);
      const shapeStyle: CSSProperties = {
        ...style,
        display: 'flex',
        backgroundColor: layer.fill,
        opacity: layer.opacity,
        borderRadius: layer.shape === 'ellipse' ? '50%' : radius,
      };
      return <div key={layer.id} style={shapeStyle} />;
    }
    case 'image':
      return pictureElement(layer.id, layerBox(layer, doc.format), {
        src: layer.mediaId ? options.images[layer.mediaId] : undefined,
        baked: layer.mediaId ? options.baked?.[layer.id] : undefined,
        crop: layer,
        radius: px(layer.radius),
        opacity: layer.opacity ?? 1,
        placeholder: true,
        rotation: layer.rotation,
      });
    case 'icon':
      return vectorIcon(layer, style, layerBox(layer, doc.format));
    case 'logo':
      return imageElement(layer.id, layer.mediaId ? options.images[layer.mediaId] : undefined, style, 'contain', false);
  }
}

function watermark(doc: CreativeDocument): ReactElement[] {
  const { width, height } = FORMATS[doc.format];
  const unit = Math.min(width, height) / 100;
  // The band and its text lie in the same box across the middle, the text drawn over the band.
  const band: CSSProperties = {
    position: 'absolute',
    left: 0,
    top: height / 2 - unit * 6,
    width,
    height: unit * 12,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  return [
    <div key="wm-band" style={{ ...band, backgroundColor: '#000000', opacity: 0.18 }} />,
    /* eslint-disable lingui/no-unlocalized-strings -- drawn into the playground's PNG by the renderer Worker (satori), which has no language: the brand's mark, the same for everyone */
    <div key="wm-text" style={{ ...band, color: '#ffffff', opacity: 0.8, fontFamily: fontFamily('inter'), fontWeight: 700, fontSize: unit * 5 }}>
      Made with Adloom
    </div>,
    /* eslint-enable lingui/no-unlocalized-strings */
  ];
}

/**
 * The creative at its true pixel size, auto-fit text at the size `fitSize` gives: every font's
 * widths at hand in the worker (`creativeTree`, client/creative/tree.tsx), each loaded with its
 * font in the editor (client/creative/font-metrics.ts).
 */
export function drawCreative(doc: CreativeDocument, options: TreeOptions, fitSize: FitSize): ReactElement {
  const { width, height } = FORMATS[doc.format];
  const bg = doc.background;
  // No overflow: hidden here: the preview's frame and the SVG's own canvas clip, and in satori a
  // clipping root puts a clip path and a mask on every element, which resvg pays for with a
  // canvas-sized layer each (measured: 3–4 × slower rasterising).
  const root: CSSProperties = {
    position: 'relative',
    display: 'flex',
    width,
    height,
    backgroundColor: bg.type === 'gradient' ? bg.from : bg.color,
  };
  if (bg.type === 'gradient') root.backgroundImage = `linear-gradient(${bg.angle}deg, ${bg.from}, ${bg.to})`;
  const children: (ReactElement | null)[] = [];
  if (bg.type === 'media') {
    const frame: CSSProperties = { position: 'absolute', left: 0, top: 0, width, height };
    children.push(
      pictureElement(
        'bg',
        { left: 0, top: 0, width, height },
        {
          src: bg.mediaId ? options.images[bg.mediaId] : undefined,
          baked: bg.mediaId ? options.baked?.[BAKED_BACKGROUND] : undefined,
          crop: { fit: 'cover' },
          radius: 0,
          opacity: 1,
          placeholder: false,
        },
      ),
    );
    if (bg.overlay > 0) children.push(<div key="bg-veil" style={{ ...frame, display: 'flex', backgroundColor: '#000000', opacity: bg.overlay }} />);
  }
  for (const layer of doc.layers) children.push(layerElement(layer, doc, options, fitSize));
  if (options.watermark) children.push(...watermark(doc));
  return <div style={root}>{children.filter((child): child is ReactElement => child !== null)}</div>;
}
