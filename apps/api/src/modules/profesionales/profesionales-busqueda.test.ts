import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiCaller,
  BACKENDS,
  createTestApp,
  loginAs,
  signInWithRole,
  type TestContext,
} from '../../../test/helpers.ts';
import { createDentist } from './profesionales.factories.ts';

describe.each(BACKENDS)('the provider list searched by name (%s)', (backend) => {
  let ctx: TestContext;
  let staff: Record<string, string>;
  let dalessandro: number;
  let fuente: number;
  const inject = apiCaller(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    const admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    staff = await signInWithRole(ctx.app, admin, 'ADMINISTRATIVO');
    dalessandro = (await createDentist(ctx.app, admin, { nombre: "Lorena D'Alessandro" })).id;
    fuente = (
      await createDentist(ctx.app, admin, {
        nombre: 'Tomás Ibarguren',
        razonSocial: 'Consultorio Odontológico De la Fuente-Vidal S.R.L.',
      })
    ).id;
  });
  afterAll(() => ctx?.close());

  const found = async (search: string) => {
    const res = await inject(
      'GET',
      `/api/profesionales/paginated?search=${encodeURIComponent(search)}`,
      staff,
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
