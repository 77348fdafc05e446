import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiCopy, AI_TIMEOUT_MS, variationPrompt, type AiBrief } from '#worker/features/creatives/variations/variations-ai.ts';

const BRIEF: AiBrief = { headline: 'Single-origin coffee', goal: 'sale', tone: 'warm', toneOfVoice: 'Warm and direct', product: 'Acme Roasters' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('aiCopy', () => {
  it('gives up on a model that does not answer in time (the rules write the copy instead)', async () => {
    vi.useFakeTimers();
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const run = vi.fn(() => new Promise<never>(() => undefined));
    const answer = aiCopy({ run } as never, BRIEF, 3);
    await vi.advanceTimersByTimeAsync(AI_TIMEOUT_MS);
    expect(await answer).toBeNull();
    expect(String(warnings.mock.calls[0]?.[0])).toContain(`no answer within ${AI_TIMEOUT_MS} ms`);
  });

  it('is null without a binding, without calling anything', async () => {
    expect(await aiCopy(undefined, BRIEF, 3)).toBeNull();
  });

  it('cleans the lines: emoji, quotes and spaces go; lone surrogates become well-formed; at most `count` ads, none repeating', async () => {
    const ads = [
      { headline: ' “Fresh  beans ☕️” ', body: 'Roasted \ud800 today.', cta: 'Order now' },
      { headline: 'Fresh beans', body: 'Another body.', cta: 'Another button' },
      { headline: 'Second ad', body: 'Roasted \ud800 today.', cta: 'Third button' },
      { headline: 'Third ad', body: 'Third body.', cta: 'Shop' },
      { headline: 'Fourth ad', body: 'Fourth body.', cta: 'Shop more' },
    ];
    const run = vi.fn(async () => ({ response: { ads } }));
    expect(await aiCopy({ run } as never, BRIEF, 2)).toEqual([
      { headline: 'Fresh beans', body: 'Roasted \ufffd today.', cta: 'Order now' },
      { headline: 'Third ad', body: 'Third body.', cta: 'Shop' },
    ]);
  });
});

describe('variationPrompt', () => {
  it('names the goal, the brand, what it is about and its tone; asks for JSON in a schema; leaves out what is unknown', () => {
    const prompt = variationPrompt({ ...BRIEF, about: 'Roastery for home baristas', body: 'Free delivery.', cta: 'Shop now' }, 4);
    const user = prompt.messages[1]!.content;
    expect(user).toContain('Write 4 different ads.');
    expect(user).toContain('Goal of the ad: a sale or special offer.');
    expect(user).toContain('Brand or product: Acme Roasters.');
    expect(user).toContain('About the brand, its product and its audience: Roastery for home baristas');
    expect(user).toContain('Tone of voice: Warm and direct.');
    expect(user).toContain('Current body text: Free delivery.');
    expect(user).toContain('Current button: Shop now');
    expect(prompt.messages[0]!.content).toMatch(/Never invent prices/);
    expect(prompt.response_format.type).toBe('json_schema');
    const bare = variationPrompt({ headline: 'Cold brew', goal: 'awareness', tone: 'neutral' }, 1).messages[1]!.content;
    expect(bare).not.toMatch(/Brand or product|About the brand|Current body|Current button/);
    expect(bare).toContain('Tone of voice: neutral.');
  });
});
