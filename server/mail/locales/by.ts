import type { MailDictionary } from '../dictionary';

/** Belarusian; the product's language code is by, the BCP 47 tag is be. */
export const by: MailDictionary = {
  locale: 'be',
  minutes: { one: 'хвіліну', few: 'хвіліны', many: 'хвілін', other: 'хвіліны' },
  days: { one: 'дзень', few: 'дні', many: 'дзён', other: 'дня' },
  rows: { one: 'радок', few: 'радкі', many: 'радкоў', other: 'радка' },
  validity: 'Код дзейнічае {duration}.',
  signature: 'Каманда Certdesk',

  registerSubject: 'Код пацвярджэння Certdesk',
  registerGreeting: 'Добры дзень, {firstName}!',
  registerIntro: 'Дзякуй за рэгістрацыю ў Certdesk. Увядзіце гэты код, каб пацвердзіць адрас электроннай пошты:',
  registerLinkIntro: 'Або адкрыйце спасылку, каб задаць пароль і пацвердзіць адрас:',
  registerIgnore:
    'Калі вы не рэгістраваліся ў Certdesk, проста праігнаруйце гэты ліст: без кода або спасылкі адрас застанецца непацверджаным.',

  resetSubject: 'Код для скіду пароля Certdesk',
  resetGreeting: 'Добры дзень!',
  resetIntro: 'Мы атрымалі запыт на скід пароля вашага ўліковага запісу Certdesk. Увядзіце гэты код, каб задаць новы пароль:',
  resetIgnore: 'Калі вы не запытвалі скід пароля, праігнаруйце гэты ліст — ваш пароль застанецца ранейшым.',

  companyGreeting: 'Добры дзень!',
  companyLinkIntro: 'Адкрыйце кампанію ў Certdesk:',
  companySubmittedSubject: 'Кампанія {companyName} на мадэрацыі',
  companySubmittedIntro:
    'Дзякуй: кампанія {companyName} адпраўлена на мадэрацыю. Звычайна яна займае каля аднаго працоўнага дня, пра вынік мы паведамім лістом.',
  companyApprovedSubject: 'Кампанія {companyName} прайшла мадэрацыю',
  companyApprovedIntro: 'Кампанія {companyName} прайшла мадэрацыю і цяпер актыўная. Вы можаце выпускаць і пагашаць яе сертыфікаты.',
  companyRejectedSubject: 'Кампанію {companyName} трэба выправіць',
  companyRejectedIntro: 'Мадэратар вярнуў кампанію {companyName} на выпраўленне па такой прычыне:',
  companyRejectedNext: 'Выпраўце даныя і зноў адпраўце кампанію на мадэрацыю.',

  memberInvitedSubject: 'Запрашэнне ў кампанію {companyName} у Certdesk',
  memberInvitedGreeting: 'Добры дзень, {firstName}!',
  memberInvitedIntro: 'Вас запрасілі працаваць з кампаніяй {companyName} у Certdesk — кабінеце яе падарункавых сертыфікатаў.',
  memberInvitedValidity: 'Запрашэнне дзейнічае {duration}.',
  memberInvitedLinkIntro: 'Адкрыйце спасылку, каб задаць пароль і ўвайсці:',
  memberInvitedIgnore: 'Калі вы не чакалі запрашэння, праігнаруйце гэты ліст: без спасылкі ўліковы запіс не выкарыстоўваецца.',
  memberInvitedAccountLinkIntro:
    'Адкрыйце спасылку і ўвайдзіце са сваім паролем, каб прыняць запрашэнне, або прыміце яго на галоўнай старонцы Certdesk:',
  memberInvitedAccountIgnore: 'Калі вы не хочаце далучацца, праігнаруйце гэты ліст: пакуль вы не прымеце запрашэнне, нічога не зменіцца.',

  productLinkIntro: 'Адкрыйце сертыфікат у Certdesk:',
  productApprovedSubject: 'Сертыфікат {productName} прайшоў мадэрацыю',
  productApprovedIntro: 'Сертыфікат {productName} кампаніі {companyName} прайшоў мадэрацыю. Цяпер у продажы менавіта гэтая версія.',
  productApprovedComment: 'Каментарый мадэратара:',
  productRejectedSubject: 'Сертыфікат {productName} трэба выправіць',
  productRejectedIntro: 'Мадэратар вярнуў сертыфікат {productName} кампаніі {companyName} на выпраўленне з такім каментарыем:',
  productRejectedNext:
    'Выпраўце сертыфікат і зноў адпраўце яго на мадэрацыю. Калі ў продажы ёсць яго ранейшая версія, яна прадаецца і далей.',

  reportSales: 'Справаздача пра продажы',
  reportRedemption: 'Справаздача пра пагашэнні',
  reportLiability: 'Справаздача пра абавязацельствы',
  reportMailedSubject: '{report}: {companyName}, {from} – {to}',
  reportMailedIntro: 'Да ліста дададзена «{report}» кампаніі {companyName} за {from} – {to} у файле XLSX: {rows}.',
  reportMailedAsOfSubject: '{report}: {companyName}, на {to}',
  reportMailedAsOfIntro: 'Да ліста дададзена «{report}» кампаніі {companyName} на {to} у файле XLSX: {rows}.',
  reportMailedNote: 'Файл адкрываецца ў Excel, LibreOffice Calc або Google Табліцах. Дата і час пазначаны па часавым поясе кампаніі.',

  webhookDisabledSubject: 'Вэбхукі {companyName} прыпынены: адрас перастаў адказваць',
  webhookDisabledIntro: 'Мы суткі не маглі даставіць падзеі кампаніі {companyName} на гэты адрас вэбхука, таму адключылі яго:',
  webhookDisabledNext:
    'Падзеі, што чакаюць, захаваныя. Праверце, што адрас адказвае статусам 2xx, і зноў уключыце яго: падзеі, што чакаюць, будуць адпраўлены па парадку.',
  webhookDisabledLinkIntro: 'Адкрыйце адрас і журнал дастаўкі ў Certdesk:',

  holderSubject: '{supplierName}: на вашым сертыфікаце засталося {balance}',
  holderIntro:
    'Ваш падарункавы сертыфікат «{productName}» ад {supplierName} (нумар заканчваецца на {numberEnd}) скарыстаны {date} на суму {amount}.',
  holderBalance: 'Рэшта: {balance}.',
  holderSpent: 'Сертыфікат скарыстаны цалкам.',
  holderValidity: 'Сертыфікат дзейнічае да {validUntil}.',
  holderWhy:
    'Вы атрымалі гэты ліст, бо ваш адрас пазначылі пры куплі сертыфіката. Мы ніколі не дасылаем PIN-код: не паведамляйце яго тым, хто вам тэлефануе або піша.',

  lookupAlertSubject: '{companyName}: {failures} няўдалых праверак сертыфікатаў за {duration}',
  lookupAlertIntro:
    'У кампаніі {companyName} за {duration} не ўдаліся {failures} праверак сертыфікатаў (невядомыя нумары або няправільныя PIN-коды), першая — {from} ({timeZone}). Крыніца:',
  lookupAlertUser: 'Каса супрацоўніка {name}',
  lookupAlertApiKey: 'API-ключ {name}',
  lookupAlertCertificate: 'Сертыфікат {name}',
  lookupAlertNext:
    'Магчыма, нехта падбірае нумары або PIN-коды. Такі ліст прыходзіць адзін раз за акно; наступныя няўдачы запісваюцца ў журнал дзеянняў. Парогі можна змяніць на старонцы кампаніі.',
  lookupAlertLinkIntro: 'Адкрыйце няўдалыя праверкі ў журнале дзеянняў:',
};
