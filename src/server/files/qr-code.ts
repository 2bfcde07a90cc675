/**
 * QR code pictures as JPEG (common/image/qrCode.jpg, docs/product-rules.md#the-call-catalogue): the
 * `qrcode` package lays out the modules, jpeg-js encodes them — both pure JavaScript, nothing
 * native to install.
 */
import jpeg from 'jpeg-js';
import QRCode from 'qrcode';

const MARGIN_MODULES = 4;

/** A black-on-white JPEG of the text, about `size` pixels square (whole pixels per module). */
export function qrCodeJpeg(text: string, size: number): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.max(1, Math.floor(size / (modules + 2 * MARGIN_MODULES)));
  const side = (modules + 2 * MARGIN_MODULES) * scale;
  const data = Buffer.alloc(side * side * 4, 0xff);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const top = (row + MARGIN_MODULES) * scale + y;
        const left = (col + MARGIN_MODULES) * scale;
        data.fill(0, (top * side + left) * 4, (top * side + left + scale) * 4);
      }
    }
  }
  // Keep alpha opaque: the fill above zeroed it with the colour channels.
  for (let i = 3; i < data.length; i += 4) data[i] = 0xff;
  return jpeg.encode({ data, width: side, height: side }, 90).data;
}
