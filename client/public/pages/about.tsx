import { buttonClass } from '#client/components/button.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

const principles = [
  {
    title: 'One place per customer',
    text: 'Every customer gets a project: their brand kit, their photos and videos, their creatives, ads and funnels. Invite the customer as a viewer: they see the project and comment on its ads, and change nothing.',
  },
  {
    title: 'Approval without the email ping-pong',
    text: 'A preview link shows the ad as it will look on Instagram and Facebook. The customer approves or asks for changes there; everyone in the project is told.',
  },
  {
    title: 'Fast for every visitor',
    text: 'Landing pages and previews are rendered at the edge, close to each visitor, with no JavaScript they do not need. Fast pages convert better.',
  },
  {
    title: 'Fair, visible costs',
    text: 'Rendering and generation cost credits, and every button that spends one says so. Monthly credits come with the plan; packs never expire.',
  },
];

/** `/about`: a content page (no JavaScript). */
export function AboutPage({ chrome }: { chrome: PublicChrome }) {
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow="About Adloom" title="Advertising work, without the scattered tools">
        Adloom is made for marketing teams, freelancers and small agencies who make ads for their customers every week.
      </PageIntro>
      <section className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 sm:grid-cols-2 sm:px-6">
        {principles.map((item) => (
          <article key={item.title} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-zinc-900">{item.title}</h2>
            <p className="mt-2 text-zinc-600">{item.text}</p>
          </article>
        ))}
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-20 text-center sm:px-6">
        <h2 className="text-2xl font-semibold text-zinc-900">Questions, ideas, a demo?</h2>
        <p className="mt-2 text-zinc-600">Write to us: every message reaches the team, and you get a copy by email.</p>
        <div className="mt-6 flex justify-center gap-3">
          <a href="/contact" className={buttonClass('primary', 'lg')}>
            Contact us
          </a>
          <a href="/pricing" className={buttonClass('secondary', 'lg')}>
            See pricing
          </a>
        </div>
      </section>
    </PublicLayout>
  );
}
