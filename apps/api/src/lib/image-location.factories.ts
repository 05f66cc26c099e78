/** A JPEG whose Exif says it is rotated (orientation 6) and where it was taken (34° 36' 12.34" S). */
export function jpegConUbicacion(scan = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56])) {
  const tiff = Buffer.alloc(92);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: orientation, and the pointer to the GPS directory.
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(6, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34);
  // The GPS directory: latitude 'S', and its three rationals out of line.
  tiff.writeUInt16LE(2, 38);
  tiff.writeUInt16LE(1, 40);
  tiff.writeUInt16LE(2, 42);
  tiff.writeUInt32LE(2, 44);
  tiff.write('S\0', 48, 'latin1');
  tiff.writeUInt16LE(2, 52);
  tiff.writeUInt16LE(5, 54);
  tiff.writeUInt32LE(3, 56);
  tiff.writeUInt32LE(68, 60);
  tiff.writeUInt32LE(0, 64);
  for (const [i, [n, d]] of [
    [34, 1],
    [36, 1],
    [1234, 100],
  ].entries()) {
    tiff.writeUInt32LE(n!, 68 + i * 8);
    tiff.writeUInt32LE(d!, 72 + i * 8);
  }
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  ]);
  const xmp = Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta exif:GPSLatitude="34,36.2S"/>', 'latin1');
  const app1Xmp = Buffer.concat([
    Buffer.from([0xff, 0xe1, (xmp.length + 2) >> 8, (xmp.length + 2) & 0xff]),
    xmp,
  ]);
  const dqt = Buffer.from([0xff, 0xdb, 0x00, 0x04, 0x00, 0x01]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x04, 0x01, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, app1Xmp, dqt, sos, scan, Buffer.from([0xff, 0xd9])]);
}
