import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback: the portal delivers its mail here through nodemailer, so the
 * journeys read codes from actual mail, as a user would.
 */
export async function startMailServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitForCode(to: string, after?: number): Promise<string>;
  waitForMail(to: string, subject: string, after?: number): Promise<{ subject: string; body: string }>;
  countTo(to: string): number;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  async function waitForCode(to: string, after = 0): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mine = mails.filter((m) => m.to.includes(to.toLowerCase())).slice(after);
      const last = mine.at(-1);
      const code = last ? /\b(\d{6})\b/.exec(decodeBody(last.raw))?.[1] : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${to}`);
  }

  const countTo = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).length;

  /** The first mail to `to` (after its first `after` mails) whose subject is `subject`. */
  async function waitForMail(to: string, subject: string, after = 0) {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mine = mails.filter((m) => m.to.includes(to.toLowerCase())).slice(after);
      const found = mine.find((m) => subjectOf(m.raw) === subject);
      if (found) return { subject, body: decodeBody(found.raw) };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForCode,
    waitForMail,
    countTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text part, with quoted-printable soft breaks undone (enough to find a 6-digit code). */
function decodeBody(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The Subject header, unfolded, with RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) => decodeWord(enc, text))
    .trim();
}

function decodeWord(encoding: string, text: string): string {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
  const bytes: number[] = [];
  const s = text.replace(/_/g, ' ');
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(s.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
