/** Types of pdf-reading.mjs for the backend's TypeScript tests. */
/** The text a PDF's pages draw (pdfkit's standard-font text). */
export function pdfText(pdf: Buffer): string;
/** The text of the first QR code among a PDF's images, decoded from its pixels, or null. */
export function pdfQrCode(pdf: Buffer): string | null;
