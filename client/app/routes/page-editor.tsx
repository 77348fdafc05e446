import { PageEditorScreen } from '#client/features/pages/page-editor.tsx';

/** `/pages/{funnelPageId}`: the funnel page editor (a lazy route module: its code loads with it). */
export default function PageEditorRoute() {
  return <PageEditorScreen />;
}
