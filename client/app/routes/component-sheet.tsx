import { ComponentSheetScreen } from '#client/features/pages/component-sheet.tsx';

/** `/_components/{funnelName}`: every block type with sample props in the funnel's theme. */
export default function ComponentSheetRoute() {
  return <ComponentSheetScreen />;
}
