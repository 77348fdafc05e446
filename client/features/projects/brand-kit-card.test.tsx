import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrandKitCard } from '#client/features/projects/brand-kit-card.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen } from '#client/test/fixtures.tsx';

describe('BrandKitCard', () => {
  it('keeps the screen when typing into "Tone of voice" and changing both fonts', async () => {
    mockApi({ [`PATCH /api/projects/${PROJECT_ID}`]: { status: 200, body: projectDetail() } });
    const user = userEvent.setup();
    renderScreen(<BrandKitCard project={projectDetail()} onSaved={() => {}} />);
    const tone = screen.getByLabelText('Tone of voice');
    await user.type(tone, 'Warm and direct');
    expect(tone).toHaveProperty('value', 'Warm and direct');
    await user.selectOptions(screen.getByLabelText('Heading font'), 'Lora');
    await user.selectOptions(screen.getByLabelText('Body font'), 'Poppins');
    expect(screen.getByLabelText('Heading font')).toHaveProperty('value', 'lora');
    expect(screen.getByLabelText('Body font')).toHaveProperty('value', 'poppins');
    await user.clear(screen.getByLabelText('Colour 1 as hex'));
    await user.type(screen.getByLabelText('Colour 1 as hex'), '#AABBCC');
    expect(screen.getByLabelText('Colour 1 as hex')).toHaveProperty('value', '#AABBCC');
  });
});
