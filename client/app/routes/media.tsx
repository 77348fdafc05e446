import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MediaDetail } from '#client/features/media/media-detail.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';

/** `/media/{id}`: the full-page media detail. */
export default function Media() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [project, setProject] = useState<{ id: string; name: string; fileName: string } | null>(null);
  useCrumbLabel(`/media/${id}`, project?.fileName);
  return (
    <div className="space-y-4">
      {project ? (
        <Link
          to={`/projects/${project.id}/`}
          className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {project.name}
        </Link>
      ) : null}
      <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <MediaDetail
          mediaId={id}
          onLoaded={(item) => setProject({ id: item.projectId, name: item.projectName, fileName: item.name })}
          onDeleted={() => navigate(project ? `/projects/${project.id}/` : '/projects', { replace: true })}
        />
      </div>
    </div>
  );
}
