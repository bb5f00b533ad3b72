import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ChangeEvent, ReactNode } from 'react';

/** Hidden from sight, not from the keyboard or screen readers (the button's label shows instead). */
export const visuallyHidden = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

interface ChooseFileButtonProps {
  children: ReactNode;
  icon: ReactNode;
  accept: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  /** Several files at once. */
  multiple?: boolean;
}

/** An outlined button that opens the file chooser: the file input sits inside its label, hidden from sight only. */
export function ChooseFileButton({ children, icon, accept, onChoose, disabled = false, multiple = false }: ChooseFileButtonProps) {
  return (
    <Button component="label" variant="outlined" size="small" startIcon={icon} disabled={disabled}>
      {children}
      <Box component="input" type="file" accept={accept} multiple={multiple} onChange={onChoose} disabled={disabled} sx={visuallyHidden} />
    </Button>
  );
}
