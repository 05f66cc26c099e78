import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jpegConUbicacion } from './image-location.factories.ts';
import { sinUbicacion } from './image-location.ts';

/** The rational 1234/100 as the file stores it: the seconds of the latitude. */
const SEGUNDOS = Buffer.from([0xd2, 0x04, 0, 0, 0x64, 0, 0, 0]);

/** Runs `bytes` through the stream in pieces of `size` bytes (1: every boundary is a split). */
const pasar = (kind: Parameters<typeof sinUbicacion>[0], bytes: Buffer, size: number) =>
  buffer(
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    ).pipe(sinUbicacion(kind)),
  );

describe('taking the location out of a photo', () => {
  it.each([1, 7, 4096])(
    'empties a JPEG’s GPS directory and drops its XMP, in pieces of %i bytes',
    async (size) => {
      const original = jpegConUbicacion();
      const out = await pasar('image/jpeg', original, size);
      expect(original.includes(SEGUNDOS)).toBe(true);
      expect(out.includes(SEGUNDOS)).toBe(false);
      expect(out.includes(Buffer.from('S\0', 'latin1'))).toBe(false);
      expect(out.includes(Buffer.from('GPSLatitude', 'latin1'))).toBe(false);
      // The orientation stays, and everything from the frame on is byte for byte the same.
      expect(out.includes(Buffer.from([0x12, 0x01, 0x03, 0x00, 0x01, 0, 0, 0, 0x06, 0x00]))).toBe(true);
      const fromDqt = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xdb])));
      expect(fromDqt(out).equals(fromDqt(original))).toBe(true);
      expect(out.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    },
  );

  it('reads a second image appended after the first (a phone’s), and leaves out anything else after the end', async () => {
    const dos = Buffer.concat([jpegConUbicacion(), jpegConUbicacion(), Buffer.from('<script>x</script>')]);
    const out = await pasar('image/jpeg', dos, 5);
    expect(out.includes(SEGUNDOS)).toBe(false);
    expect(out.includes(Buffer.from('<script>'))).toBe(false);
    expect(out.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBeGreaterThan(0);
  });

  it('refuses a JPEG cut short inside its Exif, rather than pass what it could not read', async () => {
    const cortado = jpegConUbicacion().subarray(0, 40);
    await expect(pasar('image/jpeg', cortado, 8)).rejects.toThrow('JPEG cortado');
  });

  it('leaves a 10 MB scan untouched after the header', async () => {
    const scan = Buffer.alloc(10 * 1024 * 1024, 0x5a);
    const out = await pasar('image/jpeg', jpegConUbicacion(scan), 64 * 1024);
    expect(out.subarray(out.length - scan.length - 2, out.length - 2).equals(scan)).toBe(true);
  });

  it('drops a PNG’s Exif and text chunks and keeps the image’s', async () => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.from([1, 2, 3, 4])]);
    };
    const ihdr = chunk('IHDR', Buffer.alloc(13, 1));
    const idat = chunk('IDAT', Buffer.from('datos-de-la-imagen'));
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      ihdr,
      chunk('eXIf', Buffer.from('MM\0*GPS-34.6')),
      chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<gps/>')),
      idat,
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const out = await pasar('image/png', png, 3);
    expect(out.includes(Buffer.from('GPS'))).toBe(false);
    expect(out.includes(Buffer.from('<gps/>'))).toBe(false);
    expect(out.includes(ihdr) && out.includes(idat) && out.includes(Buffer.from('IEND'))).toBe(true);
  });

  it('passes a PDF as it is', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    expect((await pasar('application/pdf', pdf, 5)).equals(pdf)).toBe(true);
  });
});
