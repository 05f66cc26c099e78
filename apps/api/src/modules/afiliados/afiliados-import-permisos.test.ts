import {
  accesoRowSchema,
  importMissingPermissionsMessage,
  importResultSchema,
  MESSAGES,
  PERMISSION_DESCRIPTIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, multipart, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

/** Roles that may import (AFILIADOS.CREATE) and, beyond it, the permissions named. */
const ROLES = {
  soloAlta: ['AFILIADOS.GET', 'AFILIADOS.CREATE', 'BACKOFFICE_ACCESS'],
  conModificar: ['AFILIADOS.GET', 'AFILIADOS.CREATE', 'AFILIADOS.UPDATE', 'BACKOFFICE_ACCESS'],
  conBaja: ['AFILIADOS.GET', 'AFILIADOS.CREATE', 'AFILIADOS.DELETE', 'BACKOFFICE_ACCESS'],
} as const;

describe.each(BACKENDS)('the import does only what its caller may do (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  const as: Partial<Record<keyof typeof ROLES, Record<string, string>>> = {};

  beforeAll(async () => {
    for (const [name, permissions] of Object.entries(ROLES)) {
      const role = await t.inject('POST', '/api/roles', t.admin, {
        name: `IMPORTA ${name.toUpperCase()} ${Date.now()}`,
        permissions,
      });
      expect(role.statusCode, role.body).toBe(201);
      const user = await createUserWithRoles(t.app, t.admin, [role.json().name]);
      as[name as keyof typeof ROLES] = await loginAs(t.app, user.email, user.password);
    }
  });

  const upload = (auth: Record<string, string>, obraSocialId: number, csv: string, query = '') => {
    const body = multipart({ obraSocialId: String(obraSocialId) }, { name: 'padron.csv', content: csv });
    return t.app.inject({
      method: 'POST',
      url: `/api/afiliados/import-csv${query ? `?${query}` : ''}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async (documento: string) =>
    (
      await queryRows<{ nombre: string; de_baja: boolean }>(
        t.db,
        sql`select nombre, baja_at is not null as de_baja from afiliados where documento = ${documento}`,
      )
    )[0];

  /** An insurer with two affiliates, the second of them de baja. */
  async function padron() {
    const os = await createObraSocial(t.app, t.staff);
    const activo = await createAfiliado(t.app, t.staff, os.id, { nombre: 'Activo Padrón' });
    const deBaja = await createAfiliado(t.app, t.staff, os.id, { nombre: 'Baja Padrón' });
    expect((await t.inject('DELETE', `/api/afiliados/${deBaja.id}`, t.staff)).statusCode).toBe(204);
    const nuevo = String(31_000_000 + Math.floor(Math.random() * 900_000));
    return { os, activo, deBaja, nuevo };
  }

  it('lets a caller who may only add affiliates load new ones and lines that change nothing', async () => {
    const { os, activo, nuevo } = await padron();
    const csv = `nombre,documento\n${activo.nombre},${activo.documento}\nNueva Persona,${nuevo}\n`;
    const res = await upload(as.soloAlta!, os.id, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, updated: 0, missingPermissions: [] });
  });

  it('refuses lines that change an existing affiliate without AFILIADOS.UPDATE, naming them in the dry run', async () => {
    const { os, activo, nuevo } = await padron();
    const csv = `nombre,documento\nNueva Persona,${nuevo}\nOtro Nombre,${activo.documento}\n`;

    const dry = await upload(as.soloAlta!, os.id, csv, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = importResultSchema.parse(dry.json());
    expect(preview.missingPermissions).toEqual([{ permission: 'AFILIADOS.UPDATE', count: 1, lines: [3] }]);
    const real = await upload(as.soloAlta!, os.id, csv);
    expect(real.statusCode).toBe(403);
    expect(real.json()).toEqual({
      error: `El archivo cambiaría datos de afiliados que ya existen (línea 3); para eso hace falta el permiso «${PERMISSION_DESCRIPTIONS['AFILIADOS.UPDATE']}». ${MESSAGES.csv.NEEDS_PERMISSION_HINT}`,
      code: 'SIN_PERMISO',
    });
    // The screen shows the same words before importing.
    expect(importMissingPermissionsMessage(preview.missingPermissions)).toBe(real.json().error);
    // Nothing of the file was written, not even its new affiliate.
    expect((await stored(activo.documento))?.nombre).toBe(activo.nombre);
    expect(await stored(nuevo)).toBeUndefined();

    const allowed = await upload(as.conModificar!, os.id, csv);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await stored(activo.documento))?.nombre).toBe('Otro Nombre');
  });

  it('refuses to reactivate affiliates de baja without AFILIADOS.DELETE, even with AFILIADOS.UPDATE', async () => {
    const { os, activo, deBaja } = await padron();
    const csv = `nombre,documento\n${activo.nombre},${activo.documento}\n${deBaja.nombre},${deBaja.documento}\n`;

    for (const auth of [as.soloAlta!, as.conModificar!]) {
      const dry = await upload(auth, os.id, csv, 'dryRun=true');
      expect(dry.json().missingPermissions).toEqual([
        { permission: 'AFILIADOS.DELETE', count: 1, lines: [3] },
      ]);
      const real = await upload(auth, os.id, csv);
      expect(real.statusCode).toBe(403);
      expect(real.json().error).toBe(
        `El archivo reactivaría afiliados dados de baja (línea 3); para eso hace falta el permiso «${PERMISSION_DESCRIPTIONS['AFILIADOS.DELETE']}». ${MESSAGES.csv.NEEDS_PERMISSION_HINT}`,
      );
      expect((await stored(deBaja.documento))?.de_baja).toBe(true);
    }

    // A line both reactivating and changing data needs both permissions, and says so for each.
    const both = `nombre,documento\nOtra Baja,${deBaja.documento}\n`;
    expect((await upload(as.soloAlta!, os.id, both, 'dryRun=true')).json().missingPermissions).toEqual([
      { permission: 'AFILIADOS.UPDATE', count: 1, lines: [2] },
      { permission: 'AFILIADOS.DELETE', count: 1, lines: [2] },
    ]);
    expect((await upload(as.conBaja!, os.id, both)).statusCode).toBe(403);

    const allowed = await upload(as.conBaja!, os.id, csv);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json()).toMatchObject({ reactivated: 1, missingPermissions: [] });
    expect((await stored(deBaja.documento))?.de_baja).toBe(false);
  });

  it('tells each affiliate the import reactivated so among the accesses to their data', async () => {
    const { os, activo, deBaja } = await padron();
    const otro = await createAfiliado(t.app, t.staff, os.id, { nombre: 'Otra Baja Padrón' });
    expect((await t.inject('DELETE', `/api/afiliados/${otro.id}`, t.staff)).statusCode).toBe(204);
    const csv = `nombre,documento\n${activo.nombre},${activo.documento}\n${deBaja.nombre},${deBaja.documento}\n${otro.nombre},${otro.documento}\n`;
    expect((await upload(t.staff, os.id, csv)).statusCode).toBe(201);

    const accesos = async (documento: string) => {
      const login = await t.inject('POST', '/api/afiliados/login', {}, { documento });
      expect(login.statusCode, login.body).toBe(200);
      const res = await t.inject('GET', '/api/afiliados/profile/accesos?pageIndex=0&pageSize=50', {
        authorization: `Bearer ${login.json().token}`,
      });
      return paginatedSchema(accesoRowSchema)
        .parse(res.json())
        .rows.map((r) => r.tipo);
    };
    // Newest first: brought back by the import, given de baja by hand, added by hand.
    expect(await accesos(deBaja.documento)).toEqual(['reactivacion', 'baja', 'alta']);
    expect(await accesos(otro.documento)).toEqual(['reactivacion', 'baja', 'alta']);
    // Whom the file left as it was is told nothing.
    expect(await accesos(activo.documento)).toEqual(['alta']);
  });

  it('leaves giving de baja whoever the roster leaves out to AFILIADOS.DELETE, dry run included', async () => {
    const { os, activo } = await padron();
    const csv = `nombre,documento\n${activo.nombre},${activo.documento}\n`;
    for (const query of ['bajaAusentes=true', 'dryRun=true&bajaAusentes=true']) {
      const res = await upload(as.conModificar!, os.id, csv, query);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(
        MESSAGES.csv.BAJA_AUSENTES_NEEDS_PERMISSION(PERMISSION_DESCRIPTIONS['AFILIADOS.DELETE']),
      );
    }
    const allowed = await upload(as.conBaja!, os.id, csv, 'dryRun=true&bajaAusentes=true');
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
