import { PresentationsScreen } from '#client/features/presentations/presentations-screen.tsx';

/** `/presentations`: the signed-in user's own presentations (Agency plan; others see what the plan adds). Decision 0015. */
export default function Presentations() {
  return <PresentationsScreen scope="mine" />;
}
