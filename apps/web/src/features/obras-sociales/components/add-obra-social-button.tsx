import type { ObraSocial } from '@red-dental/contracts';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button/index.ts';
import { PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { AddObraSocialModal } from './add-obra-social-modal.tsx';

/** The 'Agregar Obra Social' button with its modal. */
export function AddObraSocialButton({
  onCreated,
  variant = 'secondary',
}: {
  onCreated?: (obraSocial: ObraSocial) => void;
  variant?: ButtonVariant;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={variant} icon={<PlusIcon size={18} />} onClick={() => setIsOpen(true)}>
        Agregar Obra Social
      </Button>
      <AddObraSocialModal isOpen={isOpen} onClose={() => setIsOpen(false)} onCreated={onCreated} />
    </>
  );
}
