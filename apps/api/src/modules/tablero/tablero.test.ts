import { type Tablero, tableroSchema } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { sendToAfiliadosOf } from '../notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

describe.each(BACKENDS)('tablero (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let osA: { id: number; nombre: string };
  let osB: { id: number; nombre: string };
  const db = () => t.db;

  async function tablero(auth = t.staff): Promise<Tablero> {
    const res = await t.inject('GET', '/api/tablero', auth);
    expect(res.statusCode, res.body).toBe(200);
    return tableroSchema.parse(res.json());
  }

  /** The affiliates per insurer as a count over the table gives them, the way the figure must read. */
  async function countedPerInsurer() {
    const rows = await queryRows<{ obra_social_id: number | null; n: number }>(
      db(),
      sql`select obra_social_id, count(*)::int as n from afiliados where baja_at is null group by obra_social_id`,
    );
    return Object.fromEntries(rows.map((r) => [String(r.obra_social_id), r.n]));
  }
  const shownPerInsurer = (board: Tablero) =>
    Object.fromEntries(board.afiliados.porObraSocial.map((o) => [String(o.obraSocialId), o.afiliados]));

  beforeAll(async () => {
    osA = await createObraSocial(t.app, t.staff, { nombre: 'Obra Social Andina' });
    osB = await createObraSocial(t.app, t.staff, { nombre: 'Mutual Bonaerense' });
  });

  it('counts affiliates per insurer as the table does, through inserts, bulk loads, moves and deletions', async () => {
    for (let i = 0; i < 3; i++) await createAfiliado(t.app, t.staff, osA.id);
    const moved = await createAfiliado(t.app, t.staff, osB.id);
    // A bulk statement, as an import writes them.
    await db().execute(sql`insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, obra_social_id)
      select 'Carga ' || g, 'carga ' || g, 'DNI', '9' || lpad(g::text, 7, '0'), ${osB.id} from generate_series(1, 250) g`);
    expect(shownPerInsurer(await tablero())).toEqual(await countedPerInsurer());

    // Moved to another insurer through the API, then a bulk deletion.
    const res = await t.inject('PUT', `/api/afiliados/${moved.id}`, t.staff, {
      nombre: moved.nombre,
      tipoDocumento: 'DNI',
      documento: moved.documento,
      obraSocial: { id: osA.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await db().execute(sql`delete from afiliados where nombre like 'Carga 1%'`);
    let board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    expect(board.afiliados.total).toBe(Object.values(await countedPerInsurer()).reduce((a, b) => a + b, 0));
    expect(board.afiliados.porObraSocial[0]).toMatchObject({
      obraSocialId: osB.id,
      nombre: 'Mutual Bonaerense',
    });

    // Affiliates given de baja leave the count (through the API and in bulk); reactivated, they return.
    const leaving = await createAfiliado(t.app, t.staff, osA.id);
    const before = shownPerInsurer(await tablero())[String(osA.id)];
    expect((await t.inject('DELETE', `/api/afiliados/${leaving.id}`, t.staff)).statusCode).toBe(204);
    await db().execute(sql`update afiliados set baja_at = now() where nombre like 'Carga 2%'`);
    board = await tablero();
    expect(shownPerInsurer(board)[String(osA.id)]).toBe(before! - 1);
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    await t.inject('POST', `/api/afiliados/${leaving.id}/reactivar`, t.staff);
    await db().execute(
      sql`update afiliados set baja_at = null, obra_social_id = ${osA.id} where nombre like 'Carga 2%'`,
    );
    board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());

    // An insurer deleted leaves its affiliates without one.
    const gone = await createObraSocial(t.app, t.staff);
    await createAfiliado(t.app, t.staff, gone.id);
    expect((await t.inject('DELETE', `/api/obra-sociales/${gone.id}`, t.admin)).statusCode).toBeLessThan(300);
    board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    expect(board.afiliados.porObraSocial.find((o) => o.obraSocialId === null)).toMatchObject({
      nombre: 'Sin obra social',
      afiliados: 1,
    });
  });

  it('counts providers by state, pending requests, stale data and open reports as the tables give them', async () => {
    const fresh = await createDentist(t.app, t.admin, { obrasSociales: [osA.id] });
    const stale = await createDentist(t.app, t.admin, { obrasSociales: [osA.id, osB.id] });
    await createDentist(t.app, t.admin, { pending: true });
    await db().execute(
      sql`update profesionales set datos_confirmados_at = now() - interval '120 days' where id = ${stale.id}`,
    );
    await db().execute(
      sql`update profesionales set datos_confirmados_at = now() - interval '5 days' where id = ${fresh.id}`,
    );
    const afiliado = await createAfiliado(t.app, t.staff, osA.id);
    const report = await t.inject(
      'POST',
      `/api/profesionales/${stale.id}/reportes`,
      await afiliadoAuth(t.app, afiliado.id),
      {
        motivo: 'El consultorio cerró',
      },
    );
    expect(report.statusCode, report.body).toBe(201);

    const [expected] = await queryRows<{ active: number; pending: number; stale: number; reports: number }>(
      db(),
      sql`select count(*) filter (where u.status = 'active')::int as active,
            count(*) filter (where u.status = 'pending')::int as pending,
            count(*) filter (where u.status = 'active' and coalesce(p.datos_confirmados_at, p.created_at) < now() - interval '90 days')::int as stale,
            (select count(*)::int from profesional_reportes where cerrado_at is null) as reports
          from profesionales p join users u on u.id = p.user_id`,
    );
    const board = await tablero();
    expect(board.profesionales.porEstado.find((e) => e.estado === 'active')!.cantidad).toBe(expected!.active);
    expect(board.profesionales.solicitudesPendientes).toBe(expected!.pending);
    expect(board.profesionales.sinConfirmar).toBe(expected!.stale);
    expect(board.profesionales.sinConfirmar).toBeGreaterThan(0);
    expect(board.reportesAbiertos).toBe(expected!.reports);

    // The figure leads to the list behind it: the same providers, the stale one among them.
    const list = await t.inject(
      'GET',
      '/api/profesionales/paginated?pageIndex=0&pageSize=50&sinConfirmar=1',
      t.staff,
    );
    expect(list.json().rowCount).toBe(board.profesionales.sinConfirmar);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(stale.id);
    expect(list.json().rows.map((r: { id: number }) => r.id)).not.toContain(fresh.id);

    // The navigation's badges read the same counts, each only for who may act on it.
    const pendientes = await t.inject('GET', '/api/tablero/pendientes', t.admin);
    expect(pendientes.json()).toEqual({
      solicitudes: expected!.pending,
      reportes: expected!.reports,
      confirmaciones: 0,
    });
    const dentist = await loginAs(t.app, fresh.email, fresh.password);
    expect((await t.inject('GET', '/api/tablero/pendientes', dentist)).json()).toEqual({
      solicitudes: null,
      reportes: null,
      confirmaciones: null,
    });
  });

  it("reads back the last 90 days' notifications with their read counts", async () => {
    const id = await sendToAfiliadosOf(t.app, t.staff, osA.id, 'Nuevos valores');
    const [reader] = await queryRows<{ afiliado_id: number }>(
      db(),
      sql`select afiliado_id from notificacion_destinatarios where notificacion_id = ${id} limit 1`,
    );
    await t.inject('PUT', '/api/notificaciones/read', await afiliadoAuth(t.app, reader!.afiliado_id), {
      notificacionId: id,
    });
    const [expected] = await queryRows<{ enviadas: number; destinatarios: number; leidas: number }>(
      db(),
      sql`select count(distinct n.id)::int as enviadas, count(d.id)::int as destinatarios,
            count(d.read_at)::int as leidas
          from notificaciones n left join notificacion_destinatarios d on d.notificacion_id = n.id
          where n.created_at > now() - interval '90 days'`,
    );
    const board = await tablero();
    expect(board.notificaciones).toMatchObject(expected!);
    expect(board.notificaciones.ultimas[0]).toMatchObject({ id, title: 'Nuevos valores', readCount: 1 });
  });

  it("places each locality's providers at their middle, with the insurers they accept and those insurers' affiliates", async () => {
    const a = await createDentist(t.app, t.admin, { obrasSociales: [osA.id] });
    const b = await createDentist(t.app, t.admin, { obrasSociales: [osA.id, osB.id] });
    for (const [id, lat, long] of [
      [a.id, -34.6, -58.4],
      [b.id, -34.62, -58.42],
    ] as const)
      await db().execute(
        sql`update profesionales set localidad = 'Caballito', lat = ${lat}, long = ${long} where id = ${id}`,
      );
    const counted = await countedPerInsurer();
    const board = await tablero();
    expect(board.localidades.find((l) => l.localidad === 'Caballito')).toEqual({
      localidad: 'Caballito',
      lat: -34.61,
      long: -58.41,
      profesionales: 2,
      obrasSociales: 2,
      afiliadosCubiertos: counted[String(osA.id)]! + counted[String(osB.id)]!,
    });
  });

  it('is for staff who keep affiliates or professionals', async () => {
    const dentist = await createDentist(t.app, t.admin);
    expect(
      (await t.inject('GET', '/api/tablero', await loginAs(t.app, dentist.email, dentist.password)))
        .statusCode,
    ).toBe(403);
    const afiliado = await createAfiliado(t.app, t.staff, osA.id);
    expect((await t.inject('GET', '/api/tablero', await afiliadoAuth(t.app, afiliado.id))).statusCode).toBe(
      403,
    );
    expect((await t.inject('GET', '/api/tablero')).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/tablero', t.admin)).statusCode).toBe(200);
  });
});
