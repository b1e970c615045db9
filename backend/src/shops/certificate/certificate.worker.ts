import { certificatePdf, type CertificateContent } from './certificate-pdf.js';

/** CertificatesService's worker: a PDF's layout and compression stay off the web server's thread. */
export default async function makeCertificate(content: CertificateContent): Promise<Uint8Array> {
  return certificatePdf(content);
}
