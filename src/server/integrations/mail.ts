/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written to
 * the log and to DATA_DIR/outbox/ as JSON (subject, to, text, html), which is also what tests read.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { config } from '../config';
import { log } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

let transport: nodemailer.Transporter | undefined;

function smtp(url: string): nodemailer.Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/** Sends one message; resolves when SMTP accepted it or the outbox file is written. */
export async function sendMail(mail: Mail): Promise<void> {
  const c = config();
  const message = { from: c.MAIL_FROM, ...mail };
  if (c.SMTP_URL) {
    await smtp(c.SMTP_URL).sendMail(message);
    return;
  }
  const dir = path.resolve(c.DATA_DIR, 'outbox');
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.json`);
  await writeFile(file, JSON.stringify(message, null, 2));
  log('info', 'mail written to outbox', { to: mail.to, subject: mail.subject, file });
}
