export {
  type AfiliadoCsvColumn,
  type AfiliadosCsvOptions,
  afiliadosCsv,
  afiliadosCsvChunks,
  type GenerateAfiliadosOptions,
  type GeneratedAfiliado,
  generateAfiliados,
} from './afiliados.ts';
export {
  buildAfiliadoInput,
  buildCreateUserInput,
  buildObraSocialInput,
  buildRegistroInput,
  buildReglaInput,
  TEST_PASSWORD,
  uniqueDocumento,
  uniqueEmail,
  uniqueName,
} from './builders.ts';
export { CHROMIUM_ARGS, CHROMIUM_FULL_PATH, CHROMIUM_PATH } from './chromium.ts';
export { type Mail, parseMail, readMails } from './mail.ts';
export {
  APELLIDOS_FRECUENTES,
  APELLIDOS_OTROS,
  type Generacion,
  generacionDe,
  NOMBRES,
  PROPORCION_FRECUENTES,
  type Sexo,
} from './names.ts';
export { buildPdf } from './pdf.ts';
export { pick, seededRandom, weightedPicker } from './random.ts';
