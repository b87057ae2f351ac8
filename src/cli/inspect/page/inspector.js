// The inspector page's script (inlined by ../page.ts, allowed by the page's CSP hash). It draws
// run records as a timeline of steps × hooks and shows a selected hook's changes.
//
// Record data comes from anywhere (users' messages, tools' output), so it only ever reaches the
// document as text: `el()` sets `textContent`, never HTML. Nothing here makes a request.

(() => {
  const data = JSON.parse(document.getElementById('inspector-data').textContent);
  const recordsNav = document.getElementById('records');
  const runMain = document.getElementById('run');
  const detail = document.getElementById('detail');

  /** An element with classes, attributes and children (strings become text nodes). */
  function el(tag, options, ...children) {
    const node = document.createElement(tag);
    const { className, attrs, text } = options || {};
    if (className) node.className = className;
    if (attrs) for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = String(text);
    for (const child of children) {
      if (child === undefined || child === null || child === false) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  /** `1 retry`, `2 retries`. */
  function count(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  function badge(kind, text) {
    return el('span', { className: `badge badge-${kind}`, text });
  }

  /** A value as readable text: strings as they are, anything else as indented JSON. */
  function asText(value) {
    if (value === undefined) return '(none)';
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value, null, 2);
    } catch {
      return '(too deeply nested to show)';
    }
  }

  /** A part as the text a reader wants to compare: a text part's text, otherwise its JSON. */
  function partText(part) {
    if (part && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string')
      return part.text;
    return asText(part);
  }

  /**
   * Before and after side by side, the changed middle marked: the longest common start and end
   * are plain, what lies between is struck out (before) or highlighted (after). Linear time.
   */
  function beforeAfter(before, after) {
    let start = 0;
    const shorter = Math.min(before.length, after.length);
    while (start < shorter && before[start] === after[start]) start++;
    let end = 0;
    while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) {
      end++;
    }
    const side = (text, mark, label) =>
      el(
        'div',
        { className: 'side' },
        el('div', { className: 'side-label', text: label }),
        el(
          'pre',
          { className: 'value' },
          text.slice(0, start),
          el(mark, { text: text.slice(start, text.length - end) }),
          text.slice(text.length - end),
        ),
      );
    return el(
      'div',
      { className: 'before-after' },
      side(before, 'del', 'before'),
      side(after, 'ins', 'after'),
    );
  }

  /** Where a hook ran, in words. */
  function when(hook) {
    if (hook.stepNumber !== undefined) return `step ${hook.stepNumber}, attempt ${hook.attempt}`;
    return hook.hook === 'processInput' ? 'before the steps' : 'after the steps';
  }

  function groupKey(hook) {
    if (hook.stepNumber === undefined) return hook.hook === 'processInput' ? 'before' : 'after';
    return `${hook.stepNumber}:${hook.attempt}`;
  }

  /**
   * The run's timeline: phases in the order they happened (before the steps, each step attempt,
   * after the steps), each with its model call, tool calls and hook invocations.
   */
  function phasesOf(record) {
    const phases = [];
    const byKey = new Map();
    const phase = (key, step, attempt) => {
      let found = byKey.get(key);
      if (!found) {
        found = { key, step, attempt, hooks: [], modelCalls: [], toolCalls: [] };
        byKey.set(key, found);
        phases.push(found);
      }
      return found;
    };
    record.hooks.forEach((hook, index) => {
      phase(groupKey(hook), hook.stepNumber, hook.attempt).hooks.push({ hook, index });
    });
    for (const call of record.modelCalls) {
      phase(`${call.stepNumber}:${call.attempt}`, call.stepNumber, call.attempt).modelCalls.push(call);
    }
    for (const call of record.toolCalls) {
      // Tools run once per step, after its last attempt's model call.
      const attempts = phases.filter((p) => p.step === call.stepNumber);
      const last = attempts[attempts.length - 1] || phase(`${call.stepNumber}:0`, call.stepNumber, 0);
      last.toolCalls.push(call);
    }
    // "before" first, "after" last, the steps by number and attempt in between.
    const order = (p) =>
      p.key === 'before' ? -1 : p.key === 'after' ? Number.MAX_SAFE_INTEGER : p.step * 1000 + p.attempt;
    return phases.sort((a, b) => order(a) - order(b));
  }

  function phaseTitle(p) {
    if (p.key === 'before') return 'Before the steps';
    if (p.key === 'after') return 'After the steps';
    return `Step ${p.step} · attempt ${p.attempt}`;
  }

  function hookRow(hook, index) {
    const classes = ['hook', `outcome-${hook.outcome}`];
    if (hook.tripwire) classes.push('has-tripwire');
    const marks = [badge(hook.outcome, hook.outcome)];
    if (hook.tripwire) marks.push(badge('tripwire', hook.tripwire.retry ? 'tripwire · retry' : 'tripwire'));
    if (hook.messages) marks.push(badge('edits', 'edited messages'));
    const chunks = hook.chunks
      ? `${hook.chunks.seen} seen · ${hook.chunks.changed} changed · ${hook.chunks.dropped} dropped`
      : '';
    const row = el(
      'button',
      { className: classes.join(' '), attrs: { type: 'button', 'data-hook-index': index } },
      el('span', { className: 'processor', text: hook.processorId }),
      el('span', { className: 'hook-name', text: hook.hook }),
      el('span', { className: 'marks' }, ...marks),
      el('span', { className: 'chunks', text: chunks }),
      el('span', { className: 'duration', text: `${hook.durationMs} ms` }),
    );
    row.addEventListener('click', () => {
      for (const other of runMain.querySelectorAll('.hook.selected')) other.classList.remove('selected');
      row.classList.add('selected');
      showHook(hook, index);
    });
    return row;
  }

  function modelCallLine(call) {
    const marks = [];
    if (call.cacheHit) marks.push(badge('cache', 'cache hit'));
    if (call.error) marks.push(badge('failed', 'failed'));
    const facts = [`${call.provider}/${call.model}`];
    if (call.finishReason) facts.push(`finish: ${call.finishReason}`);
    if (call.usage && call.usage.totalTokens !== undefined) facts.push(`${call.usage.totalTokens} tokens`);
    facts.push(`${call.durationMs} ms`);
    return el(
      'div',
      { className: `model-call${call.cacheHit ? ' cache-hit' : ''}${call.error ? ' failed' : ''}` },
      el('span', { className: 'label', text: 'model' }),
      el('span', { text: facts.join(' · ') }),
      ...marks,
      call.error ? el('span', { className: 'error-text', text: call.error }) : undefined,
    );
  }

  function toolCallLine(call) {
    return el(
      'div',
      { className: `tool-call${call.error ? ' failed' : ''}` },
      el('span', { className: 'label', text: 'tool' }),
      el('span', { text: `${call.toolName} · ${call.durationMs} ms` }),
      call.error ? el('span', { className: 'error-text', text: call.error }) : undefined,
    );
  }

  /** A failed run's error as one line: `Name [CODE]: message` (name and code when recorded). */
  function runErrorText(record) {
    const name = typeof record.errorName === 'string' ? record.errorName : '';
    const code = typeof record.errorCode === 'string' ? ` [${record.errorCode}]` : '';
    return name || code ? `${name}${code}: ${record.error}` : record.error;
  }

  function showRun(entry) {
    runMain.replaceChildren();
    detail.replaceChildren(el('p', { className: 'hint', text: 'Select a hook to see what it changed.' }));
    if (!entry.record) {
      runMain.append(
        el('h2', { text: entry.name }),
        el('p', { className: 'error-text file-error', text: entry.error }),
      );
      return;
    }
    const record = entry.record;
    const counts = {
      changed: record.hooks.filter((h) => h.outcome === 'changed').length,
      tripwires: record.hooks.filter((h) => h.tripwire).length,
      retries: record.hooks.filter((h) => h.outcome === 'retried').length,
      cacheHits: record.modelCalls.filter((c) => c.cacheHit).length,
    };
    runMain.append(
      el(
        'section',
        { className: 'summary' },
        el('h2', { text: `${record.agentId} · ${entry.name}` }),
        el(
          'p',
          {},
          badge(record.status, record.status),
          ` ${record.startedAt} · ${record.durationMs} ms · ${count(record.hooks.length, 'hook', 'hooks')} · ${count(record.modelCalls.length, 'model call', 'model calls')} · ${count(record.toolCalls.length, 'tool call', 'tool calls')}`,
        ),
        el(
          'p',
          { className: 'counts' },
          `${counts.changed} changed · ${count(counts.tripwires, 'tripwire', 'tripwires')} · ${count(counts.retries, 'retry', 'retries')} · ${count(counts.cacheHits, 'cache hit', 'cache hits')}`,
        ),
        entry.note ? el('p', { className: 'note', text: entry.note }) : undefined,
        record.sensitive && !entry.note
          ? el('p', {
              className: 'warning',
              text: 'Recorded with recordSensitive: flagged values are unmasked.',
            })
          : undefined,
        record.error ? el('p', { className: 'error-text run-error', text: runErrorText(record) }) : undefined,
      ),
    );
    const timeline = el('div', { className: 'timeline', attrs: { role: 'list' } });
    for (const p of phasesOf(record)) {
      const section = el(
        'section',
        { className: 'phase', attrs: { 'data-phase': p.key, role: 'listitem' } },
        el('h3', { text: phaseTitle(p) }),
        ...p.modelCalls.map(modelCallLine),
        ...p.toolCalls.map(toolCallLine),
        ...p.hooks.map(({ hook, index }) => hookRow(hook, index)),
      );
      timeline.append(section);
    }
    runMain.append(timeline);
  }

  function showHook(hook, index) {
    const parts = [
      el('h2', { text: `${hook.processorId} · ${hook.hook}` }),
      el(
        'p',
        {},
        badge(hook.outcome, hook.outcome),
        ` ${when(hook)} · hook #${index + 1} · ${hook.durationMs} ms`,
      ),
    ];
    if (hook.tripwire) {
      parts.push(
        el(
          'section',
          { className: 'reason tripwire-reason' },
          el('h3', { text: hook.tripwire.retry ? 'Tripwire (asked for a retry)' : 'Tripwire' }),
          el('p', { className: 'reason-text', text: hook.tripwire.reason }),
          hook.tripwire.metadata !== undefined
            ? el('pre', { className: 'value', text: asText(hook.tripwire.metadata) })
            : undefined,
        ),
      );
    }
    if (hook.error) {
      parts.push(
        el(
          'section',
          { className: 'reason' },
          el('h3', { text: 'Error' }),
          el('p', { className: 'error-text', text: hook.error }),
        ),
      );
    }
    if (hook.chunks) {
      const c = hook.chunks;
      parts.push(
        el('p', {
          className: 'chunks',
          text: `Chunks: ${c.seen} seen, ${c.changed} changed, ${c.dropped} dropped, ${c.emitted} emitted.`,
        }),
      );
    }
    const diff = hook.messages;
    if (diff) {
      const changes = el('section', { className: 'diff' }, el('h3', { text: 'What it changed' }));
      for (const edit of diff.edited || []) {
        const label =
          edit.part === -1
            ? `message ${edit.messageId}: part count`
            : `message ${edit.messageId}, part ${edit.part}`;
        changes.append(el('h4', { text: label }), beforeAfter(partText(edit.before), partText(edit.after)));
      }
      for (const message of diff.added || []) {
        changes.append(
          el('h4', { text: `added ${message.role} message ${message.id}` }),
          el('pre', { className: 'value added', text: message.parts.map(partText).join('\n') }),
        );
      }
      for (const message of diff.removed || []) {
        changes.append(
          el('h4', { text: `removed ${message.role} message ${message.id}` }),
          el('pre', { className: 'value removed', text: message.parts.map(partText).join('\n') }),
        );
      }
      if (diff.system) {
        changes.append(
          el('h4', { text: 'system messages' }),
          beforeAfter(asText(diff.system.before), asText(diff.system.after)),
        );
      }
      parts.push(changes);
    } else if (!hook.tripwire && !hook.error) {
      parts.push(el('p', { className: 'hint', text: 'No change to the messages.' }));
    }
    detail.replaceChildren(...parts);
  }

  function showList() {
    document.getElementById('source').textContent = data.source;
    recordsNav.replaceChildren();
    if (data.records.length === 0) {
      runMain.replaceChildren(el('p', { className: 'hint', text: 'No run records (*.json) here.' }));
      return;
    }
    if (data.records.length === 1) recordsNav.hidden = true;
    const items = data.records.map((entry, i) => {
      const item = el(
        'button',
        {
          className: `record-item${entry.record ? '' : ' invalid'}`,
          attrs: { type: 'button', 'data-record-index': i },
        },
        el('span', { className: 'record-name', text: entry.name }),
        entry.record ? badge(entry.record.status, entry.record.status) : badge('failed', 'not a record'),
      );
      item.addEventListener('click', () => {
        for (const other of recordsNav.querySelectorAll('.selected')) other.classList.remove('selected');
        item.classList.add('selected');
        showRun(entry);
      });
      return item;
    });
    recordsNav.append(el('h2', { text: count(data.records.length, 'record', 'records') }), ...items);
    const first = data.records.findIndex((entry) => entry.record);
    items[first === -1 ? 0 : first].click();
  }

  showList();
})();
