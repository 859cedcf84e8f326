import type { MailDictionary } from '../dictionary';

export const es: MailDictionary = {
  locale: 'es',
  minutes: { one: 'minuto', other: 'minutos' },
  days: { one: 'día', other: 'días' },
  rows: { one: 'fila', other: 'filas' },
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

  companyGreeting: 'Hola:',
  companyLinkIntro: 'Abra la empresa en Certdesk:',
  companySubmittedSubject: '{companyName} está en moderación',
  companySubmittedIntro:
    'Gracias: la empresa {companyName} se ha enviado a moderación. Suele tardar alrededor de un día hábil y le escribiremos con el resultado.',
  companyApprovedSubject: '{companyName} ha superado la moderación',
  companyApprovedIntro:
    'Buenas noticias: la empresa {companyName} ha superado la moderación y ya está activa. Puede emitir y canjear sus certificados.',
  companyRejectedSubject: '{companyName} necesita correcciones',
  companyRejectedIntro: 'El moderador ha devuelto la empresa {companyName} para que la corrija, por este motivo:',
  companyRejectedNext: 'Corrija los datos y vuelva a enviar la empresa a moderación.',

  memberInvitedSubject: 'Te han invitado a {companyName} en Certdesk',
  memberInvitedGreeting: 'Hola, {firstName}:',
  memberInvitedIntro: 'Te han invitado a trabajar con la empresa {companyName} en Certdesk, la oficina de sus certificados de regalo.',
  memberInvitedValidity: 'La invitación es válida durante {duration}.',
  memberInvitedLinkIntro: 'Abre este enlace para crear tu contraseña e iniciar sesión:',
  memberInvitedIgnore: 'Si no esperabas esta invitación, ignora este correo: sin el enlace la cuenta no se usa.',
  memberInvitedAccountLinkIntro:
    'Abre este enlace e inicia sesión con tu contraseña para aceptar, o acéptala en la página de inicio de Certdesk:',
  memberInvitedAccountIgnore: 'Si no quieres unirte, ignora este correo: nada cambia hasta que aceptes.',

  productLinkIntro: 'Abra el certificado en Certdesk:',
  productApprovedSubject: 'El certificado {productName} ha superado la moderación',
  productApprovedIntro:
    'Buenas noticias: el certificado {productName} de {companyName} ha superado la moderación. Esta versión es la que está a la venta.',
  productApprovedComment: 'El moderador ha añadido un comentario:',
  productRejectedSubject: 'El certificado {productName} necesita correcciones',
  productRejectedIntro: 'El moderador ha devuelto el certificado {productName} de {companyName} para que lo corrija, con este comentario:',
  productRejectedNext:
    'Corrija el certificado y vuelva a enviarlo a moderación. Si hay una versión anterior a la venta, sigue a la venta mientras tanto.',

  reportSales: 'Informe de ventas',
  reportRedemption: 'Informe de canjes',
  reportLiability: 'Informe de pasivo',
  reportMailedSubject: '{report}: {companyName}, del {from} al {to}',
  reportMailedIntro: 'Adjunto a este correo va el «{report}» de {companyName} del {from} al {to} en un archivo XLSX: {rows}.',
  reportMailedAsOfSubject: '{report}: {companyName}, a {to}',
  reportMailedAsOfIntro: 'Adjunto a este correo va el «{report}» de {companyName} a {to} en un archivo XLSX: {rows}.',
  reportMailedNote:
    'El archivo se abre con Excel, LibreOffice Calc o Google Sheets. Las fechas y horas están en la zona horaria de la empresa.',

  webhookDisabledSubject: 'Los webhooks de {companyName} están en pausa: un destino dejó de responder',
  webhookDisabledIntro:
    'Durante un día no pudimos entregar los eventos de {companyName} a este destino de webhook, así que lo hemos desactivado:',
  webhookDisabledNext:
    'Los eventos pendientes se conservan. Compruebe que la dirección responde con un estado 2xx y vuelva a activar el destino: los eventos pendientes se enviarán en orden.',
  webhookDisabledLinkIntro: 'Abra el destino y su registro de entregas en Certdesk:',

  holderSubject: '{supplierName}: quedan {balance} en su tarjeta regalo',
  holderIntro: 'Su tarjeta regalo «{productName}» de {supplierName} (número terminado en {numberEnd}) se usó el {date} por {amount}.',
  holderBalance: 'Saldo restante: {balance}.',
  holderSpent: 'La tarjeta regalo se ha usado por completo.',
  holderValidity: 'La tarjeta regalo es válida hasta el {validUntil}.',
  holderWhy:
    'Recibe este correo porque su dirección se indicó al comprar la tarjeta regalo. Nunca enviamos el PIN: no se lo diga a nadie que le llame o le escriba.',

  lookupAlertSubject: '{companyName}: {failures} comprobaciones de certificados fallidas en {duration}',
  lookupAlertIntro:
    'En {companyName} fallaron {failures} comprobaciones de certificados en {duration} (números desconocidos o PIN incorrectos), la primera el {from} ({timeZone}). Proceden de:',
  lookupAlertUser: 'La caja de {name}',
  lookupAlertApiKey: 'La clave API {name}',
  lookupAlertCertificate: 'Certificado {name}',
  lookupAlertNext:
    'Puede que alguien esté probando números o PIN. Recibe un solo correo así por ventana; los fallos siguientes se anotan en el registro de actividad. Los umbrales se cambian en la página de la empresa.',
  lookupAlertLinkIntro: 'Abra las comprobaciones fallidas en el registro de actividad:',
};
