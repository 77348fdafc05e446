import { blockSchema, type Block } from '#common/schemas/blocks.ts';
import { issuesByPath, SpecForm, type PickMedia } from '#client/components/editor/spec-form.tsx';
import { blockFields } from '#client/blocks/fields.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** What the block's schema says is wrong, by path inside its props ("items.0.title"); the first message of each. */
export function blockErrors(block: Block): Record<string, string> {
  const result = blockSchema.safeParse(block);
  return result.success ? {} : issuesByPath(result.error.issues, 'props');
}

/** The side panel's form of one block. */
export function BlockForm({
  block,
  readOnly,
  onChange,
  onSeal,
  pickMedia,
}: {
  block: Block;
  readOnly: boolean;
  onChange: (props: Block['props'], group?: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const t = useT();
  return (
    <SpecForm
      specs={blockFields(t)[block.type]}
      value={block.props}
      errors={blockErrors(block)}
      group={block.id}
      readOnly={readOnly}
      onChange={onChange}
      onSeal={onSeal}
      pickMedia={pickMedia}
    />
  );
}
