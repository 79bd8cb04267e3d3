import { crc32, deflateSync } from 'node:zlib';

/** A PNG of a hand-drawn-looking stroke (RGBA), for the demo salon's signed forms; `seed` varies it. */
export function demoSignaturePng(seed = 0, width = 240, height = 80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = width * 4 + 1;
  const rows = Buffer.alloc(stride * height);
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rows.set([20, 20, 60, 255], y * stride + 1 + x * 4);
  };
  for (let x = 10; x < width - 10; x++) {
    const y = Math.round(height / 2 + Math.sin((x + seed * 7) / (9 + (seed % 4))) * (height / 4) * Math.cos(x / 40));
    for (let d = -1; d <= 1; d++) ink(x, y + d);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
