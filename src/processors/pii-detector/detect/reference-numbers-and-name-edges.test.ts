/**
 * detectPII(): reference numbers, birth cues and the edges of names: contract,
 * customer and return numbers are look-alikes, not phones; birth cues reach across a bracket or
 * "(e)"; a day–month–year date before "geboren"; name edges (greetings, account roles, closings,
 * departments, Chinese titles); speakers of timestamped chat-export lines. The sentences are
 * written for these tests (other values than the eval sets).
 */
import { detectPII } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

type T = 'name' | 'phone' | 'date-of-birth';
function of(type: T, text: string): string[] {
  return detectPII(text, { minConfidence: 0.6, types: [type] }).map((d) => d.value);
}

describe('detectPII look-alikes: contract, customer and return numbers', () => {
  it('a year-serial reference after a contract or RMA cue is not a phone, in seven languages', () => {
    expect(of('phone', 'Please quote contract 2025-771204 in every reply.')).toEqual([]);
    expect(of('phone', 'RMA 2023-554120 approved, ship it back.')).toEqual([]);
    expect(of('phone', 'Vertragsnummer 2024-310987, bitte angeben.')).toEqual([]);
    expect(of('phone', 'Numéro client 6613098852, merci.')).toEqual([]);
    expect(of('phone', 'Número de contrato 2022-448120.')).toEqual([]);
    expect(of('phone', '契約番号2025-203344をご確認ください。')).toEqual([]);
    expect(of('phone', '계약번호 2024-118273를 알려 주세요.')).toEqual([]);
  });

  it('a year-serial without a phone cue is not a phone, with a phone cue the number is still read', () => {
    expect(of('phone', 'Ref 2021-448812 closed.')).toEqual([]);
    expect(of('phone', 'Call me on +44 7700 900123 about contract 2025-771204.')).toEqual([
      '+44 7700 900123',
    ]);
  });
});

describe('detectPII birth dates: bridges and cues after the date', () => {
  it('the date inside brackets after the cue, and after "né(e) le"', () => {
    expect(of('date-of-birth', 'Confirm your date of birth (3 April 1988), please.')).toEqual([
      '3 April 1988',
    ]);
    expect(of('date-of-birth', 'Dossier de Paul Girard, né(e) le 17/09/1972, à Lyon.')).toEqual([
      '17/09/1972',
    ]);
  });

  it('a day, month name and year before "geboren"; the same date without a cue is not a birth date', () => {
    expect(of('date-of-birth', 'Sie ist am 3. März 1991 geboren.')).toEqual(['3. März 1991']);
    expect(of('date-of-birth', 'Die Sitzung ist am 3. März 1991 gewesen.')).toEqual([]);
  });
});

describe('detectPII names: edges and chat speakers', () => {
  it('a leading greeting or account role is not part of the name', () => {
    expect(
      of(
        'name',
        'Thanks Marisol! I have set the forwarding to marisol.vega@example.com and the backup contact to (503) 555-0142.',
      ),
    ).toEqual(['Marisol']);
    expect(of('name', 'Lastschrift vom Konto (Kontoinhaber Jörg Pfeiffer).')).toEqual(['Jörg Pfeiffer']);
  });

  it('a closing or a department line is not a name', () => {
    const sig = of('name', 'Mit freundlichen Grüßen\nAnja Brenner\nVertrieb Nord\nMobil: +49 171 2345678');
    expect(sig).toContain('Anja Brenner');
    expect(sig).not.toContain('Vertrieb Nord');
    expect(
      of('name', 'Bitte liefern Sie an die Hauptstraße 5, 10115 Berlin. Viele Grüße, Timo Haas'),
    ).not.toContain('Viele Grüße');
  });

  it('a Chinese job title after a one-character surname names the surname', () => {
    expect(of('name', '周经理说报价单发到sales@example.cn。')).toEqual(['周']);
  });

  it('the speaker of a timestamped chat line is a name, a role is not', () => {
    expect(of('name', '[09:41] Ophélie : je suis dispo demain')).toEqual(['Ophélie']);
    expect(of('name', '[14:05] 李娜：收到，谢谢')).toEqual(['李娜']);
    expect(of('name', '[08:15] 박서연: 확인했습니다')).toEqual(['박서연']);
    expect(of('name', '[09:40] Customer: hello?\n[09:41] Agent: hi there')).toEqual([]);
  });

  it('a Korean three-syllable name before a spaced role honorific (고객님, 과장님); the role alone is not a name', () => {
    expect(of('name', '상담 메모: 서지환 고객님, 오후에 회신 요청')).toEqual(['서지환']);
    expect(of('name', '내일 회의에는 이도현 과장님께서 참석합니다.')).toEqual(['이도현']);
    expect(of('name', '오늘 고객님께 안내 메일을 보냈습니다.')).toEqual([]);
  });
});
