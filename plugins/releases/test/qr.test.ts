import { expect } from 'chai';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { qrSvg, svgDataUrl } from '../qr.ts';

describe('release QR code', () => {
  it('encodes the track link so a scanner reads it back exactly', async () => {
    const link = 'https://onetrack.example/tracks/4217';
    const svg = await qrSvg(link);
    expect(svg).to.match(/^<svg[^>]*viewBox/);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
      .resize(400, 400)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).to.equal(link);
  });

  it('makes a data URL the page can show under its CSP (img-src data:)', async () => {
    const url = svgDataUrl(await qrSvg('https://x.example/tracks/1'));
    expect(url).to.match(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
