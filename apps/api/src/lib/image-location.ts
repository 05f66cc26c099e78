import { Transform, type TransformCallback } from 'node:stream';

/*
 * Takes where a photo was taken out of it, and nothing else: the phone's
 * camera writes GPS coordinates into the JPEG's Exif (and XMP) and a PNG's
 * eXIf and text chunks. The image data are copied untouched (no re-encoding,
 * so an X-ray keeps every pixel) and the orientation and date stay. Streams,
 * so a 10 MB photo never sits whole in memory.
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const END = Buffer.from([0xff, EOI]);
const APP1 = 0xe1;
const EXIF = Buffer.from('Exif\0\0', 'latin1');
const XMP = Buffer.from('http://ns.adobe.com/', 'latin1');
const GPS_IFD = 0x8825;
/** Bytes of one value of each TIFF field type (1 BYTE … 12 DOUBLE). */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];

/**
 * The Exif payload (after 'Exif\0\0') with its GPS directory emptied: the entries and the data they
 * point to are zeroed, so no coordinate is left in the bytes. Undefined when the structure does not
 * hold together: the caller then drops the whole segment rather than keep what it cannot read.
 */
export function exifSinGps(payload: Buffer): Buffer | undefined {
  const out = Buffer.from(payload);
  const tiff = out.subarray(EXIF.length);
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const fits = (at: number, bytes: number) => at >= 0 && bytes >= 0 && at + bytes <= tiff.length;
  const ifd0 = u32(4);
  if (!fits(ifd0, 2)) return undefined;
  const entries = u16(ifd0);
  if (!fits(ifd0 + 2, entries * 12)) return undefined;
  for (let k = 0; k < entries; k++) {
    const entry = ifd0 + 2 + k * 12;
    if (u16(entry) !== GPS_IFD) continue;
    const gps = u32(entry + 8);
    if (!fits(gps, 2)) return undefined;
    const fields = u16(gps);
    if (!fits(gps + 2, fields * 12 + 4)) return undefined;
    for (let j = 0; j < fields; j++) {
      const field = gps + 2 + j * 12;
      const bytes = (TYPE_BYTES[u16(field + 2)] ?? 1) * u32(field + 4);
      if (bytes > 4) {
        const at = u32(field + 8);
        if (!fits(at, bytes)) return undefined;
        tiff.fill(0, at, at + bytes);
      }
    }
    // An empty directory: no entries, no next one.
    tiff.fill(0, gps, gps + 2 + fields * 12 + 4);
  }
  return out;
}

/** A JPEG as it streams: segments before the scan are read whole, the scan and after pass through. */
class JpegSinUbicacion extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current segment still to pass as they are. */
  private copying = 0;
  /** The segment being copied is the scan's header: the compressed data follow it. */
  private scanNext = false;
  private scanning = false;
  /** Past the image's end: only another image (a phone's second one) is kept, with its own Exif read. */
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.drain();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private cut(n: number) {
    const part = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(part.length);
    return part;
  }

  private drain() {
    while (this.pending.length) {
      if (this.scanning) {
        // In the compressed data a 0xFF is always followed by 0x00 or a restart: FF D9 is the end.
        const end = this.pending.indexOf(END);
        if (end === -1) {
          const keep = this.pending[this.pending.length - 1] === 0xff ? 1 : 0;
          this.push(this.cut(this.pending.length - keep));
          return;
        }
        this.push(this.cut(end + 2));
        this.scanning = false;
        this.ended = true;
        continue;
      }
      if (this.ended) {
        if (this.pending.length < 2) return;
        // Whatever trails the image but another image is left out.
        if (this.pending[0] !== 0xff || this.pending[1] !== SOI) {
          this.pending = Buffer.alloc(0);
          return;
        }
        this.ended = false;
      }
      if (this.copying) {
        const part = this.cut(this.copying);
        this.push(part);
        this.copying -= part.length;
        if (this.copying === 0 && this.scanNext) this.scanning = true;
        continue;
      }
      if (this.pending.length < 2) return;
      if (this.pending[0] !== 0xff) throw new Error('JPEG sin marcador donde se esperaba uno');
      const marker = this.pending[1]!;
      // A fill byte, the start and the end, and markers without a length pass as they are.
      if (marker === 0xff) {
        this.push(this.cut(1));
        continue;
      }
      if (marker === SOI || marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        this.push(this.cut(2));
        continue;
      }
      if (this.pending.length < 4) return;
      const length = this.pending.readUInt16BE(2);
      if (length < 2) throw new Error('JPEG con un segmento de largo imposible');
      if (marker === APP1) {
        if (this.pending.length < 2 + length) return;
        const segment = this.cut(2 + length);
        const payload = segment.subarray(4);
        const exif = payload.subarray(0, EXIF.length).equals(EXIF);
        const kept = exif ? exifSinGps(payload) : undefined;
        // XMP (which may say where, too) and an Exif that does not read are left out.
        if (kept) this.push(Buffer.concat([segment.subarray(0, 4), kept]));
        else if (!exif && !payload.subarray(0, XMP.length).equals(XMP)) this.push(segment);
        continue;
      }
      this.push(this.cut(4));
      this.copying = length - 2;
      this.scanNext = marker === SOS;
      if (this.copying === 0 && this.scanNext) this.scanning = true;
    }
  }

  override _flush(callback: TransformCallback) {
    // A segment cut short before the image could hide what it says: refused, never passed on.
    if (this.pending.length && !this.scanning && !this.ended)
      return callback(new Error('JPEG cortado antes de la imagen'));
    if (this.pending.length && this.scanning) this.push(this.pending);
    callback();
  }
}

/** PNG chunks that may say where or describe the picture: Exif and the text chunks (XMP among them). */
const PNG_DROP = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

/** A PNG as it streams: each chunk's header decides whether its bytes pass or are skipped. */
class PngSinUbicacion extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private signature = true;
  private copying = 0;
  private skipping = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length) {
      if (this.signature) {
        if (this.pending.length < 8) break;
        this.push(this.pending.subarray(0, 8));
        this.pending = this.pending.subarray(8);
        this.signature = false;
        continue;
      }
      if (this.copying || this.skipping) {
        const n = Math.min(this.pending.length, this.copying || this.skipping);
        if (this.copying) {
          this.push(this.pending.subarray(0, n));
          this.copying -= n;
        } else this.skipping -= n;
        this.pending = this.pending.subarray(n);
        continue;
      }
      if (this.pending.length < 8) break;
      const length = this.pending.readUInt32BE(0);
      const type = this.pending.toString('latin1', 4, 8);
      // The data and the CRC.
      if (PNG_DROP.has(type)) {
        this.skipping = length + 4;
        this.pending = this.pending.subarray(8);
      } else {
        this.push(this.pending.subarray(0, 8));
        this.pending = this.pending.subarray(8);
        this.copying = length + 4;
      }
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.pending.length) this.push(this.pending);
    callback();
  }
}

/** The stream that takes the location out of a photo of that type; a PDF passes as it is. */
export function sinUbicacion(mime: 'image/jpeg' | 'image/png' | 'application/pdf'): Transform {
  if (mime === 'image/jpeg') return new JpegSinUbicacion();
  if (mime === 'image/png') return new PngSinUbicacion();
  return new Transform({ transform: (chunk, _e, done) => done(null, chunk) });
}
