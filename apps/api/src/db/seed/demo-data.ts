import { SimpleFaker } from '@faker-js/faker';
import {
  emptySchedule,
  GUARDIAS,
  normalizeDocumento,
  type TipoDocumento,
  type WeeklySchedule,
} from '@red-dental/contracts';
import {
  APELLIDOS_FRECUENTES,
  APELLIDOS_OTROS,
  generacionDe,
  NOMBRES,
  PROPORCION_FRECUENTES,
  type Sexo,
} from '@red-dental/testing';
import { searchKey } from '../../lib/text.ts';
import {
  DEMO_AFILIADO_DOCUMENTO,
  DEMO_PRESTADOR_EMAIL,
  DNI_POR_ANIO,
  DOMINIOS_MAIL,
  ESPECIALIDADES_EXTRA,
  GUARDIAS_HORARIOS,
  HORARIOS,
  LOCALIDADES,
  type Localidad,
  NACIMIENTOS,
  OBRAS_SOCIALES,
  type ObraSocialNombre,
  ODONTOLOGIA_GENERAL,
  toSchedule,
} from './demo-catalog.ts';

export interface DemoAfiliado {
  nombre: string;
  tipoDocumento: TipoDocumento;
  documento: string;
  fechaNacimiento: string | null;
  obraSocial: ObraSocialNombre | null;
  email: string | null;
  telefono: string | null;
}

export interface DemoProfesional {
  email: string;
  nombre: string;
  razonSocial: string;
  telefono: string;
  direccion: string;
  depto: string | null;
  lat: string;
  long: string;
  localidad: string;
  zona: number;
  especialidades: string[];
  obrasSociales: ObraSocialNombre[];
  horarios: WeeklySchedule;
  guardias: WeeklySchedule;
  matricula: string;
  matriculaJurisdiccion: string;
  /** Days since staff checked the licence; null while unchecked. */
  matriculaVerificadaDiasAtras: number | null;
  aceptaNuevosPacientes: boolean;
  /** Days since the dentist last confirmed the profile; null if never. */
  datosConfirmadosDiasAtras: number | null;
  /** Office closed from `desdeEnDias` days from now for `dias` days (vacations). */
  ausencia: { desdeEnDias: number; dias: number } | null;
}

/** A sign-up waiting for approval, as the registration form leaves it. */
export interface DemoSolicitud {
  email: string;
  nombre: string;
  razonSocial: string;
  diasAtras: number;
}

export interface DemoData {
  afiliados: DemoAfiliado[];
  profesionales: DemoProfesional[];
  solicitudes: DemoSolicitud[];
}

export const DEMO_SIZE = { afiliados: 2000, profesionales: 60, solicitudes: 4 } as const;

/** Changing it (or the faker version) changes every generated row. */
const SEED = 20_250_301;

/** The provider whose login is printed at start-up: every field of the profile filled in. */
const DEMO_PRESTADOR: DemoProfesional = {
  email: DEMO_PRESTADOR_EMAIL,
  nombre: 'Laura Benítez',
  razonSocial: 'Consultorio Odontológico Benítez',
  telefono: '011 4823-5510',
  direccion: 'Av. Santa Fe 2845',
  depto: '4° B',
  lat: '-34.591470',
  long: '-58.404130',
  localidad: 'Palermo',
  zona: 1,
  especialidades: [ODONTOLOGIA_GENERAL, 'Ortodoncia', 'Odontopediatría', GUARDIAS],
  obrasSociales: ['OSDE', 'Swiss Medical', 'Galeno', 'OSECAC', 'Medifé'],
  horarios: toSchedule(HORARIOS[0]!),
  guardias: toSchedule(GUARDIAS_HORARIOS[0]!),
  matricula: 'MN 21874',
  matriculaJurisdiccion: 'Nacional',
  matriculaVerificadaDiasAtras: 40,
  aceptaNuevosPacientes: true,
  datosConfirmadosDiasAtras: 12,
  ausencia: null,
};

const DEMO_AFILIADO: DemoAfiliado = {
  nombre: 'Lucía Fernández',
  tipoDocumento: 'DNI',
  documento: DEMO_AFILIADO_DOCUMENTO,
  fechaNacimiento: '1983-05-14',
  obraSocial: 'OSDE',
  email: 'lucia.fernandez@example.com',
  telefono: '11 5834-2290',
};

const OBRA_SOCIAL_DE_AFILIADO: { value: ObraSocialNombre | null; weight: number }[] = [
  ...OBRAS_SOCIALES.map((os) => ({ value: os.nombre, weight: os.afiliados })),
  { value: null, weight: 1 },
];
const LOCALIDADES_PESADAS = LOCALIDADES.map((l) => ({ value: l, weight: l.peso }));

/** Letters and digits only, for the local part of an e-mail address. */
function slug(value: string) {
  return searchKey(value).replace(/[^a-z0-9]/g, '');
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** Generates the whole demo set from a fixed seed: the same rows on every run. */
export function buildDemoData(): DemoData {
  const f = new SimpleFaker();
  f.seed(SEED);
  // The provider data beyond the product's fields draws from its own sequence, so adding to it
  // never changes the rest of the demo.
  const x = new SimpleFaker();
  x.seed(SEED + 1);
  const documentos = new Set<string>([DEMO_AFILIADO.documento]);
  const emails = new Set<string>([DEMO_AFILIADO.email!, DEMO_PRESTADOR.email]);
  const razonesSociales = new Set<string>([DEMO_PRESTADOR.razonSocial]);
  const profesionalesNombres = new Set<string>([DEMO_PRESTADOR.nombre]);

  const digits = (length: number) => f.string.numeric({ length, allowLeadingZeros: true });
  const letters = (length: number) => f.string.alpha({ length, casing: 'upper' });

  function unApellido() {
    return f.datatype.boolean(PROPORCION_FRECUENTES)
      ? f.helpers.weightedArrayElement(APELLIDOS_FRECUENTES)
      : f.helpers.arrayElement(APELLIDOS_OTROS);
  }

  function persona(anio: number) {
    const sexo: Sexo = f.datatype.boolean() ? 'F' : 'M';
    const lista = NOMBRES[sexo][generacionDe(anio)];
    const primero = f.helpers.arrayElement(lista);
    const simples = lista.filter((n) => n !== primero && !n.includes(' '));
    const nombres =
      !primero.includes(' ') && f.datatype.boolean(0.2)
        ? `${primero} ${f.helpers.arrayElement(simples)}`
        : primero;
    let apellido = unApellido();
    if (f.datatype.boolean(0.08)) {
      const segundo = unApellido();
      if (segundo !== apellido) apellido = `${apellido} ${segundo}`;
    }
    return { sexo, nombres, apellido, nombre: `${nombres} ${apellido}` };
  }

  function emailUnico(nombres: string, apellido: string) {
    const dominio = f.helpers.arrayElement(DOMINIOS_MAIL);
    const nombre = slug(nombres.split(' ')[0]!);
    const base = f.helpers.arrayElement([
      `${nombre}.${slug(apellido)}`,
      `${nombre}${slug(apellido)}`,
      `${nombre[0]}${slug(apellido)}`,
    ]);
    let email = `${base}@${dominio}`;
    while (emails.has(email)) email = `${base}${f.number.int({ min: 1, max: 99 })}@${dominio}`;
    emails.add(email);
    return email;
  }

  function celular() {
    return `11 ${f.number.int({ min: 2000, max: 6999 })}-${digits(4)}`;
  }

  function dniTipico(anio: number) {
    const i = Math.max(
      1,
      DNI_POR_ANIO.findIndex(([a]) => a >= anio),
    );
    const [a0, m0] = DNI_POR_ANIO[i - 1]!;
    const [a1, m1] = DNI_POR_ANIO[i]!;
    const millones = m0 + ((m1 - m0) * (anio - a0)) / (a1 - a0);
    return Math.max(1_000_000, Math.round(millones * 1e6) + f.number.int({ min: -400_000, max: 400_000 }));
  }

  function documento(anio: number, sexo: Sexo): { tipoDocumento: TipoDocumento; documento: string } {
    const r = f.number.float();
    if (r < 0.02) {
      // Argentine passports (AAA123456) and foreign ones of various shapes.
      const numero = f.datatype.boolean(0.6) ? `AA${letters(1)}${digits(6)}` : `${letters(2)}${digits(7)}`;
      return { tipoDocumento: 'Pasaporte', documento: numero };
    }
    if (r < 0.03) {
      // Uruguayan (1.234.567-8) and Paraguayan (3.456.789) identity cards.
      const numero = f.datatype.boolean()
        ? `${f.number.int({ min: 1_000_000, max: 5_999_999 })}-${digits(1)}`
        : `${f.number.int({ min: 1_000_000, max: 6_999_999 })}`;
      return { tipoDocumento: 'CI', documento: numero };
    }
    // Libreta de Enrolamiento (men) and Libreta Cívica (women), replaced by the DNI from 1968 on.
    if (anio <= 1967 && r < 0.11)
      return sexo === 'M'
        ? { tipoDocumento: 'LE', documento: String(f.number.int({ min: 4_000_000, max: 8_500_000 })) }
        : { tipoDocumento: 'LC', documento: String(f.number.int({ min: 1_000_000, max: 7_000_000 })) };
    // Foreign residents get DNIs from 92 million up.
    const extranjero = anio >= 1950 && anio <= 2005 && f.datatype.boolean(0.03);
    const numero = extranjero ? f.number.int({ min: 92_000_000, max: 95_999_999 }) : dniTipico(anio);
    return { tipoDocumento: 'DNI', documento: String(numero) };
  }

  function fecha(anio: number) {
    const mes = f.number.int({ min: 1, max: 12 });
    const dias = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
    return `${anio}-${pad(mes)}-${pad(f.number.int({ min: 1, max: dias }))}`;
  }

  function afiliado(): DemoAfiliado {
    const [desde, hasta] = f.helpers.weightedArrayElement(NACIMIENTOS);
    const anio = f.number.int({ min: desde, max: hasta });
    const p = persona(anio);
    let doc = documento(anio, p.sexo);
    while (documentos.has(normalizeDocumento(doc.documento))) doc = documento(anio, p.sexo);
    const normalizado = normalizeDocumento(doc.documento);
    documentos.add(normalizado);
    const adulto = anio <= 2007;
    return {
      nombre: p.nombre,
      tipoDocumento: doc.tipoDocumento,
      documento: normalizado,
      fechaNacimiento: f.datatype.boolean(0.97) ? fecha(anio) : null,
      obraSocial: f.helpers.weightedArrayElement(OBRA_SOCIAL_DE_AFILIADO),
      email: adulto && f.datatype.boolean(0.35) ? emailUnico(p.nombres, p.apellido) : null,
      telefono: adulto && f.datatype.boolean(0.6) ? celular() : null,
    };
  }

  function razonSocial(nombre: string, apellido: string, localidad: string) {
    const principal = apellido.split(' ')[0]!;
    const candidata = f.helpers.weightedArrayElement([
      { weight: 25, value: nombre },
      { weight: 25, value: `Consultorio Odontológico ${principal}` },
      { weight: 10, value: `Centro Odontológico ${localidad} S.R.L.` },
      { weight: 15, value: `${principal} Odontología S.R.L.` },
      { weight: 10, value: `Estudio Odontológico ${principal} y Asociados` },
      { weight: 5, value: `Clínica Dental ${localidad} S.A.` },
      { weight: 10, value: `Odontología Integral ${principal}` },
    ]);
    // A name already taken falls back to the professional's own name, as monotributistas invoice.
    const razon = razonesSociales.has(candidata) ? nombre : candidata;
    razonesSociales.add(razon);
    return razon;
  }

  function telefonoFijo(localidad: Localidad) {
    if (localidad.caracteristica === '0221')
      return f.datatype.boolean(0.7)
        ? `0221 4${digits(2)}-${digits(4)}`
        : `221 ${f.number.int({ min: 500, max: 699 })}-${digits(4)}`;
    return f.datatype.boolean(0.7) ? `011 4${digits(3)}-${digits(4)}` : celular();
  }

  function depto() {
    const r = f.number.float();
    if (r < 0.45) return null;
    if (r < 0.55) return `PB ${f.helpers.arrayElement(['A', 'B', 'C'])}`;
    if (r < 0.7) return `Of. ${f.number.int({ min: 1, max: 40 })}`;
    return `${f.number.int({ min: 1, max: 12 })}° ${f.helpers.arrayElement(['A', 'B', 'C', 'D', 'E', 'F'])}`;
  }

  /** Someone whose name no provider or request has yet, so staff can tell them apart by name. */
  function otroProfesional(desde: number, hasta: number) {
    let p = persona(f.number.int({ min: desde, max: hasta }));
    while (profesionalesNombres.has(p.nombre)) p = persona(f.number.int({ min: desde, max: hasta }));
    profesionalesNombres.add(p.nombre);
    return p;
  }

  function profesional(): DemoProfesional {
    const localidad = f.helpers.weightedArrayElement(LOCALIDADES_PESADAS);
    const p = otroProfesional(1958, 1996);
    const [calle, desde, hasta] = f.helpers.arrayElement(localidad.calles);
    const especialidades = f.datatype.boolean(0.8) ? [ODONTOLOGIA_GENERAL] : [];
    const extras = f.helpers.weightedArrayElement([
      { value: 0, weight: 3 },
      { value: 1, weight: 5 },
      { value: 2, weight: 2 },
    ]);
    // Whoever does not practise general dentistry has at least one other specialty.
    const total = especialidades.length + Math.max(extras, 1 - especialidades.length);
    while (especialidades.length < total) {
      const e = f.helpers.weightedArrayElement(ESPECIALIDADES_EXTRA);
      if (!especialidades.includes(e)) especialidades.push(e);
    }
    const hasGuardias = f.datatype.boolean(0.25);
    if (hasGuardias) especialidades.push(GUARDIAS);
    const region = localidad.isCaba ? 'caba' : 'provincia';
    let obrasSociales = OBRAS_SOCIALES.filter((os) => f.datatype.boolean(os.aceptacion[region])).map(
      (os) => os.nombre,
    );
    if (obrasSociales.length === 0) obrasSociales = [localidad.isCaba ? 'OSDE' : 'IOMA'];
    const jitter = () => f.number.float({ min: -localidad.radio, max: localidad.radio });
    return {
      email: emailUnico(p.nombres, p.apellido),
      nombre: p.nombre,
      razonSocial: razonSocial(p.nombre, p.apellido, localidad.nombre),
      telefono: telefonoFijo(localidad),
      direccion: `${calle} ${f.number.int({ min: desde, max: hasta })}`,
      depto: depto(),
      lat: (localidad.lat + jitter()).toFixed(6),
      long: (localidad.long + jitter()).toFixed(6),
      localidad: localidad.nombre,
      zona: localidad.zona,
      especialidades,
      obrasSociales,
      horarios: toSchedule(f.helpers.arrayElement(HORARIOS)),
      guardias: hasGuardias ? toSchedule(f.helpers.arrayElement(GUARDIAS_HORARIOS)) : emptySchedule(),
      ...providerExtras(localidad),
    };
  }

  /** Licence (national, or provincial where they practise), check, new patients, last confirmation, vacations. */
  function providerExtras(localidad: Localidad) {
    const nacional = localidad.isCaba ? x.datatype.boolean(0.6) : x.datatype.boolean(0.2);
    const jurisdiccion = nacional
      ? 'Nacional'
      : localidad.isCaba
        ? 'Ciudad Autónoma de Buenos Aires'
        : 'Buenos Aires';
    const numero = x.number.int({ min: nacional ? 8000 : 1500, max: nacional ? 39_999 : 69_999 });
    return {
      matricula: `${nacional ? 'MN' : 'MP'} ${numero}`,
      matriculaJurisdiccion: jurisdiccion,
      matriculaVerificadaDiasAtras: x.datatype.boolean(0.7) ? x.number.int({ min: 5, max: 400 }) : null,
      aceptaNuevosPacientes: x.datatype.boolean(0.85),
      datosConfirmadosDiasAtras: x.datatype.boolean(0.8) ? x.number.int({ min: 1, max: 200 }) : null,
      ausencia: x.datatype.boolean(0.08)
        ? { desdeEnDias: x.number.int({ min: -5, max: 30 }), dias: x.number.int({ min: 7, max: 15 }) }
        : null,
    };
  }

  function solicitud(diasAtras: number): DemoSolicitud {
    const p = otroProfesional(1985, 1998);
    const localidad = f.helpers.weightedArrayElement(LOCALIDADES_PESADAS);
    return {
      email: emailUnico(p.nombres, p.apellido),
      nombre: p.nombre,
      razonSocial: razonSocial(p.nombre, p.apellido, localidad.nombre),
      diasAtras,
    };
  }

  const profesionales = [DEMO_PRESTADOR];
  while (profesionales.length < DEMO_SIZE.profesionales) profesionales.push(profesional());
  const solicitudes = [1, 3, 6, 12].slice(0, DEMO_SIZE.solicitudes).map(solicitud);
  const afiliados = [DEMO_AFILIADO];
  while (afiliados.length < DEMO_SIZE.afiliados) afiliados.push(afiliado());
  return { afiliados, profesionales, solicitudes };
}
