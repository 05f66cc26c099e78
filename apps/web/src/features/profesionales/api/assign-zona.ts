import { type Profesional, profesionalSchema } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';

/** `PUT /api/profesionales/zonas-os/{id}`: the professional's zone. */
export function assignZona(id: number, zonaId: number): Promise<Profesional> {
  return apiRequest(`profesionales/zonas-os/${id}`, {
    method: 'PUT',
    body: { zonaId },
    schema: profesionalSchema,
  });
}
