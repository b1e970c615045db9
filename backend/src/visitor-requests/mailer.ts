import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
}

/** An error's text without any word holding an `@`: a refusal names the address, and logs outlive its erasure. */
function withoutAddresses(message: string): string {
  return message
    .split(' ')
    .map((word) => (word.includes('@') ? '[address]' : word))
    .join(' ');
}

/** E-mail over SMTP_URL, when set; a failure is logged (without the address), never thrown at the change. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  /** Loaded only where SMTP is configured: nodemailer is large, and most installations have none. */
  private readonly transport: Promise<Transporter> | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const url = config.visitorRequests.smtpUrl;
    this.transport = url
      ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Sends one plain-text message; true when the server took it. */
  async send(message: MailMessage): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await (await this.transport).sendMail({ from: this.config.visitorRequests.mailFrom, ...message });
      return true;
    } catch (error) {
      this.logger.error(`An e-mail could not be sent: ${withoutAddresses((error as Error).message)}`);
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    (await this.transport)?.close();
  }
}
