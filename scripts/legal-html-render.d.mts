export function legalHtml(source: string): string;
