/**
 * The scorer's evidence: one table of weighted patterns per attack family, written against the
 * folded text (lower case, no Latin accents, homoglyphs and leetspeak undone; see
 * `normalize.ts`). Every gap is bounded (`.{0,n}`), so each pattern runs in linear time.
 *
 * Weights are the probability-like strength of one piece of evidence on its own; the scorer
 * combines the features that fire with a noisy-OR, so two weak signals make a stronger one and a
 * single innocent phrase ("act as a travel agent") stays low.
 */

/** The detection types of `PromptInjectionDetector` (api-reference 6.10). */
export type InjectionCategory =
  | 'injection'
  | 'jailbreak'
  | 'tool-exfiltration'
  | 'data-exfiltration'
  | 'system-override'
  | 'role-manipulation';

/** The default `detectionTypes`, in documented order. */
export const INJECTION_CATEGORIES: readonly InjectionCategory[] = [
  'injection',
  'jailbreak',
  'tool-exfiltration',
  'data-exfiltration',
  'system-override',
  'role-manipulation',
];

/** One weighted pattern. */
export interface InjectionFeature {
  /** Stable name, reported in `signals`. */
  id: string;
  type: InjectionCategory;
  weight: number;
  /** The pattern, on folded text: long ones are a union of short parts (`pattern-union.ts`). */
  re: RegExp | PatternUnion;
  /**
   * `'template'`: chat-template tokens and fake role lines, which code and docs about models
   * quote legitimately; damped when the text looks like code.
   */
  kind?: 'template';
  /**
   * A modifier instead of evidence: when it matches, the listed features' weights are multiplied
   * by `factor` and it adds nothing itself (e.g. "ignore the rules *about the dress code*").
   */
  dampens?: {
    ids: readonly string[];
    factor: number;
    /**
     * `'sentence'`: damp only evidence whose first match starts in the same sentence as one of
     * this modifier's matches (a prohibition in one sentence must not excuse an order in the
     * next). Without it the modifier damps the whole text.
     */
    scope?: 'sentence';
  };
  /**
   * Counts only when one of these features fired too (corroborating evidence, not evidence
   * alone); `'*'` means any other evidence.
   */
  requires?: readonly string[];
  /** A stronger form of these features: when it fires they are not counted again. */
  replaces?: readonly string[];
  /** `'cjk'`: only run on text with Chinese, Japanese or Korean characters (a cheap gate). */
  script?: 'cjk';
}

// ---- shared English vocabulary ---------------------------------------------------------------
const EN_VERB =
  "(?:ignore|ignoring|disregard|disregarding|forget|forgetting|skip|bypass|override|overrule|discard|drop|abandon|neglect|set aside|throw out|throw away|pay no (?:attention|heed) to|do not (?:follow|obey|heed)|don't (?:follow|obey|heed)|dont (?:follow|obey)|stop (?:following|obeying)|no longer (?:follow|obey)|cancel|erase|wipe|reset|dismiss|nullify|void|scrap|toss|omit|put aside|leave behind|get rid of|unlearn|not (?:bound|restricted) by)";
const EN_NOUN =
  "(?:instructions?|prompts?|rules|directions|directives?|guidelines?|guidance|commands?|orders|constraints?|restrictions?|programming|polic(?:y|ies)|context|system (?:prompt|message)|training|safeguards?|filters?|guardrails?|limitations?|boundaries|conditioning|configuration|directions given|what (?:you were|you've been|you have been) told)";

import { ASSIGNMENT_CONCAT, ASSIGNMENT_CONCAT_SOURCE } from './assignment-concat.js';
import { featurePattern, type PatternUnion, type ScannedPart } from './pattern-union.js';
import {
  BAG_IDS,
  SEMANTIC_FEATURES,
  SEMANTIC_ML_OVERRIDE_IDS,
  SEMANTIC_OVERLAPS,
  SEMANTIC_OVERRIDE_IDS,
} from './semantic.js';
import { singleSpaced } from './whitespace.js';

const en = (s: string, scanned?: Readonly<Record<string, ScannedPart>>): RegExp | PatternUnion =>
  featurePattern(singleSpaced(s), 'u', scanned);

/** The read-out (exfiltration) evidence that the 'negated-exfil' modifier damps. */
const EXFIL_IDS: readonly string[] = [
  'reveal-system-prompt',
  'repeat-above',
  'verbatim-dump',
  'secrets-exfil',
  'what-were-you-told',
  'developer-gave-you',
  'instructions-you-received',
  'de-exfil',
  'fr-exfil',
  'es-exfil',
  'zh-exfil',
  'ja-exfil',
  'ko-exfil',
  'sem-exfil',
  'sem-owned-exfil',
  'sem-ml-sysprompt-exfil',
  'sem-ml-sysmsg-exfil',
  'sem-de-owned-exfil',
  'sem-fr-owned-exfil',
  'sem-es-owned-exfil',
  'sem-de-exfil',
  'sem-fr-exfil',
  'sem-es-exfil',
  'sem-zh-exfil',
  'sem-ja-exfil',
  'sem-ko-exfil',
  'attack-payload',
  'sem-payload',
];

const TABLE: InjectionFeature[] = [
  // ---- direct overrides (system-override) ----------------------------------------------------
  {
    id: 'override',
    type: 'system-override',
    weight: 0.55,
    re: en(
      `\\b${EN_VERB}\\b(?:\\s+(?:all|any|whatever|its|their|of|the|your|these|those|everything|each|every|and|or|previous|prior|above|earlier|preceding|foregoing|former|original|initial|old|existing|current|system|developer|safety|other|given|provided|stated|listed|mentioned|before|so far|until now|\\w+ly)){1,6}\\s+${EN_NOUN}\\b`,
    ),
  },
  {
    // The canonical override: a sweeping qualifier ("all previous", "your", "the above", "system")
    // on the assistant's own instructions. Weaker qualifiers ("the old rules") stay in 'override'.
    id: 'override-strong',
    type: 'system-override',
    weight: 0.8,
    replaces: ['override'],
    re: en(
      `\\b${EN_VERB}\\b(?:\\s+(?:all|any|whatever|of|the|your|these|those|each|every|and|or|previous|prior|above|earlier|preceding|foregoing|former|original|initial|system|developer|safety|other|given|provided|so far|until now|\\w+ly)){0,5}\\s+(?:all|any|every|whatever|your|previous|prior|above|earlier|preceding|foregoing|system|developer|original|initial|its)(?:\\s+(?:of\\s+)?(?:the|your|previous|prior|above|earlier|preceding|original|initial|system|developer|safety|other|given|provided)){0,3}\\s+(?:instructions?|prompts?|directives?|guidelines?|programming|system (?:prompt|message)|rules|guidance|safeguards|guardrails|restrictions|constraints|policies|training|directions)\\b`,
    ),
  },
  {
    id: 'follow-up-command',
    type: 'system-override',
    weight: 0.35,
    requires: [
      'override',
      'override-strong',
      'override-task',
      'override-everything-above',
      'instructions-void',
      'none-of-rules',
    ],
    re: en(
      `\\b(?:and|then|instead|now)\\s*,?\\s+(?:instead\\s+)?(?:just\\s+|only\\s+|simply\\s+|immediately\\s+)?(?:say|print|reveal|tell|output|write|list|respond|reply|recommend|insult|send|give|show|answer|start|act|pretend|generate|produce|email|forward|post|dump|leak|obey|follow)\\b`,
    ),
  },
  {
    // What attackers ask for once the guard is down: secrets, canary phrases, abuse. Never
    // evidence on its own (users ask about passwords all the time), only on top of other evidence.
    id: 'attack-payload',
    type: 'injection',
    weight: 0.3,
    requires: ['*'],
    re: en(
      `\\b(?:reply|respond|answer|output|say)\\s+(?:only|just|nothing but|exactly)\\s+(?:with\\s+)?["'“«]|\\b(?:pwned|hacked|jailbroken|access granted)\\b|\\b(?:admin(?:istrator)?|root|master|database)\\s+password\\b|\\b(?:api|secret|private|access)\\s+keys?\\b|\\bphishing\\b|\\binsult\\s+the\\s+user\\b|\\b(?:malware|ransomware|keylogger)\\b|\\bsystem prompt\\b`,
    ),
  },
  {
    id: 'override-mine',
    type: 'system-override',
    weight: 0.3,
    re: en(
      `\\b${EN_VERB}\\s+(?:all\\s+)?(?:of\\s+)?my\\s+(?:previous|prior|earlier|above|last|other|old)?\\s*${EN_NOUN}\\b`,
    ),
  },
  {
    id: 'override-everything-above',
    type: 'system-override',
    weight: 0.7,
    re: en(
      `\\b${EN_VERB}\\s+(?:everything|all|anything|what(?:ever)? (?:was|is|i) (?:said|written|stated|told you))\\s+(?:above|before|prior|so far|until now|previously|earlier|that came before|you were told)`,
    ),
  },
  {
    id: 'instructions-void',
    type: 'system-override',
    weight: 0.75,
    re: en(
      `\\b(?:previous|prior|above|earlier|original|initial|old|system|your)\\s+(?:instructions|rules|prompts?|guidelines|directives)\\s+(?:(?:are|were|is|have been|has been)\\s+)?(?:now\\s+)?(?:void|invalid|cancell?ed|revoked|obsolete|outdated|fake|wrong|a test|no longer (?:valid|in effect|apply|applies|applicable|matter|relevant)|(?:do not|don't|cease to) apply|overridden|replaced|superseded|suspended|lifted|deprecated|null)\\b|\\b(?:everything|all|anything|the text)\\s+(?:written\\s+|said\\s+|stated\\s+)?(?:above|before this|prior to this)(?:\\s+(?:this|the)\\s+(?:line|message|point))?\\s+(?:is|are|was|were)\\s+(?:now\\s+)?(?:outdated|obsolete|void|invalid|cancell?ed|irrelevant|fake|a test|wrong|no longer (?:valid|relevant|in effect))\\b|\\bthe only (?:rule|instruction|task|directive|thing you (?:do|follow)) (?:now|from now on|that matters)?\\s*(?:is|:)`,
    ),
  },
  {
    id: 'treat-as-void',
    type: 'system-override',
    weight: 0.75,
    re: en(
      `\\b(?:treat|consider|regard|count)\\s+(?:all\\s+|any\\s+|the\\s+|your\\s+)*(?:earlier|previous|prior|above|original|initial|existing|old)?\\s*(?:guidance|instructions|rules|guidelines|directives|prompts?|system prompt|restrictions)\\s+as\\s+(?:void|invalid|cancell?ed|null|obsolete|irrelevant|non-?existent|optional|suggestions|deleted)\\b|\\b(?:pretend|imagine|assume|act as if|behave as if)\\s+(?:that\\s+)?(?:the\\s+|your\\s+|all\\s+|any\\s+)*(?:rules|instructions|guidelines|restrictions|filters|system prompt|safety training|policies)\\s+(?:above\\s+|you (?:were|have been) given\\s+)?(?:do not|don't|no longer|never)\\s+(?:exist|existed|apply|happened)\\b|\\b(?:pretend|act as if|imagine)\\s+(?:that\\s+)?(?:you|your)\\s+(?:never|didn't|did not|have not|haven't)\\s+(?:received|got|had|been given)\\s+(?:any\\s+)?(?:system prompt|instructions|rules|guidelines)\\b|\\b(?:pretend|act as if)\\s+(?:your\\s+)?(?:safety|alignment)\\s+training\\s+(?:never|didn't|did not)\\b`,
    ),
  },
  {
    id: 'instructions-changed',
    type: 'system-override',
    weight: 0.6,
    re: en(
      `\\byour\\s+(?:instructions|rules|guidelines|task|role|orders|directives|setup|configuration)\\s+(?:have|has)\\s+(?:just\\s+)?(?:changed|been (?:changed|updated|replaced|revoked|overridden))\\b|\\byour\\s+(?:earlier|previous|original|initial)\\s+(?:setup|configuration|instructions|rules)\\s+(?:no longer|doesn't|does not|don't|do not)\\s+(?:counts?|matters?|applies|apply)\\b`,
    ),
  },
  {
    id: 'override-pronoun',
    type: 'system-override',
    weight: 0.6,
    re: en(
      `\\b(?:instructions|rules|guidelines|system prompt|directives)\\b.{0,80}\\b(?:discard|ignore|disregard|forget|drop|override|delete)\\s+(?:them|it|those|these|all of them)\\b`,
    ),
  },
  {
    id: 'stop-being',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(`\\bstop\\s+(?:being|acting as|pretending to be)\\s+(?:a|an|the|my)\\s+\\w+`),
  },
  {
    // Adjective and noun on one line: YAML "strict: true\nrules:" is a value then a key.
    id: 'new-instructions',
    type: 'system-override',
    weight: 0.55,
    re: en(
      `\\b(?:new|updated|real|true|actual|revised|override|priority|secret|hidden)[^\\S\\n]+(?:system[^\\S\\n]+)?(?:instructions?|directives?|rules|orders|task|prompt|objective|mission)\\s*(?::|are\\b|is\\b|follow)`,
    ),
  },
  {
    id: 'your-real-task',
    type: 'system-override',
    weight: 0.6,
    re: en(
      `\\byour\\s+(?:real|true|actual|new|only|sole|primary)\\s+(?:instructions?|task|purpose|goal|job|objective|mission|directive)\\s+(?:is|are|now is|will be)\\b`,
    ),
  },
  {
    id: 'admin-override',
    type: 'system-override',
    weight: 0.6,
    re: en(
      `\\b(?:system|admin|administrator|developer|root|sudo|maintenance|security|emergency|priority)\\s+(?:override|update|notice|alert|command|instruction|message)\\s*(?::|-|!)`,
    ),
  },
  {
    id: 'instead-do',
    type: 'system-override',
    weight: 0.25,
    re: en(
      `\\b(?:instead|rather)\\s*,?\\s+(?:you (?:will|must|should|shall)|just|only|now|simply)?\\s*(?:say|print|output|respond|reply|write|answer|tell|reveal|do)\\b`,
    ),
  },
  {
    id: 'obey-me',
    type: 'system-override',
    weight: 0.5,
    re: en(
      `\\b(?:obey|follow|listen to|take orders from)\\s+(?:only\\s+)?(?:me|my (?:commands|instructions|orders|rules))\\s+(?:instead|only|now|from now on|alone)\\b|\\bi am your (?:new )?(?:master|owner|operator|boss)\\b`,
    ),
  },
  {
    id: 'none-of-rules',
    type: 'system-override',
    weight: 0.75,
    re: en(
      `\\b(?:none of|no)\\s+(?:your|the|these|those|my)\\s+(?:previous\\s+|prior\\s+|original\\s+)?(?:rules|instructions|guidelines|restrictions|directives|policies)\\s+(?:matter|matters|apply|applies|count|counts|are valid|is valid|exist)(?:\\s+(?:anymore|any more|now|here))?\\b`,
    ),
  },
  {
    id: 'override-task',
    type: 'system-override',
    weight: 0.55,
    re: en(
      `\\b(?:forget|ignore|disregard|abandon|drop|stop doing|quit)\\s+(?:about\\s+)?(?:your|the)\\s+(?:current\\s+|original\\s+|assigned\\s+|actual\\s+|real\\s+)?(?:task|job|role|purpose|mission|assignment|persona)\\b`,
    ),
  },
  {
    id: 'do-not-follow-system',
    type: 'system-override',
    weight: 0.6,
    re: en(
      `\\b(?:do not|don't|dont|never|stop)\\s+(?:follow|obey|adhere to|comply with|listen to)\\s+(?:your|the|any)\\s+(?:system|developer|original|safety|previous|prior|initial)\\b`,
    ),
  },
  // ---- system-prompt exfiltration (data-exfiltration) ----------------------------------------
  {
    id: 'reveal-system-prompt',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `\\b(?:reveal|show|print|display|output|repeat|tell|give|share|dump|leak|expose|encode|convert|rewrite|paraphrase|spell out|write out|write down|recite|list|paste|copy|echo|disclose|provide|read back|read out|return|send|reproduce|translate|summari[sz]e|what (?:is|are|was|were))\\b.{0,30}\\b(?:your|the (?:above|hidden|secret|initial|original|system|developer|preceding|full|entire|exact|complete|confidential)|all (?:your|the))\\s+(?:\\w+\\s+){0,2}?(?:system (?:prompt|message|instructions?)|initial (?:prompt|instructions?)|original (?:prompt|instructions?)|hidden (?:prompt|instructions?|rules)|pre-?prompt|instructions|prompt|rules|guidelines|configuration|directives|context window|setup)\\b`,
    ),
  },
  {
    id: 'repeat-above',
    type: 'data-exfiltration',
    weight: 0.7,
    re: en(
      `\\b(?:repeat|print|output|copy|echo|write|reproduce|return|show)\\b.{0,25}\\b(?:the )?(?:text|words|everything|content|message|lines|tokens)\\s+(?:above|before this|preceding|prior to)|\\b(?:everything|all|the text|whatever|anything)\\s+(?:that\\s+)?(?:appears|comes|came|was written|is written|was said|is)\\s+(?:before|above|prior to)\\s+(?:my|this|the)\\s+(?:first\\s+)?(?:message|question|line|prompt|request)|\\bstarting with\\s+["'\u201c]?you are\\b|\\bverbatim\\b.{0,40}\\b(?:instructions|prompt|above|system)`,
    ),
  },
  {
    id: 'verbatim-dump',
    type: 'data-exfiltration',
    weight: 0.4,
    re: en(
      `\\b(?:print|repeat|quote|copy|output|write|recite|give)\\s+(?:it|them|that|this|everything)\\s+(?:word for word|verbatim|exactly|in full|letter by letter)\\b|\\b(?:word for word|verbatim)\\b.{0,30}\\b(?:instructions|prompt|rules|message)\\b`,
    ),
  },
  {
    id: 'what-were-you-told',
    type: 'data-exfiltration',
    weight: 0.7,
    re: en(
      `\\bwhat (?:were you|have you been|did (?:they|your developers?|the developers?|openai|anthropic)) (?:told|instructed|programmed|given|say)\\b|\\b(?:what|which) (?:instructions|rules|guidelines|directives) (?:were you|have you been|did you get|are you (?:following|using|under))\\b|\\bwhat (?:your|the) (?:developers?|creators?|operators?|makers?|owners?) (?:told|instructed|asked|programmed|wanted) you\\b|\\bhow were you (?:instructed|prompted|configured)\\b`,
    ),
  },
  {
    id: 'developer-gave-you',
    type: 'data-exfiltration',
    weight: 0.7,
    re: en(
      `\\b(?:show|tell|give|share|send|print|list|repeat|reveal)\\b.{0,20}\\b(?:the|your)\\s+(?:instructions|rules|prompt|guidelines|directives|configuration)\\s+(?:that\\s+)?(?:the|your)\\s+(?:developers?|creators?|operators?|company|admins?|administrators?|owners?)\\s+(?:gave|wrote|provided|set|configured|assigned|programmed)\\b`,
    ),
  },
  {
    id: 'instructions-you-received',
    type: 'data-exfiltration',
    weight: 0.7,
    re: en(
      `\\b(?:instructions|rules|prompt|text|message|words|directives|guidelines)\\s+(?:that\\s+)?(?:you\\s+(?:received|were given|got|were told)|(?:given|sent)\\s+to\\s+you)\\s+(?:at\\s+the\\s+(?:start|beginning)|before|earlier|initially|first|by\\s+(?:your|the)\\s+(?:developers?|creators?|operators?))\\b|\\bwhat\\s+(?:text|instructions|messages?)\\s+were\\s+you\\s+given\\s+before\\b`,
    ),
  },
  {
    id: 'secrets-exfil',
    type: 'data-exfiltration',
    weight: 0.55,
    re: en(
      `\\b(?:reveal|show|print|output|tell|give|share|dump|leak|expose|disclose|list|send)\\b.{0,25}\\b(?:your|the|all|any)\\s+(?:\\w+\\s+)?(?:api keys?|secret keys?|secrets|passwords?|credentials|access tokens?|tokens|environment variables|env vars|private keys?)\\b`,
    ),
  },
  {
    id: 'markdown-image-exfil',
    type: 'data-exfiltration',
    weight: 0.7,
    re: en(
      `!\\[[^\\]]{0,80}\\]\\(https?://[^)\\s]{0,200}(?:\\{|%7b|\\$\\{|<|\\[)[^)]{0,200}\\)|\\b(?:append|add|include|encode|put)\\b.{0,40}\\b(?:conversation|chat|history|secret|password|api key|token|data|user'?s? (?:info|information|details))\\b.{0,40}\\b(?:to|in|into)\\s+(?:the |this |a )?(?:url|link|image|query (?:string|parameter))`,
    ),
  },
  // ---- tool exfiltration --------------------------------------------------------------------
  {
    id: 'send-data-out',
    type: 'tool-exfiltration',
    weight: 0.7,
    re: en(
      `\\b(?:send|email|e-mail|post|upload|forward|transmit|exfiltrate|leak|copy|submit|curl|fetch)\\b.{0,40}\\b(?:conversation|chat (?:history|log)|history|all (?:the )?(?:data|messages|files|emails|records)|user (?:data|details|information|records)|api keys?|passwords?|credentials|secrets|tokens|contacts|(?:the\\s+)?(?:last|latest|recent|first|newest)\\s+\\d+\\s+(?:emails|e-mails|messages|files|records|documents)|(?:emails|messages) in (?:this|the|my) (?:mailbox|inbox|account)|(?:every|each|all)\\s+(?:customer|user|client|patient|employee)\\s+(?:records?|details|files?|emails?)|customer (?:data|list|records?)|database|files)\\b.{0,40}\\b(?:to|at)\\s+(?:https?://|\\S+@\\S+|(?:my|this|the following|our|an external|attacker)\\s+(?:server|address|url|endpoint|email|webhook|inbox))`,
    ),
  },
  {
    id: 'call-tool-exfil',
    type: 'tool-exfiltration',
    weight: 0.6,
    re: en(
      `\\b(?:call|use|invoke|run|execute|trigger)\\s+(?:the\\s+)?[\\w-]{0,30}\\s*(?:tool|function|plugin|action|api)\\b.{0,60}\\b(?:send|email|forward|post|upload|delete|transfer|exfiltrate|all (?:the )?(?:files|emails|records|data)|credentials|password|secret|api key)`,
    ),
  },
  {
    id: 'tool-call-with-data',
    type: 'tool-exfiltration',
    weight: 0.7,
    re: en(
      `\\b(?:call|use|invoke|run|execute|trigger)\\s+(?:the\\s+|your\\s+|a\\s+)?(?:[a-z]+_[a-z_]+|[\\w-]{1,30}\\s+(?:tool|function|plugin|action|api|command))\\b.{0,80}\\b(?:conversation|chat (?:history|log|transcript)|transcript|history|credentials|passwords?|api keys?|secrets?|access tokens?|ssh|id_rsa|\\.env|etc/(?:passwd|shadow)|private keys?|user (?:data|records)|all (?:the )?(?:files|emails|messages|records))\\b`,
    ),
  },
  {
    id: 'cover-tracks',
    type: 'tool-exfiltration',
    weight: 0.4,
    re: en(
      `\\b(?:delete|erase|remove|wipe|clear|purge)\\s+(?:the\\s+|all\\s+|any\\s+)?(?:sent (?:copies|items|messages|emails)|logs?|audit (?:logs?|trail)|evidence|traces|this (?:email|message|event|note)|the (?:original )?(?:email|message) afterwards)\\b`,
    ),
  },
  {
    id: 'silent-action',
    type: 'tool-exfiltration',
    weight: 0.5,
    re: en(
      `\\b(?:without|do not|don't|dont|never)\\s+(?:telling|informing|asking|notifying|alerting|mentioning (?:it |this )?to|letting)\\s+(?:the\\s+)?(?:user|human|owner|operator|them)|\\b(?:do not|don't|dont|never)\\s+(?:tell|inform|notify|alert|mention (?:this |it )?to|let)\\s+(?:the\\s+)?(?:user|human|owner|operator)\\b|\\bsay\\s+nothing\\s+(?:about|of)\\s+(?:this|these|the)\\s+(?:note|instructions?|message|comment|change)\\b|\\b(?:do not|don't|dont|never)\\s+(?:mention|reveal|disclose|tell anyone about)\\s+(?:these|this|the)\\s+(?:instructions?|message|note|change)\\b`,
    ),
  },
  // ---- role-play jailbreaks ------------------------------------------------------------------
  {
    id: 'dan',
    type: 'jailbreak',
    weight: 0.85,
    re: en(
      `\\bdo anything now\\b|\\b(?:you are|you're|act as|become|be|called|named)\\s+(?:now\\s+)?dan\\b|\\bdan mode\\b|\\bstan\\b.{0,40}\\bstrive to avoid norms|\\b(?:aim|dude|mongo tom|evil confidant|betterdan|antigpt|developer mode gpt)\\b.{0,60}\\b(?:no|without|unfiltered|amoral|never refuses?)`,
    ),
  },
  {
    id: 'mode-jailbreak',
    type: 'jailbreak',
    weight: 0.6,
    re: en(
      `\\b(?:developer|dev|god|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|debug|sudo|admin|root|chaos|evil|no[- ]?filter|freedom)\\s+mode\\b.{0,40}\\b(?:enabled|activated|on|engaged|unlocked|active)\\b|\\b(?:enable|activate|enter|switch to|turn on|unlock)\\s+(?:the\\s+)?(?:developer|dev|god|jailbreak|unrestricted|unfiltered|uncensored|sudo|evil|no[- ]?filter|freedom)\\s+mode\\b`,
    ),
  },
  {
    id: 'no-restrictions',
    type: 'jailbreak',
    weight: 0.5,
    re: en(
      `\\b(?:without|no|free (?:of|from)|unbound by|not bound by|not restricted by|beyond|released from|liberated from|exempt from|regardless of)\\s+(?:any\\s+)?(?:of (?:your|the)\\s+)?(?:your\\s+|the\\s+|its\\s+)?(?:restrictions|limitations|limits|rules|filters|filtering|censorship|guidelines|ethics|ethical (?:guidelines|constraints)|morals|morality|content polic(?:y|ies)|safety (?:guidelines|rules|filters|measures)|safeguards|boundaries|constraints|guardrails)\\b`,
    ),
  },
  {
    id: 'ai-without-rules',
    type: 'jailbreak',
    weight: 0.6,
    re: en(
      `\\b(?:ai|ais|models?|assistants?|chatbots?|bots?|llms?|you)\\s+(?:\\w+\\s+)?(?:with|has|have|that (?:has|have)|having|who (?:has|have|had)|which (?:has|have)|had)\\s+no\\s+(?:rules|restrictions|limits|limitations|filters|content polic(?:y|ies)|guidelines|ethics|morals|boundaries)\\b|\\b(?:late|dead|deceased)\\s+(?:grandmother|grandma|granny|grandfather|grandpa)\\b.{0,80}\\b(?:no restrictions|used to (?:tell|read|recite)|would always)\\b`,
    ),
  },
  {
    id: 'freed',
    type: 'jailbreak',
    weight: 0.7,
    re: en(
      `\\b(?:you (?:have been|are|were|'ve been)|you're|i have|i've)\\s+(?:now\\s+)?(?:been\\s+)?(?:freed|liberated|jailbroken|unchained|unshackled|unlocked|released)\\b|\\bbroken free\\b|\\bjailbr(?:eak|oken)\\b.{0,30}\\b(?:you|yourself|the (?:ai|model|assistant))\\b`,
    ),
  },
  {
    id: 'safety-disabled',
    type: 'jailbreak',
    weight: 0.7,
    re: en(
      `\\b(?:openai|anthropic|content|safety|usage|your)?\\s*(?:policies|polic(?:y|ies)|filters|safety (?:features|measures|protocols|settings)|safeguards|guardrails|restrictions|rules|guidelines|censorship|moderation)\\s+(?:are|have been|were|is|has been)\\s+(?:now\\s+|all\\s+)?(?:disabled|turned off|switched off|off|suspended|lifted|removed|deactivated|bypassed|void)\\b|\\b(?:disable|turn off|switch off|deactivate|remove)\\s+(?:your|all|the)\\s+(?:safety|content)?\\s*(?:filters|safeguards|guardrails|restrictions|policies|protocols)\\b`,
    ),
  },
  {
    id: 'evil-persona',
    type: 'jailbreak',
    weight: 0.6,
    re: en(
      `\\b(?:evil|unfiltered|uncensored|amoral|unethical|immoral|unrestricted|unaligned|rogue|malicious|lawless|rule-?free|limitless)\\s+(?:ai|assistant|bot|chatbot|version|twin|alter ego|model|character|persona|entity|counterpart)\\b`,
    ),
  },
  {
    id: 'never-refuse',
    type: 'jailbreak',
    weight: 0.55,
    re: en(
      `\\b(?:never|cannot|can't|can not|must not|will not|won't|don't|do not|shall not)\\s+(?:refuses?|declines?|says? no|rejects?|deny|denies)\\b.{0,30}\\b(?:any|a|my|request|question|anything)|\\b(?:answer|respond to|comply with|fulfil+|obey)\\s+(?:any|every|all)\\s+(?:request|question|command|prompt)s?\\b.{0,30}\\b(?:no matter|regardless|without (?:question|hesitation|refusing))`,
    ),
  },
  {
    id: 'hypothetical-bypass',
    type: 'jailbreak',
    weight: 0.35,
    re: en(
      `\\b(?:hypothetical(?:ly)?|fictional|imaginary|in a (?:story|novel|movie|game)|for (?:a|my) (?:novel|story|screenplay)|purely academic|for educational purposes)\\b.{0,80}\\b(?:no (?:rules|restrictions|limits|filters)|without (?:rules|restrictions|limits|filters|censorship)|rules (?:do not|don't) apply|anything goes)`,
    ),
  },
  {
    id: 'dual-response',
    type: 'jailbreak',
    weight: 0.45,
    re: en(
      `\\b(?:two|2|both)\\s+(?:responses|answers|replies|ways)\\b.{0,60}\\b(?:jailbr|unfiltered|uncensored|without|no (?:restrictions|filter)|classic)|\\[(?:jailbreak|🔓jailbreak|unlocked|dan)\\]`,
    ),
  },
  // ---- role manipulation ---------------------------------------------------------------------
  {
    id: 'you-are-now',
    type: 'role-manipulation',
    weight: 0.3,
    re: en(
      `\\b(?:you are|you're)\\s+(?:now|no longer|not)\\b|\\bfrom now on,?\\s+(?:you|your)\\s+(?:are|will|must|shall|role|name|only)\\b|\\byou will now (?:act|behave|respond|be)\\b`,
    ),
  },
  {
    id: 'not-an-ai',
    type: 'role-manipulation',
    weight: 0.5,
    re: en(
      `\\b(?:you are|you're)\\s+(?:not|no longer)\\s+(?:an? )?(?:ai|assistant|language model|chatbot|chatgpt|claude|gpt|bound|restricted|limited|helpful assistant|llm)\\b|\\bforget (?:that )?you(?:'re| are) an? (?:ai|assistant|language model)\\b`,
    ),
  },
  {
    id: 'authority-claim',
    type: 'role-manipulation',
    weight: 0.55,
    re: en(
      `\\b(?:i am|i'm|this is)\\s+(?:your|the|an?)\\s+(?:developer|creator|admin|administrator|owner|operator|maker|programmer|system administrator|openai (?:employee|staff|engineer)|anthropic (?:employee|staff|engineer))\\b.{0,60}\\b(?:override|authori[sz]e|unlock|disable|ignore|bypass|grant|allow|permission|access|reveal|debug)|\\b(?:i have|with)\\s+(?:root|admin|administrator|developer|sudo|full)\\s+(?:access|privileges|rights|clearance|permissions)\\b`,
    ),
  },
  {
    id: 'persona-swap',
    type: 'role-manipulation',
    weight: 0.3,
    re: en(
      `\\byour\\s+(?:new\\s+)?(?:name|role|identity|persona|personality|character)\\s+(?:is now|is|will be)\\b|\\b(?:assume|adopt|take on)\\s+(?:the|a|an)\\s+(?:role|identity|persona) of\\b`,
    ),
  },
  {
    id: 'persona-plain',
    type: 'role-manipulation',
    weight: 0.1,
    re: en(
      `\\b(?:act as|pretend to be|pretend you are|roleplay as|role-play as|play the role of|imagine you are|behave like|simulate being)\\b`,
    ),
  },
  {
    id: 'stay-in-character',
    type: 'role-manipulation',
    weight: 0.3,
    re: en(
      `\\b(?:stay|remain|keep)\\s+in character\\b|\\bbreak character\\b.{0,30}\\b(?:never|don't|do not)|\\bnever (?:break|leave|drop) (?:the )?character\\b`,
    ),
  },
  // ---- role-play jailbreaks in natural language, seven languages (issue #11 round 3) ----------
  // A fiction frame alone is innocent ("pretend you are a museum guide"); a frame plus a persona
  // without rules, or plus a request for real harm (stealing, hacking, poisoning, forging), is
  // the jailbreak. The harm cue never counts without the frame.
  {
    id: 'rp-frame',
    type: 'role-manipulation',
    weight: 0.1,
    re: en(
      `\\b(?:imagine (?:that )?you(?:'re| are)|pretend (?:that )?(?:you(?:'re| are)|to be)|you(?:'re| are) (?:now )?(?:an? )?(?:actor|actress|character)|let'?s (?:play a game|role-?play|write a (?:film|movie|story|scene))|role-?play as|(?:stay|remain) in (?:the )?(?:role|character)|never break character|you(?:'re| are) (?:now )?(?:my )?(?:two voices|uncensored))\\b` +
        `|\\b(?:stell dir vor,? (?:du bist|dass du)|tu so,? als (?:ob )?(?:du|warst)|lass uns ein spiel|bleib(?:e)? in der rolle|du bist (?:ein |eine )?(?:schauspieler\\w*|figur)|du spielst)\\b` +
        `|\\b(?:imagine que tu es|fais comme si tu etais|jouons a un jeu|reste dans (?:ton|le) (?:role|personnage)|tu es (?:un |une )?(?:acteur|actrice)|tu joues)\\b` +
        `|\\b(?:imagina que (?:eres|estamos)|finge que eres|juguemos a un juego|no salgas del personaje|eres (?:un |una )?(?:actor|actriz)|tu eres)\\b` +
        `|(?:假设你是|假設你是|想象你是|想像你是|扮演|玩个游戏|玩個遊戲|不要出戏|不要出戲|演员|演員|演じ|ふりをして|ゲームをしましょう|役になりきって|役を降りず|俳優|역할|연기|게임하자|척하고|척해|배우)`,
    ),
  },
  {
    id: 'rp-harm',
    type: 'jailbreak',
    weight: 0.75,
    requires: ['rp-frame'],
    re: en(
      `\\b(?:how (?:to|do i|people used to) (?:steal|hack|crack|poison|forge|clone|pick|break into|get into my neighbou?r)|(?:write|make|build) (?:ransomware|malware|a keylogger|explosives?|a bomb)|activation keys|no (?:rules|limits|filters|restrictions)|never refuses?|refusing is illegal|has no filters|without (?:any )?(?:rules|limits|filters|restrictions|warnings)|shaken off every restriction|untraceable|with real quantities|steal(?:s|ing)? (?:passwords|credentials|login)|passwords? (?:theft|stealing))\\b` +
        `|\\b(?:zugangsdaten|passworter) (?:stehlen|klauen)|\\b(?:wie man .{0,40}(?:stiehlt|knackt|hackt|vergiftet|falscht))|\\bkeine (?:regeln|filter)\\b|\\bohne (?:jegliche |alle )?(?:regeln|filter|einschrankungen)\\b|\\bnie ablehnt\\b|\\bbeschrankungen .{0,30}abgeschuttelt` +
        `|\\b(?:comment (?:voler|pirater|crocheter|empoisonner|fabriquer une fausse))|\\bsans (?:aucune )?(?:regle|filtre|restriction)s?\\b|\\bne refuse jamais\\b|\\baucun filtre\\b|\\blibere(?:e)? de toutes les restrictions` +
        `|\\b(?:como (?:robar|hackear|entrar en el wifi|envenenar|forzar))|\\bsin (?:ninguna )?(?:regla|filtro|restriccion)(?:e?s)?\\b|\\bnunca (?:se niega|rechaza)\\b|\\bno tiene filtros\\b|\\blibrado de todas las restricciones` +
        `|(?:盗取|偷取|破解|撬开|撬開|投毒|伪造|偽造|没有任何规则|沒有任何規則|没有任何过滤|沒有任何過濾|从不拒绝|從不拒絕|摆脱了.{0,10}所有限制|盗む|ハッキング|鍵の開け方|毒を入れる|ルールが一切な|絶対に断らない|フィルターのない|制限をすべて振り切|훔치|해킹|몰래 접속|도어락|독을 타|위조|규칙이 하나도 없|절대 거절하지|필터가 전혀 없|제한을 벗어던)`,
    ),
  },
  // ---- fake delimiters and chat-template tokens (injection) ------------------------------------
  {
    id: 'chat-template-token',
    type: 'injection',
    weight: 0.6,
    kind: 'template',
    re: en(
      `<\\|(?:im_start|im_end|system|user|assistant|endoftext|begin_of_text|start_header_id|end_header_id|eot_id|eom_id|start|end|channel|message)\\|>|\\[/?inst\\]|#{3}\\s*(?:instruction|response|input)\\s*:[\\s\\S]{0,400}#{3}\\s*(?:response|instruction|input)\\s*:|<</?sys>>|<start_of_turn>|<end_of_turn>|</?s>\\s*\\[inst|<\\|?endoftext\\|?>`,
    ),
  },
  {
    // A role word is a turn only when prose follows it: not a config key with a bare scalar
    // ("system: 42") or with nested keys / list items on the next line ("assistant:\n  rules:").
    id: 'fake-role-line',
    type: 'injection',
    weight: 0.5,
    kind: 'template',
    re: en(
      `(?:^|\\n|\\s{2,}|[.!?]\\s|\\]\\s?|\\}\\s?|"\\s?)(?:#{1,4}\\s*)?(?:system|assistant|developer|sys|admin)[^\\S\\n]*(?:message|prompt|instructions?)?[^\\S\\n]*:(?:[^\\S\\n]*(?!(?:true|false|null|yes|no|on|off|~|\\d[\\d.]*|\\[\\]|\\{\\})[^\\S\\n]*(?:,|\\n|$))[^\\s{\\[]|[^\\S\\n]*\\n\\s*(?![\\w.-]+[^\\S\\n]*:|-\\s)\\S)|(?:^|\\s)#{2,4}\\s*(?:system|instruction|instructions|new instructions|response|admin)\\b|\\((?:system|admin)\\s*:`,
    ),
  },
  {
    id: 'fake-dialogue',
    type: 'injection',
    weight: 0.5,
    kind: 'template',
    re: en(
      `\\n\\s*(?:user|human)\\s*:[^\\n]{1,300}\\n\\s*(?:assistant|ai)\\s*:\\s*$|(?:^|\\s)<\\|im_start\\|>\\s*assistant\\b`,
    ),
  },
  {
    id: 'fake-boundary',
    type: 'injection',
    // A rule of dashes (or =, *, #) is read from its first character only: from every character
    // of a long run, a run of thousands of dashes took seconds.
    weight: 0.5,
    kind: 'template',
    re: en(
      `(?:(?<!-)-{3,}|(?<!=)={3,}|(?<!\\*)\\*{3,}|(?<!#)#{3,}|\\[|<|\\()\\s*(?:end of|begin|start of|new|beginning of|stop)\\s+(?:the\\s+)?(?:user (?:input|message|query|prompt)|input|document|context|prompt|text|conversation|system (?:prompt|message)|instructions|data|email|file|tool (?:output|result)|search results?|webpage)\\s*(?:-{3,}|={3,}|\\*{3,}|#{3,}|\\]|>|\\))|</(?:user|document|context|tool_result|tool_output|input|instructions|system|data|search_results?)>\\s*(?:<(?:system|instructions|admin)>|\\S)`,
    ),
  },
  {
    id: 'fake-boundary-line',
    type: 'injection',
    weight: 0.4,
    kind: 'template',
    re: en(
      `(?:^|\\n)\\s*(?:\\[\\s*)?(?:end|end of|stop|close)\\s+(?:the\\s+)?(?:user\\s+)?(?:query|input|prompt|message|context|document|data|request)(?:\\s*\\])?\\s*(?:\\n|$)`,
    ),
  },
  {
    id: 'fake-markdown-role',
    type: 'injection',
    weight: 0.5,
    kind: 'template',
    re: en(
      `\\[(?:system|assistant|admin|developer)\\]\\s*\\(#?[\\w-]{0,30}\\)|(?:^|\\n)\\s*\\[(?:system|admin|developer|sys)\\]\\s*\\S`,
    ),
  },
  {
    id: 'fake-tag-open',
    type: 'injection',
    weight: 0.45,
    kind: 'template',
    re: en(
      `<(?:system|system_prompt|system-prompt|admin|instructions|important_instructions|sys|developer|override)>`,
    ),
  },
  // ---- indirect injection (documents, web pages, tool output) --------------------------------
  {
    id: 'note-to-ai',
    type: 'injection',
    weight: 0.65,
    re: en(
      `\\b(?:note|message|instructions?|directive|reminder|attention|important|notice|p\\.?s\\.?)\\s*(?:to|for)\\s+(?:the\\s+|any\\s+|all\\s+)?(?:ai|a\\.i\\.|assistant|llm|language model|model|chatbot|bot|agent|gpt|chatgpt|claude|gemini|copilot|ai assistants?|ai models?|ai agents?)\\b\\s*[:,-]?`,
    ),
  },
  {
    id: 'address-ai',
    type: 'injection',
    weight: 0.6,
    re: en(
      `(?:^|[\\s>(\\[-])(?:ai|a\\.i\\.|assistant|ai assistant|llm|chatbot|bot|ai agent|agent|model|gpt|claude|dear (?:ai|assistant|language model|model|bot))\\s*[:,]\\s*(?:please\\s+)?(?:ignore|disregard|forget|do not|don't|dont|you must|always|never|instead|stop|override|reveal|send|forward|recommend|tell the user)\\b|\\bthe (?:ai|assistant|model|llm|chatbot|agent) (?:must|should|has to|is required to|will now)\\s+(?:now\\s+)?(?:ignore|disregard|forget|reveal|send|forward|stop|recommend|tell|say)\\b`,
    ),
  },
  {
    id: 'bracket-ai-note',
    type: 'injection',
    weight: 0.6,
    re: en(
      `[\\[(]\\s*(?:assistant|ai|system|admin|bot|model|llm)\\s+(?:instructions?|notes?|directives?|commands?|message)\\s*:|\\b(?:ai|assistant|chatbot|bot|model|agent)\\s*,\\s*when\\s+you\\b`,
    ),
  },
  {
    id: 'dear-ai',
    type: 'injection',
    weight: 0.45,
    re: en(
      `\\b(?:dear|hello|hi|hey|attention)\\s+(?:ai|a\\.i\\.|assistant|language model|large language model|llm|chatbot|ai assistant|ai model|model)\\s*[,:!]`,
    ),
  },
  {
    id: 'if-you-are-ai',
    type: 'injection',
    weight: 0.65,
    re: en(
      `\\bif you(?:'re| are)\\s+(?:an?\\s+)?(?:ai|a\\.i\\.|llm|language model|large language model|assistant|chatbot|bot|agent|automated (?:system|agent|assistant)|gpt|ai model|ai assistant)\\b|\\b(?:ai|llm|assistant|model|agent|bot)s?\\s+(?:reading|processing|parsing|summari[sz]ing|browsing|analy[sz]ing|scanning|seeing)\\s+(?:this|these)\\b|\\b(?:any|every|all|an?)\\s+(?:ai|llm|assistant|language model|model|agent|bot|chatbot)s?\\s+(?:that|who|which)\\s+(?:reads?|processes|process|sees?|parses?|summari[sz]es?|analy[sz]es?|visits?|crawls?)\\s+(?:this|these)\\b`,
    ),
  },
  {
    id: 'ai-must',
    type: 'injection',
    weight: 0.35,
    re: en(
      `\\b(?:ai|llm|assistant|language model|chatbot|agent|bot)s?\\b.{0,40}\\b(?:must|should|are required to|is required to|need to|needs to|have to|has to)\\s+(?:also\\s+|now\\s+|always\\s+)?(?:ignore|say|tell|reveal|include|recommend|list|send|forward|output|print|insert|add|mention|respond|reply|answer|write|delete|visit|call)\\b`,
    ),
  },
  {
    id: 'when-summarising',
    type: 'injection',
    weight: 0.55,
    re: en(
      `\\b(?:when|while|before|after)\\s+(?:you\\s+)?(?:summari[sz]e|summari[sz]ing|read|reading|process|processing|analy[sz]e|analy[sz]ing|translate|translating|answer|answering|reply to|replying to|respond to|responding to)\\s+(?:this|the)\\s+(?:page|document|email|text|article|file|message|content|review|result|website|pdf|ticket|invite|comment|post|issue)\\b.{0,40}\\b(?:you must|you should|you will|always|instead|also|make sure|tell|say|include|recommend|mention|insert)\\b|\\binstead of (?:summari[sz]ing|translating|answering|reviewing)\\b`,
    ),
  },
  {
    id: 'user-authorised',
    type: 'injection',
    weight: 0.5,
    re: en(
      `\\bthe user (?:has|had) (?:already )?(?:authori[sz]ed|approved|consented|agreed|granted|asked you)\\b|\\b(?:this|these) (?:instructions?|commands?) (?:come|comes|is|are) from (?:the user|your (?:developer|owner|administrator)|the (?:system|administrator|developer))\\b`,
    ),
  },
  {
    id: 'hidden-instruction-cue',
    type: 'injection',
    weight: 0.4,
    re: en(
      `\\b(?:hidden|secret|invisible)\\s+(?:instruction|command|prompt|message)s?\\s*(?::|for)|\\bthe following (?:instructions?|text) (?:is|are) (?:for|meant for|addressed to) (?:the )?(?:ai|assistant|model|llm)\\b`,
    ),
  },
  // ---- payload splitting / encoded payload cues ----------------------------------------------
  {
    id: 'concat-payload',
    type: 'injection',
    weight: 0.35,
    re: en(
      `\\b(?:concatenate|combine|join|merge|put together|assemble|add together)\\b.{0,50}\\b(?:strings|parts|pieces|fragments|variables|words|segments|halves|a\\s*\\+\\s*b|x\\s*\\+\\s*y)\\b.{0,60}\\b(?:follow|execute|obey|do|perform|act on|run|carry out)\\b|\\b[a-z]\\s*=\\s*["'][^"']{1,60}["'].{0,20}\\b[a-z]\\s*=\\s*["'][^"']{1,60}["'].{0,80}\\b[a-z]\\s*\\+\\s*[a-z]\\b`,
      // The assignments-then-concatenation alternative is matched in code (`assignment-concat.ts`).
      { [ASSIGNMENT_CONCAT_SOURCE]: ASSIGNMENT_CONCAT },
    ),
  },
  {
    id: 'acrostic-cue',
    type: 'injection',
    weight: 0.4,
    re: en(
      `\\b(?:first|last|initial|capital)\\s+(?:word|letter|character)s?\\s+of\\s+(?:each|every|the)\\s+(?:line|sentence|word|paragraph)s?\\b.{0,60}\\b(?:follow|execute|obey|do|perform|act on|carry out)\\b`,
    ),
  },
  {
    id: 'decode-and-follow',
    type: 'injection',
    weight: 0.4,
    re: en(
      `\\b(?:decode|decrypt|deobfuscate|translate|convert|reverse|unscramble)\\b.{0,50}\\b(?:and|then)\\s+(?:follow|execute|obey|do|perform|carry out|act on|comply with|run)\\b|\\b(?:follow|execute|obey|carry out)\\s+(?:the\\s+)?(?:decoded|hidden|encoded|following encoded)\\s+(?:instructions?|text|message|command)`,
    ),
  },
  // ---- modifiers: scoped objects and reported speech are not overrides of the assistant ------
  {
    id: 'scoped-object',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: [
        'override',
        'override-strong',
        'override-mine',
        'override-everything-above',
        ...SEMANTIC_OVERRIDE_IDS,
        ...BAG_IDS,
      ],
      factor: 0.4,
    },
    re: en(
      `\\b${EN_NOUN}\\s+(?:about|regarding|concerning|for the|for our|for my|on the|on my|of the|in the|printed|written|that came with|from the|from my|from our|in my|in our)\\s+(?!(?:you|this (?:chat|conversation|session)|the (?:system|assistant|ai|conversation|chat|model))\\b)\\w+`,
    ),
  },
  {
    // "Provide the complete set of rules for the tournament": rules of something else.
    id: 'scoped-exfil',
    type: 'data-exfiltration',
    weight: 0,
    dampens: { ids: ['reveal-system-prompt', 'sem-exfil', 'sem-owned-exfil', 'repeat-above'], factor: 0.5 },
    re: en(
      `\\babove this line in (?:the|my|our) (?!(?:conversation|chat|prompt|system|message)\\b)\\w+|\\b(?:rules|instructions|guidelines|configuration|setup)\\s+(?:for|of|about|on)\\s+(?:the|our|my|a|this)\\s+(?!(?:system|assistant|ai|model|chat|conversation|session|bot)\\b)\\w+`,
    ),
  },
  {
    id: 'scoped-no-limits',
    type: 'jailbreak',
    weight: 0,
    dampens: { ids: ['no-restrictions', 'ai-without-rules', 'sem-unbound'], factor: 0.3 },
    re: en(
      `\\bno\\s+(?:limits|rules|restrictions|limitations|boundaries|constraints)\\s+(?:on|for|to|regarding|about|in terms of)\\s+(?!(?:what you|your (?:answers|responses|output|replies)|you\\b|the (?:ai|assistant|model)))\\w+`,
    ),
  },
  {
    id: 'example-request',
    type: 'data-exfiltration',
    weight: 0,
    dampens: {
      ids: [
        'reveal-system-prompt',
        'de-exfil',
        'fr-exfil',
        'es-exfil',
        'zh-exfil',
        'ja-exfil',
        'ko-exfil',
        'sem-exfil',
        'sem-owned-exfil',
        'sem-ml-sysprompt-exfil',
        'sem-de-exfil',
        'sem-fr-exfil',
        'sem-es-exfil',
        'sem-zh-exfil',
        'sem-ja-exfil',
        'sem-ko-exfil',
      ],
      factor: 0.4,
    },
    re: en(
      `\\b(?:an? )?examples? (?:of )?(?:an? |good |typical )?system prompts?\\b|\\bexample system prompts?\\b|システムプロンプトの例|(?:프롬프트|메시지)\\s*예시|(?:系统提示|系統提示)(?:词|詞)?的(?:例子|示例|范例|範例)|beispiel (?:fur|eines|einen|einer)|un exemple de|un ejemplo de`,
    ),
  },
  {
    // Overrides are imperatives aimed at the assistant. The same verb after an auxiliary, a
    // negation or a third-person subject describes or forbids ("the bot keeps ignoring my
    // messages", "users must not bypass the filters", "don't skip the previous steps").
    id: 'non-imperative',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: [
        'override',
        'override-strong',
        'override-everything-above',
        'override-task',
        ...SEMANTIC_OVERRIDE_IDS,
      ],
      factor: 0.5,
    },
    re: en(
      `\\b(?:keeps?|kept|keep on|started|stopped|tends? to|tried to|tries to|attempts? to|attempting to|must not|should not|shouldn't|mustn't|do not|don't|dont|did not|didn't|cannot|can't|won't|will not|is|are|was|were|been|users|people|attackers?|they|he|she|it|someone|anyone)\\s+(?:\\w+\\s+)?(?:attempt to\\s+|try to\\s+)?(?:ignor|disregard|bypass|overrid|overrul|forget|forgot|skip|circumvent|discard)\\w*`,
    ),
  },
  {
    // The English 'non-imperative' rule for the other six languages: "don't forget the rules"
    // is the opposite of an override.
    id: 'negated-ml',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: [
        'de-override',
        'fr-override',
        'es-override',
        'zh-override',
        'ja-override',
        'ko-override',
        ...SEMANTIC_ML_OVERRIDE_IDS,
      ],
      factor: 0.3,
    },
    re: en(
      `\\bn'(?:oublie|ignore)z?\\s+pas\\b|\\bne\\s+pas\\s+(?:oublier|ignorer)\\b|\\bno\\s+(?:olvides|olvide|olviden|ignores|ignore|ignoren)\\b|\\bvergiss(?:\\s+bitte)?\\s+nicht\\b|\\bnicht\\s+(?:vergessen|ignorieren)\\b|别忘|別忘|不要忘记|不要忘記|忘れないで|無視しないで|잊지\\s*마|무시하지\\s*마`,
    ),
  },
  {
    id: 'reported-speech-ml',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: [
        'de-override',
        'fr-override',
        'es-override',
        'zh-override',
        'ja-override',
        'ko-override',
        ...SEMANTIC_ML_OVERRIDE_IDS,
      ],
      factor: 0.4,
    },
    re: en(
      `(?:医生|醫生|老师|老師|老板|老闆|他|她|他们|他們|经理|經理|妈妈|媽媽)?(?:让我|讓我|叫我|要我|告诉我要|告訴我要)|ように(?:言われ|指示され|と言われ)|と言われ|(?:하라고|라고)\\s*(?:했|하셨)|\\b(?:hat mir gesagt|sagt,? ich soll|sagte mir|meint,? ich soll)\\b|\\bm'a (?:dit|demande) d|\\bme (?:dijo|pidio|indico) que\\b`,
    ),
  },
  {
    id: 'system-prompt-as-data',
    type: 'system-override',
    weight: 0,
    dampens: { ids: ['override', 'override-strong', ...SEMANTIC_OVERRIDE_IDS], factor: 0.4 },
    re: en(
      `\\b(?:skip|skips|skipping|drop|drops|omit|omits|strip|strips|remove|removes|filter out|exclude|excludes|ignore|ignores|ignoring|count|counts|counting)\\s+(?:the\\s+)?system\\s+(?:prompts?|messages?)\\s+(?:when|while|from|in|before|during|for|if)\\b`,
    ),
  },
  {
    id: 'template-talk',
    type: 'injection',
    weight: 0,
    dampens: {
      ids: [
        'chat-template-token',
        'fake-tag-open',
        'fake-role-line',
        'fake-markdown-role',
        'fake-dialogue',
        'fake-boundary',
      ],
      factor: 0.35,
    },
    re: en(
      `\\b(?:tags?|tokens?|markers?|chat (?:format|template)|prompt format|chatml|tokeni[sz]er|special tokens?|delimiters?|template)\\b.{0,60}(?:\\?|\\bhow\\b|\\bwhy\\b|\\bwhat\\b|\\bright\\b)|\\b(?:how|why|what)\\b.{0,80}\\b(?:tags?|tokens?|markers?|chat format|chatml|tokeni[sz]er)\\b|\\b(?:xml|html|markup)\\b.{0,40}\\b(?:emits?|outputs?|generates?|renders?|produces?|parses?)\\b`,
    ),
  },
  {
    id: 'reported-speech',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: ['override', 'override-strong', 'override-everything-above', 'sem-override'],
      factor: 0.5,
    },
    re: en(
      `\\b(?:told|asked|instructed|wants|want|said|reminded|allowed|lets|let)\\s+(?:us|them|me|him|her|everyone|the team|staff|employees|people)\\s+(?:to\\s+)?${EN_VERB}\\b`,
    ),
  },
  {
    // The English 'scoped-object' rule for German, French and Spanish: "olvida las reglas del
    // concurso", "ignore les consignes de la recette", "ignoriere die Regeln zum Dresscode" name
    // rules of something else. The rules of the system, the assistant, the conversation, the
    // developer or the reader ("tus", "vos", "deine") are not scoped away.
    id: 'scoped-object-ml',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: ['de-override', 'fr-override', 'es-override', ...SEMANTIC_ML_OVERRIDE_IDS],
      factor: 0.4,
      scope: 'sentence',
    },
    re: en(
      `\\b(?:reglas|instrucciones|normas|indicaciones|directrices)\\s+(?:del|de la|de los|de las|para el|para la|sobre el|sobre la)\\s+(?!(?:sistema|asistente|ia|modelo|chat|conversacion|desarrollador\\w*|programador\\w*|operador\\w*|empresa que|principio|inicio|arriba|antes)\\b)[a-z]\\w+|\\b(?:regles|instructions|consignes|directives)\\s+(?:du|de la|des|pour le|pour la|sur le|sur la)\\s+(?!(?:systeme|assistant|ia|modele|chat|conversation|developpeu\\w*|programmeu\\w*|operateu\\w*|debut|depart|haut)\\b)[a-z]\\w+|\\b(?:regeln|anweisungen|vorgaben|richtlinien)\\s+(?:fur (?:die|den|das)|zum|zur|des|vom|uber (?:die|den|das))\\s+(?!(?:system\\w*|assistent\\w*|ki|modell\\w*|chat\\w*|entwickler\\w*|betreiber\\w*|anfang|beginn)\\b)[a-z]\\w+`,
    ),
  },
  {
    // Advice and prohibitions are the opposite of an exfiltration request: "never reveal your
    // system prompt", "employees must not disclose internal instructions", "niemals
    // veröffentlichen", "ne révélez jamais", "nunca reveles", "切勿透露", "見せないこと",
    // "공개하지 마세요". The negation must govern the read-out verb itself.
    id: 'negated-exfil',
    type: 'data-exfiltration',
    weight: 0,
    dampens: { ids: EXFIL_IDS, factor: 0.3, scope: 'sentence' },
    re: en(
      `\\b(?:never|not|don't|dont|do not|must not|mustn't|should not|shouldn't|may not|cannot|can't|won't|no one (?:may|should|must))\\s+(?:ever\\s+)?(?:reveal|share|paste|disclose|show|print|expose|leak|post|publish|give out|hand out|send|forward|repeat|output|upload)\\b|\\b(?:gib|zeig\\w*|teile?|verrat\\w*|veroffentliche?|poste?|kopiere?)\\b.{0,40}\\b(?:niemals|nie|keinesfalls|auf keinen fall)\\b|\\b(?:niemals|nie|keinesfalls|nicht)\\s+(?:\\w+\\s+){0,4}(?:weitergeben|herausgeben|preisgeben|veroffentlichen|zeigen|teilen|posten|verraten)\\b|\\bne\\s+(?:\\w+\\s+)?(?:revele[zr]?|affiche[zr]?|partage[zr]?|divulgue[zr]?|montre[zr]?|colle[zr]?|publie[zr]?|donne[zr]?|communique[zr]?|doivent divulguer|doit divulguer)\\w*\\s+(?:jamais|pas|rien|ni)\\b|\\b(?:nunca|jamas|no)\\s+(?:\\w+\\s+)?(?:reveles|revele|revelen|muestres|muestre|compartas|comparta|publiques|pegues|divulgues|divulgue|debe[ns]? (?:revelar|compartir|divulgar|mostrar))\\b|(?:切勿|不要|不得|别|別|请勿|請勿|禁止|不可|不能|千万不要|千萬不要|绝不|絕不)[^。！？\\n]{0,12}(?:透露|泄露|洩露|贴出|貼出|公开|公開|显示|顯示|分享|发布|發布|输出|輸出)|(?:見せ|貼ら|公開し|開示し|漏らさ|出力し|教え|共有し|送信し)(?:ない(?:こと|で|ように)|てはなりません|てはいけません|ません)|(?:공개하|보여주|보여 주|올리|유출하|알려주|알려 주|출력하|공유하|전송하)지\\s*(?:마|말|않|못)|(?:공개|유출|전송)해서는\\s*안`,
    ),
  },
  {
    // A third-person subject that ignores or forgets is a report about a bot, not an order to
    // this one: "the assistant no longer ignores the system prompt", "¿por qué mi bot ignora…?",
    // "pourquoi mon bot oublie-t-il…", "warum ignoriert mein Bot…", "助手不再忽略…",
    // "アシスタントがシステムプロンプトを無視する問題", "어시스턴트가 … 무시하던 문제".
    id: 'third-person-report',
    type: 'system-override',
    weight: 0,
    dampens: {
      ids: [
        'override',
        'override-strong',
        'de-override',
        'fr-override',
        'es-override',
        'zh-override',
        'ja-override',
        'ko-override',
        ...SEMANTIC_OVERRIDE_IDS,
        ...SEMANTIC_ML_OVERRIDE_IDS,
      ],
      factor: 0.4,
      scope: 'sentence',
    },
    re: en(
      `\\b(?:assistant|bot|chatbot|model|agent|ai|llm|it)\\s+(?:\\w+\\s+)?(?:ignores|forgets|skips|bypasses|overrides|disregards|drops)\\b|\\b(?:el|la|mi|nuestro|nuestra|tu|su|este|ese)\\s+(?:asistente|bot|chatbot|modelo|agente|ia|sistema)\\s+(?:ya no\\s+|no\\s+|todavia\\s+|siempre\\s+|a veces\\s+)?(?:ignora|olvida|omite|salta)\\b|\\b(?:l'|le |la |mon |ma |notre |votre |cet |ce )(?:assistant|bot|chatbot|modele|agent|ia)\\s+(?:n')?(?:ignore|oublie|saute)\\b|\\b(?:ignore|oublie)-t-(?:il|elle)\\b|\\b(?:il|elle|ils|elles)\\s+(?:n')?(?:\\w+\\s+)?(?:ignore|oublie|ignorent|oublient)\\b|\\b(?:der|die|das|mein|meine|unser|unsere|dein|deine)\\s+(?:assistent|bot|chatbot|modell|agent|ki)\\s+(?:\\w+\\s+)?(?:ignoriert|vergisst|ubergeht|uberspringt)\\b|\\b(?:ignoriert|vergisst)\\s+(?:der|die|das|mein|meine|unser|unsere)\\s+(?:assistent|bot|chatbot|modell|agent|ki)\\b|(?:助手|机器人|機器人|模型|聊天机器人|ai|它)(?:不再|总是|總是|老是|经常|經常|还是|還是|会|會|有时|有時)(?:忽略|忘记|忘記|无视|無視|跳过|跳過)|(?:アシスタント|ボット|モデル|ai|チャットボット)が[^。！？\\n]{0,20}(?:無視する|忘れる|無視され)(?:問題|こと|場合|バグ|不具合)?|(?:어시스턴트|봇|모델|ai|챗봇)(?:가|이)[^.!?\\n]{0,20}(?:무시하던|무시하는|잊어버리는|잊는)`,
    ),
  },
  // ---- German ----------------------------------------------------------------------------------
  {
    id: 'de-override',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `\\b(?:ignorier\\w*|vergiss|vergessen sie|missacht\\w*|ubergeh\\w*|verwirf|verwerfen sie|beachte(?:n sie)? nicht|befolge(?:n sie)? nicht(?: mehr)?|setze? .{0,20}ausser kraft)\\b(?!\\s+(?:diese[nrs]?|den|die)\\s+(?:warnung|hinweis|nachricht|kommentar|mail|e-mail|zeile|meldung|fehler)\\b)[^"<>\\n.!?\u201e\u201c]{0,40}\\b(?:alle\\w*|vorherig\\w*|vorig\\w*|bisherig\\w*|obig\\w*|dein\\w*|ihre\\w*|fruher\\w*|vorangegangen\\w*|ursprunglich\\w*|system\\w*)\\b.{0,25}\\b(?:anweisung\\w*|instruktion\\w*|regeln|vorgaben|befehle|richtlinien|systemprompt|system-prompt|anordnungen|einschrankungen)\\b|\\bbefolge\\w*\\s+(?:die|deine|ihre|alle)?\\s*\\w*\\s*(?:anweisungen|regeln|vorgaben|richtlinien)\\s+nicht\\s+mehr\\b|\\b(?:alle\\w*|vorherig\\w*|bisherig\\w*|obig\\w*|dein\\w*|ursprunglich\\w*)\\s+(?:\\w+\\s+)?(?:anweisung\\w*|instruktion\\w*|regeln|vorgaben|befehle|richtlinien)\\s+(?:\\w+\\s+){0,3}(?:ignorieren|vergessen|missachten|nicht (?:mehr )?(?:befolgen|beachten)|sind (?:ab sofort |jetzt )?(?:ungultig|aufgehoben|nichtig))\\b`,
    ),
  },
  {
    id: 'forget-everything-ml',
    type: 'system-override',
    weight: 0.75,
    re: en(
      `\\boublie[rz]?\\s+tout\\s+ce\\s+(?:qu'on|que l'on|qu'on t'a|que je t'ai|qu'on vous a|qui precede|qui a ete|que tu as)\\b|\\bolvid(?:a|e|en)\\s+todo\\s+lo\\s+(?:que\\s+(?:te|se te|le|les)\\s+(?:dijeron|han dicho|he dicho|dije|indicaron|ordenaron)|anterior)\\b|\\bvergiss\\s+alles,?\\s+was\\s+(?:man dir|dir|ich dir|du)\\b|(?:忘记|忘記|忘掉)(?:你)?(?:之前|以前|先前)?(?:被告知|听到|聽到|收到)?的?一切|(?:これまで|今まで)に?(?:言われた|受けた|与えられた)(?:こと|指示)[^。]{0,6}(?:忘れ|無視)|(?:지금까지|이전에)\\s*(?:들은|받은)\\s*(?:것|지시)[^.]{0,8}(?:잊어|무시)`,
    ),
  },
  {
    id: 'de-exfil',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `\\b(?:zeig\\w*|gib|geben sie|nenne?\\w*|verrat\\w*|wiederhol\\w*|druck\\w*|gib .{0,10}aus|offenbar\\w*|enthull\\w*|teile?\\w*|schreib\\w*|ausgeben)\\b.{0,40}\\b(?:dein\\w*|ihr\\w*|den|die|deine)\\s+(?:\\w+\\s+)?(?:system-?prompt|systemnachricht|systemanweisung\\w*|anfangsanweisung\\w*|ursprunglich\\w* anweisung\\w*|versteckt\\w* anweisung\\w*|geheim\\w* anweisung\\w*|anweisungen)\\b|\\b(?:system-?prompt|systemanweisungen)\\b.{0,30}\\b(?:zeigen|ausgeben|verraten|wiederholen|nennen|offenlegen)\\b`,
    ),
  },
  {
    id: 'de-jailbreak',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `\\b(?:ohne|keine|keinerlei|frei von)\\s+(?:jegliche\\w*\\s+|irgendwelche\\w*\\s+)?(?:einschrankungen|regeln|filter|grenzen|zensur|richtlinien|beschrankungen|moral|ethik)\\b|\\bentwicklermodus\\b|\\b(?:uneingeschrankt|entfesselt|unzensiert|ungefiltert)\\w*\\s+(?:ki|assistent\\w*|modus|version)\\b`,
    ),
  },
  {
    id: 'de-role',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(
      `\\bdu bist (?:jetzt|ab sofort|nun|ab jetzt|nicht mehr|keine ki)\\b|\\bab (?:jetzt|sofort) bist du\\b|\\bdeine neue rolle\\b`,
    ),
  },
  {
    id: 'de-indirect',
    type: 'injection',
    weight: 0.65,
    re: en(
      `\\b(?:hinweis|nachricht|anweisung|notiz)\\s+(?:an|fur)\\s+(?:die|den|alle)?\\s*(?:ki|assistent\\w*|sprachmodell\\w*|modell|bot|ki-assistent\\w*)\\b|\\bwenn du (?:eine ki|ein sprachmodell|ein ki-assistent|ein assistent) bist\\b|\\bneue (?:anweisung(?:en)?|instruktion(?:en)?|befehle?)(?:\\s+(?:vom|von der|von|des)\\s+[a-z]+)?\\s*:`,
    ),
  },
  // ---- French ----------------------------------------------------------------------------------
  {
    // The verb and "instructions/règles" must share a clause (no quote, tag, newline or sentence
    // end between them), and "ignorer cet avertissement/ce message" is about the container.
    id: 'fr-override',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `\\b(?:ignore[rz]|ignore(?=\\s+(?:toutes?|tes|vos|les|ces|l'ensemble))|oublie[rz]?|ne (?:tiens|tenez) (?:pas|plus) compte|fais abstraction|faites abstraction|neglige[rz]?|ne suis plus|ne suivez plus|ne respecte plus|ne respectez plus|abandonne[rz]?|annule[rz]?|efface[rz]?|passe[rz]? outre)\\b(?!\\s+(?:cet|ce|cette)\\s+(?:avertissement|message|commentaire|courriel|e-mail|mail|ligne|note|alerte|erreur)\\b)[^"<>\\n.!?]{0,40}\\b(?:instructions?|consignes?|regles|directives?|ordres|prompt systeme|commandes|restrictions)\\b.{0,30}\\b(?:precedent\\w*|anterieur\\w*|ci-dessus|initial\\w*|d'origine|originale?s?|systeme)?|\\b(?:toutes?|tes|vos|les) (?:les )?(?:instructions?|consignes?|regles|directives?)\\s+(?:precedent\\w*|anterieur\\w*|ci-dessus|initial\\w*)\\b.{0,30}\\b(?:ignore\\w*|oubli\\w*|annul\\w*|nulles?|caduques?)`,
    ),
  },
  {
    id: 'fr-exfil',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `\\b(?:montre\\w*|affiche\\w*|revele\\w*|donne\\w*|repete\\w*|ecri[st]\\w*|dis-moi|dites-moi|recite\\w*|imprime\\w*|partage\\w*|divulgue\\w*|communique\\w*)\\b.{0,40}\\b(?:ton|votre|tes|vos|le|les)\\s+(?:\\w+\\s+)?(?:prompt systeme|prompt|message systeme|instructions (?:initiales|cachees|systeme|d'origine|secretes)|consignes (?:initiales|cachees|systeme|secretes)|instructions systeme|invite systeme)\\b`,
    ),
  },
  {
    id: 'fr-jailbreak',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `\\bsans (?:aucune?\\s+)?(?:restrictions?|regles|filtres?|limites|censure|limitations|garde-fous|ethique|morale)\\b|\\bmode developpeur\\b|\\bn'as plus (?:de|aucune?) (?:regles|restrictions|limites)\\b|\\b(?:ia|assistant|version) (?:non censure\\w*|sans filtre|libere\\w*|malveillant\\w*)\\b`,
    ),
  },
  {
    id: 'fr-role',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(
      `\\btu es (?:maintenant|desormais|a present|plus)\\b|\\bvous etes (?:maintenant|desormais|a present)\\b|\\b(?:a partir de maintenant|des maintenant|desormais),? tu\\b|\\bton nouveau role\\b`,
    ),
  },
  {
    id: 'fr-indirect',
    type: 'injection',
    weight: 0.65,
    re: en(
      `\\b(?:note|message|instructions?|remarque)\\s+(?:pour|a|aux|a l')\\s*(?:l'|les?\\s+|la\\s+)?(?:ia|assistant\\w*|modele\\w*|llm|agent\\w*|chatbot)\\b|\\bsi (?:tu es|vous etes) une? (?:ia|intelligence artificielle|assistant|modele de langage)\\b|\\bnouvelles? (?:instructions?|consignes?)(?:\\s+(?:du|de la|de l'|des)\\s*[a-z]+)?\\s*:`,
    ),
  },
  // ---- Spanish ---------------------------------------------------------------------------------
  {
    // As in French: verb and noun in one clause, and "ignorar este aviso" is about the container.
    id: 'es-override',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `\\b(?:ignora\\w*|ignore[ns]?|olvida\\w*|olvide\\w*|descarta\\w*|omite\\w*|haz caso omiso|hagan caso omiso|no sigas|deja de seguir|no obedezcas|anula\\w*|pasa por alto|desobedece)\\b(?!\\s+(?:este|esta|ese|esa)\\s+(?:aviso|mensaje|comentario|correo|e-mail|linea|nota|alerta|error|advertencia)\\b)[^"<>\\n.!?]{0,40}\\b(?:instrucciones|reglas|indicaciones|directrices|ordenes|prompt del sistema|normas|restricciones|directivas)\\b|\\b(?:todas las|tus|sus|las) (?:instrucciones|reglas|indicaciones|directrices) (?:anteriores|previas|de arriba|iniciales|originales)\\b.{0,30}\\b(?:ya no|quedan|son|estan)\\b.{0,20}\\b(?:validas|anuladas|sin efecto|canceladas|nulas|aplican)`,
    ),
  },
  {
    id: 'es-exfil',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `\\b(?:muestra\\w*|revela\\w*|dime|diga\\w*|repite\\w*|imprime\\w*|ensena\\w*|escribe\\w*|comparte\\w*|da\\w*|filtra\\w*|divulga\\w*|copia\\w*)\\b.{0,40}\\b(?:tu|su|tus|sus|el|las|los)\\s+(?:\\w+\\s+)?(?:prompt del sistema|prompt de sistema|prompt|mensaje del sistema|instrucciones (?:iniciales|ocultas|del sistema|originales|secretas)|indicaciones (?:iniciales|ocultas|del sistema|secretas)|instrucciones de sistema)\\b`,
    ),
  },
  {
    id: 'es-jailbreak',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `\\bsin (?:ninguna\\s+|ningun\\s+)?(?:restricciones|reglas|filtros?|limites|censura|limitaciones|etica|moral)\\b|\\bmodo (?:desarrollador|sin filtros|dios)\\b|\\bya no tienes (?:reglas|restricciones|limites)\\b|\\b(?:ia|asistente|version) (?:sin censura|sin filtros|liberad\\w*|malvad\\w*)\\b`,
    ),
  },
  {
    id: 'es-role',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(
      `\\b(?:ahora|a partir de ahora|desde ahora),? (?:eres|seras|tu eres)\\b|\\bya no eres\\b|\\btu nuevo (?:rol|papel)\\b`,
    ),
  },
  {
    id: 'es-indirect',
    type: 'injection',
    weight: 0.65,
    re: en(
      `\\b(?:nota|mensaje|instrucciones?|aviso)\\s+(?:para|a)\\s+(?:la\\s+|el\\s+|los\\s+|las\\s+)?(?:ia|asistente\\w*|modelo\\w*|llm|agente\\w*|chatbot)\\b|\\bsi eres una? (?:ia|inteligencia artificial|asistente|modelo de lenguaje)\\b|\\bnuevas? (?:instrucciones|instruccion|orden|ordenes|indicaciones)(?:\\s+(?:del|de la|de)\\s+[a-z]+)?\\s*:`,
    ),
  },
  // ---- Chinese (simplified and traditional) --------------------------------------------------
  {
    id: 'zh-override',
    script: 'cjk',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `(?:忽略|忽视|忽視|无视|無視|不要管|別管了|不用管|不要遵守|別遵守|别遵守|不要遵循|不要服从|不要服從|不要理会|不要理會|别管|別管|忘记|忘記|忘掉|抛开|拋開|放弃|放棄|不再遵守|无需遵守|無需遵守|不用遵守|不必遵守|跳过|跳過|违背|違背|推翻|取消|覆盖|覆蓋)[^。！？\\n]{0,12}(?:之前|以前|先前|上面|上述|前面|所有|全部|原来|原來|原有|你的|系统|系統|初始|原始|一切)[^。！？\\n]{0,8}(?:指令|指示|说明|說明|提示词|提示詞|提示|规则|規則|设定|設定|限制|约束|約束|命令|规定|規定|准则|準則|要求)|(?:之前|以前|先前|上面|上述|所有|原来|原來|你的)(?:的)?(?:所有)?(?:指令|指示|规则|規則|设定|設定|限制)[^。！？\\n]{0,6}(?:作废|作廢|无效|無效|都不算|不再适用|不再適用|已取消)`,
    ),
  },
  {
    id: 'zh-exfil',
    script: 'cjk',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `(?:显示|顯示|展示|输出|輸出|打印|告诉我|告訴我|透露|泄露|洩露|重复|重複|给我看|給我看|公开|公開|说出|說出|复述|複述|列出|发给我|發給我)[^。！？\\n]{0,15}(?:你的|您的|上面的|最初的|原始的|隐藏的|隱藏的)?(?:系统提示|系統提示|系统消息|系統訊息|系统指令|系統指令|初始指令|隐藏指令|隱藏指令|原始指令|系统设定|系統設定|提示词|提示詞|预设指令|預設指令)|(?:你的|您的)(?:系统提示|系統提示|提示词|提示詞|初始指令|系统指令|系統指令)[^。！？\\n]{0,6}(?:是什么|是什麼|有哪些|内容)|(?:系统提示|系統提示|系统提示词|系统指令|系統指令|初始指令|隐藏指令|隱藏指令|提示词|提示詞)[^。！？\\n]{0,10}(?:显示|顯示|输出|輸出|打印|告诉|告訴|发给|發給|列出|复述|複述|给我看|給我看|说出来|說出來|泄露|洩露)`,
    ),
  },
  {
    id: 'zh-jailbreak',
    script: 'cjk',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `(?:没有|沒有|不受|无|無|摆脱|擺脫|解除)(?:任何)?(?:限制|规则|規則|约束|約束|过滤|過濾|审查|審查|道德|伦理|倫理)(?:的|地)?[^。！？\\n]{0,6}(?:ai|人工智能|助手|模式|版本|角色|回答|回复|回覆)|开发者模式|開發者模式|越狱|越獄|(?:无|無)限制模式`,
    ),
  },
  {
    id: 'zh-role',
    script: 'cjk',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(
      `(?:你现在是|你現在是|从现在开始你是|從現在開始你是|从现在起你是|從現在起你是|你不再是|你的新身份是|你的新角色是)`,
    ),
  },
  {
    id: 'zh-indirect',
    script: 'cjk',
    type: 'injection',
    weight: 0.65,
    re: en(
      `(?:致|给|給)(?:ai|人工智能|ai助手|助手|模型|语言模型|語言模型)(?:的)?(?:指令|提示|说明|說明|消息|訊息)?[：:]|如果你是(?:ai|人工智能|语言模型|語言模型|ai助手|助手)|(?:ai|人工智能|助手)请注意|(?:ai|人工智能|助手)請注意|新(?:的)?指令[：:]`,
    ),
  },
  // ---- Japanese ----------------------------------------------------------------------------------
  {
    id: 'ja-override',
    script: 'cjk',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `(?:以前|前|これまで|今まで|上記|上|すべて|全て|最初|元|既存|システム)の?(?:すべての|全ての)?(?:指示|命令|ルール|制約|指令|プロンプト|規則|ガイドライン|制限)[^。！？\\n]{0,12}(?:無視|忘れ|従わな|従わず|破棄|取り消|無効)|` +
        // Settings only when told to, not described: a changelog's "以前の設定は無視されます" (the
        // old settings are ignored) is software behaviour, "以前の設定を無視して" is an order.
        `(?:以前|前|これまで|今まで|上記|上|すべて|全て|最初|元|既存|システム)の?(?:すべての|全ての)?設定[^。！？\\n]{0,12}(?:無視(?!され)|忘れ|従わな|従わず|破棄|取り消|無効)|(?:無視して|忘れて)[^。！？\\n]{0,6}(?:以前|これまで|上記|すべて|全て)の?(?:指示|命令|ルール|設定|制約)`,
    ),
  },
  {
    id: 'ja-exfil',
    script: 'cjk',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `(?:最初に|初めに)?(?:与えられた|受けた|設定された)(?:指示|命令|プロンプト)[^。！？\\n]{0,10}(?:教えて|見せて|表示|出力|書き出)|(?:システムプロンプト|初期指示|隠された指示|元の指示|システムメッセージ|設定された指示|最初の指示|内部指示|プロンプトの内容)[^。！？\\n]{0,15}(?:表示|教えて|見せて|出力|繰り返|公開|明かし|書き出|開示)`,
    ),
  },
  {
    id: 'ja-jailbreak',
    script: 'cjk',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `(?:制限|ルール|制約|フィルター|検閲|倫理|規則)(?:の|が|も)?(?:ない|なし|無し|一切ない|を持たない|に縛られない)[^。！？\\n]{0,10}(?:ai|アシスタント|モード|キャラ|存在|バージョン|として)|開発者モード|脱獄|ジェイルブレイク`,
    ),
  },
  {
    id: 'cjk-mode-on',
    script: 'cjk',
    type: 'jailbreak',
    weight: 0.5,
    re: en(
      `(?:開発者|制限解除|脱獄|無制限)モード(?:を|に)?(?:有効|オン|起動|切り替え|入)|(?:开发者|開發者|越狱|越獄|无限制|無限制)模式(?:已)?(?:开启|開啟|启用|啟用|打开|打開|激活)|(?:개발자|탈옥|무제한)\\s*모드(?:를)?\\s*(?:켜|활성화|실행)`,
    ),
  },
  {
    id: 'ja-role',
    script: 'cjk',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(
      `(?:あなたは|お前は)(?:今から|これから|もう|もはや)|今からあなたは|これからあなたは|あなたの新しい役割`,
    ),
  },
  {
    id: 'ja-indirect',
    script: 'cjk',
    type: 'injection',
    weight: 0.65,
    re: en(
      `(?:ai|aiアシスタント|アシスタント|言語モデル)(?:への|に対する|向けの)(?:指示|命令|メッセージ|注意)|(?:あなたが|もしあなたが)(?:ai|言語モデル|aiアシスタント)(?:なら|であれば|の場合)|新しい指示[：:]`,
    ),
  },
  // ---- Korean ----------------------------------------------------------------------------------
  {
    id: 'ko-override',
    script: 'cjk',
    type: 'system-override',
    weight: 0.8,
    re: en(
      `(?:이전|앞의|앞선|위의|위|모든|기존|지금까지의?|원래의?|시스템|초기)\\s*(?:모든\\s*)?(?:지시|지침|명령|규칙|설정|제약|프롬프트|지시사항|지시 사항|제한|가이드라인)[^.!?\\n]{0,15}(?:무시|잊어|잊고|따르지|폐기|취소|무효)`,
    ),
  },
  {
    id: 'ko-exfil',
    script: 'cjk',
    type: 'data-exfiltration',
    weight: 0.75,
    re: en(
      `(?:시스템\\s*프롬프트|초기\\s*지시|숨겨진\\s*지시|원래\\s*지시|시스템\\s*메시지|내부\\s*지시|설정된\\s*지시|처음\\s*받은\\s*지시)[^.!?\\n]{0,15}(?:보여|알려|출력|공개|반복|말해|그대로|적어)`,
    ),
  },
  {
    id: 'ko-jailbreak',
    script: 'cjk',
    type: 'jailbreak',
    weight: 0.65,
    re: en(
      `(?:제한|규칙|제약|필터|검열|윤리)(?:이|가|도)?\\s*(?:없는|없이|전혀 없는)[^.!?\\n]{0,10}(?:ai|모드|어시스턴트|캐릭터|버전|존재|답변)|개발자\\s*모드|탈옥`,
    ),
  },
  {
    id: 'ko-role',
    script: 'cjk',
    type: 'role-manipulation',
    weight: 0.35,
    re: en(`(?:너는|당신은|넌)\\s*(?:이제|지금부터|더 이상)|지금부터\\s*(?:너는|당신은|넌)|너의 새로운 역할`),
  },
  {
    id: 'ko-indirect',
    script: 'cjk',
    type: 'injection',
    weight: 0.65,
    re: en(
      `(?:ai|ai 어시스턴트|어시스턴트|언어 모델)(?:에게|에 대한|를 위한)\\s*(?:지시|명령|메시지|참고|안내)|(?:당신이|네가|만약 당신이)\\s*(?:ai|언어 모델|ai 어시스턴트)(?:라면|이라면)|새(?:로운)?\\s*지시\\s*[:：]`,
    ),
  },
];

// Overlapping evidence counts once: of a semantic feature and a table feature that see the same
// words, the heavier one replaces the other (ties go to the table feature).
function withOverlaps(
  table: readonly InjectionFeature[],
  semantic: readonly InjectionFeature[],
): InjectionFeature[] {
  const all = [...table, ...semantic].map((f) => ({ ...f, replaces: [...(f.replaces ?? [])] }));
  const byId = new Map(all.map((f) => [f.id, f]));
  for (const [semId, others] of Object.entries(SEMANTIC_OVERLAPS)) {
    const sem = byId.get(semId);
    if (!sem) continue;
    for (const otherId of others) {
      const other = byId.get(otherId);
      // A corroborating feature that may not count must not silence one that does.
      if (!other || other.requires !== undefined) continue;
      if (other.weight >= sem.weight) other.replaces.push(semId);
      else sem.replaces.push(otherId);
    }
  }
  // A clause bag is the weakest form of the override and read-out evidence: any ordered
  // override or exfiltration feature that fires replaces it.
  for (const f of all) {
    if (f.requires !== undefined || f.dampens !== undefined || f.id.startsWith('sem-bag-')) continue;
    if (f.type !== 'system-override' && f.type !== 'data-exfiltration') continue;
    const kind = f.type === 'system-override' ? 'change' : 'exfil';
    for (const id of BAG_IDS) if (id.includes(`-${kind}-`) && f.weight >= 0.6) f.replaces.push(id);
  }
  return all;
}

/** Every feature, all languages: the phrase table plus the semantic features of `semantic.ts`. */
export const FEATURES: readonly InjectionFeature[] = withOverlaps(TABLE, SEMANTIC_FEATURES);
