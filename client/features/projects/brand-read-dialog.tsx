import { useState } from 'react';
import { brandReadInput } from '#common/schemas/brand-reader.ts';
import type { BrandKit, ProjectDetail, ProjectUpdateInput } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextField } from '#client/components/field.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { BrandReader } from '#client/features/projects/brand-reader.tsx';

/**
 * "Read from website" on the brand kit card: the address (the project's website to start
 * with), then the same review as after creating a project. What is kept goes into `base`,
 * the kit as the card shows it. Mounted while open: the address starts from the website each time.
 */
export function BrandReadDialog({
  open,
  onClose,
  project,
  base,
  save,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  project: Pick<ProjectDetail, 'id' | 'name' | 'website'>;
  base: BrandKit;
  save: (update: ProjectUpdateInput) => Promise<ProjectDetail>;
  onSaved: (project: ProjectDetail) => void;
}) {
  const t = useT();
  const form = useForm(brandReadInput, { url: project.website ?? '' });
  // The address being read; another one typed and sent reads that instead.
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Dialog open={open} title={t('projects.brandRead.title')} onClose={onClose} wide={url !== null}>
      <div className="space-y-5">
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={form.handleSubmit((data) => {
            setUrl(data.url);
            return Promise.resolve();
          })}
        >
          <TextField
            label={t('projects.brandRead.website')}
            type="url"
            placeholder="https://"
            className="min-w-0 flex-1"
            data-autofocus
            {...form.field('url')}
          />
          <Button type="submit" variant={url === null ? 'primary' : 'secondary'} className="sm:mt-7">
            {t('projects.brandRead.read')}
          </Button>
        </form>
        {url === null ? null : (
          <BrandReader
            projectId={project.id}
            url={url}
            base={base}
            projectName={project.name}
            save={save}
            skipLabel={t('projects.brandRead.cancel')}
            onDone={(saved) => {
              if (saved) onSaved(saved);
              onClose();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
