import type { CSSProperties, ReactElement } from 'react';
import { FORMATS, layerBox, shortSidePx, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { isBrandFont, type FontId, type FontRef } from '#common/fonts.ts';
import { fitCopy } from '#common/creative/text-fit.ts';

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
}

/** The font families of a bundled font: its Latin file, and its Latin Extended file for the rest (ł, ő, ğ, ș…). */
export function fontFaces(id: FontId): { latin: string; extended: string } {
  return { latin: `cf-${id}`, extended: `cf-${id}-ext` };
}

/**
 * The `font-family` the renderer uses (the same files in the browser and in satori). Two
 * families, not one with two files: satori takes the first file of a name and draws missing
 * glyphs as boxes, but falls back along a family list.
 */
export function fontFamily(id: FontRef): string {
  // An uploaded font falls back to Inter for the glyphs it lacks (the same in satori and the browser).
  if (isBrandFont(id)) return `${brandFontFamily(id)}, ${fontFamily('inter')}`;
  const faces = fontFaces(id);
  return `${faces.latin}, ${faces.extended}`;
}

/** The family name an uploaded font (`brand:{id}`) is registered under, in the browser (FontFace) and in satori. */
export function brandFontFamily(ref: `brand:${string}`): string {
  return `cf-brand-${ref.slice('brand:'.length)}`;
}

const PLACEHOLDER = '#d1d5db';
const V_ALIGN = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;
const H_ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

function box(layer: Layer, doc: CreativeDocument): CSSProperties {
  const b = layerBox(layer, doc.format);
  return { position: 'absolute', left: b.left, top: b.top, width: b.width, height: b.height };
}

function imageElement(key: string, src: string | undefined, style: CSSProperties, fit: 'cover' | 'contain', placeholder: boolean): ReactElement | null {
  if (!src) return placeholder ? <div key={key} style={{ ...style, display: 'flex', backgroundColor: PLACEHOLDER }} /> : null;
  const { width, height } = style;
  return <img key={key} src={src} alt="" width={Number(width)} height={Number(height)} style={{ ...style, objectFit: fit }} />;
}

function layerElement(layer: Layer, doc: CreativeDocument, options: TreeOptions): ReactElement | null {
  if (layer.hidden) return null;
  const style = box(layer, doc);
  const px = (value: number) => shortSidePx(value, doc.format);
  switch (layer.type) {
    case 'text': {
      // Auto-fit: the largest size up to the layer's own at which its text fits (the same computation everywhere).
      const size = layer.autoFit ? fitCopy(layer, doc.format).size : layer.size;
      return (
        // The box places the text block (a single word too: satori does not centre one by
        // text-align alone); text-align places the lines within the block.
        <div
          key={layer.id}
          style={{ ...style, display: 'flex', flexDirection: 'column', justifyContent: V_ALIGN[layer.vAlign], alignItems: H_ALIGN[layer.align] }}
        >
          <div
            style={{
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
            }}
          >
            {layer.text}
          </div>
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
      return imageElement(layer.id, layer.mediaId ? options.images[layer.mediaId] : undefined, { ...style, borderRadius: px(layer.radius) }, layer.fit, true);
    case 'logo':
      return imageElement(layer.id, layer.mediaId ? options.images[layer.mediaId] : undefined, style, 'contain', false);
  }
}

function watermark(doc: CreativeDocument): ReactElement[] {
  const { width, height } = FORMATS[doc.format];
  const unit = Math.min(width, height) / 100;
  return [
    <div
      key="wm-band"
      style={{
        position: 'absolute',
        left: 0,
        top: height / 2 - unit * 6,
        width,
        height: unit * 12,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: '#000000',
        opacity: 0.18,
      }}
    />,
    <div
      key="wm-text"
      style={{
        position: 'absolute',
        left: 0,
        top: height / 2 - unit * 6,
        width,
        height: unit * 12,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: '#ffffff',
        opacity: 0.8,
        fontFamily: fontFamily('inter'),
        fontWeight: 700,
        fontSize: unit * 5,
      }}
    >
      Made with Adloom
    </div>,
  ];
}

/** The creative at its true pixel size. */
export function creativeTree(doc: CreativeDocument, options: TreeOptions): ReactElement {
  const { width, height } = FORMATS[doc.format];
  const bg = doc.background;
  const root: CSSProperties = {
    position: 'relative',
    display: 'flex',
    width,
    height,
    overflow: 'hidden',
    backgroundColor: bg.type === 'gradient' ? bg.from : bg.color,
  };
  if (bg.type === 'gradient') root.backgroundImage = `linear-gradient(${bg.angle}deg, ${bg.from}, ${bg.to})`;
  const children: (ReactElement | null)[] = [];
  if (bg.type === 'media') {
    const frame: CSSProperties = { position: 'absolute', left: 0, top: 0, width, height };
    children.push(imageElement('bg', bg.mediaId ? options.images[bg.mediaId] : undefined, frame, 'cover', false));
    if (bg.overlay > 0) children.push(<div key="bg-veil" style={{ ...frame, display: 'flex', backgroundColor: '#000000', opacity: bg.overlay }} />);
  }
  for (const layer of doc.layers) children.push(layerElement(layer, doc, options));
  if (options.watermark) children.push(...watermark(doc));
  return <div style={root}>{children.filter((child): child is ReactElement => child !== null)}</div>;
}
