import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { createDentist } from './profesionales.factories.ts';

describe.each(BACKENDS)('the provider list searched by name (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dalessandro: number;
  let fuente: number;

  beforeAll(async () => {
    dalessandro = (await createDentist(t.app, t.admin, { nombre: "Lorena D'Alessandro" })).id;
    fuente = (
      await createDentist(t.app, t.admin, {
        nombre: 'Tomás Ibarguren',
        razonSocial: 'Consultorio Odontológico De la Fuente-Vidal S.R.L.',
      })
    ).id;
  });

  const found = async (search: string) => {
    const res = await t.inject(
      'GET',
      `/api/profesionales/paginated?search=${encodeURIComponent(search)}`,
      t.staff,
    );
    expect(res.statusCode).toBe(200);
    return res.json().rows.map((r: { id: number }) => r.id);
  };

  it('ignores apostrophes, hyphens, spaces and dots in nombre and razón social, as it ignores case and accents', async () => {
    for (const search of ['dalessandro', "D'Alessandro", 'D’ ALESSANDRO', 'lorena dalessandro'])
      expect(await found(search), search).toEqual([dalessandro]);
    for (const search of [
      'delafuente',
      'de la fuente vidal',
      'fuentevidal',
      'vidal srl',
      'odontologico delafuente',
    ])
      expect(await found(search), search).toEqual([fuente]);
    expect(await found('ibarguren consultorio')).toEqual([fuente]);
  });

  it('finds nobody with a search of punctuation alone', async () => {
    for (const search of ["'", ' - ', '%']) expect(await found(search), search).toEqual([]);
  });
});
