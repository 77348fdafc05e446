import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/button.tsx';

/** The button that creates something (a funnel, a page, an ad…): a button with the plus sign before its label. */
export function NewButton({ children, ...button }: ButtonProps) {
  return (
    <Button {...button}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
