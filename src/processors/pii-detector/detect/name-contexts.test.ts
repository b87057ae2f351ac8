/**
 * detectPII(): names anchored by message structure rather than a cue word:
 * signature closings, salutations, mail-header and attendee fields, an e-mail or phone right
 * after the name, verbs of personal action, CJK signatures and honorifics — and the look-alikes
 * each rule must leave alone (teams, groups, products, companies, headings).
 */
import { detectPII } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function names(text: string): string[] {
  return detectPII(text, { minConfidence: 0.6, types: ['name'] }).map((d) => d.value);
}

describe('detectPII names: signatures', () => {
  it('reads the full name on the line after a closing, in four Latin-script languages', () => {
    expect(names('Danke.\nBest, Ruth Abernathy')).toEqual(['Ruth Abernathy']);
    expect(names('Mit freundlichen Grüßen\nHolger Brandt')).toEqual(['Holger Brandt']);
    expect(names('Cordialement,\nAgnès de la Fontaine')).toEqual(['Agnès de la Fontaine']);
    expect(names('Atentamente,\nRocío Gil Navarro')).toEqual(['Rocío Gil Navarro']);
    expect(names('Thanks!\n— Marie-Anne Leclerc')).toEqual(['Marie-Anne Leclerc']);
    expect(names('Cheers,\nWillem van der Meer')).toEqual(['Willem van der Meer']);
  });

  it('teams, departments and headings after a closing are not names', () => {
    expect(names('Best regards,\nThe Billing Team')).toEqual([]);
    expect(names('Kind regards,\nCustomer Support')).toEqual([]);
    expect(names('Mit freundlichen Grüßen\nIhr Kundenservice')).toEqual([]);
    expect(names('Best Practices for Caching')).toEqual([]);
  });

  it('CJK signatures: 敬具 + name, name + 드림/올림, 敬礼 + name; departments are not names', () => {
    expect(names('敬具\n木村拓也')).toEqual(['木村拓也']);
    expect(names('감사합니다. 윤서연 드림')).toEqual(['윤서연']);
    expect(names('此致\n敬礼\n赵丽')).toEqual(['赵丽']);
    expect(names('よろしくお願いいたします。\n総務部')).toEqual([]);
    expect(names('감사합니다. 고객센터 드림')).toEqual([]);
  });
});

describe('detectPII names: salutations, headers and lists', () => {
  it('a salutation at a line start reads one or more capitalised words closed by punctuation', () => {
    expect(names('Dear Fiona,\nthanks.')).toEqual(['Fiona']);
    expect(names('Liebe Ursula Keller, danke!')).toEqual(['Ursula Keller']);
    expect(names('Estimada Pilar Soto:\nle escribo')).toEqual(['Pilar Soto']);
    expect(names('Dear Customer,')).toEqual([]);
    expect(names('Hi Team, the build is green.')).toEqual([]);
    expect(names('Hallo Support, mein Konto ist gesperrt.')).toEqual([]);
  });

  it('From/To/Cc and attendee fields list full names; groups and systems are not names', () => {
    expect(names('From: Irene Walsh\nTo: Hugo Lambert, Nadia Petrova')).toEqual([
      'Irene Walsh',
      'Hugo Lambert',
      'Nadia Petrova',
    ]);
    expect(names('Teilnehmer: Jörg Meier, Silke Roth')).toEqual(['Jörg Meier', 'Silke Roth']);
    expect(names('From: Sluice Notifications\nTo: All Staff')).toEqual([]);
    expect(names('From: Accounts Payable\nCc: Vendor Relations')).toEqual([]);
    expect(names('Hey Siri, set a timer.')).toEqual([]);
  });
});

describe('detectPII names: contact lines and person-action verbs', () => {
  it('a full name right before an e-mail or phone is a name', () => {
    expect(names('Ping Grace Ohara <grace.o@posteo.de> today')).toEqual(['Grace Ohara']);
    expect(names('Lars Eriksen, Tel. +49 40 1234567')).toEqual(['Lars Eriksen']);
    expect(names('木下 美穂（080-2222-3333）')).toEqual(['木下 美穂']);
  });

  it('the actor of a verb of personal action, leading sentence words trimmed', () => {
    expect(names('Yesterday Oliver Price called twice.')).toEqual(['Oliver Price']);
    // Without a known given name the actor stays below the threshold (an organisation reads the same).
    expect(names('Yesterday Thorben Price called twice.')).toEqual([]);
    expect(names('Greta Sommer hat geschrieben.')).toEqual(['Greta Sommer']);
    expect(names('Inès Garnier a appelé.')).toEqual(['Inès Garnier']);
    expect(names('Tomás Reyes llamó ayer.')).toEqual(['Tomás Reyes']);
    expect(names('李强打电话说明天到。')).toEqual(['李强']);
    expect(names('한지수 씨가 전화했어요.')).toEqual(['한지수']);
  });

  it('brands and companies before the same verbs are not names', () => {
    expect(names('Apple Music called it the album of the year.')).toEqual([]);
    expect(names('Die Deutsche Bahn hat angerufen.')).toEqual([]);
    expect(names('Amazon Prime said no.')).toEqual([]);
  });

  it('the object of a person-taking imperative at a sentence start; teams are not', () => {
    expect(names('Ask Mira Holt about the lease.')).toEqual(['Mira Holt']);
    expect(names('Bitte zahlen. Frag Jan Becker morgen.')).toEqual(['Jan Becker']);
    expect(names('Contact Sales Team for a quote.')).toEqual([]);
  });
});

describe('detectPII names: person-taking phrases, possessives and CJK job titles', () => {
  it('the full name after "meeting with", "assigned to", "selon", "según", "habe mit", joined by and', () => {
    expect(names('Lunch with Nora Marsh? I had a meeting with Felix Marsh.')).toEqual([
      'Nora Marsh',
      'Felix Marsh',
    ]);
    expect(names('Escalated to Sarah Whyte and Robert Kell today.')).toEqual(['Sarah Whyte', 'Robert Kell']);
    expect(names('Ich habe mit Uwe Sattler telefoniert.')).toEqual(['Uwe Sattler']);
    expect(names("D'après Romain Vidal, c'est prêt.")).toEqual(['Romain Vidal']);
    expect(names('Según Pilar Prieto, todo bien.')).toEqual(['Pilar Prieto']);
    expect(names('According to Google Trends, interest rose.')).toEqual([]);
    expect(names('Selon Le Monde, la date change.')).toEqual([]);
  });

  it("a possessive 's is not part of the name", () => {
    expect(names("This is Nina Albers's desk.")).toEqual(['Nina Albers']);
  });

  it('a surname (and given name) before a job title in Japanese, Chinese and Korean', () => {
    expect(names('山口部長に確認します。')).toEqual(['山口']);
    expect(names('请交给赵刚老师。')).toEqual(['赵刚']);
    expect(names('刘经理明天出差。')).toEqual(['刘']);
    expect(names('이 과장님께 보고했습니다.')).toEqual(['이']);
    expect(names('한지민 선생님이 오셨어요.')).toEqual(['한지민']);
    expect(names('部長に確認します。各位老师好。과장님께 보고했습니다.')).toEqual([]);
  });
});

describe('detectPII names: a known given name anchors a name anywhere; weak anchors need one', () => {
  it('a common given name and a capitalised surname, in four languages', () => {
    expect(names('Yes, Walter Brenner will join at 3.')).toEqual(['Walter Brenner']);
    expect(names('Morgen kommt Heike Vollmer ins Büro.')).toEqual(['Heike Vollmer']);
    expect(names('Demain, Sylvie Marchetti sera là.')).toEqual(['Sylvie Marchetti']);
    expect(names('Mañana Rodrigo Salas estará aquí.')).toEqual(['Rodrigo Salas']);
  });

  it('places and institutions named after people, and runs inside a capitalised phrase, are not names', () => {
    expect(names('Meet me at Victoria Station.')).toEqual([]);
    expect(names('The Saint Louis Blues won.')).toEqual([]);
  });

  it('organisations before action verbs and person-taking phrases stay below the threshold', () => {
    expect(names('Goldman Sachs confirmed the deal.')).toEqual([]);
    expect(names('According to Morgan Stanley, rates will fall.')).toEqual([]);
    expect(names('Société Générale a confirmé la fusion.')).toEqual([]);
    expect(detectPII('Goldman Sachs confirmed the deal.', { types: ['name'] }).map((d) => d.value)).toEqual([
      'Goldman Sachs',
    ]);
  });
});

describe('detectPII names: CJK self-introductions and contact nouns', () => {
  it('我是 + name, 担当の + name, 저는 + team + name, name + 的电话', () => {
    expect(names('您好，我是刘洋，很高兴认识您。')).toEqual(['刘洋']);
    expect(names('担当の松本です。')).toEqual(['松本']);
    expect(names('저는 영업팀 박지훈입니다.')).toEqual(['박지훈']);
    expect(names('陈静的手机是多少？')).toEqual(['陈静']);
  });

  it('the same cues before roles and teams are not names', () => {
    expect(names('我是客服，很高兴为您服务。')).toEqual([]);
    expect(names('担当の者です。')).toEqual([]);
    expect(names('저는 영업팀입니다.')).toEqual([]);
  });
});

describe('detectPII names: given names inside headings, UI labels and brands', () => {
  it('Title Case headings, capitalised phrases, button labels and brands are not names', () => {
    expect(names('Grace Period Policy Update')).toEqual([]);
    expect(names('Frank Feedback Session Notes')).toEqual([]);
    expect(names('Click Mark Complete when done.')).toEqual([]);
    expect(names('Hugo Boss opened a new store.')).toEqual([]);
  });

  it('the same given names in running text are names', () => {
    expect(names('Yesterday Grace Howell joined.')).toEqual(['Grace Howell']);
    expect(names('Tell me if Frank Odom replies.')).toEqual(['Frank Odom']);
  });
});

describe('detectPII names: single-name signatures, initials, Korean honorific particles', () => {
  it('a known given name alone on the line after a closing; a department there is not a name', () => {
    expect(names('Thanks,\nSophie')).toEqual(['Sophie']);
    expect(names('Thanks,\nMarketing')).toEqual([]);
  });

  it('initials before a surname after a strong cue; a department after "Signed:" is not a name', () => {
    expect(names('Signed: K. L. Brandt')).toEqual(['K. L. Brandt']);
    expect(names('Signed: Management')).toEqual([]);
  });

  it('Korean 님께서 after a name; Park is a surname, not a place word', () => {
    expect(names('정다은 님께서 주문하셨습니다.')).toEqual(['정다은']);
    expect(names('Organizer: Jiwoo Park (jiwoo@proton.me)')).toEqual(['Jiwoo Park']);
  });
});
