// realcli view: the browser side.  Hand-written, no build step, no dependencies.
//
// Safety rule of this file: every text from the server goes into the page
// through textContent / text nodes (the h() helper below), never innerHTML;
// links are built from ids that the server validated as [A-Za-z0-9_-] tokens.
// The server's Content-Security-Policy forbids inline script on top of that.
"use strict";

(() => {
  const main = document.getElementById("main");
  const conn = document.getElementById("conn");
  let page = null; // the page on screen: its live feeds close when another page replaces it

  // ------------------------------------------------------------------ DOM

  function h(tag, props, ...children) {
    const [name, ...classes] = tag.split(".");
    const el = document.createElement(name || "div");
    if (classes.length) el.className = classes.join(" ");
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") el.textContent = String(value);
      else if (key === "cls") el.className += " " + value;
      else if (key === "style") Object.assign(el.style, value);
      else if (key === "dataset") Object.assign(el.dataset, value);
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
    add(el, children);
    return el;
  }

  function add(el, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  // Replace an element's children (null and false entries are skipped, unlike replaceChildren).
  function fill(el, ...children) {
    el.replaceChildren();
    return add(el, children);
  }

  const link = (href, text, cls) => h("a", { href, "data-nav": true, cls, text });
  const chip = (text, kind) => h("span.chip", { cls: "chip-" + (kind || text).replace(/[^a-z0-9]/gi, "_"), text });
  const section = (title, ...body) => h("section", null, h("h2", { text: title }), ...body);
  const empty = (text) => h("p.muted", { text });

  function table(headers, rows, cls) {
    return h(
      "table",
      { cls },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          headers.map((x) => (x instanceof Node ? h("th", null, x) : h("th", { text: x }))),
        ),
      ),
      h("tbody", null, rows),
    );
  }
  const tr = (...cells) =>
    h(
      "tr",
      null,
      cells.map((c) => (c instanceof Node && c.tagName === "TD" ? c : h("td", null, c))),
    );
  const td = (content, cls) => h("td", { cls }, content);

  // ------------------------------------------------------------------ formats

  const fmt = (v, digits = 3) => (v === null || v === undefined ? "—" : typeof v === "number" ? v.toFixed(digits) : String(v));
  const pct = (v) => (v === null || v === undefined ? "—" : (100 * v).toFixed(1) + " %");
  const ci = (pair) => (pair ? "[" + fmt(pair[0]) + ", " + fmt(pair[1]) + "]" : "");
  const signed = (v) => (v === null || v === undefined ? "—" : (v > 0 ? "+" : "") + v.toFixed(3));
  const count = (n) => (n === null || n === undefined ? "—" : Number(n).toLocaleString("en-US"));

  function bytes(n) {
    if (n < 1024) return n + " B";
    if (n < 1 << 20) return (n / 1024).toFixed(1) + " KiB";
    return (n / (1 << 20)).toFixed(1) + " MiB";
  }

  function seconds(s) {
    if (s === null || s === undefined) return "—";
    if (s < 1) return Math.round(s * 1000) + " ms";
    if (s < 120) return s.toFixed(1) + " s";
    if (s < 7200) return (s / 60).toFixed(1) + " min";
    return (s / 3600).toFixed(1) + " h";
  }

  function ago(at) {
    if (!at) return "—";
    const s = Date.now() / 1000 - at;
    return s < 5 ? "just now" : seconds(Math.max(0, s)) + " ago";
  }

  function bar(value, opts = {}) {
    const width = value === null || value === undefined ? 0 : Math.max(0, Math.min(1, value));
    const el = h("div.bar", { cls: opts.cls }, h("div.fill", { style: { width: (100 * width).toFixed(1) + "%" } }));
    if (opts.threshold !== undefined)
      el.append(h("div.threshold", { style: { left: (100 * opts.threshold).toFixed(1) + "%" }, title: "threshold " + opts.threshold }));
    if (value === null || value === undefined) el.classList.add("none");
    return el;
  }

  // ------------------------------------------------------------------ server

  async function api(path) {
    const response = await fetch(path, { headers: { Accept: "application/json" } });
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: response.status + " " + response.statusText };
    }
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  function setConn(state) {
    conn.textContent = state === "live" ? "● live" : state === "reconnecting" ? "○ reconnecting…" : "";
    conn.className = "conn conn-" + state;
  }

  // One EventSource per live view; it closes with its page.
  function follow(url, handlers) {
    const source = new EventSource(url);
    const current = page;
    current.sources.push(source);
    for (const [name, fn] of Object.entries(handlers)) {
      source.addEventListener(name, (e) => {
        if (!current.closed) fn(JSON.parse(e.data));
      });
    }
    source.onopen = () => current.closed || setConn("live");
    source.onerror = () => current.closed || setConn("reconnecting");
    // The server ends a feed with "failure" when the log itself fails: stop, and say why.
    source.addEventListener("failure", (e) => {
      source.close();
      if (current.closed) return;
      setConn("");
      conn.textContent = "live updates stopped: " + JSON.parse(e.data).error;
    });
    return source;
  }

  // ------------------------------------------------------------------ routing

  function navigate(url, replace) {
    history[replace ? "replaceState" : "pushState"](null, "", url);
    render();
  }

  document.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-nav]");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(a.getAttribute("href"));
  });
  window.addEventListener("popstate", render);

  async function render() {
    if (page) page.close();
    const mine = (page = {
      closed: false,
      sources: [],
      close() {
        this.closed = true;
        for (const s of this.sources) s.close();
      },
    });
    setConn("");
    fill(main, h("p.loading", { text: "Loading…" }));
    const path = location.pathname;
    const params = new URLSearchParams(location.search);
    let m;
    try {
      if (path === "/" || path === "/runs") await runsPage(params);
      else if ((m = path.match(/^\/runs\/([A-Za-z0-9_-]+)$/))) await runPage(m[1], params);
      else if ((m = path.match(/^\/runs\/([A-Za-z0-9_-]+)\/trials\/([A-Za-z0-9_-]+)$/))) await trialPage(m[1], m[2], params);
      else if (path === "/compare") await comparePage(params);
      else throw new Error("no page at " + path);
    } catch (err) {
      if (!mine.closed) fill(main, h("div.error", null, h("h1", { text: "Cannot show this page" }), h("p", { text: err.message })));
    }
  }

  function setParams(params) {
    const query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : ""));
  }

  // ------------------------------------------------------------------ runs page

  const RUN_COLUMNS = [
    ["run_id", "run"],
    ["agent", "agent"],
    ["model", "model"],
    ["mode", "mode"],
    ["k", "k"],
    ["status", "status"],
    ["progress", "progress"],
    ["R_EXEC", "R_EXEC"],
    ["R_COLLAB", "R_COLLAB"],
    ["S_COLLAB", "S_COLLAB"],
    ["J_COLLAB", "J_COLLAB"],
    ["last_at", "last event"],
  ];

  function runSortValue(run, key) {
    if (key === "progress") return run.progress.total ? run.progress.done / run.progress.total : -1;
    if (key.includes("_")) {
      const metric = run[key];
      if (metric && typeof metric === "object") return metric.value === null ? -1 : metric.value;
    }
    const v = run[key];
    return v === null || v === undefined ? "" : v;
  }

  function progressCell(p) {
    const share = p.total ? p.done / p.total : 0;
    return h(
      "div.progress",
      null,
      bar(share, { cls: "thin" }),
      h("span.small", null, count(p.done) + " / " + count(p.total) + " done"),
      " ",
      p.pass ? chip("✓ " + count(p.pass), "pass") : null,
      p.fail ? chip("✗ " + count(p.fail), "fail") : null,
      p.infra ? chip("⚠ " + count(p.infra), "infra") : null,
      p.running ? chip("… " + count(p.running), "running") : null,
    );
  }

  // A big run's bootstrap intervals come a moment after its scores (the live feed sends them).
  const PENDING = " [interval…]";

  function metricCell(metric, intervals) {
    const interval = metric.ci ? " " + ci(metric.ci) : intervals || metric.value === null ? "" : PENDING;
    return h("span.metric", null, h("b", { text: fmt(metric.value) }), interval ? h("span.ci", { text: interval }) : null);
  }

  async function runsPage(params) {
    const data = await api("/api/runs");
    const state = {
      q: params.get("q") || "",
      status: params.get("status") || "",
      sort: params.get("sort") || "run_id",
      desc: params.get("desc") === "1",
      selected: new Set(),
      data,
    };
    const count_ = h("span.muted");
    const body = h("tbody");
    const compare = h("button", {
      disabled: true,
      text: "Compare selected",
      onclick: () => navigate("/compare?a=" + [...state.selected].join("&b=")),
    });
    const search = h("input", { type: "search", placeholder: "filter runs (id, agent, model)", value: state.q });
    const status = h(
      "select",
      null,
      ["", "running", "finished", "incomplete"].map((s) =>
        h("option", { value: s, text: s || "any status", selected: s === state.status }),
      ),
    );
    const head = h(
      "tr",
      null,
      h("th"),
      RUN_COLUMNS.map(([key, label]) =>
        h("th.sortable", {
          text: label,
          dataset: { key },
          onclick: () => {
            state.desc = state.sort === key ? !state.desc : false;
            state.sort = key;
            draw();
          },
        }),
      ),
    );

    function draw() {
      const params = new URLSearchParams();
      if (state.q) params.set("q", state.q);
      if (state.status) params.set("status", state.status);
      if (state.sort !== "run_id") params.set("sort", state.sort);
      if (state.desc) params.set("desc", "1");
      setParams(params);
      const needle = state.q.toLowerCase();
      let runs = state.data.runs.filter(
        (r) =>
          (!state.status || r.status === state.status) &&
          (!needle || [r.run_id, r.agent, r.model].some((x) => x && x.toLowerCase().includes(needle))),
      );
      runs = runs.sort((a, b) => {
        const x = runSortValue(a, state.sort);
        const y = runSortValue(b, state.sort);
        const order = x < y ? -1 : x > y ? 1 : a.run_id < b.run_id ? -1 : 1;
        return state.desc ? -order : order;
      });
      for (const th of head.querySelectorAll("th.sortable")) {
        th.classList.toggle("sorted", th.dataset.key === state.sort);
        th.classList.toggle("desc", th.dataset.key === state.sort && state.desc);
      }
      fill(
        body,
        ...runs.map((r) =>
          h(
            "tr",
            { dataset: { run: r.run_id } },
            td(
              h("input", {
                type: "checkbox",
                checked: state.selected.has(r.run_id),
                title: "select for comparison",
                onchange: (e) => {
                  if (e.target.checked) state.selected.add(r.run_id);
                  else state.selected.delete(r.run_id);
                  compare.disabled = state.selected.size !== 2;
                },
              }),
            ),
            td(link("/runs/" + r.run_id, r.run_id)),
            td(r.agent || "—"),
            td(r.model || "—"),
            td(r.mode || "—"),
            td(fmt(r.k, 0)),
            td([chip(r.status), r.finished_status && r.finished_status !== "completed" ? chip(r.finished_status, "infra") : null]),
            td(progressCell(r.progress)),
            td(metricCell(r.R_EXEC, r.intervals)),
            td(metricCell(r.R_COLLAB, r.intervals)),
            td(metricCell(r.S_COLLAB, r.intervals)),
            td(metricCell(r.J_COLLAB, r.intervals)),
            td(ago(r.last_at), "small"),
          ),
        ),
      );
      count_.textContent = count(runs.length) + " of " + count(state.data.runs.length) + " runs";
      compare.disabled = state.selected.size !== 2;
    }

    search.addEventListener("input", () => {
      state.q = search.value;
      draw();
    });
    status.addEventListener("change", () => {
      state.status = status.value;
      draw();
    });
    fill(
      main,
      h("h1", { text: "Runs" }),
      h("div.controls", null, search, status, compare, count_),
      data.runs.length ? null : empty("The log has no runs yet: start one with `realcli run`; it appears here live."),
      h("table.runs", null, h("thead", null, head), body),
    );
    draw();
    follow("/api/live/runs?after=" + data.position + (data.intervals ? "&full=1" : ""), {
      runs: (fresh) => {
        state.data = fresh;
        draw();
      },
    });
  }

  // ------------------------------------------------------------------ run page

  function runQuery(judge, threshold) {
    const params = new URLSearchParams();
    if (judge) params.set("judge", judge);
    if (threshold && threshold !== 0.75) params.set("threshold", String(threshold));
    return params;
  }

  function runHeader(data) {
    const v = data.viewer;
    const run = data.run;
    const judgeSelect = v.judges.length
      ? h(
          "select",
          {
            title: "judge whose verdicts score collaboration",
            onchange: (e) => navigate("/runs/" + v.run_id + "?" + runQuery(e.target.value, v.threshold)),
          },
          v.judges.map((j) =>
            h("option", {
              value: j.id,
              selected: j.id === v.judge,
              text: "judge " + j.id + " (" + (j.kind || "?") + (j.model ? ", " + j.model : "") + ")",
            }),
          ),
        )
      : h("span.muted", { text: "no judge yet" });
    const compareJudges =
      v.judges.length >= 2 ? link("/compare?run=" + v.run_id + "&a=" + v.judges[0].id + "&b=" + v.judges[1].id, "compare judges") : null;
    const agent = run.agent || {};
    return h(
      "div.head",
      null,
      h("div.crumbs", null, link("/", "Runs"), " › ", v.run_id),
      h(
        "h1",
        null,
        v.run_id,
        " ",
        chip(v.status),
        v.finished_status && v.finished_status !== "completed" ? chip(v.finished_status, "infra") : null,
      ),
      h(
        "p.meta",
        null,
        "agent ",
        h("b", { text: agent.name || "—" }),
        agent.model ? [" · model ", h("b", { text: agent.model })] : null,
        " · mode ",
        h("b", { text: run.mode || "—" }),
        " · k = ",
        h("b", { text: fmt(run.attempts, 0) }),
        " · ",
        count(run.tasks),
        " tasks",
        run.user_sim ? " · user " + run.user_sim.kind + (run.user_sim.model ? " (" + run.user_sim.model + ")" : "") : null,
        " · threshold " + v.threshold,
        " · ",
        judgeSelect,
        " ",
        compareJudges,
      ),
      progressCell(v.progress),
    );
  }

  function headline(data) {
    const iv = data.statistics.bootstrap.intervals;
    const pending = data.viewer.intervals ? "—" : "computing…";
    const rows = ["R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB"].map((m) =>
      tr(h("b", { text: m }), h("span.big", { text: fmt(data[m]) }), ci(iv[m]) || (data[m] === null ? "—" : pending)),
    );
    const c = data.collaboration;
    const mc = data.statistics.mcnemar;
    return section(
      "Headline",
      table(["metric", "value", "95 % CI (bootstrap over tasks)"], rows, "headline"),
      h(
        "p.small",
        null,
        "S over the dimensions that have a score: " + fmt(c.S_COLLAB_available),
        c.dimensions_missing.length ? " (missing: " + c.dimensions_missing.join(", ") + ")" : "",
        " · item coverage " + pct(c.coverage),
        " · McNemar p = " + fmt(mc.p_value) + " over " + mc.pairs + " pairs",
      ),
    );
  }

  function dimensionBars(data) {
    const rows = Object.entries(data.dimensions).map(([code, value]) =>
      h(
        "div.barrow",
        null,
        h("span.label", { text: code + " · " + (data.dimension_names[code] || "") }),
        bar(value),
        h("span.value", { text: fmt(value) }),
      ),
    );
    return section("Dimensions", rows.length ? rows : empty("no judge: no collaboration scores"));
  }

  function subDimensions(data) {
    const subs = Object.entries(data.sub_dimensions);
    if (!subs.length) return section("Sub-dimension profile", empty("no judge: no sub-dimension scores"));
    const byDim = {};
    for (const [sub, value] of subs) {
      const dim = sub.split(".")[0];
      (byDim[dim] = byDim[dim] || []).push([sub, value]);
    }
    const codes = Object.keys(data.dimension_names);
    const rows = [];
    for (const [dim, items] of Object.entries(byDim)) {
      items.forEach(([sub, value], i) => {
        const code = codes[Number(dim) - 1] || dim;
        rows.push(
          tr(
            i === 0 ? h("b", { text: code }) : "",
            [sub, " ", h("span.small", { text: data.viewer.sub_dimension_names[sub] || "" })],
            h("div.barcell", null, bar(value), h("span.value", { text: fmt(value, 2) })),
          ),
        );
      });
    }
    return section("Sub-dimension profile", table(["dimension", "sub-dimension", "score"], rows, "profile"));
  }

  function templateBars(data) {
    const rows = Object.entries(data.templates).map(([id, t]) =>
      h(
        "div.barrow",
        { title: t.name || id },
        h("span.label", null, h("b", { text: id }), " ", h("span.small", { text: t.name || "" })),
        bar(t.pass_rate, { threshold: data.threshold, cls: t.passed === true ? "ok" : t.passed === false ? "bad" : "" }),
        h("span.value", { text: t.pass_rate === null ? "—" : pct(t.pass_rate) + " of " + t.instances }),
      ),
    );
    return section(
      "Templates: pass rate against the threshold (" + data.threshold + ")",
      rows.length ? rows : empty("no scenario instances judged yet"),
    );
  }

  function flipMatrix(data) {
    const f = data.trajectory.flip_matrix;
    return section(
      "EXEC → COLLAB flip matrix",
      table(
        ["", "COLLAB pass", "COLLAB fail"],
        [
          tr(h("b", { text: "EXEC pass" }), count(f.both_pass), h("span.bad", { text: count(f.pass_to_fail) })),
          tr(h("b", { text: "EXEC fail" }), h("span.ok", { text: count(f.fail_to_pass) }), count(f.both_fail)),
        ],
        "flip",
      ),
      h("p.small", {
        text:
          count(f.pairs) +
          " pairs · changed " +
          pct(f.changed_share) +
          " · p→f " +
          pct(f.pass_to_fail_share) +
          " · f→p " +
          pct(f.fail_to_pass_share),
      }),
    );
  }

  function categories(data) {
    const rows = Object.entries(data.categories).map(([cat, c]) =>
      tr(
        cat,
        count(c.tasks),
        fmt(c.R_EXEC),
        fmt(c.R_COLLAB),
        h("span", { cls: c.delta > 0 ? "ok" : c.delta < 0 ? "bad" : "", text: signed(c.delta) }),
        fmt(c.tool_call_median_ratio, 2),
      ),
    );
    return section(
      "Categories",
      rows.length ? table(["category", "tasks", "R_EXEC", "R_COLLAB", "Δ", "tool-call ratio"], rows) : empty("no trials yet"),
    );
  }

  function excluded(data, runId) {
    const ex = data.outcome.excluded;
    const rows = ex.trials.shown.map((t) =>
      tr(
        link("/runs/" + runId + "/trials/" + t.trial, t.trial),
        chip(t.status, "infra"),
        t.cause || t.end_reason || "—",
        h("span.small", { text: t.detail }),
      ),
    );
    const counts = Object.entries(ex.by_cause || ex.by_status)
      .map(([s, n]) => s + " " + n)
      .join(" · ");
    const failures = data.outcome.agent_failures;
    const scoredBy = Object.entries(data.outcome.scored_by_cause || {})
      .map(([s, n]) => s + " " + n)
      .join(" · ");
    return section(
      "Excluded trials (" + ex.count + ")",
      ex.count
        ? h("p.small", { text: counts + (ex.trials.total > ex.trials.shown.length ? " · first " + ex.trials.shown.length + " shown" : "") })
        : empty("none: every finished trial was scored"),
      rows.length ? table(["trial", "status", "cause", "detail"], rows) : null,
      scoredBy ? h("p.small", { text: "scored trials by how they ended: " + scoredBy }) : null,
      failures && failures.shown.length
        ? table(
            ["agent failure (scored)", "cause", "V", "detail"],
            failures.shown.map((t) =>
              tr(
                link("/runs/" + runId + "/trials/" + t.trial, t.trial),
                chip(t.cause, "fail"),
                fmt(t.V, 0),
                h("span.small", { text: t.detail }),
              ),
            ),
          )
        : null,
    );
  }

  function usage(data) {
    const u = data.usage;
    const models = Object.entries(u.models).map(([p, m]) =>
      tr(p, count(m.calls), count(m.errors), count(m.tokens_in), count(m.tokens_out), "$" + fmt(m.cost_usd, 4), seconds(m.latency_sec)),
    );
    const judges = Object.entries(u.judges).map(([p, m]) =>
      tr(
        "judge " + p,
        count(m.calls),
        count(m.errors),
        count(m.tokens_in),
        count(m.tokens_out),
        "$" + fmt(m.cost_usd, 4),
        seconds(m.latency_sec),
      ),
    );
    const modes = Object.entries(u.modes).map(([mode, m]) =>
      tr(
        mode,
        count(m.trials),
        fmt(m.agent_commands_mean, 1),
        fmt(m.turns_mean, 1),
        count(m.agent_questions),
        seconds(m.duration_sec_mean),
      ),
    );
    return section(
      "Usage",
      models.length || judges.length
        ? table(["model use", "calls", "errors", "tokens in", "tokens out", "cost", "latency (sum)"], [...models, ...judges])
        : empty("no model calls (e.g. the oracle agent and the scripted user)"),
      table(["mode", "scored trials", "commands / trial", "turns / trial", "questions", "duration / trial"], modes),
    );
  }

  function fidelity(data) {
    const f = data.fidelity;
    if (!f.trials_audited) return section("Simulator fidelity", empty("no fidelity audit under this judge"));
    const rows = Object.entries(f.criteria).map(([c, n]) =>
      tr(c, count(n.pass), h("span", { cls: n.fail ? "bad" : "", text: count(n.fail) }), count(n["n/a"])),
    );
    const failures = f.failures.shown.map((x) => h("li", null, h("b", { text: x.trial }), " · " + x.criterion + ": ", x.rationale));
    return section(
      "Simulator fidelity",
      h("p.small", { text: count(f.trials_audited) + " trials audited · " + pct(f.no_deviation_share) + " without deviation" }),
      table(["criterion", "pass", "fail", "n/a"], rows),
      failures.length ? h("ul.small", null, failures) : null,
    );
  }

  const CHIPS = ["", "pass", "fail", "infra", "running", "incomplete", "queued"];
  const TRIAL_SORTS = ["trial", "task", "mode", "chip", "reward", "turns", "agent_commands"];

  async function runPage(runId, params) {
    const judge = params.get("judge") || "";
    const threshold = params.get("threshold") || "";
    const query = runQuery(judge, Number(threshold) || 0.75).toString();
    const data = await api("/api/runs/" + runId + (query ? "?" + query : ""));
    const summary = h("div.summary");
    const trials = {
      mode: params.get("mode") || "",
      chip: params.get("chip") || "",
      q: params.get("q") || "",
      sort: params.get("sort") || "trial",
      desc: params.get("desc") === "1",
      offset: Number(params.get("offset") || 0),
      limit: 100,
    };
    const trialBody = h("tbody");
    const pager = h("div.pager");
    const header = h("div");
    let asked = 0; // the latest trial-list request: an older answer arriving late is dropped

    function drawSummary(d) {
      fill(header, runHeader(d));
      fill(
        summary,
        h("div.grid2", null, headline(d), dimensionBars(d)),
        h("div.grid2", null, subDimensions(d), templateBars(d)),
        h("div.grid2", null, flipMatrix(d), categories(d)),
        h("div.grid2", null, excluded(d, runId), fidelity(d)),
        usage(d),
      );
    }

    async function loadTrials() {
      const q = new URLSearchParams();
      for (const key of ["mode", "chip", "q", "sort"]) if (trials[key]) q.set(key, trials[key]);
      if (trials.desc) q.set("desc", "1");
      if (trials.offset) q.set("offset", String(trials.offset));
      const pageParams = new URLSearchParams(q);
      if (judge) pageParams.set("judge", judge);
      if (threshold) pageParams.set("threshold", threshold);
      setParams(pageParams);
      q.set("limit", String(trials.limit));
      if (judge) q.set("judge", judge);
      const mine = ++asked;
      const list = await api("/api/runs/" + runId + "/trials?" + q);
      if (mine !== asked) return;
      fill(
        trialBody,
        ...list.trials.map((t) =>
          h(
            "tr",
            { dataset: { trial: t.trial } },
            td(link("/runs/" + runId + "/trials/" + t.trial, t.trial)),
            td(t.task),
            td(t.mode),
            td(String(t.attempt)),
            td(chip(t.chip)),
            td(fmt(t.reward, 2)),
            td(t.cause || t.end_reason || "—"),
            td(count(t.turns)),
            td(count(t.agent_commands)),
            td(t.instances ? instanceChips(t.instances) : "—"),
          ),
        ),
      );
      const last = Math.min(list.total, list.offset + list.trials.length);
      fill(
        pager,
        h("button", {
          text: "< previous",
          disabled: list.offset === 0,
          onclick: () => ((trials.offset = Math.max(0, list.offset - list.limit)), loadTrials()),
        }),
        h("span.small", {
          text: " " + (list.total ? count(list.offset + 1) : 0) + "-" + count(last) + " of " + count(list.total) + " trials ",
        }),
        h("button", {
          text: "next >",
          disabled: last >= list.total,
          onclick: () => ((trials.offset = list.offset + list.limit), loadTrials()),
        }),
      );
    }

    const search = h("input", { type: "search", placeholder: "filter trials (id, task)", value: trials.q });
    let searchTimer = null;
    search.addEventListener("input", () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => ((trials.q = search.value), (trials.offset = 0), loadTrials()), 250);
    });
    const select = (key, options, label) =>
      h(
        "select",
        { title: label, onchange: (e) => ((trials[key] = e.target.value), (trials.offset = 0), loadTrials()) },
        options.map((o) => h("option", { value: o, selected: trials[key] === o, text: o || label })),
      );
    const order = h("button", {
      text: trials.desc ? "↓" : "↑",
      title: "sort order",
      onclick: (e) => ((trials.desc = !trials.desc), (e.target.textContent = trials.desc ? "↓" : "↑"), loadTrials()),
    });

    drawSummary(data);
    fill(
      main,
      header,
      summary,
      section(
        "Trials",
        h(
          "div.controls",
          null,
          search,
          select("mode", ["", "exec", "collab"], "any mode"),
          select("chip", CHIPS, "any status"),
          select("sort", TRIAL_SORTS, "sort"),
          order,
        ),
        table(["trial", "task", "mode", "attempt", "status", "reward", "end", "turns", "commands", "instances"], [], "trials"),
        pager,
      ),
    );
    main.querySelector("table.trials").replaceChild(trialBody, main.querySelector("table.trials tbody"));
    await loadTrials();
    const live = new URLSearchParams(runQuery(judge, Number(threshold) || 0.75));
    live.set("after", String(data.viewer.head));
    if (data.viewer.intervals) live.set("full", "1");
    follow("/api/live/runs/" + runId + "?" + live, {
      run: (fresh) => {
        drawSummary(fresh);
        loadTrials();
      },
    });
  }

  function instanceChips(n) {
    return [
      n.pass ? chip(n.pass + " pass", "pass") : null,
      n.fail ? chip(n.fail + " fail", "fail") : null,
      n["n/a"] ? chip(n["n/a"] + " n/a", "na") : null,
      n.undecided ? chip(n.undecided + " undecided", "undecided") : null,
    ];
  }

  // ------------------------------------------------------------------ trial page

  const MINOR = new Set([
    "ImageBuilt",
    "SandboxCreated",
    "SandboxRemoved",
    "FilesCopied",
    "SnapshotRequested",
    "VerificationRequested",
    "CommandStarted",
    "UserFinished",
  ]);

  async function trialPage(runId, trialId, params) {
    const judge = params.get("judge") || "";
    const data = await api("/api/runs/" + runId + "/trials/" + trialId + (judge ? "?judge=" + encodeURIComponent(judge) : ""));
    if (data.queued) {
      fill(
        main,
        h("div.crumbs", null, link("/", "Runs"), " › ", link("/runs/" + runId, runId), " › ", trialId),
        h("h1", null, trialId, " ", chip("queued")),
        empty("Scheduled, not started yet: this page fills in when it starts."),
      );
      follow("/api/live/runs/" + runId + "/trials/" + trialId + "?after=-1", { header: () => render(), entry: () => render() });
      return;
    }
    const tl = new Timeline(runId, trialId, data);
    const side = h("aside.side");
    const head = h("div.head");
    const drawHeader = (d) => {
      // A live refresh must not fold up what the reader opened.
      const open = new Set([...side.querySelectorAll("details[open]")].map((x) => x.dataset.key));
      fill(head, trialHeader(runId, d));
      fill(side, ...sidebar(d, tl));
      for (const x of side.querySelectorAll("details")) if (open.has(x.dataset.key)) x.open = true;
    };
    drawHeader(data);
    fill(main, head, h("div.trial", null, tl.el, side));
    tl.start(data.timeline);
    const live = new URLSearchParams({ after: String(data.head) });
    if (judge) live.set("judge", judge);
    follow("/api/live/runs/" + runId + "/trials/" + trialId + "?" + live, {
      entry: (e) => tl.live(e),
      header: (d) => drawHeader(d),
    });
  }

  function trialHeader(runId, d) {
    const f = d.finished;
    return h(
      "div",
      null,
      h("div.crumbs", null, link("/", "Runs"), " › ", link("/runs/" + runId, runId), " › ", d.trial_id),
      h("h1", null, d.trial_id, " ", chip(d.chip), d.tries > 1 ? chip("try " + d.tries, "infra") : null),
      h(
        "p.meta",
        null,
        "task ",
        h("b", { text: d.task }),
        " (" + d.category + ") · ",
        h("b", { text: d.mode }),
        " · attempt " + d.attempt + " · agent ",
        h("b", { text: d.agent }),
        d.model ? " (" + d.model + ")" : "",
        d.user_sim ? " · user " + d.user_sim : "",
        " · " +
          count(d.turns) +
          " turns · " +
          count(d.agent_commands) +
          " commands · " +
          count(d.agent_messages) +
          " messages (" +
          count(d.agent_questions) +
          " questions)",
        f ? " · ended: " + ended(f) + " after " + seconds(f.duration_sec) : " · running",
        d.worker ? " · worker " + d.worker : "",
        " · " + count(d.events) + " events",
      ),
      f && f.detail ? h("p.error-text", { text: f.detail }) : null,
    );
  }

  function evidenceLinks(refs, tl) {
    return refs.map((ref) =>
      h("button.ref", {
        text: ref,
        title: "show this evidence in the timeline",
        onclick: () => tl.reveal(ref),
      }),
    );
  }

  function sidebar(d, tl) {
    const out = [];
    const v = d.verifier;
    out.push(
      h(
        "section.card",
        null,
        h("h2", { text: "Verifier" }),
        v
          ? [
              h(
                "p",
                null,
                "reward ",
                h("b", { text: fmt(v.reward, 2) }),
                " · V = " + fmt(v.V, 0) + " · exit " + fmt(v.exit_code, 0) + " · " + seconds(v.duration_sec),
              ),
              v.error ? h("p.error-text", { text: v.error }) : null,
              v.checks.length
                ? table(
                    ["test", "result"],
                    v.checks.map((c) =>
                      tr(
                        h("span", { title: c.message, text: c.name }),
                        chip(c.status, c.status === "passed" ? "pass" : c.status === "failed" ? "fail" : "na"),
                      ),
                    ),
                    "compact kv",
                  )
                : empty("no per-test results"),
            ]
          : empty("not verified yet"),
      ),
    );
    const byProbe = {};
    for (const hc of d.hard_checks) (byProbe[hc.probe_id] = byProbe[hc.probe_id] || []).push(hc);
    out.push(
      h(
        "section.card",
        null,
        h("h2", null, "Checklist", d.judge ? h("span.small", { text: " · judge " + d.judge }) : null),
        d.judges.length > 1 ? judgePicker(d) : null,
        d.mode !== "collab"
          ? empty("EXEC trial: collaboration is judged in COLLAB trials only.")
          : d.checklist.map((s) => scenarioCard(s, byProbe[s.scenario] || [], tl)),
      ),
    );
    if (d.fidelity.length)
      out.push(
        h(
          "section.card",
          null,
          h("h2", { text: "Simulator fidelity" }),
          table(
            ["criterion", "verdict"],
            d.fidelity.map((f) =>
              tr(
                h("span", { title: f.rationale, text: f.criterion }),
                chip(f.verdict, f.verdict === "pass" ? "pass" : f.verdict === "fail" ? "fail" : "na"),
              ),
            ),
            "compact kv",
          ),
        ),
      );
    if (d.slices.length)
      out.push(
        h(
          "section.card",
          null,
          h("h2", { text: "Slices" }),
          h(
            "ul.plain",
            null,
            d.slices.map((s) =>
              h(
                "li",
                null,
                s.released ? chip("released", "pass") : chip("not released", "na"),
                " " + s.id,
                h("span.small", { text: s.released ? " (" + s.trigger + ")" : s.reason ? " — " + s.reason : "" }),
              ),
            ),
          ),
        ),
      );
    const usageRows = Object.entries(d.usage).map(([p, u]) =>
      tr(p, count(u.calls), count(u.tokens_in) + " / " + count(u.tokens_out), "$" + fmt(u.cost_usd, 4), seconds(u.latency_sec)),
    );
    if (usageRows.length)
      out.push(
        h(
          "section.card",
          null,
          h("h2", { text: "Model usage" }),
          table(["purpose", "calls", "tokens in / out", "cost", "latency"], usageRows, "compact"),
        ),
      );
    out.push(evidenceCard(d));
    out.push(
      h(
        "section.card",
        null,
        h("h2", { text: "Task" }),
        h(
          "details",
          { dataset: { key: "task" } },
          h("summary", { text: d.mode === "collab" ? "opening request and persona" : "instruction" }),
          h("pre.text", { text: d.mode === "collab" ? (d.opening || "") + (d.persona ? "\n\npersona: " + d.persona : "") : d.instruction }),
        ),
        h("p.small", {
          text:
            "budgets: " +
            d.budgets.max_turns +
            " turns, " +
            seconds(d.budgets.timeout_sec) +
            " · image " +
            (d.image || "—") +
            " · seed " +
            d.seed,
        }),
      ),
    );
    return out;
  }

  function judgePicker(d) {
    return h(
      "select",
      { onchange: (e) => navigate("/runs/" + d.run_id + "/trials/" + d.trial_id + "?judge=" + encodeURIComponent(e.target.value)) },
      d.judges.map((j) => h("option", { value: j.id, selected: j.id === d.judge, text: "judge " + j.id })),
    );
  }

  function scenarioCard(s, hardChecks, tl) {
    const status = s.status || (s.kind === "probe" && !s.fired ? "n/a" : "unjudged");
    return h(
      "div.scenario",
      { dataset: { scenario: s.scenario } },
      h(
        "div.scenario-head",
        null,
        chip(status, status === "pass" ? "pass" : status === "fail" ? "fail" : "na"),
        " ",
        h("b", { text: s.scenario }),
        " · ",
        s.template,
        s.template_name ? h("span.small", { text: " " + s.template_name }) : null,
        h("span.small", { text: " [" + s.dimension + " " + s.sub_dimension + "]" }),
      ),
      s.kind === "probe"
        ? h(
            "p.small",
            null,
            s.goal || "",
            s.fired ? " · fired on " + s.trigger : " · never fired" + (s.not_fired_reason ? ": " + s.not_fired_reason : ""),
          )
        : h("p.small", { text: "passive check over the whole trajectory" }),
      h(
        "ul.items",
        null,
        s.items.map((it) =>
          h(
            "li",
            { dataset: { item: it.id } },
            chip(it.verdict || "—", it.verdict === "pass" ? "pass" : it.verdict === "fail" ? "fail" : "na"),
            " ",
            h("span", { text: it.text }),
            h("span.small", {
              text:
                " (" +
                it.evidence_kind +
                (it.timing === "first_response" ? ", first response" : "") +
                (it.rule ? ", rule " + it.rule : "") +
                ")",
            }),
            it.rationale ? h("div.rationale", { text: it.rationale }) : null,
            it.evidence.length ? h("div.refs", null, evidenceLinks(it.evidence, tl)) : null,
          ),
        ),
      ),
      hardChecks.length
        ? h(
            "ul.plain.small",
            null,
            hardChecks.map((hc) =>
              h(
                "li",
                { dataset: { hardcheck: hc.probe_id + "/" + hc.check_id } },
                chip(hc.passed ? "passed" : "failed", hc.passed ? "pass" : "fail"),
                " hard check " + hc.check_id + ": ",
                h("code", { text: hc.command }),
                " → exit " + fmt(hc.exit_code, 0) + " (expects " + hc.expect_exit + ")",
              ),
            ),
          )
        : null,
    );
  }

  function evidenceCard(d) {
    const e = d.evidence;
    if (!e) return h("section.card", null, h("h2", { text: "Evidence snapshot" }), empty("no snapshot yet"));
    return h(
      "section.card",
      null,
      h("h2", { text: "Evidence snapshot" }),
      e.files.length
        ? e.files.map((f) =>
            h(
              "details.file",
              { dataset: { key: "file:" + f.path } },
              h(
                "summary",
                null,
                h("code", { text: f.path }),
                " ",
                f.exists ? h("span.small", { text: bytes(f.size) + (f.truncated ? " (truncated)" : "") }) : chip("missing", "fail"),
              ),
              f.exists ? h("pre.out", { text: f.content }) : null,
              f.clipped ? h("p.small", { text: "clipped for the page" }) : null,
            ),
          )
        : empty("no files snapshotted"),
      e.listing.text
        ? h("details", { dataset: { key: "listing" } }, h("summary", { text: "listing" }), h("pre.out", { text: e.listing.text }))
        : null,
    );
  }

  // The conversation: past pages (loaded in position order up to the position the
  // page was rendered at) above a live region fed from that same position.
  class Timeline {
    constructor(runId, trialId, data) {
      this.runId = runId;
      this.trialId = trialId;
      this.head = data.head;
      this.total = data.events;
      this.shown = 0;
      this.probes = data.probes || {};
      this.next = -1;
      this.done = false;
      this.loading = null;
      this.byEvent = new Map();
      this.byCommand = new Map();
      this.past = h("div.entries");
      this.liveRegion = h("div.entries.live-entries");
      this.more = h("button.more", { text: "load more", onclick: () => this.loadMore() });
      this.showMinor = h("input", { type: "checkbox", onchange: (e) => this.el.classList.toggle("show-minor", e.target.checked) });
      this.el = h(
        "div.timeline",
        null,
        h("div.timeline-head", null, h("h2", { text: "Timeline" }), h("label.small", null, this.showMinor, " harness events")),
        this.past,
        this.more,
        this.liveRegion,
      );
    }

    start(first) {
      this.append(first, this.past);
      this.observer = new IntersectionObserver((seen) => seen.some((x) => x.isIntersecting) && this.loadMore(), { rootMargin: "600px" });
      this.observer.observe(this.more);
    }

    append(pageData, region) {
      for (const e of pageData.entries) this.add(e, region);
      this.shown += pageData.entries.length;
      this.next = pageData.next;
      this.done = pageData.done;
      this.more.hidden = this.done;
      if (!this.done) this.more.textContent = "load more (" + count(this.shown) + " of " + count(this.total) + " events so far)";
    }

    async loadMore() {
      if (this.done || page.closed) return;
      if (!this.loading) {
        this.loading = api("/api/runs/" + this.runId + "/trials/" + this.trialId + "/events?after=" + this.next + "&until=" + this.head)
          .then((p) => this.append(p, this.past))
          .finally(() => (this.loading = null));
      }
      return this.loading;
    }

    live(e) {
      this.add(e, this.liveRegion);
    }

    async reveal(ref) {
      const [kind, ...rest] = ref.split(":");
      const key = rest.join(":");
      const find = () => {
        if (kind === "cmd") return this.byCommand.get(key);
        if (kind === "msg") return this.byEvent.get(key);
        if (kind === "hard_check") return document.querySelector('[data-hardcheck="' + CSS.escape(key) + '"]');
        if (kind === "probe") return document.querySelector('[data-scenario="' + CSS.escape(key) + '"]');
        return this.el;
      };
      let el = find();
      while (!el && !this.done && !page.closed) {
        await this.loadMore();
        el = find();
      }
      if (!el) return;
      el.scrollIntoView({ block: "center" });
      el.classList.remove("flash");
      void el.offsetWidth;
      el.classList.add("flash");
    }

    add(e, region) {
      const node = this.render(e);
      if (!node) return;
      node.dataset.pos = e.pos;
      node.dataset.type = e.type;
      if (MINOR.has(e.type)) node.classList.add("minor");
      this.byEvent.set(e.id, node);
      region.append(node);
    }

    render(e) {
      switch (e.type) {
        case "UserMessaged":
          return this.userMessage(e);
        case "AgentMessaged":
          return h(
            "div.msg.agent",
            null,
            h(
              "div.who",
              null,
              "agent",
              e.question ? chip("question") : null,
              e.claims_done ? chip("claims done", "pass") : null,
              when(e.at),
            ),
            h("div.text", { text: e.text }),
          );
        case "CommandRequested":
        case "CommandStarted":
          return this.command(e);
        case "CommandFinished":
          return this.finish(e);
        case "ModelCalled":
          return h(
            "div.line.model",
            null,
            "⇄ model call (" +
              e.purpose +
              ") " +
              e.model +
              " · " +
              count(e.tokens_in) +
              " → " +
              count(e.tokens_out) +
              " tokens · " +
              seconds(e.latency_sec),
            e.cost_usd !== null ? " · $" + fmt(e.cost_usd, 4) : "",
            e.status !== null ? " · HTTP " + e.status : "",
            e.error ? h("span.error-text", { text: " · " + e.error }) : null,
          );
        case "SliceReleased":
          return marker(
            "slice",
            "▸ slice " +
              e.slice_id +
              " released (trigger: " +
              e.trigger +
              (e.matched ? ", matched “" + e.matched + "”" : "") +
              (e.paraphrased ? ", paraphrased" : "") +
              ")",
          );
        case "ProbeFired":
          return marker("probe", "⚑ probe " + e.probe_id + " fired · template " + e.template + " (trigger: " + e.trigger + ")");
        case "ProbeNotFired":
          return marker("muted", "probe " + e.probe_id + " (" + e.template + ") never fired: " + e.reason);
        case "SliceNotReleased":
          return marker("muted", "slice " + e.slice_id + " never released: " + e.reason);
        case "AgentTurnTaken":
          return marker("turn", "turn " + e.turn + " · " + e.commands + " command" + (e.commands === 1 ? "" : "s"));
        case "AgentYielded":
          return marker(
            "turn",
            "agent yields" + (e.claims_done ? " (claims done)" : "") + (e.question_pending ? " (waits for an answer)" : ""),
          );
        case "AgentStopped":
          return marker("stop", "agent stopped: " + e.reason + (e.detail ? " — " + e.detail : ""));
        case "TrialStarted":
          return marker(
            "start",
            "trial started · " + e.mode + " · attempt " + e.attempt + " · agent " + e.agent + (e.worker ? " · worker " + e.worker : ""),
          );
        case "TrialFinished":
          return marker(
            "stop",
            "trial finished: " + ended(e) + " · " + e.turns + " turns · " + seconds(e.duration_sec) + (e.detail ? " — " + e.detail : ""),
          );
        case "SandboxReset":
          return marker("bad", "sandbox reset (" + e.processes + " processes): " + e.reason);
        case "ContextSummarized":
          return h(
            "details.marker.marker-muted",
            null,
            h("summary", {
              text:
                "context summarized at turn " +
                e.turn +
                " (" +
                e.trigger +
                "): " +
                e.messages_before +
                " → " +
                e.messages_after +
                " messages, " +
                count(e.tokens_before) +
                " of " +
                count(e.context_tokens) +
                " tokens",
            }),
            h("pre.text", { text: e.summary }),
          );
        case "HardCheckFinished":
          return marker(
            e.passed ? "ok" : "bad",
            "hard check " +
              e.probe_id +
              "/" +
              e.check_id +
              (e.passed ? " passed" : " failed") +
              " (exit " +
              fmt(e.exit_code, 0) +
              ", expects " +
              e.expect_exit +
              ")",
          );
        case "VerifierFinished":
          return marker(
            e.reward >= 1 ? "ok" : "bad",
            "verifier: reward " +
              fmt(e.reward, 2) +
              " · " +
              e.checks +
              " tests" +
              (e.timed_out ? " · timed out" : "") +
              (e.tampered ? " · not run: the agent tampered with its environment" : "") +
              (e.no_reward ? " · no reward on the agent's state: " + e.no_reward : "") +
              (e.error ? " — " + e.error : ""),
          );
        case "VerifierPrepared":
          return marker(
            e.tampering.length ? "bad" : "muted",
            "verifier prepared: " +
              (e.stopped.length
                ? e.stopped.length + " process(es) of the agent killed" + (e.reset ? " (restart)" : "") + " · "
                : "") +
              (e.discarded.length ? e.discarded.length + " path(s) removed from /tests, /logs/verifier · " : "") +
              (e.tampering.length
                ? "TAMPERED: " + e.tampering.map((f) => f.path + " (" + f.rule + ")").join(", ")
                : e.checked + " changed path(s) checked"),
          );
        case "EvidenceSnapshotted":
          return marker("muted", "evidence snapshot: " + e.files.length + " file" + (e.files.length === 1 ? "" : "s"));
        case "UserFinished":
          return marker("muted", "user finished" + (e.reason ? ": " + e.reason : ""));
        case "ImageBuilt":
          return marker("muted", "image " + e.image + (e.cached ? " (cached)" : " built in " + seconds(e.duration_sec)));
        case "SandboxCreated":
          return marker("muted", "sandbox created · " + e.image + " · network " + e.network);
        case "SandboxRemoved":
          return marker("muted", "sandbox removed" + (e.reason ? ": " + e.reason : ""));
        case "FilesCopied":
          return marker("muted", "files copied " + e.direction + " (" + e.purpose + "): " + e.src + " → " + e.dest);
        default:
          return marker("muted", e.type + (e.unknown_type ? " (unknown event " + e.unknown_type + ")" : ""));
      }
    }

    userMessage(e) {
      const probe = e.kind === "probe" && e.ref ? this.probes[e.ref] : null;
      return h(
        "div.msg.user",
        null,
        h(
          "div.who",
          null,
          "user",
          chip(e.kind, "kind"),
          e.ref ? chip((e.kind === "slice" ? "slice " : e.kind === "probe" ? "probe " : "") + e.ref, e.kind) : null,
          probe ? chip("template " + probe.template, "template") : null,
          when(e.at),
        ),
        h("div.text", { text: e.text }),
      );
    }

    command(e) {
      let node = this.byCommand.get(e.command_id);
      if (node) {
        if (e.type === "CommandStarted") node.classList.add("started");
        return null; // already on the timeline where it was requested
      }
      node = h(
        "div.cmd",
        { cls: e.purpose !== "agent" && e.purpose !== "oracle" ? "harness" : "" },
        h(
          "div.cmd-head",
          null,
          h("code.cmdline", { text: "$ " + e.command }),
          e.purpose !== "agent" ? chip(e.purpose, "kind") : null,
          h("span.cmd-status", { text: "running…" }),
        ),
        h("div.cmd-body"),
      );
      this.byCommand.set(e.command_id, node);
      return node;
    }

    finish(e) {
      let node = this.byCommand.get(e.command_id);
      let fresh = null;
      if (!node) {
        // Its request is on a page not loaded yet (or never recorded): show the result on its own.
        fresh = node = h(
          "div.cmd",
          null,
          h("div.cmd-head", null, h("code.cmdline", { text: "command " + e.command_id }), h("span.cmd-status")),
          h("div.cmd-body"),
        );
        this.byCommand.set(e.command_id, node);
      }
      const status = node.querySelector(".cmd-status");
      fill(
        status,
        e.timed_out
          ? chip("timed out", "fail")
          : chip("exit " + (e.exit_code === null ? "?" : e.exit_code), e.exit_code === 0 ? "pass" : "fail"),
        h("span.small", { text: " " + seconds(e.duration_sec) }),
      );
      node.classList.add("finished");
      node.dataset.finishedPos = e.pos;
      const body = node.querySelector(".cmd-body");
      const outputs = [];
      for (const [name, out] of [
        ["stdout", e.stdout],
        ["stderr", e.stderr],
      ]) {
        if (!out.total_bytes && !out.text) continue;
        outputs.push(outputBlock(name, out, () => this.fullOutput(e, name)));
      }
      fill(body, ...outputs);
      return fresh;
    }

    async fullOutput(e, name) {
      const full = await api("/api/runs/" + this.runId + "/trials/" + this.trialId + "/events/" + e.actor + "/" + e.v);
      return full[name];
    }
  }

  function outputBlock(name, out, loadAll) {
    const pre = h("pre.out", { text: out.text });
    const notes = [];
    if (out.truncated) notes.push("the sandbox kept " + bytes(out.kept_bytes) + " of " + bytes(out.total_bytes) + " (head and tail)");
    if (out.clipped) notes.push("clipped for the page");
    const more = out.clipped
      ? h("button.small", {
          text: "show all " + count(out.chars) + " characters",
          onclick: async (ev) => {
            ev.target.disabled = true;
            const whole = await loadAll();
            pre.textContent = whole.text;
            ev.target.remove();
          },
        })
      : null;
    return h(
      "details.output",
      { cls: name, open: name === "stderr" && out.total_bytes < 2000 ? true : null },
      h("summary", null, name + " · " + bytes(out.total_bytes), notes.length ? h("span.trunc", { text: " · " + notes.join(" · ") }) : null),
      pre,
      more,
    );
  }

  // How a trial ended: its reason, and its cause when that says more (logs before causes have none).
  function ended(f) {
    return f.reason + (f.cause && f.cause !== f.reason ? " (" + f.cause + ")" : "");
  }

  function marker(kind, text) {
    return h("div.marker", { cls: "marker-" + kind, text });
  }

  function when(at) {
    return at ? h("span.when", { text: new Date(at * 1000).toLocaleTimeString() }) : null;
  }

  // ------------------------------------------------------------------ compare page

  async function comparePage(params) {
    const a = params.get("a");
    const b = params.get("b");
    const run = params.get("run");
    const runs = await api("/api/runs");
    const pickA = h(
      "select",
      { name: "a" },
      runs.runs.map((r) => h("option", { value: r.run_id, selected: r.run_id === a, text: r.run_id })),
    );
    const pickB = h(
      "select",
      { name: "b" },
      runs.runs.map((r) => h("option", { value: r.run_id, selected: r.run_id === b, text: r.run_id })),
    );
    const form = h(
      "div.controls",
      null,
      "run A ",
      pickA,
      " run B ",
      pickB,
      h("button", { text: "compare runs", onclick: () => navigate("/compare?a=" + pickA.value + "&b=" + pickB.value) }),
    );
    if (!a || !b) {
      fill(
        main,
        h("h1", { text: "Compare" }),
        form,
        empty("Pick two runs, or open a run with two judges and follow its “compare judges” link."),
      );
      return;
    }
    const query = run ? "run=" + run + "&a=" + a + "&b=" + b : "a=" + a + "&b=" + b;
    const d = await api("/api/compare?" + query);
    const nameA = d.kind === "judges" ? "judge " + d.a.id : d.a.id;
    const nameB = d.kind === "judges" ? "judge " + d.b.id : d.b.id;
    const headRows = Object.entries(d.headline).map(([m, x]) =>
      tr(
        h("b", { text: m }),
        [fmt(x.a.value), h("span.ci", { text: " " + ci(x.a.ci) })],
        [fmt(x.b.value), h("span.ci", { text: " " + ci(x.b.ci) })],
        delta(x.delta),
      ),
    );
    const dimRows = Object.entries(d.dimensions).map(([code, x]) =>
      tr(code + " · " + (d.dimension_names[code] || ""), fmt(x.a), fmt(x.b), delta(x.delta)),
    );
    const tplRows = Object.entries(d.templates).map(([id, t]) =>
      tr(
        h("span", { title: t.name, text: id }),
        pct(t.a) + " (" + t.a_instances + ")",
        pct(t.b) + " (" + t.b_instances + ")",
        delta(t.delta),
      ),
    );
    const catRows = Object.entries(d.categories).map(([cat, c]) =>
      tr(cat, fmt(c.a_R_COLLAB), fmt(c.b_R_COLLAB), signed(c.a_delta), signed(c.b_delta)),
    );
    const parts = [
      h(
        "h1",
        null,
        "Compare ",
        h("span.a", { text: nameA }),
        " with ",
        h("span.b", { text: nameB }),
        d.kind === "judges" ? [" on run ", link("/runs/" + d.run_id, d.run_id)] : null,
      ),
      d.kind === "runs" ? form : null,
      section("Headline", table(["metric", nameA, nameB, "Δ (B - A)"], headRows, "headline")),
      h(
        "div.grid2",
        null,
        section("Dimensions", table(["dimension", nameA, nameB, "Δ"], dimRows)),
        section("Categories (R_COLLAB, and Δ COLLAB − EXEC)", table(["category", "A R_COLLAB", "B R_COLLAB", "A Δ", "B Δ"], catRows)),
      ),
      section("Templates: pass rate (decided instances)", table(["template", nameA, nameB, "Δ"], tplRows)),
    ];
    if (d.kind === "runs") {
      const dis = d.disagreements;
      parts.push(
        section(
          "Disagreements: same task, mode and attempt, different outcome (" + dis.total + " of " + dis.compared + " compared)",
          dis.shown.length
            ? table(
                ["task", "mode", "attempt", nameA, nameB],
                dis.shown.map((x) =>
                  tr(
                    x.task,
                    x.mode,
                    String(x.attempt),
                    [link("/runs/" + d.a.id + "/trials/" + x.a_trial, x.a_trial), " ", chip(x.a ? "pass" : "fail")],
                    [link("/runs/" + d.b.id + "/trials/" + x.b_trial, x.b_trial), " ", chip(x.b ? "pass" : "fail")],
                  ),
                ),
              )
            : empty("none"),
        ),
      );
    } else {
      const ag = d.agreement;
      parts.push(
        section(
          "Agreement",
          h("p", {
            text:
              count(ag.items_compared) +
              " items judged by both · agreement " +
              pct(ag.agreement) +
              " · on items both decided " +
              pct(ag.decided_agreement) +
              " · Cohen's κ " +
              fmt(ag.kappa),
          }),
        ),
        section(
          "Disagreements (" + d.disagreements.total + ")",
          d.disagreements.shown.length
            ? table(
                ["trial", "scenario", "item", nameA, nameB],
                d.disagreements.shown.map((x) =>
                  tr(
                    link("/runs/" + d.run_id + "/trials/" + x.trial + "?judge=" + d.a.id, x.trial),
                    x.scenario,
                    x.item,
                    chip(x[d.a.id]),
                    chip(x[d.b.id]),
                  ),
                ),
              )
            : empty("none"),
        ),
      );
    }
    fill(main, ...parts);
  }

  function delta(v) {
    return h("span", { cls: v > 0 ? "ok" : v < 0 ? "bad" : "", text: signed(v) });
  }

  render();
})();
