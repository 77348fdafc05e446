/**
 * A catalog's source (decision 0032): `en.ts` of an area is `as const satisfies Source` and defines
 * the ids; every other language is typed `Translation<typeof en>`, so a key missing in German, or
 * one English does not have, fails the type check. Messages are ICU MessageFormat; the generator
 * (`scripts/i18n-compile.mjs`) compiles them for Lingui and checks that each is valid ICU and
 * that every language uses the same arguments.
 */
export type Source = Readonly<Record<string, string>>;
export type Translation<T extends Source> = { readonly [K in keyof T]: string };
