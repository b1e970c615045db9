import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Shop } from '../shop.entity.js';
import type { CertificatePaper } from './verification-period.dto.js';

/** What a certificate says: the shop, its current certificate and where its QR code leads. */
export type CertificateContent = Pick<Shop, 'name' | 'city' | 'state' | 'validUntil' | 'verificationNote'> & {
  certificateNumber: string;
  /** `YYYY-MM-DD` */
  verifiedOn: string;
  /** The shop's public page with the number (certificateCheckUrl). */
  checkUrl: string;
  paper: CertificatePaper;
};

/** How each language of the certificate writes a day, in UTC so no time zone moves it. */
const DAY_FORMATS = {
  es: new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
};

/** A day as each language writes it: "1 de mayo de 2027", "May 1, 2027" (noon UTC of that day). */
export function spelledDay(day: string, language: 'es' | 'en'): string {
  return DAY_FORMATS[language].format(new Date(`${day}T12:00:00Z`));
}

/** The alliance's mark as the directory's top bar shows it: "ATM" in white on its dark bar. */
function allianceMark(doc: PDFKit.PDFDocument, centreX: number, top: number): void {
  const width = 120;
  doc.roundedRect(centreX - width / 2, top, width, 48, 6).fill('#1c1c1c');
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(28)
    .text('ATM', centreX - width / 2, top + 11, { width, align: 'center', characterSpacing: 2 });
}

/**
 * A one-page PDF, Spanish with English beneath each line, in Helvetica (a standard PDF font: every
 * Spanish letter, no font file). CertificatesService's worker runs it, off the web server's thread.
 */
export default async function certificatePdf(content: CertificateContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(content.checkUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 8,
  });
  const doc = new PDFDocument({
    size: content.paper === 'letter' ? 'LETTER' : 'A4',
    margin: 56,
    info: {
      Title: `Certificado ${content.certificateNumber} – ${content.name}`,
      Author: 'Alianza de Tiradores de México',
      Subject: 'Certificado de armero verificado / Verified gunsmith certificate',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(doc, 'end'); // rejects if the document emits 'error'

  const { width, height, margins } = doc.page;
  const inner = width - margins.left - margins.right;
  doc
    .rect(28, 28, width - 56, height - 56)
    .lineWidth(2)
    .stroke('#1c1c1c');
  allianceMark(doc, width / 2, margins.top);

  const line = (spanish: string, english: string, size: number, bold = false) => {
    doc
      .fillColor('#1c1c1c')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size);
    doc.text(spanish, margins.left, undefined, { width: inner, align: 'center' });
    doc
      .fillColor('#555555')
      .font('Helvetica-Oblique')
      .fontSize(Math.max(9, size * 0.6));
    doc.text(english, margins.left, undefined, { width: inner, align: 'center' });
    doc.moveDown(0.8);
  };

  doc.y = margins.top + 72;
  line('Alianza de Tiradores de México', 'Mexican Shooters’ Alliance', 14, true);
  line('Certificado de armero verificado', 'Verified gunsmith certificate', 24, true);
  line('Se certifica que el taller', 'This certifies that the workshop', 12);
  doc.fillColor('#1c1c1c').font('Helvetica-Bold').fontSize(22);
  doc.text(content.name, margins.left, undefined, { width: inner, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(14)
    .text(`${content.city}, ${content.state}`, { width: inner, align: 'center' });
  doc.moveDown(0.8);
  line(
    'fue verificado por la Alianza como armero especializado.',
    'was verified by the Alliance as a specialised gunsmith.',
    12,
  );
  line(
    `Certificado núm. ${content.certificateNumber}`,
    `Certificate no. ${content.certificateNumber}`,
    16,
    true,
  );
  line(
    content.validUntil
      ? `Vigente del ${spelledDay(content.verifiedOn, 'es')} al ${spelledDay(content.validUntil, 'es')}`
      : `Vigente desde el ${spelledDay(content.verifiedOn, 'es')}, sin fecha de vencimiento`,
    content.validUntil
      ? `Valid from ${spelledDay(content.verifiedOn, 'en')} to ${spelledDay(content.validUntil, 'en')}`
      : `Valid from ${spelledDay(content.verifiedOn, 'en')}, with no expiry date`,
    13,
  );
  if (content.verificationNote) {
    doc.fillColor('#1c1c1c').font('Helvetica').fontSize(11);
    doc.text(content.verificationNote, margins.left, undefined, { width: inner, align: 'center' });
    doc.moveDown(0.8);
  }

  const qrSize = 140;
  const qrTop = height - margins.bottom - qrSize - 40;
  doc.image(qr, (width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });
  doc.fillColor('#1c1c1c').font('Helvetica').fontSize(9);
  doc.text(
    'Escanee el código para comprobar que este certificado está vigente.',
    margins.left,
    qrTop + qrSize + 6,
    { width: inner, align: 'center' },
  );
  doc.fillColor('#555555').font('Helvetica-Oblique');
  doc.text('Scan the code to check that this certificate is current.', { width: inner, align: 'center' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
