import { useState } from 'react';
import { PedirAutorizacion } from '@/features/autorizaciones/components/pedir-autorizacion.tsx';
import { useNomenclador } from '@/features/nomenclador/api/get-nomenclador.ts';
import { Atender } from '@/features/prestaciones/components/atender.tsx';

/**
 * `/atender`: the chair, for a dentist (PRESTACIONES.VALIDATE with her
 * professional profile). The codes she searches come from the code table; a
 * line that needs a prior authorization asks for it right there.
 */
export function Component() {
  const [search, setSearch] = useState('');
  const codigos = useNomenclador({ pageIndex: 0, pageSize: 12, search: search.trim() });
  return (
    <Atender
      codigos={search.trim() ? (codigos.data?.rows ?? []) : []}
      buscandoCodigos={codigos.isFetching}
      onBuscarCodigo={setSearch}
      renderPedirAutorizacion={(props) => <PedirAutorizacion {...props} />}
    />
  );
}
