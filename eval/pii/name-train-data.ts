/**
 * Extra training lines for the learned name classifier (`train-name-model.ts`), generated with
 * seeded `@faker-js/faker` in English, German, French and Spanish (the model reads Latin-script
 * words; Chinese, Japanese and Korean names stay with the rules). Never scored as part of the
 * eval: these lines only widen what the model has seen — many carriers (chat, e-mail, tickets,
 * tables, lists, signatures), name shapes (given + surname, double surnames, particles, hyphens,
 * capitals, a given name alone) and capitalised look-alikes that are not people (companies, job
 * titles, departments, cities, streets, products, headlines, German nouns).
 *
 * `{N}` is a person's name (labelled), `{G}` a given name alone (labelled), `{C}` a company,
 * `{T}` a job title, `{P}` a city, `{S}` a street, `{R}` a product, `{D}` a department, `{H}` a
 * Title-Case headline: none of those are labelled.
 */
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR } from '@faker-js/faker';
import type { PIIFixture } from './generators/templates/generate.js';

type Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

// Chinese, Japanese and Korean carriers hold Latin-script names (what the model reads): the
// names of foreign colleagues and customers written inside CJK text.
const FAKERS: Record<Lang, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerEN_US,
  ja: fakerEN_US,
  ko: fakerEN_US,
};

const POSITIVE: Record<Lang, string[]> = {
  en: [
    'Contract review with {N}',
    'Re: Estate of the late {N}',
    'Booking for {N} — seat 14C, passport on file',
    'fyi {G} said {N} already booked the flights, just venmo {G} back',
    'SUMMARY:Call with {N}\\nLOCATION:{P}',
    'Payroll onboarding — new hire {N}, start date Monday',
    'lol {G} and {N} are both out today',
    'Called {N} about the renewal, wants the quote by Friday.',
    'Please wire the deposit to {N} before noon.',
    'Could you loop in {N}? She owns the migration.',
    '{N} pasted the wrong file in the channel. {G} will fix it tomorrow.',
    'thx, {N}',
    'Forward it to {N} and cc {N} on the thread.',
    'Left a voicemail for {N} at the front desk.',
    'Met {N} and {N} at the {P} office last week.',
    'name\tcity\tstatus\n{N}\t{P}\tactive',
    '{N}, {T} at {C}, asked for a demo.',
    'Approved by {N} on behalf of {C}.',
    'The package is for {N}, not for {C}.',
    'Guest list: {N}; {N}; {N}',
    'PASSENGER 2: {U}',
    'Assigned to {N} · Reviewer: {N}',
    'I spoke with {N} yesterday, and {G} agreed to sign.',
    'Tenant {N} moved out of the flat on {S}.',
    '{N} (mobile on file) will pick it up.',
    'Per {N}, the contract starts in May.',
    'Ask {G} whether the invoice was paid.',
    'Reminder: {N} is out until Monday, so talk to {N} instead.',
    'Kind regards,\n{N}\n{T}\n{C}',
    'The claim was filed by {N} against {C}.',
    '{N} — {T}, {C}',
    'Beneficiary: {N}\nBank: {C}',
    '{"customer": "{N}", "tier": "gold"}',
    'owner={N}; reviewer={N}',
    '| {N} | {T} | {P} |',
    'Would {N} or {N} be free to review this?',
    'Welcome aboard: {N} starts in the {D} team next week.',
    'Signed for by {N} at the loading dock.',
    'Driver on the way: {N}, arriving in 10 minutes.',
    'Either {G} or {N} can approve the refund.',
    'Shoutout to {N} for fixing the build!',
  ],
  de: [
    'kannst du {G} fragen? sonst ruf ich morgen {N} an',
    'Termin mit {N} am Dienstag',
    'Nachlass von {N}, bitte prüfen',
    'Reisepass liegt vor, Inhaber {N}.',
    'Ich habe gestern mit {N} telefoniert, {G} meldet sich morgen.',
    'Bitte überweisen Sie den Betrag an {N}.',
    'Ansprechpartner ist {N} aus der Abteilung {D}.',
    'Hier ist {N}, ich wollte kurz wegen der Rechnung nachfragen.',
    'Grüße\n{N}\n{T} | {C}',
    'Kontaktperson {N} ist ab Montag wieder da.',
    'Laut {N} ist die Lieferung nach {P} unterwegs.',
    'Die Wohnung in der {S} hat {N} gekündigt.',
    'Teilnehmer: {N}, {N} und {N}',
    'Danke dir, {G}! Sag {N} bitte Bescheid.',
    'Patient {N} wurde an {N} überwiesen.',
    'Rückfragen bitte an {N} ({T}).',
    'Vertreten durch {N}, {C}',
    'Könnte {N} oder {N} die Vertretung übernehmen?',
    'Neu im Team: {N} fängt am Montag an.',
    'Das Paket hat {N} entgegengenommen.',
    'Ihr Fahrer heute: {N}.',
  ],
  fr: [
    'Invitation : Point mensuel avec {N}',
    'Objet : succession de {N}',
    'Réunion avec {N} demain à 10h',
    'tu peux demander à {G} si {N} vient ?',
    "J'ai eu {N} au téléphone, {G} rappellera demain.",
    'Merci de virer la somme à {N} avant vendredi.',
    'Le dossier de {N} est complet, garant : {N}.',
    "C'est {N}, je voulais confirmer le rendez-vous.",
    'Bien à vous,\n{N}\n{T} – {C}',
    'Réunion avec {N} et {N} à {P} jeudi.',
    "Selon {N}, la livraison arrive lundi.",
    'Locataire : {N}, au {S}.',
    'Contactez {N} ou demandez à {G}.',
    'Signé par {N} pour le compte de {C}.',
    'Participants : {N}, {N}, {N}',
    'Bisous, {G}',
    'Le colis est pour {N}, pas pour {C}.',
    '{N} ou {N} pourrait-il relire le contrat ?',
    'Bienvenue à {N}, qui arrive lundi dans l’équipe {D}.',
    'Colis remis à {N} ce matin.',
    'Votre chauffeur : {N}.',
  ],
  es: [
    'y el móvil, a nombre de {N}',
    'Reunión con {N} el martes',
    'REUNIDOS: de una parte, {N}, con domicilio en {S}',
    'Avisar a {G} cuanto antes',
    'Hablé con {N} ayer y {G} firmará mañana.',
    'Por favor, transfiere el importe a {N}.',
    'Soy {N} y llamo por el pedido.',
    'Un saludo,\n{N}\n{T} · {C}',
    'Reunión con {N} y {N} en {P} el jueves.',
    'Según {N}, el envío llega el lunes.',
    'Inquilino: {N}, en la {S}.',
    'Pregunta a {G} si la factura está pagada.',
    'Firmado por {N} en nombre de {C}.',
    'Asistentes: {N}, {N} y {N}',
    'Gracias, {G}!',
    'El paquete es para {N}, no para {C}.',
    'Tutor legal: {N}, teléfono en la ficha.',
    '¿Podría {N} o {N} revisar el contrato?',
    'Damos la bienvenida a {N}, que empieza el lunes.',
    'El pedido lo firmó {N} en recepción.',
    'Su conductor: {N}. Llegará pronto.',
  ],
  zh: ['明天和{N}开会，记得带合同。', '请联系{N}确认报价。', '{N}已经订好了去{P}的机票。', '客户{N}的邮件已转给{N}。'],
  ja: ['来週{N}さんと打ち合わせです。', '{N}に連絡してください。', '担当の{N}が対応します。', '参加者は{N}と{N}です。'],
  ko: ['{N}에게 연락해 주세요.', '오늘 {N}와 회의가 있어요.', '담당자 {N} 님이 확인합니다.', '{N}, {N} 두 분이 참석합니다.'],
};

const NEGATIVE: Record<Lang, string[]> = {
  en: [
    '{H}\n\nThe {D} team shipped {R} this week.',
    'p95 latency\n> 45ms\n\n{H}\n> 120ms',
    '### {H}\n- {R}: done',
    'Quick recap: we had Earl Grey and Caesar salad at the {P} diner, then the Ford Focus went back.',
    'Contract review with {C} moved to Thursday.',
    'Un saludo,\n{T}\n{C}',
    'Senior {T} at {C} since 2019.',
    'Thanks for shopping with {C}! Your {R} ships from {P}.',
    '{H}',
    'From: {D} Team\nTo: All Staff',
    'Kind regards,\n{C} Customer Support',
    'Subject: {H}',
    'The {R} is back in stock at our {P} store.',
    'Our office moved to {S}, {P}.',
    'According to {C}, the merger closes in Q3.',
    'Please contact the {D} department about {H}.',
    'Release Notes: {H}',
    'Meet us at the {P} Convention Center on Monday.',
    '{"product": "{R}", "sku": "B7"}',
    '{"plan": "{H}", "price": 12}',
    'Build time\n> 40ms\n\n{H}',
    '## {H}\n\nSee the {D} wiki.',
    'Category: {D} · Item: {R}',
    'Winner of the {P} Marathon: team {C}',
  ],
  de: [
    'Vielen Dank für Ihren Einkauf bei {C}!',
    'Ihre Bestellung {R} wird nach {P} geliefert.',
    'Mit freundlichen Grüßen\nIhr {C} Kundenservice',
    'Die Abteilung {D} zieht in die {S} um.',
    'Sehr geehrte Damen und Herren, anbei die Unterlagen.',
    'Neue Filiale in {P}: {S}',
    '{T} (m/w/d) bei {C} gesucht',
    'Wir freuen uns auf Ihren Besuch in unserem Geschäft in {P}.',
  ],
  fr: [
    'Merci pour votre commande chez {C} !',
    'Responsable {D} – {C}',
    'Notre agence de {P} déménage au {S}.',
    'Le service client de {C} est fermé le dimanche.',
    'Nouveau : {R} disponible en magasin.',
    'Offre d’emploi : {T} chez {C}',
  ],
  es: [
    'Gracias por su compra en {C}.',
    'Directora comercial · {C}',
    'Nuestra oficina de {P} se muda a la {S}.',
    'El servicio de atención al cliente de {C} cierra los domingos.',
    'Nuevo: {R} disponible en tienda.',
    'Oferta de empleo: {T} en {C}',
  ],
  zh: ['明天在{P}开会，{C}的报价已到。', '{R}已经发货，请查收。'],
  ja: ['{C}の{R}が届きました。', '来週{P}で{D}の会議があります。'],
  ko: ['{C}의 {R} 주문이 접수되었습니다.', '{P} 지점 {D} 회의는 내일입니다.'],
};

function title(s: string): string {
  return s.replace(/\p{L}+/gu, (w) => w.charAt(0).toUpperCase() + w.slice(1));
}

function personName(f: Faker, lang: Lang, upper: boolean): string {
  const first = f.person.firstName();
  const last = f.person.lastName();
  const r = f.number.int(9);
  let name: string;
  if (lang === 'es' && r < 5) name = `${first} ${last} ${f.person.lastName()}`;
  else if (lang === 'es' && r < 7) name = `${first} ${f.person.firstName()} ${last} ${f.person.lastName()}`;
  else if (lang === 'de' && r === 0) name = `${first} von ${last}`;
  else if (lang === 'fr' && r === 0) name = `${first} de ${last}`;
  else if (r === 8) name = `${first} ${last}-${f.person.lastName()}`;
  else if (r === 7 && lang === 'en') name = `${first} ${f.person.middleName()} ${last}`;
  else name = `${first} ${last}`;
  return upper ? name.toUpperCase() : name;
}

function fill(f: Faker, lang: Lang, tpl: string): { text: string; spans: PIIFixture['spans'] } {
  let text = '';
  const spans: PIIFixture['spans'] = [];
  let i = 0;
  for (const m of tpl.matchAll(/\{([NGUCTPSRDH])\}/g)) {
    text += tpl.slice(i, m.index);
    i = (m.index ?? 0) + m[0].length;
    const k = m[1];
    let v: string;
    let labelled = false;
    if (k === 'N' || k === 'U') {
      v = personName(f, lang, k === 'U');
      labelled = true;
    } else if (k === 'G') {
      v = f.person.firstName();
      labelled = true;
    } else if (k === 'C') v = f.company.name();
    else if (k === 'T') v = f.person.jobTitle();
    else if (k === 'P') v = f.location.city();
    else if (k === 'S') v = `${f.location.street()} ${f.number.int({ min: 1, max: 200 })}`;
    else if (k === 'R') v = f.commerce.productName();
    else if (k === 'D') v = f.commerce.department();
    else v = title(f.company.catchPhrase());
    if (labelled) spans.push({ type: 'name', start: text.length, end: text.length + v.length });
    text += v;
  }
  text += tpl.slice(i);
  return { text, spans };
}

/** The generated training lines (seeded: the same on every call). */
export function generateNameTrainingFixtures(perTemplate = 8): PIIFixture[] {
  const out: PIIFixture[] = [];
  for (const lang of Object.keys(FAKERS) as Lang[]) {
    const f = FAKERS[lang];
    f.seed(0x6e616d65 + lang.charCodeAt(0));
    for (const [kind, list] of [
      ['pos', POSITIVE[lang]],
      ['neg', NEGATIVE[lang]],
    ] as const) {
      list.forEach((tpl, t) => {
        for (let k = 0; k < perTemplate; k++) {
          const { text, spans } = fill(f, lang, tpl);
          out.push({ id: `nametrain-${lang}-${kind}${t}-${k}`, lang, text, spans, negative: spans.length === 0, half: 'dev' });
        }
      });
    }
  }
  return out;
}
