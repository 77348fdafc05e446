import type { I18n } from '@lingui/core';
import { escapeHtml } from '#worker/ssr/html.ts';
import type { AskState, AskValues, Card } from '#worker/features/presentations/public/service.ts';

/**
 * The HTML of presentations that talk back (decision 0056) on the public cards: the ask form of
 * the expired and password pages, the "I'm interested" form again after a wrong POST, its thanks,
 * and the author's one-click page. Plain forms: they work without script.
 */

type T = I18n['_'];

export const BUTTON =
  'min-h-11 rounded-lg bg-zinc-900 px-4 py-2 font-semibold text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900';
const INPUT = 'min-h-11 rounded-lg border border-zinc-300 px-3 py-2 text-base';
const LABEL = 'text-sm font-medium text-zinc-800';

function field(id: string, name: keyof AskValues, label: string, state: AskState, options: { type?: string; autocomplete?: string; area?: boolean }) {
  const error = state.errors?.[name];
  const value = escapeHtml(state.values?.[name] ?? '');
  const described = error ? ` aria-describedby="${id}-${name}-error" aria-invalid="true"` : '';
  const control = options.area
    ? `<textarea id="${id}-${name}" name="${name}" rows="3" maxlength="1000" class="${INPUT}"${described}>${value}</textarea>`
    : `<input id="${id}-${name}" name="${name}" type="${options.type ?? 'text'}" required autocomplete="${options.autocomplete ?? 'off'}" value="${value}" class="${INPUT}"${described}>`;
  const message = error ? `<p id="${id}-${name}-error" class="text-sm font-medium text-red-700">${escapeHtml(error)}</p>` : '';
  return `<div class="flex flex-col gap-1"><label for="${id}-${name}" class="${LABEL}">${escapeHtml(label)}</label>${control}${message}</div>`;
}

/** Name, email, message, the honeypot people never see, the consent line and the button. */
export function talkForm(t: T, id: string, action: string, author: string, state: AskState, button: string, hidden: Record<string, string> = {}): string {
  const hiddenInputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const general = state.errors?._ ? `<p class="text-sm font-medium text-red-700" role="alert">${escapeHtml(state.errors._)}</p>` : '';
  return [
    `<form method="post" action="${escapeHtml(action)}" class="flex flex-col gap-3" data-talk-form="${id}">`,
    hiddenInputs,
    general,
    field(id, 'name', t('content.presentation.talk.name'), state, { autocomplete: 'name' }),
    field(id, 'email', t('content.presentation.talk.email'), state, { type: 'email', autocomplete: 'email' }),
    field(id, 'message', t('content.presentation.talk.message'), state, { area: true }),
    `<div class="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true"><label for="${id}-website">${escapeHtml(t('content.form.honeypot'))}</label><input id="${id}-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>`,
    `<p class="text-xs text-zinc-600">${escapeHtml(t('content.presentation.talk.consent', { author }))}</p>`,
    `<button type="submit" class="${BUTTON}">${escapeHtml(button)}</button>`,
    '</form>',
  ].join('');
}

/** The ask form under the expired page's text: open when it came back with messages. */
export function askSection(t: T, action: string, author: string, state: AskState, summary: string): string {
  const open = state.errors ? ' open' : '';
  const form = talkForm(t, 'ask', action, author, state, t('content.presentation.talk.askButton', { author }));
  return `<details class="mt-2 rounded-lg border border-zinc-200 p-4"${open}><summary class="cursor-pointer font-semibold text-zinc-900">${escapeHtml(summary)}</summary><div class="mt-4">${form}</div></details>`;
}

export interface CardParts {
  title: string;
  description: string;
  body: string;
  status: 200 | 404 | 410 | 422;
}

const eyebrow = (text: string) => `<p class="text-sm font-semibold text-zinc-600">${escapeHtml(text)}</p>`;
const h1 = (text: string) => `<h1 class="text-3xl font-bold tracking-tight text-balance">${escapeHtml(text)}</h1>`;
const para = (text: string) => `<p class="text-zinc-700">${escapeHtml(text)}</p>`;
const backLink = (t: T, href: string) =>
  `<p><a class="font-semibold underline" href="${escapeHtml(href)}">${escapeHtml(t('content.presentation.talk.back'))}</a></p>`;

/** The cards of the "I'm interested" form and of the one-click link. */
export function talkCard(t: T, answer: Extract<Card, { card: 'interest-form' | 'interest-sent' | 'grant' }>): CardParts {
  switch (answer.card) {
    case 'interest-form':
      return {
        title: t('content.presentation.talk.interestTitle'),
        description: t('content.presentation.talk.interestTitle'),
        body:
          h1(t('content.presentation.talk.interestTitle')) +
          talkForm(t, 'interest', answer.action, answer.authorName, answer, t('content.presentation.talk.interestButton')) +
          backLink(t, answer.back),
        status: 422,
      };
    case 'interest-sent':
      return {
        title: t('content.presentation.talk.sentTitle'),
        description: t('content.presentation.talk.sentTitle'),
        body:
          h1(t('content.presentation.talk.sentHeading', { author: answer.authorName })) +
          para(t('content.presentation.talk.sentText', { author: answer.authorName })) +
          backLink(t, answer.back),
        status: 200,
      };
    case 'grant':
      return grantCard(t, answer);
  }
}

function grantCard(t: T, answer: Extract<Card, { card: 'grant' }>): CardParts {
  if (answer.grant === 'invalid') {
    return {
      title: t('content.presentation.grant.invalid'),
      description: t('content.presentation.grant.invalid'),
      body: h1(t('content.presentation.grant.invalid')) + para(t('content.presentation.grant.invalidText')),
      status: 404,
    };
  }
  if (answer.grant === 'done') {
    const heading = t(answer.already ? 'content.presentation.grant.already' : 'content.presentation.grant.done', { name: answer.name });
    return { title: heading, description: heading, body: h1(heading) + para(t('content.presentation.grant.doneText', { name: answer.name })), status: 200 };
  }
  const what = t(answer.expired ? 'content.presentation.grant.whatExpired' : 'content.presentation.grant.what', {
    name: answer.name,
    email: answer.email,
    customer: answer.customerName,
  });
  const form = `<form method="post" action="${escapeHtml(answer.action)}" class="mt-2"><input type="hidden" name="token" value="${escapeHtml(answer.token)}"><button type="submit" class="${BUTTON}">${escapeHtml(t('content.presentation.grant.button', { name: answer.name }))}</button></form>`;
  return {
    title: t('content.presentation.grant.title'),
    description: t('content.presentation.grant.title'),
    body: eyebrow(answer.customerName) + h1(t('content.presentation.grant.heading', { name: answer.name })) + para(what) + form,
    status: 200,
  };
}
