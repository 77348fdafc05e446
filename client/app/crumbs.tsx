import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

type Labels = Record<string, string>;
type Setter = (href: string, label: string | null) => void;
const LabelsContext = createContext<Labels>({});
const SetterContext = createContext<Setter>(() => {});

/** Lets a page name its breadcrumb (a project's name instead of "Project"). */
export function CrumbProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Labels>({});
  // Stable, so that pages naming their crumb do not re-run when any label changes.
  const set = useCallback<Setter>(
    (href, label) =>
      setLabels((current) => {
        if (label === null) {
          if (!(href in current)) return current;
          const { [href]: _removed, ...rest } = current;
          return rest;
        }
        return current[href] === label ? current : { ...current, [href]: label };
      }),
    [],
  );
  return (
    <SetterContext.Provider value={set}>
      <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
    </SetterContext.Provider>
  );
}

export function useCrumbLabels(): Labels {
  return useContext(LabelsContext);
}

/** Names the breadcrumb for `href` while the calling page is shown; also the document title. */
export function useCrumbLabel(href: string, label: string | undefined): void {
  const set = useContext(SetterContext);
  const t = useT();
  useEffect(() => {
    if (!label) return;
    set(href, label);
    const previous = document.title;
    document.title = t('shell.documentTitle', { page: label });
    return () => {
      set(href, null);
      document.title = previous;
    };
  }, [href, label, set, t]);
}
