import { version } from '../package.json';

// Set by the build (`wrangler dev|deploy --define`, see scripts/build-defines.mjs); absent in
// a bundle made without them (tests, the bench), which then reports them as not recorded.
declare const __ADLOOM_BUILT_AT__: string | undefined;
declare const __ADLOOM_COMPATIBILITY_DATE__: string | undefined;

/** What this worker bundle is: its version, when it was built and the compatibility date it was built for. */
export const BUILD_INFO: { version: string; builtAt: string | null; compatibilityDate: string | null } = {
  version,
  builtAt: typeof __ADLOOM_BUILT_AT__ === 'string' ? __ADLOOM_BUILT_AT__ : null,
  compatibilityDate: typeof __ADLOOM_COMPATIBILITY_DATE__ === 'string' ? __ADLOOM_COMPATIBILITY_DATE__ : null,
};
