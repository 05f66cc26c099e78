import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { CartillaProfesional } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import * as repo from './cartilla.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

const gzipAsync = promisify(gzip);

/** A directory as sent: its JSON, gzipped once, and its entity tag. */
export interface DirectoryBody {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

function toCartillaProfesional(r: repo.DirectoryRow): CartillaProfesional {
  return {
    id: r.id,
    nombre: r.nombre,
    razonSocial: r.razon_social,
    telefono: r.telefono,
    direccion: r.direccion,
    depto: r.depto,
    lat: r.lat,
    long: r.long,
    localidad: r.localidad,
    especialidades: r.especialidades,
    horarios: r.horarios,
    guardias: r.guardias,
    aceptaNuevosPacientes: r.acepta_nuevos_pacientes,
    ausencias: r.ausencias,
    datosConfirmadosAt: r.datos_confirmados_at ? new Date(r.datos_confirmados_at).toISOString() : null,
  };
}

/** How many insurers' directories an instance keeps built (each is one insurer's providers). */
const CACHE_SIZE = 64;

/**
 * Builds each insurer's directory once per version of the directory (a
 * single-row read per request, bumped by triggers on every write that can
 * change one). An unchanged directory is served from memory, already gzipped,
 * and a client holding it gets a 304. Every instance keeps its own copy and
 * checks the version on each request, so none serves a stale directory.
 */
export function createDirectoryCache() {
  const built = new Map<number, DirectoryBody & { version: string }>();
  // Requests arriving together for a directory not built yet wait for one build.
  const building = new Map<string, Promise<DirectoryBody>>();

  async function build(deps: Deps, obraSocialId: number, version: string): Promise<DirectoryBody> {
    const rows = await repo.findDirectory(deps.db, obraSocialId);
    const json = Buffer.from(JSON.stringify(rows.map(toCartillaProfesional)));
    const etag = `"${createHash('sha256').update(`${obraSocialId}:${version}`).digest('base64url').slice(0, 27)}"`;
    const body = { etag, json, gzip: await gzipAsync(json), version };
    built.delete(obraSocialId);
    built.set(obraSocialId, body);
    if (built.size > CACHE_SIZE) built.delete(built.keys().next().value as number);
    return body;
  }

  return {
    /** The affiliate's directory: the approved providers of their insurer; empty without one. */
    async forAfiliado(deps: Deps, afiliadoId: number): Promise<DirectoryBody | null> {
      const { obraSocialId, version } = await repo.findDirectoryVersion(deps.db, afiliadoId);
      if (obraSocialId === null) return null;
      const cached = built.get(obraSocialId);
      if (cached?.version === version) return cached;
      const key = `${obraSocialId}:${version}`;
      let pending = building.get(key);
      if (!pending) {
        pending = build(deps, obraSocialId, version).finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },
  };
}
