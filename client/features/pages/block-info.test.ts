import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '#common/schemas/blocks.ts';
import { BLOCK_INFO } from '#client/features/pages/block-info.ts';

describe('BLOCK_INFO', () => {
  it('has a label and a description for the block picker', () => {
    for (const type of BLOCK_TYPES) {
      expect(BLOCK_INFO[type].label.length).toBeGreaterThan(0);
      expect(BLOCK_INFO[type].description.length).toBeGreaterThan(0);
    }
  });
});
