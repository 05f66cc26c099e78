import { type NotificacionCategoria, periodoText } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { nuevaNotificacionMail } from '../notificaciones/notificaciones.mails.ts';
import * as notificaciones from '../notificaciones/notificaciones.repository.ts';
import * as repo from './liquidaciones.repository.ts';
import { estadoDeCuentaPdf } from './liquidaciones-pdf.ts';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'mail' | 'config' | 'log'>;

/** The notifications' category a statement goes out under: the network writing to its dentist. */
const CATEGORIA: NotificacionCategoria = 'Comunicación al prestador';

const LOTE = 100;

/**
 * Publishes one settlement's statement: the PDF is stored under a key of its
 * own (the same bytes every time, so a retry only writes them again), then
 * the notification to its dentist, her mail and the settlement's mark are
 * written in one transaction. False when it was published already, or
 * another server is publishing it now.
 */
export async function publicarEstado(deps: Deps, id: number): Promise<boolean> {
  // Another server may have published it since the list was read: nothing to render then.
  if (!(await repo.sinPublicarAun(deps.db, id))) return false;
  const liquidacion = await repo.findLiquidacion(deps.db, id, '2000-01-01');
  if (!liquidacion) return false;
  const pdf = await estadoDeCuentaPdf(liquidacion);
  const destinatario = {
    obrasSociales: [],
    zonas: [],
    especialidades: [],
    profesionales: [liquidacion.profesional.id],
  };
  const fileKey = `liquidaciones/${liquidacion.periodo}/${liquidacion.id}.pdf`;
  await deps.storage.put(fileKey, pdf, { contentType: 'application/pdf' });
  const publicada = await deps.db.transaction(async (tx) => {
    if (!(await repo.tomarParaPublicar(tx, id))) return false;
    const notificacionId = await notificaciones.insertNotificacion(tx, {
      title: `Liquidación de ${periodoText(liquidacion.periodo)}`,
      category: CATEGORIA,
      recipientType: 'profesionales',
      fileKey,
      fileName: `liquidacion-${liquidacion.periodo}.pdf`,
      fileSize: pdf.length,
      filters: destinatario,
      createdBy: null,
      automatica: true,
    });
    const mail = nuevaNotificacionMail(
      deps.config.publicUrl,
      'profesionales',
      deps.config.affiliateLoginBirthdate,
    );
    await notificaciones.insertRecipientsAndMail(
      tx,
      { id: notificacionId, category: CATEGORIA, recipientType: 'profesionales' },
      destinatario,
      (addresses) => deps.mail.toEachStatement(mail, addresses),
    );
    await repo.marcarPublicada(tx, id, notificacionId);
    return true;
  });
  if (publicada) deps.mail.wake();
  return publicada;
}

/**
 * Publishes every statement still pending, each once, in id order, while
 * `seguir` says so; one that fails is logged and left for the next pass.
 * Answers how many it published and how many failed.
 */
export async function publicarPendientes(
  deps: Deps,
  seguir: () => boolean = () => true,
): Promise<{ publicadas: number; fallidas: number }> {
  let publicadas = 0;
  let fallidas = 0;
  let desde = 0;
  while (seguir()) {
    const ids = await repo.sinPublicar(deps.db, desde, LOTE);
    if (ids.length === 0) break;
    for (const id of ids) {
      if (!seguir()) break;
      try {
        if (await publicarEstado(deps, id)) publicadas++;
      } catch (err) {
        fallidas++;
        deps.log.error({ err, liquidacionId: id }, 'could not publish a settlement statement');
      }
    }
    desde = ids.at(-1)!;
  }
  return { publicadas, fallidas };
}

/** How long after a pass with failures (the storage or the database down) the next one tries again. */
const REINTENTO_MS = 60_000;

/**
 * Runs the publication after each closing, one pass at a time: woken while
 * a pass runs, it runs once more when that pass ends, so nothing a closing
 * commits is missed. At start-up it catches up on what a stopped server left;
 * a pass with failures is tried again a minute later; stopping ends the pass
 * at the next statement.
 */
class Publicador {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly deps: Deps) {}

  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once everything pending now is published. */
  async drain() {
    while (this.running) await this.running;
    await publicarPendientes(this.deps);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    while (this.running) await this.running;
  }

  private async loop() {
    let fallidas = 0;
    do {
      this.again = false;
      fallidas = await publicarPendientes(this.deps, () => !this.stopped).then(
        (r) => r.fallidas,
        (err: unknown) => {
          this.deps.log.error({ err }, 'the settlement statements pass failed');
          return 1;
        },
      );
    } while (this.again && !this.stopped);
    if (fallidas > 0 && !this.stopped) {
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.wake(), REINTENTO_MS);
      this.retry.unref();
    }
  }
}

const publicadores = new WeakMap<object, Publicador>();

/** The app's one publisher (keyed by its database, which every plugin of the app shares). */
export function publicadorDe(deps: Deps): Publicador {
  let p = publicadores.get(deps.db);
  if (!p) {
    p = new Publicador(deps);
    publicadores.set(deps.db, p);
  }
  return p;
}
