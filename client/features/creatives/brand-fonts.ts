import type { I18n } from '@lingui/core';
import { useCallback, useEffect, useState } from 'react';
import { readErrorBody } from '#common/errors.ts';
import { BRAND_FONT_MAX_BYTES, type BrandFontItem } from '#common/schemas/brand-fonts.ts';
import { ApiError } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { creativesApi } from '#client/features/creatives/api.ts';

/** What the editor knows of the project's uploaded fonts. */
export interface BrandFonts {
  status: 'loading' | 'ready' | 'error';
  fonts: BrandFontItem[];
  /** Uploads a font file and adds it to the list (undefined: the user cannot upload, e.g. a viewer). */
  upload?: (file: File) => Promise<BrandFontItem>;
}

const registered = new Set<string>();

/**
 * Makes an uploaded font drawable under the family the renderer uses (`cf-brand-{id}`,
 * client/creative/draw.tsx). One file stands for every weight (100–900): neither the browser
 * nor satori fakes a bold from it. Added to `document.fonts` unloaded, the browser downloads
 * it only when some text uses it.
 */
export function registerBrandFont(font: Pick<BrandFontItem, 'id' | 'url'>): void {
  if (registered.has(font.id) || typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  registered.add(font.id);
  document.fonts.add(new FontFace(`cf-brand-${font.id}`, `url(${JSON.stringify(font.url)})`, { weight: '100 900', style: 'normal', display: 'block' }));
}

/** Refusals the browser can tell before sending the file (the server checks the bytes). */
export function fontFileProblem(file: File, t: I18n['_']): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.woff2')) return t('creativeEditor.font.woff2');
  if (!/\.(ttf|otf|woff)$/.test(name)) return t('creativeEditor.font.type');
  if (file.size > BRAND_FONT_MAX_BYTES) return t('creativeEditor.font.size', { mib: BRAND_FONT_MAX_BYTES / 1024 / 1024 });
  return null;
}

async function uploadFont(projectId: string, file: File, t: I18n['_']): Promise<BrandFontItem> {
  const problem = fontFileProblem(file, t);
  if (problem) throw new ApiError('validation_failed', problem, 422);
  let response: Response;
  try {
    response = await fetch(`/api/projects/${encodeURIComponent(projectId)}/fonts?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network', t('creativeEditor.font.offline'), 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readErrorBody(body);
    throw new ApiError(error?.code ?? 'internal', error?.message ?? t('creativeEditor.font.uploadFailed'), response.status, error?.details, error?.requestId);
  }
  return body as BrandFontItem;
}

/** The project's uploaded fonts, each registered with the browser as it arrives. */
export function useBrandFonts(projectId: string, canUpload: boolean): BrandFonts {
  const t = useT();
  const [state, setState] = useState<{ status: BrandFonts['status']; fonts: BrandFontItem[] }>({ status: 'loading', fonts: [] });
  useEffect(() => {
    let live = true;
    creativesApi.brandFonts(projectId).then(
      (page) => {
        if (!live) return;
        page.items.forEach(registerBrandFont);
        setState({ status: 'ready', fonts: page.items });
      },
      () => live && setState({ status: 'error', fonts: [] }),
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  const upload = useCallback(
    async (file: File) => {
      const font = await uploadFont(projectId, file, t);
      registerBrandFont(font);
      setState((s) => ({ status: s.status, fonts: s.fonts.some((f) => f.id === font.id) ? s.fonts : [...s.fonts, font] }));
      return font;
    },
    [projectId, t],
  );
  return canUpload ? { ...state, upload } : state;
}
