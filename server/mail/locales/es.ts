import type { MailDictionary } from '../dictionary';

export const es: MailDictionary = {
  locale: 'es',
  minutes: { one: 'minuto', other: 'minutos' },
  validity: 'El código es válido durante {duration}.',
  signature: 'El equipo de Certdesk',

  registerSubject: 'Tu código de confirmación de Certdesk',
  registerGreeting: 'Hola, {firstName}:',
  registerIntro: 'Gracias por registrarte en Certdesk. Introduce este código para confirmar tu dirección de correo electrónico:',
  registerLinkIntro: 'O abre este enlace para crear tu contraseña y confirmar tu dirección:',
  registerIgnore:
    'Si no te has registrado en Certdesk, simplemente ignora este correo: sin el código o el enlace la dirección no queda confirmada.',

  resetSubject: 'Código para restablecer tu contraseña de Certdesk',
  resetGreeting: 'Hola:',
  resetIntro:
    'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Certdesk. Introduce este código para crear una contraseña nueva:',
  resetIgnore: 'Si no has solicitado restablecer la contraseña, ignora este correo: tu contraseña no cambiará.',
};
