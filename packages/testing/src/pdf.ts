/** Characters a PDF literal string must escape. */
const escapeText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A small, valid one-page PDF showing `lines` in Helvetica (WinAnsi, so
 * Spanish accents print), with a correct cross-reference table: real readers
 * and the browser's viewer open it, and servers that check content accept it.
 */
export function buildPdf(lines: string[]): Buffer {
  const text = lines.map(
    (line, i) => `BT /F1 ${i === 0 ? 16 : 12} Tf 56 ${780 - i * 24} Td (${escapeText(line)}) Tj ET`,
  );
  const content = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
