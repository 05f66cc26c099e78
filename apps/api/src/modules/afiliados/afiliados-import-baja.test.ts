import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, multipart, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

describe.each(BACKENDS)("the import's option to give de baja whoever is not in the file (%s)", (backend) => {
  const t = useTestApp(backend, { staff: true });

  const upload = (obraSocialId: number, csv: string, query: string, auth = t.staff) => {
    const body = multipart({ obraSocialId: String(obraSocialId) }, { name: 'padron.csv', content: csv });
    return t.app.inject({
      method: 'POST',
      url: `/api/afiliados/import-csv?${query}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const bajas = async (obraSocialId: number) =>
    (
      await queryRows<{ documento: string }>(
        t.db,
        sql`select documento from afiliados where obra_social_id = ${obraSocialId} and baja_at is not null
            order by documento`,
      )
    ).map((r) => r.documento);

  /** An insurer with three active affiliates, and one of another insurer. */
  async function roster() {
    const os = await createObraSocial(t.app, t.staff);
    const otra = await createObraSocial(t.app, t.staff);
    const [uno, dos, tres] = await Promise.all(
      ['Uno', 'Dos', 'Tres'].map((n) => createAfiliado(t.app, t.staff, os.id, { nombre: `Padrón ${n}` })),
    );
    const ajeno = await createAfiliado(t.app, t.staff, otra.id);
    return { os, uno: uno!, dos: dos!, tres: tres!, ajeno };
  }

  it('counts in the dry run, then gives de baja only the insurer’s affiliates missing from the file', async () => {
    const { os, uno, dos, tres, ajeno } = await roster();
    const csv = `nombre,documento\nPadrón Uno,${uno.documento}\nNuevo Padrón,30900${Date.now() % 1000}\n`;

    const dry = await upload(os.id, csv, 'dryRun=true&bajaAusentes=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ count: 2, created: 1, deactivated: 2, dryRun: true });
    expect(await bajas(os.id)).toEqual([]);

    const real = await upload(os.id, csv, 'bajaAusentes=true');
    expect(real.statusCode).toBe(201);
    expect(real.json()).toMatchObject({ count: 2, created: 1, deactivated: 2 });
    expect(await bajas(os.id)).toEqual([dos.documento, tres.documento].sort());
    expect((await t.inject('GET', `/api/afiliados/${ajeno.id}`, t.staff)).json().fechaBaja).toBeNull();
    const [audit] = await queryRows<{ details: { deactivated: number } }>(
      t.db,
      sql`select details from audit_log where action = 'import' order by id desc limit 1`,
    );
    expect(audit?.details.deactivated).toBe(2);
    const signIn = await t.inject('POST', '/api/afiliados/login', {}, { documento: dos.documento });
    expect(signIn.json().error).toBe(MESSAGES.AFFILIATE_INACTIVE);
  });

  it('without the option gives nobody de baja, and a file listing someone de baja reactivates them', async () => {
    const { os, uno, dos } = await roster();
    await t.inject('DELETE', `/api/afiliados/${dos.id}`, t.staff);
    const csv = `nombre,documento\nPadrón Uno,${uno.documento}\nPadrón Dos,${dos.documento}\n`;
    const dry = await upload(os.id, csv, 'dryRun=true');
    expect(dry.json()).toMatchObject({ deactivated: 0, reactivated: 1, updated: 1 });
    const real = await upload(os.id, csv, '');
    expect(real.json()).toMatchObject({ deactivated: 0, reactivated: 1, updated: 1 });
    expect(await bajas(os.id)).toEqual([]);
    expect(
      (await t.inject('POST', '/api/afiliados/login', {}, { documento: dos.documento })).statusCode,
    ).toBe(200);
  });

  it('refuses the option while the file has rows with errors, writing nothing, but shows the count in the dry run', async () => {
    const { os, uno } = await roster();
    const csv = `nombre,documento,fecha_nacimiento\nPadrón Uno,${uno.documento},\nPadrón Mal,30123123,31/02/1990\n`;
    const dry = await upload(os.id, csv, 'dryRun=true&bajaAusentes=true');
    expect(dry.json()).toMatchObject({ errorCount: 1, deactivated: 2 });
    const real = await upload(os.id, csv, 'bajaAusentes=true');
    expect(real.statusCode).toBe(400);
    expect(real.json().error).toBe(MESSAGES.csv.BAJA_WITH_ERRORS);
    expect(await bajas(os.id)).toEqual([]);
    // A line repeated counts among the errors the screen lists, so it blocks the option too.
    const repeated = `nombre,documento\nPadrón Uno,${uno.documento}\nPadrón Uno,${uno.documento}\n`;
    expect((await upload(os.id, repeated, 'dryRun=true&bajaAusentes=true')).json()).toMatchObject({
      errorCount: 1,
      deactivated: 2,
    });
    expect((await upload(os.id, repeated, 'bajaAusentes=true')).statusCode).toBe(400);
    expect(await bajas(os.id)).toEqual([]);
  });

  it('leaves the option to holders of AFILIADOS.DELETE', async () => {
    const { os, uno } = await roster();
    // A role that may import (AFILIADOS.CREATE) but not give de baja.
    const role = await t.inject('POST', '/api/roles', t.admin, {
      name: `IMPORTADOR ${Date.now()}`,
      permissions: ['AFILIADOS.GET', 'AFILIADOS.CREATE', 'BACKOFFICE_ACCESS'],
    });
    expect(role.statusCode).toBe(201);
    const user = await createUserWithRoles(t.app, t.admin, [role.json().name]);
    const auth = await loginAs(t.app, user.email, user.password);
    const csv = `nombre,documento\nPadrón Uno,${uno.documento}\n`;
    expect((await upload(os.id, csv, 'bajaAusentes=true', auth)).statusCode).toBe(403);
    expect((await upload(os.id, csv, 'dryRun=true', auth)).statusCode).toBe(200);
    expect(await bajas(os.id)).toEqual([]);
  });
});
