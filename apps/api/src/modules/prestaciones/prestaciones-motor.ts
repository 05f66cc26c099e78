import {
  ADJUNTO_LABELS,
  ADJUNTOS,
  type Adjunto,
  type AreaTratamiento,
  addDays,
  addMonths,
  type Canal,
  type Cara,
  type CodigoDebito,
  type Denticion,
  type EstadoLinea,
  edadEn,
  esTemporaria,
  formatFecha,
  formatImporte,
  frecuenciaText,
  type LineaPedida,
  lugarDeLinea,
  type Nivel,
  type Regla,
  type Resultado,
  revisarCaras,
  SECTORES,
  sectorDe,
  type ZonaBoca,
} from '@red-dental/contracts';

// ---------------------------------------------------------------------------
// The rules engine: pure functions, no database and no clock of their own.
// Given the lines of a visit, the affiliate, the network's history of the
// affiliate and the plan's rules in force on the date of service, it says of
// each line what every rule finds, and what the line costs whom. The chair,
// the closing and a rule change's simulation all run this same code.
// ---------------------------------------------------------------------------

/** A code as the engine needs it: what a line of it names, and the groups rules may name it by. */
export interface CodigoMotor {
  codigo: string;
  nombre: string;
  capitulo: string;
  area: AreaTratamiento;
  carasMin: number;
  carasMax: number;
  denticion: Denticion;
  /** The names of the groups the code belongs to, as rules write them. */
  grupos: readonly string[];
}

/** A line already in the network's history of the affiliate, whoever recorded it. */
export interface LineaPrevia {
  codigo: string;
  pieza: number | null;
  /** Faces in the fixed order ('OM'); empty for none. */
  caras: string;
  sector: ZonaBoca | null;
  fecha: string;
  profesionalId: number;
  estado: EstadoLinea;
}

/** An item of a prior authorization as the engine weighs it (one per code, tooth and faces asked for). */
export interface AutorizacionMotor {
  numero: string;
  itemId: number;
  codigo: string;
  pieza: number | null;
  caras: string;
  sector: string | null;
  /** The request's state; an approved one past its expiry reads 'vencida'. */
  estado:
    | 'aprobada'
    | 'aprobada_parcial'
    | 'en_revision'
    | 'observada'
    | 'rechazada'
    | 'consumida'
    | 'vencida'
    | 'anulada';
  /** The item's own: a partial approval approves some. */
  item: 'pendiente' | 'aprobado' | 'rechazado';
  /** Used by a validated line already. */
  consumido: boolean;
  venceEl: string | null;
  /** The day (network time) the auditor approved it: it covers only work done from then on. */
  aprobadaEl: string | null;
}

/**
 * The authorization item a line names: of the request with that number, the approved and unused
 * item of the line's code, tooth and faces; else the nearest one, for saying why it does not serve.
 */
export function autorizacionDeLinea(
  autorizaciones: readonly AutorizacionMotor[],
  l: Pick<LineaPedida, 'autorizacion' | 'codigo' | 'pieza' | 'caras' | 'sector'>,
): AutorizacionMotor | undefined {
  if (!l.autorizacion) return undefined;
  const numero = l.autorizacion.toUpperCase();
  const suyas = autorizaciones.filter((a) => a.numero.toUpperCase() === numero);
  const mismoLugar = (a: AutorizacionMotor) =>
    a.codigo === l.codigo &&
    a.pieza === l.pieza &&
    a.sector === l.sector &&
    [...(l.caras ?? '')].every((c) => a.caras.includes(c));
  return (
    suyas.find((a) => mismoLugar(a) && a.item === 'aprobado' && !a.consumido) ??
    suyas.find(mismoLugar) ??
    suyas.find((a) => a.codigo === l.codigo && a.pieza === l.pieza) ??
    suyas.find((a) => a.codigo === l.codigo) ??
    suyas[0]
  );
}

export interface ContextoMotor {
  /** The date of service: every rule, fee and limit is read as of this day. */
  fecha: string;
  /** At the chair some findings are only warnings that closing turns into débitos. */
  momento: 'atencion' | 'cierre';
  canal: Canal;
  profesionalId: number;
  afiliado: {
    fechaNacimiento: string | null;
    fechaAlta: string | null;
    /** The day the affiliate was given de baja, if they were. */
    fechaBaja: string | null;
    /** The plan's name, or null for an affiliate without one. */
    plan: string | null;
  };
  /** The insurer's contract in force on the date of service, or null for none. */
  convenio: { requiereToken: boolean; tokenBloquea: boolean; plazoUrgenciaDias: number } | null;
  tokenProbado: boolean;
  /** The plan's rules in force on the date of service. */
  reglas: readonly Regla[];
  /** Every code the visit and the history name. */
  codigos: ReadonlyMap<string, CodigoMotor>;
  /** The fee of each code on the date of service under the contract, in centavos. */
  aranceles: ReadonlyMap<string, number>;
  historia: readonly LineaPrevia[];
  autorizaciones: readonly AutorizacionMotor[];
}

export interface LineaJuzgada {
  linea: LineaPedida;
  codigo: CodigoMotor | undefined;
  resultados: Resultado[];
  nivel: Nivel;
  importe: number | null;
  coseguro: number;
  cargoOs: number;
  regularizarAntes: string | null;
  /** The authorization item the line uses: one its code needs, of its place, approved and unused. */
  autorizacionUsada: AutorizacionMotor | null;
}

/** Lines that stand in the history: an anulled or rejected line neither counts nor guarantees. */
const VIGENTES: ReadonlySet<EstadoLinea> = new Set<EstadoLinea>([
  'validada',
  'presentada',
  'aprobada',
  'aprobada_parcial',
  'observada',
  'reconsideracion',
  'liquidada',
  'facturada',
  'debitada_os',
  'refacturada',
]);

/** Past this age a deciduous tooth is worth a second look; before this, a permanent one. */
const EDAD_TEMPORARIAS = 13;
const EDAD_PERMANENTES = 5;

const bloqueo = (codigo: CodigoDebito, mensaje: string): Resultado => ({ codigo, nivel: 'bloqueo', mensaje });
const aviso = (codigo: CodigoDebito, mensaje: string): Resultado => ({ codigo, nivel: 'aviso', mensaje });

/** Where a line is, in words: the contracts' lugarDeLinea. */
export const lugar = lugarDeLinea;

const nombreDe = (c: CodigoMotor) => `${c.nombre} (${c.codigo})`;

// --- Which rule governs a code ---------------------------------------------

/**
 * The rules over a code, the most specific first: its own, its groups' (in
 * name order), its chapter's. The first says whether the plan covers the code
 * and what it pays; each limit comes from the most specific rule that sets it
 * (a group's guarantee holds for a code whose own rule sets only a copay; a
 * group's waiting period replaces its chapter's); an authorization or an
 * attachment any of them asks for is asked.
 */
export function cadenaDe(codigo: CodigoMotor, reglas: readonly Regla[]): Regla[] {
  const grupos = new Set(codigo.grupos.map((g) => g.toLowerCase()));
  return [
    ...reglas.filter((r) => r.objetivo === codigo.codigo),
    ...reglas
      .filter((r) => r.objetivo.startsWith('grupo:') && grupos.has(r.objetivo.slice(6).toLowerCase()))
      .sort((a, b) => a.objetivo.localeCompare(b.objetivo, 'es')),
    ...reglas.filter((r) => r.objetivo === `capitulo:${codigo.capitulo}`),
  ];
}

/** The limits of a code and the rule each comes from (its target is what the limit counts). */
interface Limites {
  carencia?: Regla;
  edad?: Regla;
  garantia?: Regla;
  frecuencia?: Regla;
  tope?: Regla;
  autorizacion?: Regla;
  adjuntos: Adjunto[];
}

function limitesDe(cadena: readonly Regla[]): Limites {
  const cubren = cadena.filter((r) => r.cubre);
  const primera = (set: (r: Regla) => boolean) => cubren.find(set);
  return {
    carencia: primera((r) => r.carenciaDias !== null),
    edad: primera((r) => r.edadMin !== null || r.edadMax !== null),
    garantia: primera((r) => r.garantiaMeses !== null),
    frecuencia: primera((r) => r.frecuencia !== null),
    tope: primera((r) => r.topeMensual !== null),
    autorizacion: primera((r) => r.requiereAutorizacion),
    adjuntos: ADJUNTOS.filter((a) => cubren.some((r) => r.adjuntos.includes(a))),
  };
}

/** Whether a code falls under a rule's target. */
function alcanza(regla: Regla, codigo: CodigoMotor | undefined): boolean {
  if (!codigo) return false;
  if (regla.objetivo.startsWith('grupo:')) {
    const grupo = regla.objetivo.slice(6).toLowerCase();
    return codigo.grupos.some((g) => g.toLowerCase() === grupo);
  }
  if (regla.objetivo.startsWith('capitulo:')) return codigo.capitulo === regla.objetivo.slice(9);
  return codigo.codigo === regla.objetivo;
}

// --- Each check -------------------------------------------------------------

/** A line's tooth, faces and area against what the code names (D12): refusals first, then warnings. */
function revisarForma(l: LineaPedida, c: CodigoMotor, edad: number | null): Resultado[] {
  const nombre = nombreDe(c);
  const caras = l.caras ?? '';
  const lleva = { pieza: l.pieza !== null, caras: caras.length > 0, sector: l.sector !== null };
  const pide = {
    pieza: c.area === 'pieza' || c.area === 'caras',
    caras: c.area === 'caras',
    sector: c.area === 'sector' || c.area === 'arcada',
  };
  const areaText = {
    boca: 'de boca completa',
    arcada: 'de una arcada',
    sector: 'de un sector',
    pieza: 'de una pieza',
    caras: 'de caras de una pieza',
  }[c.area];
  if (pide.pieza && !lleva.pieza) return [bloqueo('D12', `${nombre} es ${areaText}: elija la pieza`)];
  if (!pide.pieza && lleva.pieza) return [bloqueo('D12', `${nombre} es ${areaText}: no lleva pieza`)];
  if (!pide.caras && lleva.caras) return [bloqueo('D12', `${nombre} es ${areaText}: no lleva caras`)];
  if (pide.caras && (caras.length < c.carasMin || caras.length > c.carasMax)) {
    const cuantas = c.carasMin === c.carasMax ? `${c.carasMin}` : `de ${c.carasMin} a ${c.carasMax}`;
    const marcadas = caras.length === 0 ? 'no marcó ninguna' : `marcó ${caras.length}`;
    return [bloqueo('D12', `${nombre} lleva ${cuantas} ${c.carasMax === 1 ? 'cara' : 'caras'}: ${marcadas}`)];
  }
  if (pide.sector && !lleva.sector)
    return [
      bloqueo('D12', `${nombre} es ${areaText}: elija ${c.area === 'arcada' ? 'la arcada' : 'el sector'}`),
    ];
  if (!pide.sector && lleva.sector) return [bloqueo('D12', `${nombre} es ${areaText}: no lleva sector`)];
  if (c.area === 'arcada' && l.sector !== 'S' && l.sector !== 'I')
    return [bloqueo('D12', `${nombre} es de una arcada: elija la superior (S) o la inferior (I)`)];
  if (c.area === 'sector' && !(SECTORES as readonly string[]).includes(l.sector ?? ''))
    return [bloqueo('D12', `${nombre} es de un sector: elija uno de los seis (SD, SA, SI, ID, IA, II)`)];

  const out: Resultado[] = [];
  if (l.pieza !== null) {
    const temporaria = esTemporaria(l.pieza);
    if (c.denticion === 'permanente' && temporaria)
      return [
        bloqueo('D12', `La pieza ${l.pieza} es temporaria y ${nombre} es solo para piezas permanentes`),
      ];
    if (c.denticion === 'temporaria' && !temporaria)
      return [
        bloqueo('D12', `La pieza ${l.pieza} es permanente y ${nombre} es solo para piezas temporarias`),
      ];
    const faces = revisarCaras(l.pieza, [...caras] as Cara[]);
    if (faces.rechazo) return [bloqueo('D12', faces.rechazo)];
    if (faces.aviso) out.push(aviso('D12', faces.aviso));
    if (edad !== null && temporaria && edad >= EDAD_TEMPORARIAS)
      out.push(
        aviso('D12', `La pieza ${l.pieza} es temporaria y el paciente tiene ${edad} años: revise la pieza`),
      );
    if (edad !== null && !temporaria && edad < EDAD_PERMANENTES)
      out.push(
        aviso(
          'D12',
          `La pieza ${l.pieza} es permanente y el paciente tiene ${edad} ${edad === 1 ? 'año' : 'años'}: revise la pieza`,
        ),
      );
  }
  return out;
}

/** The affiliate on the date of service (D01): registered by then and not de baja. */
function revisarVigencia(ctx: ContextoMotor): Resultado[] {
  const { fechaAlta, fechaBaja } = ctx.afiliado;
  if (fechaBaja !== null && fechaBaja <= ctx.fecha)
    return [
      bloqueo('D01', `El afiliado está de baja desde el ${formatFecha(fechaBaja)}: no tiene cobertura`),
    ];
  if (fechaAlta !== null && fechaAlta > ctx.fecha)
    return [
      bloqueo(
        'D01',
        `El afiliado no estaba vigente el ${formatFecha(ctx.fecha)}: su alta es del ${formatFecha(fechaAlta)}`,
      ),
    ];
  return [];
}

/** Days after the fecha de alta before the plan covers the code (D09). */
function revisarCarencia(ctx: ContextoMotor, regla: Regla, nombre: string): Resultado[] {
  if (regla.carenciaDias === null) return [];
  if (ctx.afiliado.fechaAlta === null)
    return [
      aviso(
        'D09',
        `${nombre} tiene carencia de ${regla.carenciaDias} días y el afiliado no tiene fecha de alta: consulte a la red`,
      ),
    ];
  const desde = addDays(ctx.afiliado.fechaAlta, regla.carenciaDias);
  return ctx.fecha < desde
    ? [
        bloqueo(
          'D09',
          `${nombre} está en período de carencia hasta el ${formatFecha(addDays(desde, -1))}: se cubre desde el ${formatFecha(desde)}`,
        ),
      ]
    : [];
}

/** The age range the plan covers the code for (D08). */
function revisarEdad(regla: Regla, nombre: string, edad: number | null): Resultado[] {
  if (regla.edadMin === null && regla.edadMax === null) return [];
  if (edad === null)
    return [
      aviso(
        'D08',
        `${nombre} se cubre por edad y el afiliado no tiene fecha de nacimiento: consulte a la red`,
      ),
    ];
  const rango =
    regla.edadMin !== null && regla.edadMax !== null
      ? `de ${regla.edadMin} a ${regla.edadMax} años`
      : regla.edadMin !== null
        ? `desde los ${regla.edadMin} años`
        : `hasta los ${regla.edadMax} años`;
  if ((regla.edadMin !== null && edad < regla.edadMin) || (regla.edadMax !== null && edad > regla.edadMax))
    return [
      bloqueo(
        'D08',
        `${nombre} se cubre ${rango} y el paciente tiene ${edad} ${edad === 1 ? 'año' : 'años'}`,
      ),
    ];
  return [];
}

const mismaZona = (a: { pieza: number | null; caras: string; sector: ZonaBoca | null }, b: typeof a) =>
  a.pieza === b.pieza && a.caras === b.caras && a.sector === b.sector;

/** The same code at the same place on the same day, by anyone (D11). */
function revisarDuplicado(
  ctx: ContextoMotor,
  l: LineaPrevia,
  previas: readonly LineaPrevia[],
  nombre: string,
): Resultado[] {
  const igual = previas.find((p) => p.codigo === l.codigo && p.fecha === l.fecha && mismaZona(p, l));
  if (!igual) return [];
  const quien = igual.profesionalId === ctx.profesionalId ? 'usted' : 'otro prestador de la red';
  return [
    bloqueo(
      'D11',
      `Línea duplicada: ${nombre} en ${lugar(l)} ya figura el ${formatFecha(l.fecha)}, registrada por ${quien}`,
    ),
  ];
}

const compartenCara = (a: string, b: string) => a === '' || b === '' || [...a].some((c) => b.includes(c));

/** The last line under the rule's guarantee on this tooth and faces, and its end (D04). */
export function garantiaVigente(
  regla: Regla,
  l: { pieza: number | null; caras: string; fecha: string },
  previas: readonly LineaPrevia[],
  codigos: ReadonlyMap<string, CodigoMotor>,
): { linea: LineaPrevia; hasta: string } | undefined {
  if (regla.garantiaMeses === null || l.pieza === null) return undefined;
  let found: { linea: LineaPrevia; hasta: string } | undefined;
  for (const p of previas) {
    if (p.pieza !== l.pieza || !compartenCara(p.caras, l.caras) || !alcanza(regla, codigos.get(p.codigo)))
      continue;
    const hasta = addMonths(p.fecha, regla.garantiaMeses);
    // The guarantee holds through its last day, the one the chair reads ("hasta el …").
    if (p.fecha <= l.fecha && hasta >= l.fecha && (!found || p.fecha > found.linea.fecha))
      found = { linea: p, hasta };
  }
  return found;
}

function revisarGarantia(
  ctx: ContextoMotor,
  regla: Regla,
  l: LineaPrevia,
  previas: readonly LineaPrevia[],
): Resultado[] {
  const g = garantiaVigente(regla, l, previas, ctx.codigos);
  if (!g) return [];
  const donde = lugar({ ...g.linea, caras: g.linea.caras || null });
  const previo = ctx.codigos.get(g.linea.codigo);
  const hecho = `${previo?.nombre ?? g.linea.codigo} el ${formatFecha(g.linea.fecha)}`;
  if (g.linea.profesionalId === ctx.profesionalId)
    return [
      bloqueo(
        'D04',
        `${donde}: ${hecho} por usted, en su garantía hasta el ${formatFecha(g.hasta)}: se rehace sin cargo`,
      ),
    ];
  return [
    aviso(
      'D04',
      `${donde}: ${hecho} por otro prestador de la red — en garantía hasta el ${formatFecha(g.hasta)}: la red se lo debita a ese prestador`,
    ),
  ];
}

/** Where a line counts for a frequency's scope: the tooth, its faces, the sector, or the whole mouth. */
function enAmbito(regla: Regla, a: LineaPrevia, b: LineaPrevia): boolean {
  switch (regla.ambito) {
    case 'pieza':
      return a.pieza !== null && a.pieza === b.pieza;
    case 'pieza+cara':
      return a.pieza !== null && a.pieza === b.pieza && compartenCara(a.caras, b.caras);
    case 'sector': {
      const s = (x: LineaPrevia) => x.sector ?? (x.pieza !== null ? sectorDe(x.pieza) : null);
      return s(a) !== null && s(a) === s(b);
    }
    default:
      return true;
  }
}

/**
 * The frequency (D03): whether a line on `l`'s day would make some period of
 * the rule (any run of its days that holds that day, the calendar year, or
 * the affiliate's whole life) hold more lines of the rule's target, in its
 * scope, than the rule covers, counting only the same dentist's where the
 * rule says so. A visit recorded late meets the lines after it too. When the
 * limit is reached by lines up to the day, the day the next one is covered.
 */
export function frecuenciaAgotada(
  regla: Regla,
  l: LineaPrevia,
  previas: readonly LineaPrevia[],
  codigos: ReadonlyMap<string, CodigoMotor>,
): { ultima: LineaPrevia; proxima: string | null } | undefined {
  const n = regla.frecuencia;
  if (n === null) return undefined;
  const cuentan = previas
    .filter(
      (p) =>
        (!regla.mismoPrestador || p.profesionalId === l.profesionalId) &&
        enAmbito(regla, p, l) &&
        alcanza(regla, codigos.get(p.codigo)),
    )
    .sort((a, b) => (a.fecha < b.fecha ? 1 : -1));
  let lleno: boolean;
  if (regla.periodoDias !== null) {
    const dias = regla.periodoDias;
    const desde = addDays(l.fecha, -(dias - 1));
    const fechas = cuentan.map((p) => p.fecha).filter((f) => f >= desde && f <= addDays(l.fecha, dias - 1));
    // A run of `dias` days holding the day holds the most lines when it starts at its earliest, or
    // just as a later line enters it: those are the runs to count.
    const inicios = [desde, ...fechas.filter((f) => f >= l.fecha).map((f) => addDays(f, -(dias - 1)))];
    lleno = inicios.some((s) => {
      const fin = addDays(s, dias - 1);
      return fechas.filter((f) => f >= s && f <= fin).length >= n;
    });
  } else if (regla.anioCalendario) {
    lleno = cuentan.filter((p) => p.fecha.slice(0, 4) === l.fecha.slice(0, 4)).length >= n;
  } else lleno = cuentan.length >= n;
  if (!lleno) return undefined;
  const hasta = cuentan.filter((p) => p.fecha <= l.fecha);
  const ultima = hasta[0] ?? cuentan[0]!;
  // The period frees a unit the day after the oldest of the last `n` lines up to the day leaves it.
  const liberadora = hasta[n - 1];
  const proxima =
    liberadora === undefined
      ? null
      : regla.periodoDias !== null
        ? addDays(liberadora.fecha, regla.periodoDias)
        : regla.anioCalendario
          ? `${Number(l.fecha.slice(0, 4)) + 1}-01-01`
          : null;
  return { ultima, proxima };
}

function revisarFrecuencia(
  ctx: ContextoMotor,
  regla: Regla,
  l: LineaPrevia,
  previas: readonly LineaPrevia[],
  nombre: string,
): Resultado[] {
  const agotada = frecuenciaAgotada(regla, l, previas, ctx.codigos);
  if (!agotada) return [];
  const ultima = `la última el ${formatFecha(agotada.ultima.fecha)}${agotada.ultima.profesionalId === ctx.profesionalId ? ' (suya)' : ''}`;
  const cuando = agotada.proxima
    ? `la próxima cubierta desde el ${formatFecha(agotada.proxima)}`
    : regla.periodoDias === null && !regla.anioCalendario
      ? 'no se cubre otra'
      : 'ese período ya tiene las que el plan cubre';
  return [bloqueo('D03', `${nombre}: ${frecuenciaText(regla)}; ${ultima}: ${cuando}`)];
}

/** The monthly cap (D10): lines of the rule's target for the affiliate in the calendar month. */
function revisarTope(
  ctx: ContextoMotor,
  regla: Regla,
  l: LineaPrevia,
  previas: readonly LineaPrevia[],
  nombre: string,
): Resultado[] {
  if (regla.topeMensual === null) return [];
  const mes = l.fecha.slice(0, 7);
  const n = previas.filter(
    (p) => p.fecha.slice(0, 7) === mes && alcanza(regla, ctx.codigos.get(p.codigo)),
  ).length;
  return n >= regla.topeMensual
    ? [
        bloqueo(
          'D10',
          `${nombre}: el plan cubre hasta ${regla.topeMensual} por mes y este mes ya ${n === 1 ? 'hay una' : `hay ${n}`}`,
        ),
      ]
    : [];
}

/** Prior authorization (D07): an approved one for this code, tooth and faces, in force on the date. */
function revisarAutorizacion(
  ctx: ContextoMotor,
  regla: Regla | undefined,
  l: LineaPedida,
  nombre: string,
): { resultados: Resultado[]; regularizarAntes: string | null; usada?: AutorizacionMotor } {
  if (!regla?.requiereAutorizacion) return { resultados: [], regularizarAntes: null };
  if (!l.autorizacion) {
    if (ctx.canal === 'urgencia' && ctx.convenio) {
      const antes = addDays(ctx.fecha, ctx.convenio.plazoUrgenciaDias);
      return {
        resultados: [
          aviso(
            'D07',
            `Urgencia: ${nombre} requiere autorización; regularícela antes del ${formatFecha(antes)}`,
          ),
        ],
        regularizarAntes: antes,
      };
    }
    return {
      resultados: [bloqueo('D07', 'Requiere autorización previa: pídala desde acá')],
      regularizarAntes: null,
    };
  }
  const a = autorizacionDeLinea(ctx.autorizaciones, l);
  const sin = (mensaje: string) => ({ resultados: [bloqueo('D07', mensaje)], regularizarAntes: null });
  if (!a) return sin(`La autorización ${l.autorizacion} no existe para este afiliado: revise el número`);
  if (a.estado === 'consumida' || a.consumido)
    return sin(`La autorización ${a.numero} ya se usó en otra prestación`);
  if (a.estado === 'vencida' || (a.venceEl !== null && a.venceEl < ctx.fecha))
    return sin(
      `La autorización ${a.numero} venció el ${formatFecha(a.venceEl ?? ctx.fecha)}: pida una nueva`,
    );
  if (a.estado !== 'aprobada' && a.estado !== 'aprobada_parcial')
    return sin(`La autorización ${a.numero} no está aprobada: espere la respuesta del auditor`);
  if (a.aprobadaEl !== null && a.aprobadaEl > ctx.fecha)
    return sin(
      `La autorización ${a.numero} se aprobó el ${formatFecha(a.aprobadaEl)}, después de la atención del ${formatFecha(ctx.fecha)}: no la cubre`,
    );
  if (a.codigo !== l.codigo)
    return sin(`La autorización ${a.numero} es para el código ${a.codigo}, no para ${l.codigo}`);
  if (a.pieza !== l.pieza)
    return sin(
      a.pieza === null || l.pieza === null
        ? `La autorización ${a.numero} es para ${a.pieza === null ? 'la boca' : `la pieza ${a.pieza}`}, no para ${l.pieza === null ? 'la boca' : `la pieza ${l.pieza}`}`
        : `La autorización ${a.numero} es para la pieza ${a.pieza}, no para la ${l.pieza}: revise la pieza`,
    );
  if (![...(l.caras ?? '')].every((c) => a.caras.includes(c)))
    return sin(`La autorización ${a.numero} es para las caras ${a.caras || 'ninguna'}, no para ${l.caras}`);
  if ((a.sector ?? null) !== (l.sector ?? null))
    return sin(
      `La autorización ${a.numero} es para ${lugar({ ...a, caras: a.caras || null })}, no para ${lugar({ ...l, caras: l.caras || null })}`,
    );
  if (a.item !== 'aprobado')
    return sin(
      `La autorización ${a.numero} no incluye aprobada la ${l.codigo} en ${lugar({ ...l, caras: l.caras || null })}`,
    );
  return { resultados: [], regularizarAntes: null, usada: a };
}

/** Attachments the rules ask for (D05): at the chair a reminder, at closing a débito. */
function revisarAdjuntos(ctx: ContextoMotor, pedidos: readonly Adjunto[], l: LineaPedida): Resultado[] {
  return pedidos
    .filter((a) => !l.adjuntos.includes(a))
    .map((a) => {
      const [que, adjunte] =
        a === 'foto'
          ? ['la foto', 'adjúntela']
          : a === 'presupuesto'
            ? ['el presupuesto', 'adjúntelo']
            : [`la ${ADJUNTO_LABELS[a]}`, 'adjúntela'];
      return ctx.momento === 'cierre'
        ? bloqueo('D05', `Falta ${que}`)
        : aviso('D05', `Falta ${que}: ${adjunte} desde el celular antes del cierre`);
    });
}

/** The affiliate's token (D06), where the contract asks for it: refused or warned at the chair as it says. */
function revisarToken(ctx: ContextoMotor): Resultado[] {
  if (!ctx.convenio?.requiereToken || ctx.tokenProbado) return [];
  if (ctx.momento === 'cierre') return [bloqueo('D06', 'Sin token del afiliado: el convenio lo exige')];
  return ctx.convenio.tokenBloquea
    ? [
        bloqueo(
          'D06',
          'Sin token del afiliado: el convenio no deja validar sin él; pídale el token de su teléfono',
        ),
      ]
    : [aviso('D06', 'Sin token del afiliado: la obra social lo exige; pídale el token de su teléfono')];
}

/**
 * What the affiliate pays at the office and the insurer pays, in centavos:
 * the share the plan does not cover, plus the copay (money, or a share of
 * the fee), never more than the fee.
 */
export function repartir(
  importe: number,
  regla: Pick<Regla, 'coberturaPct' | 'coseguroImporte' | 'coseguroPct'>,
): { coseguro: number; cargoOs: number } {
  const cubierto = Math.round((importe * (regla.coberturaPct ?? 100)) / 100);
  // Half a centavo of a copay in percent stays with the affiliate: the insurer's share is never less.
  const copago = regla.coseguroImporte ?? Math.floor((importe * (regla.coseguroPct ?? 0)) / 100);
  const coseguro = Math.min(importe, importe - cubierto + copago);
  return { coseguro, cargoOs: importe - coseguro };
}

// --- A whole visit ----------------------------------------------------------

const peor = (resultados: readonly Resultado[]): Nivel =>
  resultados.some((r) => r.nivel === 'bloqueo')
    ? 'bloqueo'
    : resultados.some((r) => r.nivel === 'aviso')
      ? 'aviso'
      : 'ok';

function juzgar(ctx: ContextoMotor, l: LineaPedida, previas: readonly LineaPrevia[]): LineaJuzgada {
  const codigo = ctx.codigos.get(l.codigo);
  const base = {
    linea: l,
    codigo,
    importe: null,
    coseguro: 0,
    cargoOs: 0,
    regularizarAntes: null,
    autorizacionUsada: null,
  };
  if (!codigo) {
    const resultados = [bloqueo('D02', `El código ${l.codigo} no está en el nomenclador`)];
    return { ...base, resultados, nivel: 'bloqueo' };
  }
  const nombre = nombreDe(codigo);
  const edad = ctx.afiliado.fechaNacimiento ? edadEn(ctx.afiliado.fechaNacimiento, ctx.fecha) : null;
  const forma = revisarForma(l, codigo, edad);
  if (forma.some((r) => r.nivel === 'bloqueo')) return { ...base, resultados: forma, nivel: 'bloqueo' };

  const resultados: Resultado[] = [...revisarVigencia(ctx), ...forma];
  if (ctx.afiliado.plan === null) {
    resultados.push(
      bloqueo('D02', 'El afiliado no tiene plan asignado: su obra social debe informarlo a la red'),
    );
    return { ...base, resultados, nivel: 'bloqueo' };
  }
  if (ctx.convenio === null) {
    resultados.push(
      bloqueo(
        'D02',
        `La obra social no tiene convenio vigente el ${formatFecha(ctx.fecha)}: consulte a la red`,
      ),
    );
    return { ...base, resultados, nivel: 'bloqueo' };
  }
  const cadena = cadenaDe(codigo, ctx.reglas);
  const rectora = cadena[0];
  if (!rectora?.cubre) {
    const plan = /^plan\b/i.test(ctx.afiliado.plan) ? ctx.afiliado.plan : `El plan ${ctx.afiliado.plan}`;
    resultados.push(bloqueo('D02', `${plan} ${rectora ? 'no cubre' : 'no tiene regla para'} ${nombre}`));
    return { ...base, resultados, nivel: 'bloqueo' };
  }
  const limites = limitesDe(cadena);

  const actual: LineaPrevia = {
    codigo: l.codigo,
    pieza: l.pieza,
    caras: l.caras ?? '',
    sector: l.sector,
    fecha: ctx.fecha,
    profesionalId: ctx.profesionalId,
    estado: 'validada',
  };
  resultados.push(...revisarDuplicado(ctx, actual, previas, nombre));
  const autorizacion = revisarAutorizacion(ctx, limites.autorizacion, l, nombre);
  const regularizarAntes = autorizacion.regularizarAntes;
  resultados.push(
    ...(limites.carencia ? revisarCarencia(ctx, limites.carencia, nombre) : []),
    ...(limites.edad ? revisarEdad(limites.edad, nombre, edad) : []),
    ...(limites.garantia ? revisarGarantia(ctx, limites.garantia, actual, previas) : []),
    ...(limites.frecuencia ? revisarFrecuencia(ctx, limites.frecuencia, actual, previas, nombre) : []),
    ...(limites.tope ? revisarTope(ctx, limites.tope, actual, previas, nombre) : []),
    ...autorizacion.resultados,
    ...revisarAdjuntos(ctx, limites.adjuntos, l),
    ...revisarToken(ctx),
  );

  const importe = ctx.aranceles.get(l.codigo);
  if (importe === undefined) {
    resultados.push(
      bloqueo(
        'D14',
        `El convenio no tiene arancel para ${nombre} el ${formatFecha(ctx.fecha)}: consulte a la red`,
      ),
    );
    return { ...base, resultados, nivel: 'bloqueo', regularizarAntes };
  }
  const { coseguro, cargoOs } = repartir(importe, rectora);
  const nivel = peor(resultados);
  if (nivel !== 'bloqueo')
    resultados.unshift({
      codigo: null,
      nivel: 'ok',
      mensaje: `Cubierta: ${formatImporte(cargoOs)} a cargo de la obra social${coseguro ? `, coseguro ${formatImporte(coseguro)}` : ', sin coseguro'}`,
    });
  return {
    ...base,
    resultados,
    nivel,
    importe,
    coseguro,
    cargoOs,
    regularizarAntes,
    autorizacionUsada: autorizacion.usada ?? null,
  };
}

/**
 * Every line of a visit judged in order. Each line that is not blocked joins
 * the history the next ones are judged against, so two cleanings in one visit
 * meet the frequency as two visits would.
 */
export function evaluarVisita(ctx: ContextoMotor, lineas: readonly LineaPedida[]): LineaJuzgada[] {
  const previas: LineaPrevia[] = ctx.historia.filter((p) => VIGENTES.has(p.estado));
  // An authorization item one line uses is used for the lines after it.
  let autorizaciones = ctx.autorizaciones;
  return lineas.map((l) => {
    const juzgada = juzgar({ ...ctx, autorizaciones }, l, previas);
    const usada = juzgada.nivel === 'bloqueo' ? null : juzgada.autorizacionUsada;
    if (usada)
      autorizaciones = autorizaciones.map((a) => (a.itemId === usada.itemId ? { ...a, consumido: true } : a));
    if (juzgada.nivel !== 'bloqueo')
      previas.push({
        codigo: l.codigo,
        pieza: l.pieza,
        caras: l.caras ?? '',
        sector: l.sector,
        fecha: ctx.fecha,
        profesionalId: ctx.profesionalId,
        estado: 'validada',
      });
    return juzgada;
  });
}

// --- What the chair reads before treating ----------------------------------

/** Until when a line of the history keeps its tooth and faces under guarantee, by the rule in force today. */
export function garantiaDe(ctx: Pick<ContextoMotor, 'reglas' | 'codigos'>, p: LineaPrevia): string | null {
  const codigo = ctx.codigos.get(p.codigo);
  if (!codigo || p.pieza === null) return null;
  const meses = limitesDe(cadenaDe(codigo, ctx.reglas)).garantia?.garantiaMeses;
  return meses ? addMonths(p.fecha, meses) : null;
}

/**
 * What the plan covers next for the whole mouth, where the history used it
 * up ("Limpieza (05.01): la próxima cubierta desde el 12/05/2027"), and the
 * waiting periods still running on the day.
 */
export function proximasCubiertas(ctx: ContextoMotor): string[] {
  const out: string[] = [];
  const previas = ctx.historia.filter((p) => VIGENTES.has(p.estado));
  for (const regla of ctx.reglas) {
    if (!regla.cubre) continue;
    if (regla.frecuencia !== null && regla.ambito === 'afiliado' && !regla.mismoPrestador) {
      const probe: LineaPrevia = {
        codigo: '',
        pieza: null,
        caras: '',
        sector: null,
        fecha: ctx.fecha,
        profesionalId: ctx.profesionalId,
        estado: 'validada',
      };
      const agotada = frecuenciaAgotada(regla, probe, previas, ctx.codigos);
      if (agotada)
        out.push(
          agotada.proxima
            ? `${regla.objetivoNombre}: la próxima cubierta desde el ${formatFecha(agotada.proxima)}`
            : `${regla.objetivoNombre}: ya se cubrió la única que el plan da`,
        );
    }
    if (regla.carenciaDias !== null && ctx.afiliado.fechaAlta !== null) {
      const desde = addDays(ctx.afiliado.fechaAlta, regla.carenciaDias);
      if (ctx.fecha < desde)
        out.push(`${regla.objetivoNombre}: en carencia, se cubre desde el ${formatFecha(desde)}`);
    }
  }
  return out;
}
