import {
  DEBITOS,
  formatFecha,
  formatImporte,
  type Liquidacion,
  type LiquidacionItem,
  lugarDeLinea,
} from '@red-dental/contracts';
import PDFDocument from 'pdfkit';

const TIPO: Record<LiquidacionItem['tipo'], string> = {
  prestacion: '',
  reintegro: 'Reconsideración: ',
  debito_os: 'Débito de la obra social: ',
  extrapolacion: 'Extrapolación: ',
};

/** The columns of a line: where each starts and how wide it is, on an A4 page turned sideways. */
const COLUMNAS = [
  { titulo: 'Fecha', x: 40, ancho: 58 },
  { titulo: 'Validación', x: 100, ancho: 70 },
  { titulo: 'Afiliado', x: 172, ancho: 140 },
  { titulo: 'Prestación', x: 314, ancho: 200 },
  { titulo: 'Arancel', x: 516, ancho: 66, derecha: true },
  { titulo: 'Coseguro', x: 584, ancho: 66, derecha: true },
  { titulo: 'Débito', x: 652, ancho: 66, derecha: true },
  { titulo: 'Neto', x: 720, ancho: 80, derecha: true },
] as const;

const ALTO_UTIL = 595.28 - 40;

/**
 * The dentist's statement for a month as a PDF: every line with its fee, the
 * copay she collected, the débito with its reason in words and the auditor's
 * note, and the net; then the month's totals. Only what the closing fixed is
 * printed (never the line's state now or the days to pay), and the document's
 * dates are the closing's, so the same settlement always gives the same bytes.
 */
export async function estadoDeCuentaPdf(
  l: Omit<Liquidacion, 'estadoDeCuenta' | 'estadoDeCuentaPendiente'>,
): Promise<Buffer> {
  const emitida = new Date(`${l.emitidaEl}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    // Kept in memory to the end, to number every page once the last is known.
    bufferPages: true,
    info: {
      Title: `Liquidación ${l.periodo} — ${l.profesional.nombre}`,
      Author: 'Red Dental',
      CreationDate: emitida,
      ModDate: emitida,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.font('Helvetica-Bold').fontSize(16).text(`Red Dental — Liquidación ${l.periodo}`);
  doc.moveDown(0.3).font('Helvetica').fontSize(11);
  const dato = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  dato('Prestador', l.profesional.nombre);
  dato('Emitida el', formatFecha(l.emitidaEl));
  dato('Líneas', String(l.lineas));
  doc.moveDown(0.6);

  const titulos = COLUMNAS.map((c) => c.titulo);
  const fila = (celdas: readonly string[], negrita = false) => {
    // A new page repeats the columns' titles over its first line.
    if (doc.y > ALTO_UTIL - 30) {
      doc.addPage();
      fila(titulos, true);
    }
    const y = doc.y;
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let abajo = y;
    COLUMNAS.forEach((c, i) => {
      doc.text(celdas[i] ?? '', c.x, y, { width: c.ancho, align: 'derecha' in c ? 'right' : 'left' });
      abajo = Math.max(abajo, doc.y);
    });
    doc.x = 40;
    doc.y = abajo + 3;
  };
  const motivo = (i: LiquidacionItem) => {
    const partes = [
      i.motivo ? `${i.motivo} — ${i.motivoText ?? DEBITOS[i.motivo]}` : i.motivoText,
      i.nota ? `Nota del auditor: ${i.nota}` : null,
    ].filter(Boolean);
    if (partes.length === 0) return;
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .text(partes.join('. '), COLUMNAS[3].x, doc.y - 1, { width: 486 });
    doc.x = 40;
    doc.y += 3;
  };

  fila(titulos, true);
  for (const i of l.items) {
    fila([
      formatFecha(i.fecha),
      i.codigoValidacion,
      i.afiliado,
      `${TIPO[i.tipo]}${i.codigo} ${i.nombre} — ${lugarDeLinea(i)}`,
      formatImporte(i.importe),
      formatImporte(i.coseguro),
      formatImporte(i.debito),
      formatImporte(i.neto),
    ]);
    motivo(i);
  }

  doc.moveDown(0.6);
  if (doc.y > ALTO_UTIL - 80) doc.addPage();
  fila(
    ['', '', '', 'Totales del mes', ...[l.bruto, l.coseguros, l.debitos, l.neto].map(formatImporte)],
    true,
  );
  doc
    .moveDown(0.6)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(
      l.neto >= 0
        ? `Neto a cobrar: ${formatImporte(l.neto)}`
        : `Saldo a favor de la red: ${formatImporte(-l.neto)}`,
      40,
    );
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(9)
    .text(
      'El coseguro es lo que el paciente abonó en el consultorio. Cada débito puede reconsiderarse una vez desde "Mis liquidaciones".',
      40,
    );
  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without it, writing there would open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(
        `Liquidación ${l.periodo} — ${l.profesional.nombre} — página ${i + 1} de ${count}`,
        40,
        595.28 - 28,
        {
          width: 761,
          align: 'right',
          lineBreak: false,
        },
      );
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
