import type { AutorizacionFila, ContextoAuditoria, Historia, Paginated } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { jpegConUbicacion } from '../../lib/image-location.factories.ts';
import { createRegla } from '../planes/planes.factories.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';

describe.each(BACKENDS)('the dental auditor’s workbench (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;
  let auditor: Record<string, string>;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-wb`);
    await createRegla(t.app, t.admin, chair.plan.id, { objetivo: '07.01', requiereAutorizacion: true });
    auditor = await signInWithRole(t.app, t.admin, 'AUDITOR ODONTOLÓGICO');
  });

  const pedir = async (auth: Record<string, string>, documento: string, lineas: object[]) => {
    const response = await t.inject('POST', '/api/autorizaciones', auth, { documento, lineas });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as AutorizacionFila;
  };
  const cola = async (query: string) => {
    const response = await t.inject('GET', `/api/auditoria-odontologica/cola?pageSize=100&${query}`, auditor);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Paginated<AutorizacionFila>;
  };

  it('filters the queue by insurer, dentist, code and state, each row with its teeth and files', async () => {
    const p1 = await createPaciente(t.app, t.staff, chair);
    const p2 = await createPaciente(t.app, t.staff, chair);
    const deAna = await pedir(chair.ana.auth, p1.documento, [{ codigo: '03.01', pieza: 36 }]);
    const deBeto = await pedir(chair.beto.auth, p2.documento, [{ codigo: '03.01', pieza: 21 }]);
    const foto = multipart(
      { tipo: 'rx_pre' },
      { name: 'rx.jpg', content: jpegConUbicacion(), field: 'archivo', type: 'image/jpeg' },
    );
    const subida = await t.app.inject({
      method: 'POST',
      url: `/api/autorizaciones/${deAna.id}/adjuntos`,
      headers: { ...chair.ana.auth, ...foto.headers },
      payload: foto.payload,
    });
    expect(subida.statusCode, subida.body).toBe(201);

    const ids = (p: Paginated<AutorizacionFila>) => p.rows.map((r) => r.id);
    const todas = await cola('');
    expect(ids(todas)).toEqual(expect.arrayContaining([deAna.id, deBeto.id]));
    const fila = todas.rows.find((r) => r.id === deAna.id)!;
    expect(fila.items).toEqual([expect.objectContaining({ codigo: '03.01', pieza: 36 })]);
    expect(fila.adjuntos).toEqual([expect.objectContaining({ tipo: 'rx_pre', mime: 'image/jpeg' })]);

    const deUno = await cola(`profesionalId=${chair.beto.id}`);
    expect(ids(deUno)).toContain(deBeto.id);
    expect(ids(deUno)).not.toContain(deAna.id);
    expect(ids(await cola(`obraSocialId=${chair.otra.id}`))).toEqual([]);
    expect(ids(await cola(`obraSocialId=${chair.os.id}&codigo=03.01`))).toEqual(
      expect.arrayContaining([deAna.id, deBeto.id]),
    );
    expect(ids(await cola('codigo=02.01'))).not.toContain(deAna.id);
    expect(ids(await cola('estado=observada'))).not.toContain(deAna.id);
    // A bad filter is said in Spanish; a dentist does not see the queue.
    const mal = await t.inject('GET', '/api/auditoria-odontologica/cola?obraSocialId=x', auditor);
    expect(mal.statusCode).toBe(400);
    expect((await t.inject('GET', '/api/auditoria-odontologica/cola', chair.ana.auth)).statusCode).toBe(403);
  });

  it('reads beside a request the affiliate’s lines by whom and their answers, audited on the affiliate', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const visita = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    });
    expect(visita.statusCode, visita.body).toBe(200);
    // The affiliate said that visit did not happen.
    await queryRows(
      t.app.db,
      sql`insert into confirmaciones (atencion_id, afiliado_id, atendido, cobro, coseguro, observada)
          values (${visita.json().atencionId}, ${paciente.id}, false, 0, 0, true)`,
    );
    const a = await pedir(chair.beto.auth, paciente.documento, [{ codigo: '03.01', pieza: 36 }]);

    const response = await t.inject('GET', `/api/auditoria-odontologica/${a.id}/contexto`, auditor);
    expect(response.statusCode, response.body).toBe(200);
    const ctx = response.json() as ContextoAuditoria;
    expect(ctx.lineas).toEqual([
      expect.objectContaining({
        codigo: '02.01',
        pieza: 36,
        caras: 'O',
        estado: 'validada',
        prestador: chair.beto.nombre,
        texto: expect.stringContaining(`por ${chair.beto.nombre}`),
      }),
    ]);
    expect(ctx.respuestas).toEqual([
      expect.objectContaining({ atencionId: visita.json().atencionId, atendido: false, observada: true }),
    ]);
    const [audit] = await queryRows<{ action: string; details: { numero: string } }>(
      t.app.db,
      sql`select action, details from audit_log where entity = 'historia' and ${paciente.id} = any(afiliado_ids)
          order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'consult', details: { numero: a.numero } });
    // The dentist reads her own request, not the context; an unknown request is a 404.
    expect(
      (await t.inject('GET', `/api/auditoria-odontologica/${a.id}/contexto`, chair.beto.auth)).statusCode,
    ).toBe(403);
    expect((await t.inject('GET', '/api/auditoria-odontologica/999999/contexto', auditor)).statusCode).toBe(
      404,
    );
  });

  it('tells the dentist at the chair her approved authorizations for the patient, until used', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair, { fecha_nacimiento: '2021-03-01' });
    const a = await pedir(chair.ana.auth, paciente.documento, [{ codigo: '07.01', sector: 'SD' }]);
    expect(a.estado).toBe('aprobada');
    const historia = async (auth: Record<string, string>) =>
      (
        await t.inject('GET', `/api/prestaciones/historia?documento=${paciente.documento}`, auth)
      ).json() as Historia;
    expect((await historia(chair.ana.auth)).autorizaciones).toEqual([
      expect.objectContaining({ numero: a.numero, codigo: '07.01', sector: 'SD', venceEl: a.venceEl }),
    ]);
    // Another dentist sees none of hers.
    expect((await historia(chair.beto.auth)).autorizaciones).toEqual([]);
    const ok = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await historia(chair.ana.auth)).autorizaciones).toEqual([]);
  });
});
