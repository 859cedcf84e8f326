import type { MailDictionary } from '../dictionary';

/** Kazakh (Cyrillic script); the product's language code is kz, the BCP 47 tag is kk. */
export const kz: MailDictionary = {
  locale: 'kk',
  minutes: { one: 'минут', other: 'минут' },
  days: { one: 'күн', other: 'күн' },
  rows: { one: 'жол', other: 'жол' },
  validity: 'Код {duration} бойы жарамды.',
  signature: 'Certdesk командасы',

  registerSubject: 'Certdesk растау коды',
  registerGreeting: 'Сәлеметсіз бе, {firstName}!',
  registerIntro: 'Certdesk-те тіркелгеніңізге рахмет. Электрондық пошта мекенжайыңызды растау үшін осы кодты енгізіңіз:',
  registerLinkIntro: 'Немесе құпиясөзді орнатып, мекенжайды растау үшін мына сілтемені ашыңыз:',
  registerIgnore: 'Егер сіз Certdesk-те тіркелмеген болсаңыз, бұл хатты елемеңіз: код немесе сілтемесіз мекенжай расталмайды.',

  resetSubject: 'Certdesk құпиясөзін қалпына келтіру коды',
  resetGreeting: 'Сәлеметсіз бе!',
  resetIntro: 'Certdesk тіркелгіңіздің құпиясөзін қалпына келтіру туралы сұрау алдық. Жаңа құпиясөз орнату үшін осы кодты енгізіңіз:',
  resetIgnore: 'Егер сіз құпиясөзді қалпына келтіруді сұрамаған болсаңыз, бұл хатты елемеңіз — құпиясөзіңіз өзгермейді.',

  companyGreeting: 'Сәлеметсіз бе!',
  companyLinkIntro: 'Компанияны Certdesk ішінде ашыңыз:',
  companySubmittedSubject: '{companyName} компаниясы модерацияда',
  companySubmittedIntro:
    'Рақмет: {companyName} компаниясы модерацияға жіберілді. Әдетте бұл шамамен бір жұмыс күніне созылады, нәтижесін хатпен хабарлаймыз.',
  companyApprovedSubject: '{companyName} компаниясы модерациядан өтті',
  companyApprovedIntro: '{companyName} компаниясы модерациядан өтті және енді белсенді. Оның сертификаттарын шығарып, өтей аласыз.',
  companyRejectedSubject: '{companyName} компаниясын түзету қажет',
  companyRejectedIntro: 'Модератор {companyName} компаниясын мына себеппен түзетуге қайтарды:',
  companyRejectedNext: 'Деректерді түзетіп, компанияны модерацияға қайта жіберіңіз.',

  memberInvitedSubject: 'Certdesk-тегі {companyName} компаниясына шақыру',
  memberInvitedGreeting: 'Сәлеметсіз бе, {firstName}!',
  memberInvitedIntro: 'Сізді Certdesk-те {companyName} компаниясымен — оның сыйлық сертификаттарының кабинетінде жұмыс істеуге шақырды.',
  memberInvitedValidity: 'Шақыру {duration} бойы жарамды.',
  memberInvitedLinkIntro: 'Құпиясөзді орнатып, кіру үшін мына сілтемені ашыңыз:',
  memberInvitedIgnore: 'Егер сіз шақыру күтпеген болсаңыз, бұл хатты елемеңіз: сілтемесіз тіркелгі қолданылмайды.',
  memberInvitedAccountLinkIntro:
    'Шақыруды қабылдау үшін сілтемені ашып, құпиясөзіңізбен кіріңіз немесе оны Certdesk-тің басты бетінде қабылдаңыз:',
  memberInvitedAccountIgnore: 'Қосылғыңыз келмесе, бұл хатты елемеңіз: шақыруды қабылдамайынша ештеңе өзгермейді.',

  productLinkIntro: 'Сертификатты Certdesk ішінде ашыңыз:',
  productApprovedSubject: '{productName} сертификаты модерациядан өтті',
  productApprovedIntro: '{companyName} компаниясының {productName} сертификаты модерациядан өтті. Енді сатылымда осы нұсқа.',
  productApprovedComment: 'Модератордың пікірі:',
  productRejectedSubject: '{productName} сертификатын түзету қажет',
  productRejectedIntro: 'Модератор {companyName} компаниясының {productName} сертификатын мына пікірмен түзетуге қайтарды:',
  productRejectedNext: 'Сертификатты түзетіп, модерацияға қайта жіберіңіз. Оның алдыңғы нұсқасы сатылымда болса, ол сатыла береді.',

  reportSales: 'Сату есебі',
  reportRedemption: 'Өтеу есебі',
  reportLiability: 'Міндеттемелер туралы есеп',
  reportMailedSubject: '{report}: {companyName}, {from} – {to}',
  reportMailedIntro: 'Хатқа {companyName} компаниясының {from} – {to} кезеңіне арналған «{report}» XLSX файлы ретінде тіркелген: {rows}.',
  reportMailedAsOfSubject: '{report}: {companyName}, {to} жағдайы бойынша',
  reportMailedAsOfIntro: 'Хатқа {companyName} компаниясының {to} жағдайы бойынша «{report}» XLSX файлы ретінде тіркелген: {rows}.',
  reportMailedNote:
    'Файл Excel, LibreOffice Calc немесе Google Sheets бағдарламасында ашылады. Күн мен уақыт компанияның уақыт белдеуі бойынша көрсетілген.',

  webhookDisabledSubject: '{companyName} вебхуктары тоқтатылды: мекенжай жауап бермей қалды',
  webhookDisabledIntro:
    '{companyName} компаниясының оқиғаларын осы вебхук мекенжайына бір тәулік бойы жеткізе алмадық, сондықтан оны өшірдік:',
  webhookDisabledNext:
    'Күтіп тұрған оқиғалар сақталды. Мекенжай 2xx мәртебесімен жауап беретінін тексеріп, оны қайта қосыңыз: күтіп тұрған оқиғалар ретімен жіберіледі.',
  webhookDisabledLinkIntro: 'Мекенжайды және жеткізу журналын Certdesk-те ашыңыз:',

  holderSubject: '{supplierName}: сертификатыңызда {balance} қалды',
  holderIntro:
    '{supplierName} ұсынған «{productName}» сыйлық сертификатыңыз (нөмірі {numberEnd} деп аяқталады) {date} күні {amount} сомаға пайдаланылды.',
  holderBalance: 'Қалдық: {balance}.',
  holderSpent: 'Сертификат толық пайдаланылды.',
  holderValidity: 'Сертификат {validUntil} дейін жарамды.',
  holderWhy:
    'Бұл хатты сертификатты сатып алғанда мекенжайыңыз көрсетілгендіктен алдыңыз. Біз PIN-кодты ешқашан жібермейміз: оны сізге қоңырау шалған немесе жазған ешкімге айтпаңыз.',

  lookupAlertSubject: '{companyName}: {duration} ішінде сертификаттың {failures} сәтсіз тексеруі',
  lookupAlertIntro:
    '{companyName} компаниясында {duration} ішінде сертификаттың {failures} тексеруі сәтсіз болды (белгісіз нөмірлер немесе қате PIN-кодтар), біріншісі — {from} ({timeZone}). Көзі:',
  lookupAlertUser: '{name} қызметкерінің кассасы',
  lookupAlertApiKey: '{name} API кілті',
  lookupAlertCertificate: '{name} сертификаты',
  lookupAlertNext:
    'Біреу нөмірлерді немесе PIN-кодтарды таңдап жатқан болуы мүмкін. Мұндай хат бір терезеде бір рет келеді; келесі сәтсіздіктер әрекеттер журналына жазылады. Шектерді компания бетінде өзгертуге болады.',
  lookupAlertLinkIntro: 'Сәтсіз тексерулерді әрекеттер журналында ашыңыз:',
};
