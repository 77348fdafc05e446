export function buildDefines(now?: Date): string[];
