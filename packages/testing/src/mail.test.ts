import { describe, expect, it } from 'vitest';
import { parseMail } from './mail.ts';

// As nodemailer's stream transport writes a message with a text and an HTML part.
const MULTIPART = `From: Red Dental <no-reply@reddental.test>
To: lucia@correo.test
Subject: =?UTF-8?Q?Red_Dental=3A_confirm=C3=A1_tu_email_?=
 =?UTF-8?Q?=C3=B1and=C3=BA?=
MIME-Version: 1.0
Content-Type: multipart/alternative;
 boundary="--_NmP-da19591632fa78d7-Part_1"

----_NmP-da19591632fa78d7-Part_1
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Hola Luc=C3=ADa, abr=C3=AD http://reddental.test/confirmar-email/abcdefghij=
klmnop para confirmar.
=C3=9Altima l=C3=ADnea.
----_NmP-da19591632fa78d7-Part_1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<p>Hola Luc=C3=ADa <a href=3D"http://reddental.test/html-only">x<=
/a></p>
----_NmP-da19591632fa78d7-Part_1--
`;

describe('parseMail', () => {
  it('reads recipient, subject, plain text and its links from a multipart message', () => {
    expect(parseMail(MULTIPART)).toEqual({
      to: 'lucia@correo.test',
      subject: 'Red Dental: confirmá tu email ñandú',
      text: 'Hola Lucía, abrí http://reddental.test/confirmar-email/abcdefghijklmnop para confirmar.\nÚltima línea.',
      links: ['http://reddental.test/confirmar-email/abcdefghijklmnop'],
    });
  });

  it('reads a single-part base64 message and a recipient with a display name', () => {
    const raw = [
      'To: "Lucía" <lucia@correo.test>',
      'Subject: =?UTF-8?B?wqFIb2xhIQ==?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Entrá a https://reddental.test/login').toString('base64'),
    ].join('\r\n');
    expect(parseMail(raw)).toEqual({
      to: 'lucia@correo.test',
      subject: '¡Hola!',
      text: 'Entrá a https://reddental.test/login',
      links: ['https://reddental.test/login'],
    });
  });
});
