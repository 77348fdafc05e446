// Written by scripts/icons-build.mjs from lucide-react 1.75.0 (ISC, see LICENSE here): do not edit.
export const ICON_PARTS = [() => import('./part-1.json'), () => import('./part-2.json'), () => import('./part-3.json')] as const;
export const ICON_COUNT = 2091;
