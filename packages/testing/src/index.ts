export { type Mail, parseMail, readMails } from './mail.ts';
