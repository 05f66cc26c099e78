export {
  buildAfiliadoInput,
  buildObraSocialInput,
  uniqueDocumento,
  uniqueEmail,
} from './builders.ts';
export { type Mail, parseMail, readMails } from './mail.ts';
