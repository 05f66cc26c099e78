import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  MESSAGES,
  notificacionSchema,
  notificacionStaffSchema,
  paginatedSchema,
} from '@red-dental/contracts';
import { buildPdf } from '@red-dental/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, loginAs, multipart, useTestApp } from '../../../test/helpers.ts';
import { startS3 } from '../../../test/s3-server.ts';
import {
  afiliados,
  auditLog,
  mailOutbox,
  notificacionDestinatarios,
  notificaciones,
} from '../../db/schema/index.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { nuevaNotificacionMail } from './notificaciones.mails.ts';

const M = MESSAGES.notificaciones;
const PDF = buildPdf(['Nuevos valores de prestaciones', 'Vigentes desde el 1 de diciembre']);
const staffPage = paginatedSchema(notificacionStaffSchema);
const ownPage = paginatedSchema(notificacionSchema);

type Fields = Record<string, string | number[]>;

/** The send form as the screen posts it: strings as they are, lists JSON-encoded, the PDF as `pdfs`. */
function sendForm(
  fields: Fields,
  file: { name: string; content: Buffer; type?: string } | null = { name: 'valores.pdf', content: PDF },
) {
  const encoded = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return multipart(
    encoded,
    file ? { ...file, field: 'pdfs', type: file.type ?? 'application/pdf' } : undefined,
  );
}

/** Files kept on disk under DATA_DIR/files (the write area `.tmp` aside). */
async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files', 'notificaciones');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

describe.each(BACKENDS)('notificaciones (%s)', (backend) => {
  const t = useTestApp(backend, { env: { MAX_PDF_MB: '0.05' }, staff: true });

  async function send(
    url: string,
    auth: Record<string, string>,
    fields: Fields,
    file?: Parameters<typeof sendForm>[1],
  ) {
    const form = sendForm(fields, file);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  }

  async function staffRows(search = '') {
    const res = await t.inject(
      'GET',
      `/api/notificaciones?pageIndex=1&pageSize=50&search=${encodeURIComponent(search)}`,
      t.staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    return staffPage.parse(res.json()).rows;
  }

  async function ownRows(url: string, auth: Record<string, string>) {
    const res = await t.inject('GET', url, auth);
    expect(res.statusCode, res.body).toBe(200);
    return ownPage.parse(res.json());
  }

  describe('to affiliates', () => {
    it('reaches the affiliates of the chosen insurer only, frozen at send time, with a mail to confirmed addresses', async () => {
      const osde = await createObraSocial(t.app, t.staff);
      const otra = await createObraSocial(t.app, t.staff);
      const ana = await createAfiliado(t.app, t.staff, osde.id);
      const beto = await createAfiliado(t.app, t.staff, osde.id);
      const ajeno = await createAfiliado(t.app, t.staff, otra.id);
      await t.app.db.update(afiliados).set({ email: 'ana@example.com' }).where(eq(afiliados.id, ana.id));

      const count = await t.inject('POST', '/api/notificaciones/destinatarios', t.staff, {
        destinatario: 'afiliados',
        obrasSociales: [osde.id],
      });
      expect(count.json()).toEqual({ count: 2 });

      const sent = await send('/api/notificaciones/afiliados', t.staff, {
        title: 'Nuevos valores',
        category: 'Afiliados',
        obrasSociales: [osde.id],
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json()).toEqual({ id: expect.any(Number), recipientCount: 2 });
      const { id } = sent.json();

      // Someone who joins the insurer afterwards does not receive it.
      const tarde = await createAfiliado(t.app, t.staff, osde.id);
      for (const [who, expected] of [
        [ana, 1],
        [beto, 1],
        [ajeno, 0],
        [tarde, 0],
      ] as const) {
        const page = await ownRows(
          '/api/notificaciones/afiliados?pageIndex=0&pageSize=10',
          await afiliadoAuth(t.app, who.id),
        );
        expect(page.rows.filter((r) => r.id === id)).toHaveLength(expected);
      }

      const [row] = (await ownRows('/api/notificaciones/afiliados', await afiliadoAuth(t.app, ana.id))).rows;
      expect(row).toMatchObject({ id, title: 'Nuevos valores', category: 'Afiliados', open: false });
      expect(row!.message[0]).toMatch(/^\/api\/files\/notificaciones\/.+\.pdf\?/);

      const mails = await t.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'nueva-notificacion'));
      expect(mails.map((m) => m.to)).toEqual(['ana@example.com']);
      expect(mails[0]!.text).toContain('http://reddental.test/notificaciones-afiliado');
      // Affiliates sign in with their document: the mail says so, in the text and the HTML alike.
      expect(mails[0]!.text).toContain('Para leerla, ingrese con su número de documento.');
      expect(mails[0]!.html).toContain('Para leerla, ingrese con su número de documento.');
      expect(mails[0]!.text).not.toContain('usuario');
      // The mail says there is something new: no title, no file, no link to it.
      expect(mails[0]!.text).not.toContain('Nuevos valores');
      expect(mails[0]!.text).not.toContain('/api/files');

      const staffRow = (await staffRows()).find((r) => r.id === id);
      expect(staffRow).toMatchObject({
        destinatario: 'afiliados',
        recipientCount: 2,
        readCount: 0,
        open: true,
      });
    });

    it('opens the PDF through the signed link, marks it read, and counts the read for staff', async () => {
      const os = await createObraSocial(t.app, t.staff);
      const afiliado = await createAfiliado(t.app, t.staff, os.id);
      const auth = await afiliadoAuth(t.app, afiliado.id);
      const { id } = (
        await send('/api/notificaciones/afiliados', t.staff, {
          title: 'Cartilla actualizada',
          category: 'Documentación',
          obrasSociales: [os.id],
        })
      ).json();

      expect((await t.inject('GET', '/api/notificaciones/unread', auth)).json()).toEqual({
        Documentación: 1,
      });
      const [row] = (await ownRows('/api/notificaciones/afiliados', auth)).rows;
      const file = await t.inject('GET', row!.message[0]!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('inline; filename="valores.pdf"');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      // A stored file is the user's content: opened on its own, sandboxed, never sniffed, never cached.
      expect(file.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(file.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');

      // A double click: two marks at once count as one read.
      const marks = await Promise.all([
        t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: id }),
        t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: id }),
      ]);
      expect(marks.map((m) => m.statusCode)).toEqual([204, 204]);
      expect(
        (await t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: id })).statusCode,
      ).toBe(204);
      expect((await t.inject('GET', '/api/notificaciones/unread', auth)).json()).toEqual({});
      expect((await ownRows('/api/notificaciones/afiliados', auth)).rows[0]).toMatchObject({
        id,
        open: true,
      });
      expect((await staffRows()).find((r) => r.id === id)).toMatchObject({ recipientCount: 1, readCount: 1 });

      const recipients = await t.inject(
        'GET',
        `/api/notificaciones/${id}/destinatarios?pageIndex=0&pageSize=10`,
        t.staff,
      );
      expect(recipients.json()).toEqual({
        rows: [
          {
            tipo: 'afiliados',
            nombre: afiliado.nombre,
            detalle: afiliado.documento,
            readAt: expect.any(String),
          },
        ],
        rowCount: 1,
      });
      const past = await t.inject(
        'GET',
        `/api/notificaciones/${id}/destinatarios?pageIndex=3&pageSize=10`,
        t.staff,
      );
      expect(past.json(), 'a page past the end still tells how many there are').toEqual({
        rows: [],
        rowCount: 1,
      });
    });
  });

  describe('when recipients go', () => {
    it("keeps 'Leída por X de N' to the recipients still there, and their links stop opening", async () => {
      const os = await createObraSocial(t.app, t.staff);
      const lectora = await createAfiliado(t.app, t.staff, os.id);
      const otra = await createAfiliado(t.app, t.staff, os.id);
      const lectoraAuth = await afiliadoAuth(t.app, lectora.id);
      const otraAuth = await afiliadoAuth(t.app, otra.id);
      const { id } = (
        await send('/api/notificaciones/afiliados', t.staff, {
          title: 'Padrón',
          category: 'Afiliados',
          obrasSociales: [os.id],
        })
      ).json();
      await t.inject('PUT', '/api/notificaciones/read', lectoraAuth, { notificacionId: id });
      expect((await staffRows()).find((r) => r.id === id)).toMatchObject({ recipientCount: 2, readCount: 1 });

      const link = (await ownRows('/api/notificaciones/afiliados', otraAuth)).rows[0]!.message[0]!;
      // Given de baja, she stays a recipient of what she was sent (and read).
      expect((await t.inject('DELETE', `/api/afiliados/${lectora.id}`, t.staff)).statusCode).toBe(204);
      expect((await staffRows()).find((r) => r.id === id)).toMatchObject({ recipientCount: 2, readCount: 1 });
      // Her row removed (the API never erases affiliates; the database may), she goes from the counts.
      await t.app.db.delete(afiliados).where(eq(afiliados.id, lectora.id));
      expect((await staffRows()).find((r) => r.id === id)).toMatchObject({ recipientCount: 1, readCount: 0 });
      const listed = (await t.inject('GET', `/api/notificaciones/${id}/destinatarios`, t.staff)).json();
      expect(listed.rowCount).toBe(1);

      // A link opens only while its reader is still a recipient of a notification that exists.
      expect((await t.inject('GET', link)).statusCode).toBe(200);
      await t.app.db
        .delete(notificacionDestinatarios)
        .where(eq(notificacionDestinatarios.afiliadoId, otra.id));
      expect((await t.inject('GET', link)).statusCode).toBe(404);
    });
  });

  describe('to professionals', () => {
    let os1: number;
    let os2: number;
    let zona1: number;
    let zona2: number;
    let orto: number;
    let endo: number;
    let d1: Awaited<ReturnType<typeof createDentist>>;
    let d2: typeof d1;
    let d3: typeof d1;

    beforeAll(async () => {
      os1 = (await createObraSocial(t.app, t.staff)).id;
      os2 = (await createObraSocial(t.app, t.staff)).id;
      zona1 = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Norte', numero: 101 })).json().id;
      zona2 = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Sur', numero: 102 })).json().id;
      orto = (
        await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'Ortopedia funcional' })
      ).json().id;
      endo = (
        await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'Microcirugía endodóntica' })
      ).json().id;
      d1 = await createDentist(t.app, t.admin, {
        obrasSociales: [os1],
        zonaId: zona1,
        especialidades: [orto],
      });
      d2 = await createDentist(t.app, t.admin, {
        obrasSociales: [os1],
        zonaId: zona2,
        especialidades: [orto],
      });
      d3 = await createDentist(t.app, t.admin, {
        obrasSociales: [os2],
        zonaId: zona1,
        especialidades: [endo],
      });
      // Waiting for approval: never a recipient.
      await createDentist(t.app, t.admin, {
        obrasSociales: [os1],
        zonaId: zona1,
        especialidades: [orto],
        pending: true,
      });
    });

    const recipients = async (filters: Record<string, number[]>) =>
      (
        await t.inject('POST', '/api/notificaciones/destinatarios', t.staff, {
          destinatario: 'profesionales',
          ...filters,
        })
      ).json().count;

    it('combines the filters: any value within one, all filters together, plus those picked by name', async () => {
      expect(await recipients({ obrasSociales: [os1], zonas: [zona1] })).toBe(1);
      expect(await recipients({ especialidades: [orto] })).toBe(2);
      expect(await recipients({ obrasSociales: [os1, os2], especialidades: [endo] })).toBe(1);
      expect(await recipients({ zonas: [zona2], profesionales: [d3.id] })).toBe(2);
      expect(await recipients({ profesionales: [d1.id] })).toBe(1);
      expect(await recipients({})).toBe(3);
    });

    it('sends to the matching professionals only; each sees it, marks it read, and nobody else can', async () => {
      const sent = await send('/api/notificaciones', t.staff, {
        title: 'Circular zona norte',
        category: 'Comunicación al prestador',
        obrasSociales: [os1],
        zonas: [zona1],
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().recipientCount).toBe(1);
      const { id } = sent.json();

      const auth1 = await loginAs(t.app, d1.email, d1.password);
      const auth3 = await loginAs(t.app, d3.email, d3.password);
      expect(
        (await ownRows('/api/notificaciones/by-id?pageIndex=0&pageSize=10', auth1)).rows.map((r) => r.id),
      ).toEqual([id]);
      // Same insurer, other zone; other insurer, same zone: neither receives it.
      const auth2 = await loginAs(t.app, d2.email, d2.password);
      expect((await ownRows('/api/notificaciones/by-id', auth2)).rows).toEqual([]);
      expect((await ownRows('/api/notificaciones/by-id', auth3)).rows).toEqual([]);
      expect((await t.inject('GET', '/api/notificaciones/unread', auth1)).json()).toEqual({
        'Comunicación al prestador': 1,
      });
      expect(
        (await ownRows('/api/notificaciones/by-id?search=Documentación', auth1)).rows,
        'a category filter',
      ).toEqual([]);

      // Another professional can neither mark it nor open it with a link made for someone else.
      expect(
        (await t.inject('PUT', '/api/notificaciones/read', auth3, { notificacionId: id })).statusCode,
      ).toBe(404);
      const link = (await ownRows('/api/notificaciones/by-id', auth1)).rows[0]!.message[0]!;
      const forged = link.replace(/s=u\.\d+\.\d+/, `s=u.${d3.userId}.0`);
      expect((await t.inject('GET', forged)).statusCode).toBe(403);
      expect((await t.inject('GET', link.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(403);
      expect((await t.inject('GET', link.replace('.pdf?', 'x.pdf?'))).json().error).toBe(M.LINK_INVALID);

      // Ten minutes later the link no longer opens; after a logout neither does a fresh one.
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60 * 1000 + 1000);
      try {
        expect((await t.inject('GET', link)).statusCode).toBe(403);
      } finally {
        vi.restoreAllMocks();
      }
      expect((await t.inject('GET', link)).statusCode).toBe(200);
      expect((await t.inject('POST', '/api/user/logout', auth1)).statusCode).toBe(204);
      expect((await t.inject('GET', link)).statusCode).toBe(403);

      const again = await loginAs(t.app, d1.email, d1.password);
      expect(
        (await t.inject('PUT', '/api/notificaciones/read', again, { notificacionId: id })).statusCode,
      ).toBe(204);
      expect((await t.inject('GET', '/api/notificaciones/unread', again)).json()).toEqual({});
      const listed = await t.inject('GET', `/api/notificaciones/${id}/destinatarios`, t.staff);
      expect(listed.json().rows).toEqual([
        { tipo: 'profesionales', nombre: d1.nombre, detalle: d1.email, readAt: expect.any(String) },
      ]);

      // By specialty: the endodontist receives it, the orthodontists do not.
      const byEspecialidad = await send('/api/notificaciones', t.staff, {
        title: 'Solo endodoncia',
        category: 'Notificación a Prestadores',
        especialidades: [endo],
      });
      expect(byEspecialidad.json().recipientCount).toBe(1);
      expect((await ownRows('/api/notificaciones/by-id', auth3)).rows.map((r) => r.title)).toEqual([
        'Solo endodoncia',
      ]);
      expect((await ownRows('/api/notificaciones/by-id', auth2)).rows).toEqual([]);

      const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, d1.email));
      const nuevas = mails.filter((m) => m.template === 'nueva-notificacion');
      expect(nuevas).toHaveLength(1);
      expect(nuevas[0]!.text).toContain('http://reddental.test/notificaciones\n');
      expect(nuevas[0]!.text).toContain('Para leerla, ingrese con su email y contraseña.');
    });
  });

  describe('unread counts', () => {
    it("follow a professional's sends, reads and deletions, as a recount of the recipients would", async () => {
      const dentist = await createDentist(t.app, t.admin);
      const auth = await loginAs(t.app, dentist.email, dentist.password);
      const unread = async () => (await t.inject('GET', '/api/notificaciones/unread', auth)).json();
      const sendOne = async (title: string, category: string) =>
        (await send('/api/notificaciones', t.staff, { title, category, profesionales: [dentist.id] })).json()
          .id as number;

      const a = await sendOne('Uno', 'Documentación');
      const b = await sendOne('Dos', 'Documentación');
      const c = await sendOne('Tres', 'Actualización de valores');
      expect(await unread()).toEqual({ Documentación: 2, 'Actualización de valores': 1 });
      await t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: a });
      expect(await unread()).toEqual({ Documentación: 1, 'Actualización de valores': 1 });
      // Deleting a read one changes nothing; deleting an unread one takes it off.
      await t.inject('DELETE', '/api/notificaciones', t.staff, { ids: [a, c] });
      expect(await unread()).toEqual({ Documentación: 1 });
      await t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: b });
      expect(await unread()).toEqual({});
    });
  });

  describe('staff list and deletion', () => {
    it('pages from 1, filters by category, and deletes notifications with their recipients and file', async () => {
      const os = await createObraSocial(t.app, t.staff);
      const afiliado = await createAfiliado(t.app, t.staff, os.id);
      const auth = await afiliadoAuth(t.app, afiliado.id);
      const { id } = (
        await send('/api/notificaciones/afiliados', t.staff, {
          title: 'Para borrar',
          category: 'Novedades staff/subprestadores',
          obrasSociales: [os.id],
        })
      ).json();

      expect((await t.inject('GET', '/api/notificaciones?pageIndex=0', t.staff)).statusCode).toBe(400);
      const filtered = await staffRows('Novedades staff/subprestadores');
      expect(filtered.map((r) => r.title)).toEqual(['Para borrar']);
      expect((await staffRows('Todas')).length).toBeGreaterThan(1);
      const link = filtered[0]!.message[0]!;
      const filesBefore = backend === 'pglite' ? await storedFiles(t.config.dataDir) : [];

      expect((await t.inject('DELETE', '/api/notificaciones', auth, { ids: [id] })).statusCode).toBe(403);
      expect((await t.inject('DELETE', '/api/notificaciones', t.staff, { ids: [id] })).statusCode).toBe(204);
      expect((await staffRows()).some((r) => r.id === id)).toBe(false);
      expect((await ownRows('/api/notificaciones/afiliados', auth)).rows).toEqual([]);
      expect((await t.inject('GET', '/api/notificaciones/unread', auth)).json()).toEqual({});
      expect((await t.inject('GET', link)).statusCode).toBe(404);
      if (backend === 'pglite')
        expect(await storedFiles(t.config.dataDir)).toHaveLength(filesBefore.length - 1);
      expect((await t.inject('DELETE', '/api/notificaciones', t.staff, { ids: [id] })).statusCode).toBe(404);
      expect((await t.inject('GET', `/api/notificaciones/${id}/destinatarios`, t.staff)).statusCode).toBe(
        404,
      );
    });
  });

  describe('refused input and access', () => {
    let osId: number;
    beforeAll(async () => {
      osId = (await createObraSocial(t.app, t.staff)).id;
      await createAfiliado(t.app, t.staff, osId);
    });

    const valid = () => ({ title: 'Aviso', category: 'Afiliados', obrasSociales: [osId] });

    it.each([
      ['no title', { title: '' }, null, 400, M.TITLE_REQUIRED],
      ['no category', { category: undefined }, null, 400, M.CATEGORY_REQUIRED],
      ['an unknown category', { category: 'Chismes' }, null, 400, M.CATEGORY_REQUIRED],
      ['an insurer that does not exist', { obrasSociales: [999_999] }, null, 400, M.UNKNOWN_FILTER],
      ['zones for affiliates', { zonas: [1] }, null, 400, M.FILTERS_NOT_FOR_AFILIADOS],
      ['a list that is not JSON', { obrasSociales: '[1,' }, null, 400, undefined],
      ['no file', {}, 'none', 400, M.PDF_REQUIRED],
      [
        'a text file named .pdf',
        {},
        { name: 'falso.pdf', content: Buffer.from('hola, no soy un PDF') },
        415,
        M.PDF_INVALID,
      ],
      [
        // A reader finds the header anywhere in the first kilobyte; a browser sees the page.
        'an HTML page carrying a PDF header and end marker',
        {},
        {
          name: 'poliglota.pdf',
          content: Buffer.from('<html><!-- %PDF-1.4 --><script>alert(1)</script></html>\n%%EOF\n'),
        },
        415,
        M.PDF_INVALID,
      ],
      [
        'a PDF cut short',
        {},
        { name: 'cortado.pdf', content: PDF.subarray(0, PDF.length - 40) },
        415,
        M.PDF_INVALID,
      ],
      [
        'a PDF over MAX_PDF_MB',
        {},
        {
          name: 'grande.pdf',
          content: Buffer.concat([PDF, Buffer.alloc(60 * 1024, 32), Buffer.from('%%EOF')]),
        },
        413,
        MESSAGES.FILE_TOO_LARGE(0.1),
      ],
    ] as const)('refuses %s and stores nothing', async (_case, changes, file, status, message) => {
      const before = await t.app.db.select({ id: notificaciones.id }).from(notificaciones);
      const filesBefore = await storedFiles(t.config.dataDir);
      const fields = Object.fromEntries(
        Object.entries({ ...valid(), ...changes }).filter(([, v]) => v !== undefined),
      ) as Fields;
      const res = await send(
        '/api/notificaciones/afiliados',
        t.staff,
        fields,
        file === 'none' ? null : (file ?? undefined),
      );
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().error).toBe(message);
      expect(await t.app.db.select({ id: notificaciones.id }).from(notificaciones)).toHaveLength(
        before.length,
      );
      expect(await storedFiles(t.config.dataDir)).toEqual(filesBefore);
    });

    it('takes a PDF whose header follows a byte-order mark or blank lines', async () => {
      for (const prefix of ['\uFEFF', '\r\n \t\n'])
        expect(
          (
            await send('/api/notificaciones/afiliados', t.staff, valid(), {
              name: 'con-prefijo.pdf',
              content: Buffer.concat([Buffer.from(prefix), PDF]),
            })
          ).statusCode,
        ).toBe(201);
    });

    it('refuses a send that reaches nobody, and removes its file again', async () => {
      const empty = await createObraSocial(t.app, t.staff);
      const filesBefore = await storedFiles(t.config.dataDir);
      const res = await send('/api/notificaciones/afiliados', t.staff, {
        ...valid(),
        obrasSociales: [empty.id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(M.NO_RECIPIENTS);
      expect(await storedFiles(t.config.dataDir)).toEqual(filesBefore);
    });

    it("refuses the 'Afiliados' category for professionals, whose lists do not show it", async () => {
      const res = await send('/api/notificaciones', t.staff, { title: 'Aviso', category: 'Afiliados' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ category: M.CATEGORY_NOT_FOR_PROFESIONALES });
    });

    it('asks for the recipient type when counting', async () => {
      const res = await t.inject('POST', '/api/notificaciones/destinatarios', t.staff, { obrasSociales: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(M.RECIPIENT_REQUIRED);
    });

    it('keeps sending, deleting and the staff lists to AFILIADOS.CREATE, and each list to its own kind of caller', async () => {
      const dentist = await createDentist(t.app, t.admin);
      const dentistAuth = await loginAs(t.app, dentist.email, dentist.password);
      const afiliado = await afiliadoAuth(t.app, (await createAfiliado(t.app, t.staff, osId)).id);
      for (const auth of [dentistAuth, afiliado]) {
        expect((await send('/api/notificaciones/afiliados', auth, valid())).statusCode).toBe(403);
        expect((await send('/api/notificaciones', auth, valid())).statusCode).toBe(403);
        expect((await t.inject('GET', '/api/notificaciones', auth)).statusCode).toBe(403);
        expect(
          (await t.inject('POST', '/api/notificaciones/destinatarios', auth, { destinatario: 'afiliados' }))
            .statusCode,
        ).toBe(403);
        expect((await t.inject('GET', '/api/notificaciones/1/destinatarios', auth)).statusCode).toBe(403);
      }
      expect((await t.inject('GET', '/api/notificaciones/by-id', afiliado)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/notificaciones/afiliados', dentistAuth)).statusCode).toBe(403);
      expect((await send('/api/notificaciones/afiliados', {}, valid())).statusCode).toBe(401);
      expect((await t.inject('GET', '/api/notificaciones/unread')).statusCode).toBe(401);
      expect(
        (await t.inject('PUT', '/api/notificaciones/read', afiliado, { notificacionId: 999_999 })).statusCode,
      ).toBe(404);
      expect((await t.inject('GET', '/api/files/notificaciones/x.pdf')).statusCode).toBe(403);
    });
  });
});

describe('notificaciones with S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());
  const t = useTestApp('pglite', { env: () => s3.env });

  it('keeps the PDF in the bucket, serves it through the signed link and removes it with the notification', async () => {
    const os = await createObraSocial(t.app, t.admin);
    const afiliado = await createAfiliado(t.app, t.admin, os.id);
    const auth = await afiliadoAuth(t.app, afiliado.id);
    const form = sendForm({ title: 'En el bucket', category: 'Afiliados', obrasSociales: [os.id] });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/notificaciones/afiliados',
      headers: { ...t.admin, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = (await t.inject('GET', '/api/notificaciones/afiliados', auth)).json().rows[0].message[0];
    const file = await t.inject('GET', link);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(await storedFiles(t.config.dataDir)).toEqual([]);

    expect(
      (await t.inject('DELETE', '/api/notificaciones', t.admin, { ids: [sent.json().id] })).statusCode,
    ).toBe(204);
    const [key] = /notificaciones\/[^?]+/.exec(link)!;
    expect(await t.app.storage.get(key)).toBeUndefined();
  });

  /** Every row a send writes: the notification, its recipients, their mails and its audit entry. */
  const sendRecords = async () => ({
    notificaciones: await t.app.db.$count(notificaciones),
    destinatarios: await t.app.db.$count(notificacionDestinatarios),
    mails: await t.app.db.$count(mailOutbox),
    audit: await t.app.db.$count(auditLog, eq(auditLog.entity, 'notificacion')),
  });

  it('answers a Spanish 503 while the storage is down, leaves nothing behind, and the same send goes through once it is back', async () => {
    const os = await createObraSocial(t.app, t.admin);
    for (const n of [1, 2]) {
      const { id } = await createAfiliado(t.app, t.admin, os.id);
      await t.app.db
        .update(afiliados)
        .set({ email: `caida${n}@example.com` })
        .where(eq(afiliados.id, id));
    }
    const sendToInsurer = () => {
      const form = sendForm({ title: 'Durante la caída', category: 'Afiliados', obrasSociales: [os.id] });
      return t.app.inject({
        method: 'POST',
        url: '/api/notificaciones/afiliados',
        headers: { ...t.admin, ...form.headers },
        payload: form.payload,
      });
    };
    const before = await sendRecords();

    await s3.stop();
    try {
      const refused = await sendToInsurer();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: MESSAGES.STORAGE_UNAVAILABLE, code: 'NO_DISPONIBLE' });
      expect(await sendRecords()).toEqual(before);
    } finally {
      await s3.restart();
    }

    const sent = await sendToInsurer();
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().recipientCount).toBe(2);
    expect(await sendRecords()).toEqual({
      notificaciones: before.notificaciones + 1,
      destinatarios: before.destinatarios + 2,
      mails: before.mails + 2,
      audit: before.audit + 1,
    });
  });
});

describe('the mail of a new notification', () => {
  it("tells affiliates how the portal's sign-in asks for them, birth date included where the network asks it", () => {
    const url = 'https://red.example';
    expect(nuevaNotificacionMail(url, 'afiliados', false).text).toContain(
      'Para leerla, ingrese con su número de documento.\n\nIr al portal: https://red.example/notificaciones-afiliado',
    );
    expect(nuevaNotificacionMail(url, 'afiliados', true).text).toContain(
      'Para leerla, ingrese con su número de documento y su fecha de nacimiento.',
    );
    expect(nuevaNotificacionMail(url, 'profesionales', true).text).toContain(
      'Para leerla, ingrese con su email y contraseña.\n\nIr al portal: https://red.example/notificaciones\n',
    );
  });
});
