import type { MailDictionary } from '../dictionary';

export const ru: MailDictionary = {
  locale: 'ru',
  minutes: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
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
};
