import { type APIRequestContext, expect } from '@playwright/test';
import type { ReglaValues } from '@red-dental/contracts';
import {
  buildAfiliadoInput,
  buildObraSocialInput,
  buildPdf,
  buildRegistroInput,
  buildReglaInput,
  uniqueEmail,
  uniqueName,
} from '@red-dental/testing';
import { ADMIN } from './env.ts';
import { waitForMailLink } from './mail.ts';

export const PASSWORD = 'Consultorio2025!';

export type StaffRole = 'ADMINISTRADOR' | 'ADMINISTRATIVO' | 'PRESTADOR';

/** Arranges data through the real API, signed in as the seeded administrator. */
export class Backend {
  private token: string | null = null;

  constructor(private readonly request: APIRequestContext) {}

  private async adminToken(): Promise<string> {
    if (!this.token) this.token = (await this.login(ADMIN.user, ADMIN.pass)).token;
    return this.token;
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api/${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${await this.adminToken()}` },
    });
    expect(response.status(), `${method} /api/${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  /** Signs in as staff or a professional; `user` is the session user the screens keep. */
  async login(user: string, pass: string): Promise<{ token: string; user: unknown }> {
    const response = await this.request.post('/api/user/login', { data: { user, pass } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { token: string; user: unknown };
  }

  async loginAfiliado(documento: string): Promise<{ token: string }> {
    const response = await this.request.post('/api/afiliados/login', { data: { documento } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { token: string };
  }

  /** Signs the affiliate out of every device, as 'Cerrar Sesión' does on any one of them. */
  async logoutAfiliado(token: string): Promise<void> {
    const response = await this.request.post('/api/afiliados/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(204);
  }

  /** An active account holding one of the default roles. */
  async createUser(role: StaffRole): Promise<{ user: string; pass: string }> {
    return this.createUserWithRole(role);
  }

  /** An active account holding one role, named (a default role or one a test created). */
  async createUserWithRole(role: string): Promise<{ user: string; pass: string }> {
    const account = { user: uniqueEmail(role.toLowerCase().replace(/[^a-z0-9]+/g, '-')), pass: PASSWORD };
    await this.call('POST', 'user', { ...account, roles: [role] });
    return account;
  }

  /**
   * The role of that name (upper case) holding exactly the permissions given,
   * made when missing: a suite that reruns its setup adds no role to Roles.
   */
  async roleNamed(name: string, permissions: readonly string[]): Promise<{ id: number; name: string }> {
    const roles = await this.call<{ id: number; name: string }[]>('GET', 'roles');
    const role = roles.find((r) => r.name === name);
    if (!role) return this.call('POST', 'roles', { name, permissions });
    await this.setPermissionsOf(role, permissions);
    return role;
  }

  /** Gives a role exactly the permissions given, as 'Editar rol' does. */
  async setPermissionsOf(role: { id: number; name: string }, permissions: readonly string[]): Promise<void> {
    await this.call('PUT', `roles/${role.id}`, { name: role.name, permissions });
  }

  /** Replaces an account's roles, as 'Usuarios' does (its sessions end). */
  async setRolesOf(userId: number, roleIds: readonly number[]): Promise<void> {
    await this.call('PUT', `user/${userId}/roles`, { roles: roleIds });
  }

  async approveRequestOf(email: string): Promise<void> {
    const pending = await this.call<{ email: string; user: { id: number } }[]>(
      'GET',
      'profesionales/solicitudes',
    );
    const request = pending.find((p) => p.email === email);
    expect(request, `a pending request for ${email}`).toBeDefined();
    await this.call('PUT', `user/solicitudes/${request!.user.id}`);
  }

  /**
   * Opens the newest confirmation link mailed to `email`, as the applicant
   * does; `mails` is how many such mails to wait for (2 after asking again).
   */
  async confirmRegistrationOf(email: string, mails = 1): Promise<void> {
    const link = await waitForMailLink(
      email,
      /https?:\/\/[^\s"<>]+\/confirmar-registro\/[A-Za-z0-9_-]+/,
      mails,
    );
    const token = link.slice(link.lastIndexOf('/') + 1);
    const response = await this.request.post('/api/registro/confirm-email', { data: { token } });
    expect(response.status(), await response.text()).toBe(200);
  }

  /**
   * A dentist's sign-up, still waiting for staff, with a name of its own to
   * look for; its address confirmed unless told.
   */
  async createSolicitud(
    options: { confirmed?: boolean } = {},
  ): Promise<{ nombre: string; user: string; pass: string }> {
    const registro = buildRegistroInput({ nombre: uniqueName('Dra. Prueba'), password: PASSWORD });
    const response = await this.request.post('/api/registro', { data: registro });
    expect(response.status(), await response.text()).toBe(201);
    if (options.confirmed !== false) await this.confirmRegistrationOf(registro.email);
    return { nombre: registro.nombre, user: registro.email, pass: PASSWORD };
  }

  /** A dentist who signed up, confirmed the address and was approved. */
  async createProfesional(): Promise<{ nombre: string; user: string; pass: string }> {
    const solicitud = await this.createSolicitud();
    await this.approveRequestOf(solicitud.user);
    return solicitud;
  }

  /** An insurer of its own, for a test to tick (named `nombre`, made unique, when given). */
  async createObraSocial(nombre = 'Obra Social E2E'): Promise<{ id: number; nombre: string }> {
    return this.call('POST', 'obra-sociales', buildObraSocialInput({ nombre: uniqueName(nombre) }));
  }

  /** A specialty of its own (every network starts with the usual ones and GUARDIAS). */
  async createEspecialidad(): Promise<{ id: number; nombre: string }> {
    return this.call('POST', 'especialidades', { nombre: uniqueName('Especialidad E2E') });
  }

  /** A specialty of the catalogue by its name (the defaults every network starts with are there). */
  async especialidadNamed(nombre: string): Promise<{ id: number; nombre: string }> {
    const all = await this.call<{ id: number; nombre: string }[]>('GET', 'especialidades');
    const found = all.find((e) => e.nombre === nombre);
    expect(found, `the specialty '${nombre}'`).toBeDefined();
    return found!;
  }

  /** A zone of its own, named `nombre` (made unique), placed as the professional's zone. */
  async assignNewZona(profesionalId: number, nombre: string): Promise<{ id: number; nombre: string }> {
    const zona = await this.call<{ id: number; nombre: string }>('POST', 'zonas', {
      nombre: uniqueName(nombre),
      numero: 1000 + Math.floor(Math.random() * 1_000_000),
    });
    await this.call('PUT', `profesionales/zonas-os/${profesionalId}`, { zonaId: zona.id });
    return zona;
  }

  /** Staff mail a professional of the network the reminder to confirm the listing (its link: datos-al-dia). */
  async sendRecordatorio(profesionalId: number): Promise<void> {
    await this.call('POST', `profesionales/${profesionalId}/recordatorio`);
  }

  /** What the API holds of a professional's own profile, seen with its own token. */
  async ownProfile(user: string, pass: string): Promise<Record<string, unknown>> {
    const { token } = await this.login(user, pass);
    const response = await this.request.get('/api/profesionales/profile', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  /** Loads a CSV of affiliates into the insurer, as the import screen does. */
  async importAfiliados(obraSocialId: number, csv: string): Promise<void> {
    const response = await this.request.post('/api/afiliados/import-csv', {
      headers: { Authorization: `Bearer ${await this.adminToken()}` },
      // The insurer goes first, as the screen sends it.
      multipart: {
        obraSocialId: String(obraSocialId),
        file: { name: 'padron.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** An affiliate (of the insurer given, else of a new one) who can sign in with the returned document. */
  async createAfiliado(obraSocialId?: number): Promise<{ documento: string; obraSocialId: number }> {
    const insurer = obraSocialId ?? (await this.createObraSocial()).id;
    const afiliado = buildAfiliadoInput({
      nombre: 'Afiliada de Prueba',
      fecha_nacimiento: '1985-04-12',
      obraSocial: { id: insurer },
    });
    await this.call('POST', 'afiliados', afiliado);
    return { documento: afiliado.documento, obraSocialId: insurer };
  }

  /**
   * An approved dentist of the directory: accepting the insurer, with the
   * profile given (office, coordinates, specialties, schedules) saved by staff;
   * coordinates given are an address's, as the geocoder placed it.
   */
  async createCartillaProfesional(
    obraSocialId: number,
    profile: Record<string, unknown>,
  ): Promise<{ id: number; nombre: string; user: string; pass: string }> {
    const dentist = await this.createProfesional();
    const page = await this.call<{ rows: { id: number; nombre: string }[] }>(
      'GET',
      `profesionales/paginated?pageIndex=0&pageSize=5&search=${encodeURIComponent(dentist.nombre)}`,
    );
    const id = page.rows[0]!.id;
    const current = await this.call<Record<string, unknown>>('GET', `profesionales/${id}`);
    await this.call('PUT', `profesionales/${id}`, {
      ...current,
      telefono: '011 4800-1234',
      obrasSociales: [{ id: obraSocialId }],
      especialidades: [],
      ...(profile.lat === undefined ? {} : { ubicacionOrigen: 'geocoder' }),
      ...profile,
    });
    return {
      id,
      nombre: typeof profile.nombre === 'string' ? profile.nombre : dentist.nombre,
      user: dentist.user,
      pass: dentist.pass,
    };
  }

  /** A notification with a one-page PDF, sent by staff to the affiliates of one insurer. */
  async sendToAfiliados(obraSocialId: number, title: string): Promise<void> {
    const response = await this.request.post('/api/notificaciones/afiliados', {
      headers: { Authorization: `Bearer ${await this.adminToken()}` },
      multipart: {
        title,
        category: 'Afiliados',
        obrasSociales: JSON.stringify([obraSocialId]),
        pdfs: { name: 'aviso.pdf', mimeType: 'application/pdf', buffer: buildPdf([title]) },
      },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }

  /** Loads a CSV into an upload route (multipart `file`), as the import screens do. */
  private async upload(path: string, csv: string): Promise<void> {
    const response = await this.request.post(`/api/${path}`, {
      headers: { Authorization: `Bearer ${await this.adminToken()}` },
      multipart: { file: { name: 'datos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  }

  /**
   * An insurer ready for the chair: codes of its own, a contract with their
   * fees, a plan whose rules are given as `{objetivo, …terms}`, and an
   * affiliate of the plan (registered in 2020) whose document is returned.
   */
  async createRedParaAtender(
    codigos: string,
    aranceles: string,
    reglas: readonly Partial<ReglaValues>[],
    /** Days after the date of service a line may still be validated (30 unless told). */
    plazoPresentacionDias = 30,
  ): Promise<{ obraSocialId: number; obraSocialNombre: string; documento: string; afiliadoNombre: string }> {
    const os = await this.createObraSocial('Obra Social Sillón');
    await this.upload('nomenclador/import', codigos);
    const convenio = await this.call<{ id: number }>('POST', 'convenios', {
      obraSocialId: os.id,
      nombre: 'Convenio del sillón',
      vigenteDesde: '2026-01-01',
      vigenteHasta: null,
      diaCierre: 25,
      plazoPresentacionDias,
      plazoRefacturacionDias: 30,
      plazoUrgenciaDias: 3,
      requiereToken: false,
      valorUnidad: 1_200_000,
    });
    await this.upload(`convenios/${convenio.id}/aranceles/import`, aranceles);
    const plan = await this.call<{ id: number }>('POST', 'planes', {
      obraSocialId: os.id,
      codigo: 'SILLON',
      nombre: 'Plan Sillón',
    });
    for (const regla of reglas) await this.call('POST', `planes/${plan.id}/reglas`, buildReglaInput(regla));
    const afiliado = buildAfiliadoInput({
      nombre: uniqueName('Paciente Sillón'),
      fecha_nacimiento: '1985-04-12',
      obraSocial: { id: os.id },
      plan: { id: plan.id },
      fechaAlta: '2020-01-01',
    });
    await this.call('POST', 'afiliados', afiliado);
    return {
      obraSocialId: os.id,
      obraSocialNombre: os.nombre,
      documento: afiliado.documento,
      afiliadoNombre: afiliado.nombre,
    };
  }

  /** The one-time code staff print for an affiliate to enrol a phone for the token (from their record). */
  async codigoDeActivacion(documento: string): Promise<string> {
    const page = await this.call<{ rows: { id: number }[] }>(
      'GET',
      `afiliados/paginated?pageIndex=0&pageSize=5&search=${encodeURIComponent(documento)}`,
    );
    const impreso = await this.call<{ codigo: string }>('POST', `afiliados/${page.rows[0]!.id}/token/codigo`);
    return impreso.codigo;
  }

  /** A visit validated by a dentist through the API, as 'Atender' sends it; its validation code. */
  async validar(
    dentist: { user: string; pass: string },
    documento: string,
    fecha: string,
    lineas: readonly Record<string, unknown>[],
  ): Promise<string> {
    const { token } = await this.login(dentist.user, dentist.pass);
    const response = await this.request.post('/api/prestaciones/validar', {
      headers: { Authorization: `Bearer ${token}` },
      data: { documento, fecha, lineas },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { codigoValidacion: string }).codigoValidacion;
  }
}
