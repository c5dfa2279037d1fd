/**
 * E-mail to maintainers through SMTP (issue 48: SMTP_URL, MAIL_FROM), with nodemailer. The
 * reply-to is PlaySpot's own address (MAIL_REPLY_TO, by default MAIL_FROM), so a reply never
 * reaches a parent. Each defect's message has a Message-ID of its own, so a council's ticket
 * system files a repeat (a retry after an unanswered send) as the same message.
 */
import nodemailer from 'nodemailer';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  replyTo: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export type SendMail = (mail: OutgoingMail) => Promise<void>;

/** One transport for the process; without settings every send fails, naming them. */
export function createMailSender(settings: MailSettings | null): { send: SendMail; close: () => void } {
  if (!settings) {
    return {
      send: () => Promise.reject(new Error('E-mail is not set up: set SMTP_URL and MAIL_FROM')),
      close: () => undefined,
    };
  }
  // A server that stops answering fails the attempt within a minute (the job retries later).
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        replyTo: settings.replyTo,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
      });
    },
    close: () => {
      transport.close();
    },
  };
}
