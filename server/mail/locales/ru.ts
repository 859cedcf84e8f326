import type { MailDictionary } from '../dictionary';

export const ru: MailDictionary = {
  locale: 'ru',
  minutes: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
  days: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
  rows: { one: 'строка', few: 'строки', many: 'строк', other: 'строки' },
  validity: 'Код действует {duration}.',
  signature: 'Команда Certdesk',

  registerSubject: 'Код подтверждения Certdesk',
  registerGreeting: 'Здравствуйте, {firstName}!',
  registerIntro: 'Спасибо за регистрацию в Certdesk. Введите этот код, чтобы подтвердить адрес электронной почты:',
  registerLinkIntro: 'Или откройте ссылку, чтобы задать пароль и подтвердить адрес:',
  registerIgnore:
    'Если вы не регистрировались в Certdesk, просто проигнорируйте это письмо: без кода или ссылки адрес останется неподтверждённым.',

  resetSubject: 'Код для сброса пароля Certdesk',
  resetGreeting: 'Здравствуйте!',
  resetIntro: 'Мы получили запрос на сброс пароля вашей учётной записи Certdesk. Введите этот код, чтобы задать новый пароль:',
  resetIgnore: 'Если вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',

  companyGreeting: 'Здравствуйте!',
  companyLinkIntro: 'Откройте компанию в Certdesk:',
  companySubmittedSubject: 'Компания {companyName} на модерации',
  companySubmittedIntro:
    'Спасибо: компания {companyName} отправлена на модерацию. Обычно она занимает около одного рабочего дня, о результате мы сообщим письмом.',
  companyApprovedSubject: 'Компания {companyName} прошла модерацию',
  companyApprovedIntro: 'Компания {companyName} прошла модерацию и теперь активна. Вы можете выпускать и погашать её сертификаты.',
  companyRejectedSubject: 'Компанию {companyName} нужно исправить',
  companyRejectedIntro: 'Модератор вернул компанию {companyName} на исправление по такой причине:',
  companyRejectedNext: 'Исправьте данные и снова отправьте компанию на модерацию.',

  memberInvitedSubject: 'Приглашение в компанию {companyName} в Certdesk',
  memberInvitedGreeting: 'Здравствуйте, {firstName}!',
  memberInvitedIntro: 'Вас пригласили работать с компанией {companyName} в Certdesk — кабинете её подарочных сертификатов.',
  memberInvitedValidity: 'Приглашение действует {duration}.',
  memberInvitedLinkIntro: 'Откройте ссылку, чтобы задать пароль и войти:',
  memberInvitedIgnore: 'Если вы не ждали приглашения, проигнорируйте это письмо: без ссылки учётная запись не используется.',
  memberInvitedAccountLinkIntro:
    'Откройте ссылку и войдите со своим паролем, чтобы принять приглашение, или примите его на главной странице Certdesk:',
  memberInvitedAccountIgnore:
    'Если вы не хотите присоединяться, проигнорируйте это письмо: пока вы не примете приглашение, ничего не изменится.',

  productLinkIntro: 'Откройте сертификат в Certdesk:',
  productApprovedSubject: 'Сертификат {productName} прошёл модерацию',
  productApprovedIntro: 'Сертификат {productName} компании {companyName} прошёл модерацию. Теперь в продаже именно эта версия.',
  productApprovedComment: 'Комментарий модератора:',
  productRejectedSubject: 'Сертификат {productName} нужно исправить',
  productRejectedIntro: 'Модератор вернул сертификат {productName} компании {companyName} на исправление с таким комментарием:',
  productRejectedNext:
    'Исправьте сертификат и снова отправьте его на модерацию. Если в продаже есть его прежняя версия, она продаётся и дальше.',

  reportSales: 'Отчёт о продажах',
  reportRedemption: 'Отчёт о погашениях',
  reportLiability: 'Отчёт об обязательствах',
  reportMailedSubject: '{report}: {companyName}, {from} – {to}',
  reportMailedIntro: 'К письму приложен «{report}» компании {companyName} за {from} – {to} в файле XLSX: {rows}.',
  reportMailedAsOfSubject: '{report}: {companyName}, на {to}',
  reportMailedAsOfIntro: 'К письму приложен «{report}» компании {companyName} на {to} в файле XLSX: {rows}.',
  reportMailedNote: 'Файл открывается в Excel, LibreOffice Calc или Google Таблицах. Дата и время указаны по часовому поясу компании.',

  webhookDisabledSubject: 'Вебхуки {companyName} приостановлены: адрес перестал отвечать',
  webhookDisabledIntro: 'Мы сутки не могли доставить события компании {companyName} на этот адрес вебхука и поэтому отключили его:',
  webhookDisabledNext:
    'Ожидающие события сохранены. Проверьте, что адрес отвечает статусом 2xx, и снова включите его: ожидающие события будут отправлены по порядку.',
  webhookDisabledLinkIntro: 'Откройте адрес и журнал доставок в Certdesk:',

  holderSubject: '{supplierName}: на вашем сертификате осталось {balance}',
  holderIntro:
    'Ваш подарочный сертификат «{productName}» от {supplierName} (номер заканчивается на {numberEnd}) использован {date} на сумму {amount}.',
  holderBalance: 'Остаток: {balance}.',
  holderSpent: 'Сертификат использован полностью.',
  holderValidity: 'Сертификат действует до {validUntil}.',
  holderWhy:
    'Вы получили это письмо, потому что ваш адрес указали при покупке сертификата. Мы никогда не присылаем PIN-код: не сообщайте его тем, кто вам звонит или пишет.',

  lookupAlertSubject: '{companyName}: {failures} неудачных проверок сертификатов за {duration}',
  lookupAlertIntro:
    'В компании {companyName} за {duration} не удались {failures} проверок сертификатов (неизвестные номера или неверные PIN-коды), первая — {from} ({timeZone}). Источник:',
  lookupAlertUser: 'Касса сотрудника {name}',
  lookupAlertApiKey: 'API-ключ {name}',
  lookupAlertCertificate: 'Сертификат {name}',
  lookupAlertNext:
    'Возможно, кто-то подбирает номера или PIN-коды. Такое письмо приходит один раз за окно; следующие неудачи записываются в журнал действий. Пороги можно изменить на странице компании.',
  lookupAlertLinkIntro: 'Откройте неудачные проверки в журнале действий:',
};
